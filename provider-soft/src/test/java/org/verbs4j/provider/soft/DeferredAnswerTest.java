package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.Requester;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.engine.Wire;

/**
 * The wire seam with answers that come later, as from the network: a wire that carries each request at once
 * but holds its answer back ({@link Response#PENDING}) until the test releases it through
 * {@link Requester#answer}. The send queue waits for the answer, completes in order, places a READ response
 * that arrives late, and ignores an answer to a request that was flushed meanwhile.
 */
class DeferredAnswerTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final SoftFabric fabric = SoftFabric.instance();
    private final CompletionQueue cqA = rig.cq(16);
    private final CompletionQueue cqB = rig.cq(16);
    private final QueuePair a = rig.qp(QpType.RC, cqA, 8);
    private final QueuePair b = rig.qp(QpType.RC, cqB, 8);
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(4096);
    private final HoldingWire holding = new HoldingWire();

    DeferredAnswerTest() {
        rig.connectPair(a, b);
        fabric.lock().lock();
        try {
            holding.inner = fabric.requester().replaceWire(holding);
        } finally {
            fabric.lock().unlock();
        }
    }

    @AfterEach
    void tearDown() {
        fabric.lock().lock();
        try {
            fabric.requester().replaceWire(holding.inner);
        } finally {
            fabric.lock().unlock();
        }
        rig.close();
    }

    @Test
    void theSendQueueWaitsForEachAnswerAndCompletesInOrder() {
        Rig.postRecv(b, 1, mrB, 0, 64);
        Rig.postRecv(b, 2, mrB, 64, 64);
        post(10, ops -> ops.send().setSge(mrA.lkey(), mrA.address(), 8));
        post(11, ops -> ops.send().setSge(mrA.lkey(), mrA.address() + 8, 8));

        assertThat(holding.carried).as("the second waits until the first is answered").isEqualTo(1);
        assertThat(Rig.empty(cqA)).as("no completion before the answer").isTrue();
        release();
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(10);
        assertThat(holding.carried).as("the answer moved the queue on").isEqualTo(2);
        assertThat(Rig.empty(cqA)).isTrue();
        release();
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(11);
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(1);
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(2);
    }

    @Test
    void aReadResponseThatArrivesLaterIsPlacedThen() {
        mrB.segment().set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0x1122334455667788L);
        post(20, ops -> ops.rdmaRead(mrB.rkey(), mrB.address()).setSge(mrA.lkey(), mrA.address() + 100, 8));

        assertThat(mrA.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 100)).as("not placed yet").isZero();
        release();
        Wc done = Rig.poll(cqA);
        assertThat(done.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(done.opcode()).isEqualTo(WcOpcode.RDMA_READ);
        assertThat(mrA.segment().get(ValueLayout.JAVA_LONG_UNALIGNED, 100)).isEqualTo(0x1122334455667788L);
    }

    @Test
    void anAnswerToAFlushedRequestIsIgnored() {
        Rig.postRecv(b, 1, mrB, 0, 64);
        post(30, ops -> ops.send().setSge(mrA.lkey(), mrA.address(), 8));
        a.modify(new QpAttributes().qpState(QpState.ERR));

        Wc flushed = Rig.poll(cqA);
        assertThat(flushed.wrId()).isEqualTo(30);
        assertThat(flushed.status()).isEqualTo(WcStatus.WR_FLUSH_ERR);
        release();
        assertThat(Rig.empty(cqA)).as("the late answer completes nothing").isTrue();
    }

    private void post(long wrId, java.util.function.Consumer<SendOps> request) {
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED);
        request.accept(ops);
        ops.complete();
    }

    /** Hands the answer held back to the requester, as a wire does when it arrives. */
    private void release() {
        fabric.lock().lock();
        try {
            fabric.requester().answer((SoftQueuePair) a, holding.held);
        } finally {
            fabric.lock().unlock();
        }
    }

    /** Carries every request through the fabric's wire at once, but gives its answer only later. */
    private static final class HoldingWire implements Wire {

        Wire inner;
        int held;
        int carried;

        @Override
        public int sendRun(QueuePairView qp) {
            return 0;
        }

        @Override
        public int request(QueuePairView qp, SendWqe wqe, Sges source, long length, Response response) {
            carried++;
            held = inner.request(qp, wqe, source, length, response);
            return Response.PENDING;
        }

        @Override
        public org.verbs4j.WcStatus datagram(QueuePairView qp, SendWqe wqe, Sges source, long length) {
            return inner.datagram(qp, wqe, source, length);
        }

        @Override
        public boolean read(QueuePairView qp, int rkey, long address, long length, Response response) {
            return inner.read(qp, rkey, address, length, response);
        }

        @Override
        public void deviceSend(QueuePairView qp, Sges message, long length) {
            inner.deviceSend(qp, message, length);
        }
    }
}
