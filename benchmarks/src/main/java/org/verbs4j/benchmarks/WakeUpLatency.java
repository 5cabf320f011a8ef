package org.verbs4j.benchmarks;

import java.lang.foreign.Arena;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.Verbs;

/**
 * Completion-event wake-up latency on {@code soft0}: a thread blocked in {@link CompletionChannel#getEvent()}
 * on an armed completion queue, and another that, once the first is blocked, takes the time and posts a
 * signaled 8-byte RDMA_WRITE; the latency runs from before the post to the return of {@code getEvent} in the
 * waiting thread. The baseline, in alternating rounds of the same run: the same two threads, the waiter parked
 * ({@link LockSupport#park}) and woken by {@link LockSupport#unpark} after the time is taken. HdrHistogram
 * records both; it prints the median and the 99th percentile of each.
 *
 * <p>Usage: {@code WakeUpLatency [ROUNDS]} (default 20 rounds of {@value #SAMPLES_PER_ROUND} wake-ups each).
 */
public final class WakeUpLatency {

    static final int SAMPLES_PER_ROUND = 500;
    private static final int WARM_UP_ROUNDS = 4;
    /** How long the waker lets the waiter sleep before waking it, so that it is parked in the kernel. */
    private static final long SETTLE_NANOS = 50_000;

    private final WakeUp channelWakeUp;
    private final WakeUp parkWakeUp = new ParkWakeUp();

    private WakeUpLatency(WakeUp channelWakeUp) {
        this.channelWakeUp = channelWakeUp;
    }

    /** @param args the number of measured rounds, optional */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        try (ChannelWakeUp channel = new ChannelWakeUp()) {
            WakeUpLatency latency = new WakeUpLatency(channel);
            Histogram events = new Histogram(3);
            Histogram parks = new Histogram(3);
            String loadBefore = Machine.load();
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                boolean measured = r >= 0;
                latency.round(latency.channelWakeUp, measured ? events : new Histogram(3));
                latency.round(latency.parkWakeUp, measured ? parks : new Histogram(3));
            }
            System.out.printf(Locale.ROOT, "WakeUpLatency on %s, %s %s; %d rounds of %d wake-ups each way;"
                    + " load average before %s, after %s%n", Machine.cpu(), System.getProperty("java.vm.name"),
                    System.getProperty("java.vm.version"), rounds, SAMPLES_PER_ROUND, loadBefore, Machine.load());
            print("completion event (getEvent)", events);
            print("baseline LockSupport.unpark", parks);
        }
    }

    private static void print(String what, Histogram histogram) {
        System.out.printf(Locale.ROOT, "  %-29s median %.1f us, p99 %.1f us, max %.1f us (%d samples)%n", what,
                histogram.getValueAtPercentile(50) / 1e3, histogram.getValueAtPercentile(99) / 1e3,
                histogram.getMaxValue() / 1e3, histogram.getTotalCount());
    }

    private void round(WakeUp wakeUp, Histogram into) throws InterruptedException {
        Thread waiter = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < SAMPLES_PER_ROUND; i++) {
                wakeUp.arm();
                wakeUp.await();
                into.recordValue(Math.max(0, System.nanoTime() - wakeUp.wokenAt()));
            }
        });
        for (int i = 0; i < SAMPLES_PER_ROUND; i++) {
            while (!wakeUp.armedBy(waiter)) {
                Thread.onSpinWait();
            }
            long settle = System.nanoTime() + SETTLE_NANOS;
            while (System.nanoTime() < settle) {
                Thread.onSpinWait();
            }
            wakeUp.wake(waiter);
        }
        waiter.join();
    }

    /** One way for a thread to sleep and another to wake it. */
    interface WakeUp {

        /** Called by the waiter before it blocks. */
        void arm();

        /** Blocks the waiter until woken. */
        void await();

        /** @return whether the waiter armed and has not yet been woken */
        boolean armedBy(Thread waiter);

        /** Wakes the waiter, taking the time first. */
        void wake(Thread waiter);

        /** @return the time taken by the last {@link #wake} */
        long wokenAt();
    }

    /** The baseline: park and unpark. */
    static final class ParkWakeUp implements WakeUp {

        private volatile boolean armed;
        private volatile boolean woken;
        private volatile long wokenAt;

        @Override
        public void arm() {
            woken = false;
            armed = true;
        }

        @Override
        public void await() {
            while (!woken) {
                LockSupport.park(this);
            }
        }

        @Override
        public boolean armedBy(Thread waiter) {
            return armed;
        }

        @Override
        public void wake(Thread waiter) {
            armed = false;
            wokenAt = System.nanoTime();
            woken = true;
            LockSupport.unpark(waiter);
        }

        @Override
        public long wokenAt() {
            return wokenAt;
        }
    }

    /** A completion channel of an RC pair on {@code soft0}: an armed queue, a signaled RDMA_WRITE. */
    static final class ChannelWakeUp implements WakeUp, AutoCloseable {

        private final Arena arena = Arena.ofShared();
        private final Context context = Verbs.open("soft0");
        private final ProtectionDomain pd = context.allocateProtectionDomain();
        private final CompletionChannel channel = context.createCompletionChannel();
        private final CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(64)
                .channel(channel).build());
        private final CompletionQueue peerCq = context.createCompletionQueue(CqInitAttributes.builder(64).build());
        private final QueuePair a = queuePair(cq);
        private final QueuePair b = queuePair(peerCq);
        private final MemoryRegion mr = pd.registerMemory(arena.allocate(64, 64), RcPair.ACCESS);
        private final SendOps ops = a.sendOps();
        private volatile boolean armed;
        private volatile long wokenAt;

        ChannelWakeUp() {
            RcPair.connect(context, a, b);
            RcPair.connect(context, b, a);
        }

        private QueuePair queuePair(CompletionQueue queue) {
            return context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, queue,
                    new QpCapabilities(16, 16, 1, 1, 0)).sendOpsFlags(java.util.EnumSet.of(
                            org.verbs4j.SendOpsFlag.RDMA_WRITE)).build());
        }

        @Override
        public void arm() {
            cq.requestNotification(false);
            armed = true;
        }

        @Override
        public void await() {
            CompletionQueue woken = channel.getEvent();
            cq.ackEvents(1);
            MessageStream.drain(woken, 1);
        }

        @Override
        public boolean armedBy(Thread waiter) {
            return armed;
        }

        @Override
        public void wake(Thread waiter) {
            armed = false;
            wokenAt = System.nanoTime();
            ops.start();
            ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).rdmaWrite(mr.rkey(), mr.address())
                    .setSge(mr.lkey(), mr.address() + 8, 8);
            ops.complete();
        }

        @Override
        public long wokenAt() {
            return wokenAt;
        }

        @Override
        public void close() {
            a.close();
            b.close();
            mr.close();
            cq.close();
            peerCq.close();
            channel.close();
            pd.close();
            context.close();
            arena.close();
        }
    }
}
