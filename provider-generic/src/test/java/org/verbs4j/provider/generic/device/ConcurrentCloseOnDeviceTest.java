package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
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
import org.verbs4j.SendOpsFlag;
import org.verbs4j.VerbsObject;

/**
 * The tryout of issue 19 on the real device: a close against another thread that polls the same CQ, or posts
 * on the same QP, 200 times. Before the close protocol the JVM died with SIGSEGV in the driver; now the other
 * thread's next verb fails with {@link ClosedObjectException} and nothing else. A close of a channel or a
 * context ends another thread's event wait the same way, without waiting for it.
 */
class ConcurrentCloseOnDeviceTest extends OpenDeviceTest {

    private static final int ROUNDS = 200;
    /** The other thread's verbs before the close, so that the close meets it inside its loop. */
    private static final int WARM_UP = 20;
    private static final int DEPTH = 32;
    /** Runs each task on a thread of its own (the common pool may be busy with another test's blocked task). */
    private static final Executor OWN_THREAD = task -> Thread.ofPlatform().daemon().start(task);

    @Test
    void closingACqWhileAnotherThreadPollsItEndsThePollerWithClosedObjectException() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
            Racer poller = Racer.start("poller " + round, () -> {
                if (cq.startPoll()) {
                    cq.endPoll();
                }
            });
            poller.closeWhenWarm(cq);
        }
    }

    @Test
    void closingAQpWhileAnotherThreadPostsOnItEndsTheSenderWithClosedObjectException() throws Exception {
        int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(4 * DEPTH).build());
        MemoryRegion region = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        for (int round = 0; round < ROUNDS; round++) {
            QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(DEPTH, 1, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.RDMA_WRITE)).build());
            Loopback.connect(qp, qp, Loopback.gid(context, gidIndex), gidIndex);
            Writer writer = new Writer(qp, cq, region);
            Racer sender = Racer.start("sender " + round, writer::writeOnce);
            sender.closeWhenWarm(qp);
            writer.drain();
        }
        region.close();
        pd.close();
        cq.close();
    }

    @Test
    void closingAChannelEndsAnotherThreadsUntimedWaitWithClosedObjectException() throws Exception {
        CompletionChannel channel = context.createCompletionChannel();
        CompletableFuture<CompletionQueue> waiter = CompletableFuture.supplyAsync(channel::getEvent, OWN_THREAD);
        Thread.sleep(300); // the waiter is in its wait, which holds nothing
        long start = System.nanoTime();
        channel.close();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the close did not wait for the waiter")
                .isLessThan(Duration.ofSeconds(5));
        assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ClosedObjectException.class)
                .hasMessageContaining("ibv_get_cq_event");
    }

    @Test
    void closingAContextEndsAnotherThreadsUntimedAsyncEventWaitWithClosedObjectException() throws Exception {
        Context other = RealDevice.require().open();
        CompletableFuture<AsyncEvent> waiter = CompletableFuture.supplyAsync(other::getAsyncEvent, OWN_THREAD);
        Thread.sleep(300);
        other.close();
        assertThatThrownBy(() -> waiter.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(ClosedObjectException.class)
                .hasMessageContaining("ibv_get_async_event");
    }

    /** RDMA WRITEs of a QP connected to itself, at most {@link #DEPTH} outstanding, their completions polled. */
    private record Writer(QueuePair qp, CompletionQueue cq, MemoryRegion region, AtomicInteger outstanding) {

        Writer(QueuePair qp, CompletionQueue cq, MemoryRegion region) {
            this(qp, cq, region, new AtomicInteger());
        }

        void writeOnce() {
            if (outstanding.get() < DEPTH) {
                SendOps ops = qp.sendOps();
                ops.start();
                ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).rdmaWrite(region.rkey(), region.address() + 64)
                        .setSge(region.lkey(), region.address(), 64);
                ops.complete();
                outstanding.incrementAndGet();
            } else {
                qp.state(); // a verb of the QP while the completions come
            }
            poll();
        }

        private void poll() {
            if (cq.startPoll()) {
                do {
                    outstanding.decrementAndGet();
                } while (cq.nextPoll());
                cq.endPoll();
            }
        }

        /** Polls away what the closed QP left in the shared CQ. */
        void drain() {
            poll();
        }
    }

    /** A thread that calls a verb in a loop until it fails; only {@link ClosedObjectException} may end it. */
    private static final class Racer {

        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicReference<Throwable> ended = new AtomicReference<>();
        private final CountDownLatch done = new CountDownLatch(1);
        private final Thread thread;

        private Racer(String name, Runnable verb) {
            this.thread = Thread.ofPlatform().name(name).unstarted(() -> loop(verb));
        }

        static Racer start(String name, Runnable verb) {
            Racer racer = new Racer(name, verb);
            racer.thread.start();
            return racer;
        }

        private void loop(Runnable verb) {
            try {
                while (true) {
                    verb.run();
                    calls.incrementAndGet();
                }
            } catch (Throwable t) {
                ended.set(t);
            } finally {
                done.countDown();
            }
        }

        void closeWhenWarm(VerbsObject object) throws InterruptedException {
            while (calls.get() < WARM_UP && done.getCount() > 0) {
                Thread.onSpinWait();
            }
            closeRetryingWhileBusy(object);
            assertThat(done.await(60, TimeUnit.SECONDS)).as(thread.getName() + " ended").isTrue();
            assertThat(ended.get()).as(thread.getName() + " ended by the close only")
                    .isInstanceOf(ClosedObjectException.class);
        }

        private static void closeRetryingWhileBusy(VerbsObject object) {
            while (true) {
                try {
                    object.close();
                    return;
                } catch (BusyException timedOut) {
                    // the other thread stayed inside longer than the close waits: it is still open, try again
                }
            }
        }
    }
}
