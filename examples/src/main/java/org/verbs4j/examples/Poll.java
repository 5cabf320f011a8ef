package org.verbs4j.examples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.verbs4j.CompletionQueue;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Busy-polls a completion queue for one completion, as {@code ibv_rc_pingpong} does without
 * {@code -e}; a completion that does not come within a minute is an error.
 *
 * @param wrId the work request id
 * @param status the completion status
 * @param opcode the opcode (meaningful only for a successful completion)
 * @param byteLen the bytes received (meaningful only for a successful receive)
 */
record Poll(long wrId, WcStatus status, WcOpcode opcode, int byteLen) {

    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    /**
     * @param cq the completion queue
     * @return its next completion
     * @throws IllegalStateException if none comes within a minute, or the completion is an error
     */
    static Poll one(CompletionQueue cq) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no completion within " + TIMEOUT);
            }
            Thread.onSpinWait();
        }
        Poll completion = read(cq);
        cq.endPoll();
        if (completion.status() != WcStatus.SUCCESS) {
            throw new IllegalStateException("work request " + completion.wrId() + " failed: " + completion.status());
        }
        return completion;
    }

    /**
     * @param cq the completion queue
     * @param count how many completions to wait for
     * @return them, in order, read in batches
     * @throws IllegalStateException if they do not come within a minute
     */
    static List<Poll> all(CompletionQueue cq, int count) {
        List<Poll> completions = new ArrayList<>(count);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (completions.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(completions.size() + " of " + count + " completions in " + TIMEOUT);
            }
            // @start region=batch
            if (cq.startPoll()) {
                do {
                    completions.add(read(cq));
                } while (cq.nextPoll());
                cq.endPoll();
            }
            // @end
        }
        return completions;
    }

    /** @param cq a completion queue inside a batch @return its current completion */
    static Poll read(CompletionQueue cq) {
        boolean ok = cq.status() == WcStatus.SUCCESS;
        return new Poll(cq.wrId(), cq.status(), ok ? cq.readOpcode() : null, ok ? cq.readByteLen() : 0);
    }
}
