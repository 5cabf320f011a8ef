package org.verbs4j.tck;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.verbs4j.CompletionQueue;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.VerbsException;

/**
 * One thread of a stress interleaving: draws its operations from its own seeded random source and runs them
 * against the shared {@link StressWorld}, accounting every work request in the {@link CompletionLedger}. A
 * {@link VerbsException} that names its verb is a documented outcome; any other exception is a defect.
 */
final class StressThread implements Runnable {

    /** At most this many receives per queue pair, so that no completion queue can overrun. */
    private static final int RECEIVE_LIMIT = StressWorld.CQE - 2 * Loopback.defaultCapabilities().maxSendWr();
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final StressWorld world;
    private final CompletionLedger ledger;
    private final Random random;
    private final int operations;
    private final AtomicInteger receivesA;
    private final AtomicInteger receivesB;
    private final List<String> defects;
    private int ran;

    StressThread(StressWorld world, CompletionLedger ledger, long seed, int operations, AtomicInteger[] receives,
                 List<String> defects) {
        this.world = world;
        this.ledger = ledger;
        this.random = new Random(seed);
        this.operations = operations;
        this.receivesA = receives[0];
        this.receivesB = receives[1];
        this.defects = defects;
    }

    @Override
    public void run() {
        for (int i = 0; i < operations; i++) {
            StressOperation operation = StressOperation.draw(random);
            try {
                perform(operation);
            } catch (VerbsException documented) {
                if (documented.operation() == null || documented.operation().isBlank()) {
                    defects.add(operation + ": a VerbsException names no verb: " + documented);
                }
            } catch (RuntimeException | Error undocumented) {
                defects.add(operation + ": " + describe(undocumented));
            }
            ran++;
        }
    }

    /** @return how many operations ran */
    int ran() {
        return ran;
    }

    private static String describe(Throwable failure) {
        java.io.StringWriter trace = new java.io.StringWriter();
        failure.printStackTrace(new java.io.PrintWriter(trace));
        return "undocumented " + trace;
    }

    private void perform(StressOperation operation) {
        switch (operation) {
            case SEND -> send(queuePair());
            case RECEIVE -> receive(queuePair());
            case POLL -> poll(random.nextBoolean() ? world.cqA : world.cqB);
            case EVENT_WAIT -> awaitEvent(random.nextBoolean() ? world.cqA : world.cqB);
            case MODIFY -> modify(queuePair());
            case RESIZE -> (random.nextBoolean() ? world.cqA : world.cqB).resize(StressWorld.CQE
                    + random.nextInt(StressWorld.CQE));
            case SHARED_RECEIVE -> sharedReceive();
            case CLOSE -> world.objects.get(random.nextInt(world.objects.size())).close();
            case PAUSE -> pause();
        }
    }

    private QueuePair queuePair() {
        return random.nextBoolean() ? world.qpA : world.qpB;
    }

    private void send(QueuePair qp) {
        SendOps ops = qp.sendOps();
        synchronized (ops) { // one thread at a time per send-ops instance, as the api asks
            long wrId = ledger.attempt(qp);
            try {
                ops.start();
                ops.wrId(wrId).wrFlags(SIGNALED).send().setSge(world.mr.lkey(), world.mr.address(),
                        StressWorld.MESSAGE);
                ops.complete();
            } catch (VerbsException refused) {
                ledger.refused(wrId);
                abortQuietly(ops);
                throw refused;
            }
        }
    }

    private static void abortQuietly(SendOps ops) {
        try {
            ops.abort();
        } catch (VerbsException alreadyGone) {
            // the batch is gone with its queue pair
        }
    }

    private void receive(QueuePair qp) {
        if ((qp == world.qpA ? receivesA : receivesB).incrementAndGet() > RECEIVE_LIMIT) {
            return;
        }
        long wrId = ledger.attempt(qp);
        try {
            WorkRequests.receive(qp, wrId, world.mr, StressWorld.MESSAGE * 2L, StressWorld.MESSAGE);
        } catch (VerbsException refused) {
            ledger.refused(wrId);
            throw refused;
        }
    }

    private void poll(CompletionQueue cq) {
        if (!cq.startPoll()) {
            if (random.nextInt(4) == 0) {
                cq.endPoll(); // a stray end_poll, as pyverbs calls after a start_poll that found nothing
            }
            return;
        }
        try {
            do {
                ledger.completed(cq, cq.wrId(), cq.status());
            } while (cq.nextPoll());
        } finally {
            cq.endPoll();
        }
    }

    private void awaitEvent(CompletionQueue cq) {
        if (random.nextInt(4) == 0) {
            org.verbs4j.AsyncEvent event = world.context.getAsyncEvent(Duration.ofMillis(1));
            if (event != null) {
                world.context.ackAsyncEvent(event);
            }
            return;
        }
        cq.requestNotification(false);
        CompletionQueue signaled = world.channel.getEvent(Duration.ofMillis(1 + random.nextInt(3)));
        if (signaled != null) {
            signaled.ackEvents(1);
        }
    }

    private void modify(QueuePair qp) {
        switch (random.nextInt(4)) {
            case 0 -> qp.modify(new QpAttributes().qpState(QpState.ERR));
            case 1 -> qp.modify(new QpAttributes().qpState(QpState.RTR)); // refused from RTS and ERR
            default -> qp.query(Set.of(QpAttrMask.STATE));
        }
    }

    private void sharedReceive() {
        if (world.srq == null) {
            return;
        }
        switch (random.nextInt(3)) {
            case 0 -> WorkRequests.receive(world.srq, 0, world.mr, StressWorld.MESSAGE * 3L, StressWorld.MESSAGE);
            case 1 -> world.srq.armLimit(1 + random.nextInt(8));
            default -> world.srq.query();
        }
    }

    private void pause() {
        long end = System.nanoTime() + random.nextInt(50_000);
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
