package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.verbs4j.CompletionQueue;

/**
 * Runs an action while the next completion of a queue is current in a poll batch, as verbs that read a
 * completion in place ({@code ibv_create_ah_from_wc}) need; the batch ends after the action, consuming that
 * one completion.
 */
public final class CurrentCompletion {

    private static final long PAUSE_NANOS = 20_000;

    private CurrentCompletion() {
    }

    /**
     * @param cq the queue
     * @param timeout how long to wait for a completion
     * @param what what the completion is for, for the failure message
     * @param action what to do with the queue while its next completion is current
     * @param <T> what the action returns
     * @return what the action returned
     */
    public static <T> T apply(CompletionQueue cq, Duration timeout, String what, Function<CompletionQueue, T> action) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() - deadline > 0) {
                fail("no completion of " + what + " within " + timeout.toMillis() + " ms");
            }
            LockSupport.parkNanos(PAUSE_NANOS);
        }
        try {
            return action.apply(cq);
        } finally {
            cq.endPoll();
        }
    }
}
