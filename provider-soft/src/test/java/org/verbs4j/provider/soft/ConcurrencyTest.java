package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/** Posting and polling from different threads: every message arrives once, in order, intact. */
class ConcurrencyTest {

    private static final int MESSAGES = 20_000;
    private static final int DEPTH = 64;

    private final Rig rig = new Rig();
    private final CompletionQueue sendCq = rig.cq(DEPTH * 2);
    private final CompletionQueue recvCq = rig.cq(DEPTH * 2);
    private final QueuePair a = rig.qp(QpType.RC, sendCq, DEPTH);
    private final QueuePair b = rig.qp(QpType.RC, recvCq, DEPTH);
    private final MemoryRegion source = rig.region(8 * DEPTH);
    private final MemoryRegion target = rig.region(8 * DEPTH);

    ConcurrencyTest() {
        rig.connectPair(a, b);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void aSenderThreadAndAReceiverThreadExchangeEveryMessage() throws Exception {
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<long[]> receiver = CompletableFuture.supplyAsync(this::receiveAll, threads);
            CompletableFuture<Integer> sender = CompletableFuture.supplyAsync(this::sendAll, threads);
            assertThat(sender.get(60, TimeUnit.SECONDS)).isEqualTo(MESSAGES);
            check(receiver.get(60, TimeUnit.SECONDS));
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void twoPollersOfOneQueueEachTakeWholeBatchesAndEveryCompletionOnce() throws Exception {
        int total = 20_000;
        java.util.concurrent.atomic.AtomicIntegerArray seen = new java.util.concurrent.atomic.AtomicIntegerArray(total);
        java.util.concurrent.atomic.AtomicInteger polled = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<?> first = CompletableFuture.runAsync(() -> pollInBatches(seen, polled, total), threads);
            CompletableFuture<?> second = CompletableFuture.runAsync(() -> pollInBatches(seen, polled, total), threads);
            writeSignaled(total);
            first.get(60, TimeUnit.SECONDS);
            second.get(60, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        for (int i = 0; i < total; i++) {
            assertThat(seen.get(i)).as("completion %d", i).isEqualTo(1);
        }
    }

    /** Polls until {@code total} completions were taken by all pollers; a batch's wr_ids follow each other. */
    private void pollInBatches(java.util.concurrent.atomic.AtomicIntegerArray seen,
                               java.util.concurrent.atomic.AtomicInteger polled, int total) {
        while (polled.get() < total) {
            if (!sendCq.startPoll()) {
                Thread.onSpinWait();
                continue;
            }
            long previous = -1;
            do {
                long wrId = sendCq.wrId();
                assertThat(previous < 0 || wrId == previous + 1).as("wr_id %d after %d in one batch", wrId, previous)
                        .isTrue();
                previous = wrId;
                seen.incrementAndGet((int) wrId);
                polled.incrementAndGet();
            } while (sendCq.nextPoll());
            sendCq.endPoll();
        }
    }

    /** Writes {@code total} signaled 8-byte RDMA_WRITEs, never more outstanding than the CQ holds. */
    private void writeSignaled(int total) {
        SendOps ops = a.sendOps();
        int posted = 0;
        while (posted < total) {
            ops.start();
            ops.wrId(posted).wrFlags((int) SendFlag.SIGNALED.value()).rdmaWrite(target.rkey(), target.address())
                    .setSge(source.lkey(), source.address(), 8);
            try {
                ops.complete();
                posted++;
            } catch (org.verbs4j.OutOfResourcesException full) {
                Thread.onSpinWait();
            }
        }
    }

    private static void check(long[] received) {
        for (int i = 0; i < MESSAGES; i++) {
            assertThat(received[i]).as("message %d", i).isEqualTo(i * 1_000_003L);
        }
    }

    private long[] receiveAll() {
        long[] values = new long[MESSAGES];
        ReceiveRequest request = new ReceiveRequest(1);
        int posted = 0;
        int done = 0;
        while (posted < DEPTH) {
            postSlot(request, posted++);
        }
        while (done < MESSAGES) {
            if (!recvCq.startPoll()) {
                Thread.onSpinWait();
                continue;
            }
            do {
                assertThat(recvCq.status()).isEqualTo(WcStatus.SUCCESS);
                int slot = (int) recvCq.wrId();
                values[done++] = target.segment().get(ValueLayout.JAVA_LONG, slot * 8L);
                if (posted < MESSAGES) {
                    postSlot(request, slot);
                    posted++;
                }
            } while (recvCq.nextPoll());
            recvCq.endPoll();
        }
        return values;
    }

    private void postSlot(ReceiveRequest request, int slot) {
        request.wrId(slot).sgList().clear().add(target, slot * 8L, 8);
        b.postReceive(request);
    }

    private int sendAll() {
        SendOps ops = a.sendOps();
        int completed = 0;
        int outstanding = 0;
        for (int i = 0; i < MESSAGES; i++) {
            while (outstanding >= DEPTH / 2) {
                if (sendCq.startPoll()) {
                    do {
                        assertThat(sendCq.status()).isEqualTo(WcStatus.SUCCESS);
                        completed++;
                        outstanding--;
                    } while (sendCq.nextPoll());
                    sendCq.endPoll();
                }
            }
            int slot = i % DEPTH;
            source.segment().set(ValueLayout.JAVA_LONG, slot * 8L, i * 1_000_003L);
            ops.start();
            ops.wrId(i).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(source.lkey(),
                    source.address() + slot * 8L, 8);
            ops.complete();
            outstanding++;
        }
        while (outstanding > 0) {
            if (sendCq.startPoll()) {
                do {
                    completed++;
                    outstanding--;
                } while (sendCq.nextPoll());
                sendCq.endPoll();
            }
        }
        return completed;
    }
}
