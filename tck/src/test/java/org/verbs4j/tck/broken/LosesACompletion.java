package org.verbs4j.tck.broken;

import org.verbs4j.CompletionQueue;

/** Bug: each completion queue silently skips its second completion. */
final class LosesACompletion implements Breakage {

    @Override
    public CompletionQueue completionQueue(CompletionQueue real, Decorations decorations) {
        int[] seen = {0};
        return decorations.decorate(CompletionQueue.class, real, (proxy, method, args) -> {
            Object result = decorations.forward(real, method, args);
            if (!(method.getName().equals("startPoll") || method.getName().equals("nextPoll"))) {
                return result;
            }
            boolean current = (Boolean) result;
            if (current && ++seen[0] == 2) {
                current = real.nextPoll();
                if (!current && method.getName().equals("startPoll")) {
                    real.endPoll();
                }
            }
            return current;
        });
    }
}
