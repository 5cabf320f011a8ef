package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * A close against another thread's open poll or send batch waits for the batch to end (at most the destroy
 * timeout, then EBUSY); a close against the calling thread's own open batch is refused at once.
 */
class CloseAgainstBatchTest {

    private static final long HOLD_MILLIS = 300;

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(16);
    private final MemoryRegion mr = rig.region(64);
    /** A thread per task: the common pool may have one thread, which would run a close after the batch. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        rig.close();
    }

    @Test
    void closingTheQueueWaitsForAnotherThreadsPollBatch() throws Exception {
        QueuePair qp = connectedToItself();
        sendToItself(qp, 7);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(7);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(1);
        sendToItself(qp, 8);
        qp.close();
        CountDownLatch batchOpen = new CountDownLatch(1);
        CountDownLatch closeCalled = new CountDownLatch(1);
        CompletableFuture<Long> poller = CompletableFuture.supplyAsync(() -> {
            assertThat(cq.startPoll()).isTrue();
            batchOpen.countDown();
            await(closeCalled);
            sleep(HOLD_MILLIS);
            long wrId = cq.wrId(); // the queue is not destroyed under the batch
            cq.endPoll();
            return wrId;
        }, threads);
        batchOpen.await();
        long start = System.nanoTime();
        CompletableFuture<Void> closer = CompletableFuture.runAsync(cq::close, threads);
        closeCalled.countDown();
        closer.get(10, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(HOLD_MILLIS);
        assertThat(poller.get(10, TimeUnit.SECONDS)).isEqualTo(8);
        assertThatThrownBy(cq::startPoll).isInstanceOf(ClosedObjectException.class).hasMessageContaining("ibv_start_poll");
        assertThatThrownBy(cq::endPoll).isInstanceOf(ClosedObjectException.class).hasMessageContaining("ibv_end_poll");
    }

    @Test
    void closingTheQueueInsideTheCallersOwnBatchIsRefusedAndTheBatchGoesOn() {
        QueuePair qp = connectedToItself();
        sendToItself(qp, 9);
        qp.close();
        assertThat(cq.startPoll()).isTrue();
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class).hasMessageContaining("ibv_destroy_cq")
                .hasMessageContaining("ibv_end_poll");
        assertThat(cq.wrId()).isEqualTo(9);
        cq.endPoll();
        cq.close();
        assertThat(cq.isClosed()).isTrue();
    }

    @Test
    void anotherThreadsPollBatchThatStaysOpenMakesTheCloseFailWithBusy() throws Exception {
        QueuePair qp = connectedToItself();
        sendToItself(qp, 10);
        qp.close();
        CountDownLatch batchOpen = new CountDownLatch(1);
        CountDownLatch closeFailed = new CountDownLatch(1);
        CompletableFuture<Void> poller = CompletableFuture.runAsync(() -> {
            assertThat(cq.startPoll()).isTrue();
            batchOpen.countDown();
            await(closeFailed);
            cq.endPoll();
        }, threads);
        batchOpen.await();
        System.setProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY, "100");
        try {
            assertThatThrownBy(cq::close).isInstanceOf(BusyException.class).hasMessageContaining("poll batch");
        } finally {
            System.clearProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY);
            closeFailed.countDown();
        }
        poller.get(10, TimeUnit.SECONDS);
        assertThat(cq.isClosed()).isFalse();
        cq.close();
    }

    @Test
    void closingTheQueuePairWaitsForAnotherThreadsSendBatch() throws Exception {
        QueuePair qp = connectedToItself();
        Rig.postRecv(qp, 1, mr, 0, 8);
        CountDownLatch batchOpen = new CountDownLatch(1);
        CountDownLatch closeCalled = new CountDownLatch(1);
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
            SendOps ops = qp.sendOps();
            ops.start();
            batchOpen.countDown();
            await(closeCalled);
            sleep(HOLD_MILLIS);
            ops.wrId(2).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(mr.lkey(), mr.address() + 8, 8);
            ops.complete(); // the queue pair is not destroyed under the batch
        }, threads);
        batchOpen.await();
        long start = System.nanoTime();
        CompletableFuture<Void> closer = CompletableFuture.runAsync(qp::close, threads);
        closeCalled.countDown();
        closer.get(10, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(HOLD_MILLIS);
        sender.get(10, TimeUnit.SECONDS);
        assertThat(Rig.poll(cq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(cq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.empty(cq)).isTrue();
    }

    @Test
    void closingTheQueuePairInsideTheCallersOwnSendBatchIsRefused() {
        QueuePair qp = connectedToItself();
        SendOps ops = qp.sendOps();
        ops.start();
        assertThatThrownBy(qp::close).isInstanceOf(BusyException.class).hasMessageContaining("ibv_destroy_qp")
                .hasMessageContaining("ibv_wr_abort");
        ops.abort();
        qp.close();
        assertThatThrownBy(ops::start).isInstanceOf(ClosedObjectException.class).hasMessageContaining("ibv_wr_start");
    }

    private QueuePair connectedToItself() {
        QueuePair qp = rig.qp(QpType.RC, cq, 8);
        rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        return qp;
    }

    private void sendToItself(QueuePair qp, long recvWrId) {
        Rig.postRecv(qp, recvWrId, mr, 0, 8);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(mr.lkey(), mr.address() + 8, 8);
        ops.complete();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
