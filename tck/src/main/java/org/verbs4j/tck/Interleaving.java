package org.verbs4j.tck;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.VerbsException;

/**
 * One seeded interleaving of the stress: a fresh {@link StressWorld}, {@value #THREADS} threads that each run
 * their own seeded draw of operations against it at once, then the exactly-once check: the queue pairs that are
 * still open are moved to ERR, which completes every request they hold, and their completion queues are
 * drained until each accepted request completed once.
 */
final class Interleaving {

    static final int THREADS = 3;
    private static final Duration JOIN = Duration.ofSeconds(60);

    private final long seed;
    private final int operations;
    private final Duration drainTimeout;
    private final CompletionLedger ledger = new CompletionLedger();
    private final List<String> defects = Collections.synchronizedList(new ArrayList<>());
    private int ran;

    Interleaving(long seed, int operations, Duration drainTimeout) {
        this.seed = seed;
        this.operations = operations;
        this.drainTimeout = drainTimeout;
    }

    /**
     * Runs the interleaving on a new context of the device under test.
     *
     * @return the defects found, none if the provider kept every rule
     */
    List<String> run(Context context, Loopback loopback) throws InterruptedException {
        StressWorld world = new StressWorld(context, loopback);
        List<StressThread> scripts = new ArrayList<>();
        AtomicInteger[] receives = {new AtomicInteger(), new AtomicInteger()};
        for (int i = 0; i < THREADS; i++) {
            scripts.add(new StressThread(world, ledger, seed * THREADS + i, operations, receives, defects));
        }
        runTogether(scripts);
        scripts.forEach(script -> ran += script.ran());
        checkExactlyOnce(world);
        defects.addAll(ledger.defects());
        defects.addAll(world.tearDown());
        return List.copyOf(defects);
    }

    /** @return the operations run, in all threads */
    int operationsRun() {
        return ran;
    }

    /** @return the work requests attempted */
    long requestsAttempted() {
        return ledger.attempts();
    }

    private void runTogether(List<StressThread> scripts) throws InterruptedException {
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        List<Thread> threads = scripts.stream().map(script -> Thread.ofPlatform().name("verbs4j-stress")
                .start(() -> {
                    awaitQuietly(start);
                    script.run();
                })).toList();
        start.countDown();
        for (Thread thread : threads) {
            thread.join(JOIN);
            if (thread.isAlive()) {
                defects.add("a thread still runs after " + JOIN + " (a hang): "
                        + Arrays.toString(thread.getStackTrace()));
            }
        }
    }

    private static void awaitQuietly(java.util.concurrent.CountDownLatch start) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Flushes the open queue pairs and drains their queues until every accepted request completed. */
    private void checkExactlyOnce(StressWorld world) {
        List<QueuePair> open = List.of(world.qpA, world.qpB).stream().filter(qp -> !qp.isClosed()).toList();
        for (QueuePair qp : open) {
            qp.modify(new QpAttributes().qpState(QpState.ERR));
        }
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        while (open.stream().anyMatch(qp -> !ledger.outstanding(qp).isEmpty()) && System.nanoTime() < deadline) {
            open.forEach(qp -> drain(world.cqOf(qp)));
            Thread.onSpinWait();
        }
        open.forEach(qp -> drain(world.cqOf(qp)));
        for (QueuePair qp : open) {
            List<Long> lost = ledger.outstanding(qp);
            if (!lost.isEmpty()) {
                ledger.defect("QP " + qp.qpNum() + " stayed open, was flushed, and never completed wr_id(s) " + lost
                        + " within " + drainTimeout.toMillis() + " ms (lost completions)");
            }
        }
    }

    private void drain(CompletionQueue cq) {
        try {
            while (cq.startPoll()) {
                try {
                    do {
                        ledger.completed(cq, cq.wrId(), cq.status());
                    } while (cq.nextPoll());
                } finally {
                    cq.endPoll();
                }
            }
        } catch (VerbsException unexpected) {
            defects.add("draining an open completion queue failed: " + unexpected);
        }
    }
}
