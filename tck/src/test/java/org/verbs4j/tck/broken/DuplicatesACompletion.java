package org.verbs4j.tck.broken;

import org.verbs4j.CompletionQueue;

/** Bug: each completion queue returns its first completion twice. */
final class DuplicatesACompletion implements Breakage {

    @Override
    public CompletionQueue completionQueue(CompletionQueue real, Decorations decorations) {
        return decorations.decorate(CompletionQueue.class, real, new SwappingPoller(real, decorations, true));
    }
}
