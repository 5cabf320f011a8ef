package org.verbs4j.tck.broken;

import org.verbs4j.CompletionQueue;

/** Bug: each completion queue swaps every two completions that arrive close together. */
final class ReordersCompletions implements Breakage {

    @Override
    public CompletionQueue completionQueue(CompletionQueue real, Decorations decorations) {
        return decorations.decorate(CompletionQueue.class, real, new SwappingPoller(real, decorations));
    }
}
