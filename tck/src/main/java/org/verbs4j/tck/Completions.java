package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.verbs4j.CompletionQueue;
import org.verbs4j.WcStatus;

/**
 * Polls completion queues with the extended poll iterator, the way the seed page describes it:
 * {@code startPoll}, then {@code nextPoll} until it reports no more, then {@code endPoll}; no
 * {@code endPoll} after an empty {@code startPoll}.
 */
public final class Completions {

    private static final long PAUSE_NANOS = 20_000;

    private Completions() {
    }

    /**
     * Waits for exactly the next {@code count} completions of a queue.
     *
     * @param cq the queue
     * @param count how many completions are expected
     * @param timeout how long to wait for all of them
     * @param what what the completions are for, for the failure message
     * @return the completions, in the order the queue returned them
     */
    public static List<Completion> await(CompletionQueue cq, int count, Duration timeout, String what) {
        List<Completion> found = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (found.size() < count) {
            if (!pollBatch(cq, found, count) && System.nanoTime() - deadline > 0) {
                fail("expected " + count + " completion(s) of " + what + " within " + timeout.toMillis()
                        + " ms, but the CQ returned " + found.size() + ": " + found
                        + " (a completion was lost or never generated)");
            }
        }
        return found;
    }

    /**
     * Waits for the next completion of a queue.
     *
     * @param cq the queue
     * @param timeout how long to wait
     * @param what what the completion is for, for the failure message
     * @return the completion
     */
    public static Completion awaitOne(CompletionQueue cq, Duration timeout, String what) {
        return await(cq, 1, timeout, what).getFirst();
    }

    /**
     * Waits for the next completion of a queue and fails unless it succeeded.
     *
     * @param cq the queue
     * @param timeout how long to wait
     * @param what what the completion is for, for the failure message
     * @return the completion
     */
    public static Completion awaitSuccess(CompletionQueue cq, Duration timeout, String what) {
        Completion completion = awaitOne(cq, timeout, what);
        if (completion.status() != WcStatus.SUCCESS) {
            fail(what + " completed with " + completion.status() + ": " + completion);
        }
        return completion;
    }

    /**
     * Fails if two completions carry the same work request id.
     *
     * @param completions completions of requests with distinct ids
     * @param what what the completions are for, for the failure message
     */
    public static void assertEachOnce(List<Completion> completions, String what) {
        Set<Long> seen = new HashSet<>();
        for (Completion completion : completions) {
            if (!seen.add(completion.wrId())) {
                fail(what + ": wr_id " + completion.wrId() + " completed more than once: " + completions);
            }
        }
    }

    /**
     * Polls a queue for a while and fails if it returns any completion.
     *
     * @param cq the queue
     * @param quiet how long to keep polling
     * @param why why no completion may arrive, for the failure message
     */
    public static void assertNone(CompletionQueue cq, Duration quiet, String why) {
        List<Completion> found = drain(cq, quiet);
        if (!found.isEmpty()) {
            fail("expected no completion (" + why + "), but the CQ returned " + found);
        }
    }

    /**
     * Polls a queue for a while and returns whatever it returned.
     *
     * @param cq the queue
     * @param period how long to keep polling
     * @return the completions, in order
     */
    public static List<Completion> drain(CompletionQueue cq, Duration period) {
        List<Completion> found = new ArrayList<>();
        long deadline = System.nanoTime() + period.toNanos();
        do {
            pollBatch(cq, found, Integer.MAX_VALUE);
        } while (System.nanoTime() - deadline < 0);
        return found;
    }

    /** Polls one batch, at most up to {@code limit} completions in all; returns whether it found any. */
    private static boolean pollBatch(CompletionQueue cq, List<Completion> found, int limit) {
        if (!cq.startPoll()) {
            LockSupport.parkNanos(PAUSE_NANOS);
            return false;
        }
        try {
            found.add(Completion.current(cq));
            while (found.size() < limit && cq.nextPoll()) {
                found.add(Completion.current(cq));
            }
        } finally {
            cq.endPoll();
        }
        return true;
    }
}
