package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqCreateFlag;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcStatus;

class CompletionQueueTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void actualSizeIsAtLeastTheRequestedOne() {
        for (int cqe : new int[] {1, 2, 3, 100, 1000, DeviceProfile.MAX_CQE}) {
            assertThat(rig.cq(cqe).cqe()).isGreaterThanOrEqualTo(cqe);
        }
    }

    @Test
    void badSizesAndVectorsAreInvalidAndUnsupportedFieldsAreReported() {
        assertThatThrownBy(() -> rig.cq(0)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.cq(DeviceProfile.MAX_CQE + 1)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createCompletionQueue(CqInitAttributes.builder(4)
                .compVector(rig.context.numCompVectors()).build())).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createCompletionQueue(CqInitAttributes.builder(4)
                .wcFlags(Set.of(CompletionField.CVLAN)).build())).isInstanceOf(UnsupportedVerbException.class);
        assertThatThrownBy(() -> rig.context.createCompletionQueue(CqInitAttributes.builder(4)
                .wcFlags(Set.of(CompletionField.FLOW_TAG)).build())).isInstanceOf(UnsupportedVerbException.class);
        for (CqCreateFlag flag : CqCreateFlag.values()) {
            assertThat(rig.context.createCompletionQueue(CqInitAttributes.builder(4).flags(Set.of(flag)).build())
                    .flags()).containsExactly(flag);
        }
    }

    @Test
    void pollIteratorProtocolAndMisuse() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(8)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN)).build());
        assertThat(cq.startPoll()).isFalse();
        cq.endPoll();
        assertThatThrownBy(cq::wrId).isInstanceOf(InvalidArgumentException.class);
        Loop loop = new Loop(rig, cq);
        loop.send(1, 8);
        loop.send(2, 8);
        assertThat(cq.startPoll()).isTrue();
        assertThatThrownBy(cq::startPoll).isInstanceOf(InvalidArgumentException.class);
        assertThat(cq.wrId()).isEqualTo(1);
        assertThat(cq.readByteLen()).isEqualTo(8);
        assertThatThrownBy(cq::readQpNum).as("QP_NUM was not requested").isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(cq::readCompletionTs).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> cq.readSourceGid(MemorySegment.ofArray(new byte[16])))
                .isInstanceOf(InvalidArgumentException.class);
        assertThat(cq.nextPoll()).isTrue();
        assertThat(cq.wrId()).isEqualTo(2);
        assertThat(cq.nextPoll()).isFalse();
        assertThat(cq.nextPoll()).as("next_poll again after ENOENT").isFalse();
        assertThatThrownBy(cq::wrId).isInstanceOf(InvalidArgumentException.class);
        loop.send(3, 8);
        assertThat(cq.nextPoll()).as("a completion that arrives inside an open batch").isTrue();
        assertThat(cq.wrId()).isEqualTo(3);
        cq.endPoll();
        cq.endPoll();
        assertThat(cq.startPoll()).isFalse();
    }

    @Test
    void resizeKeepsWrappedEntriesInOrderAndRefusesMisuse() {
        CompletionQueue cq = rig.cq(3);
        Loop loop = new Loop(rig, cq);
        loop.send(1, 8);
        loop.send(2, 8);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(1);
        loop.send(3, 8);
        loop.send(4, 8);
        assertThatThrownBy(() -> cq.resize(2)).as("3 queued").isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> cq.resize(0)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> cq.resize(DeviceProfile.MAX_CQE + 1)).isInstanceOf(InvalidArgumentException.class);
        assertThat(cq.startPoll()).isTrue();
        assertThatThrownBy(() -> cq.resize(8)).as("batch open").isInstanceOf(InvalidArgumentException.class);
        cq.endPoll();
        cq.resize(8);
        assertThat(cq.cqe()).isGreaterThanOrEqualTo(8);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(3);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(4);
        cq.resize(1);
        assertThat(cq.cqe()).isGreaterThanOrEqualTo(1);
        loop.send(5, 8);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(5);
        assertThat(cq.startPoll()).isFalse();
    }

    @Test
    void aQueueShrunkByResizeOverrunsAtItsNewSize() {
        CompletionQueue cq = rig.cq(15);
        Loop loop = new Loop(rig, cq);
        loop.send(1, 8);
        assertThat(Rig.poll(cq).wrId()).as("the producer has seen room for 15").isEqualTo(1);
        cq.resize(1);
        assertThat(cq.cqe()).isEqualTo(1);
        loop.send(2, 8);
        loop.send(3, 8);
        AsyncEvent cqErr = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(cqErr.type()).as("the second completion does not fit in one entry").isEqualTo(AsyncEventType.CQ_ERR);
        rig.context.ackAsyncEvent(cqErr);
        assertThat(Rig.poll(cq).wrId()).as("the entry written before the overrun is intact").isEqualTo(2);
        assertThat(loop.qp.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void timestampsComeFromTheDeviceClock() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(8)
                .wcFlags(EnumSet.of(CompletionField.COMPLETION_TIMESTAMP,
                        CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK)).build());
        Loop loop = new Loop(rig, cq);
        long before = System.currentTimeMillis() * 1_000_000L;
        loop.send(1, 8);
        loop.send(2, 8);
        long after = System.currentTimeMillis() * 1_000_000L + 1_000_000L;
        assertThat(cq.startPoll()).isTrue();
        long first = cq.readCompletionTs();
        long wall = cq.readCompletionWallclockNs();
        assertThat(cq.nextPoll()).isTrue();
        assertThat(cq.readCompletionTs()).isGreaterThanOrEqualTo(first);
        cq.endPoll();
        assertThat(wall).isBetween(before - 50_000_000L, after + 50_000_000L);
        assertThat(rig.context.queryDevice().hcaCoreClockKhz()).isEqualTo(1_000_000);
    }

    @Test
    void overrunRaisesCqErrAndMovesTheQueuePairToError() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(1).build());
        Loop loop = new Loop(rig, cq);
        for (int i = 0; i < cq.cqe(); i++) {
            loop.send(i, 8);
        }
        assertThat(loop.qp.state()).isEqualTo(QpState.RTS);
        loop.send(99, 8);
        AsyncEvent cqErr = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(cqErr.type()).isEqualTo(AsyncEventType.CQ_ERR);
        assertThat(cqErr.cq()).isSameAs(cq);
        AsyncEvent fatal = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(fatal.type()).isEqualTo(AsyncEventType.QP_FATAL);
        assertThat(loop.qp.state()).isEqualTo(QpState.ERR);
        assertThat(cq.startPoll()).isTrue();
        assertThat(cq.wrId()).as("the entries written before the overrun are intact").isZero();
        cq.endPoll();
        rig.context.ackAsyncEvent(fatal);
        assertThatThrownBy(() -> rig.context.ackAsyncEvent(fatal)).isInstanceOf(InvalidArgumentException.class);
        loop.qp.close();
        System.setProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY, "100");
        try {
            assertThatThrownBy(cq::close).as("the CQ_ERR event is not acknowledged yet")
                    .isInstanceOf(BusyException.class).hasMessageContaining("not acknowledged");
            assertThat(cq.isClosed()).isFalse();
            rig.context.ackAsyncEvent(cqErr);
            cq.close();
            assertThat(cq.isClosed()).isTrue();
        } finally {
            System.clearProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY);
        }
    }

    @Test
    void ignoreOverrunOverwritesTheOldestEntriesWithoutError() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(3)
                .flags(Set.of(CqCreateFlag.IGNORE_OVERRUN)).build());
        Loop loop = new Loop(rig, cq);
        int total = cq.cqe() + 2;
        for (int i = 0; i < total; i++) {
            loop.send(i, 8);
        }
        assertThat(loop.qp.state()).isEqualTo(QpState.RTS);
        assertThat(rig.context.getAsyncEvent(Duration.ofMillis(50))).isNull();
        assertThat(cq.startPoll()).isTrue();
        assertThat(cq.wrId()).as("the newest entries survive").isEqualTo(total - cq.cqe());
        int seen = 1;
        while (cq.nextPoll()) {
            seen++;
        }
        cq.endPoll();
        assertThat(seen).isEqualTo(cq.cqe());
    }

    @Test
    void singleThreadedQueueWorksWithoutLocking() {
        CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(4)
                .flags(Set.of(CqCreateFlag.SINGLE_THREADED)).build());
        Loop loop = new Loop(rig, cq);
        loop.send(5, 8);
        assertThat(cq.startPoll()).isTrue();
        assertThatThrownBy(cq::startPoll).isInstanceOf(InvalidArgumentException.class);
        assertThat(cq.wrId()).isEqualTo(5);
        cq.endPoll();
    }

    @Test
    void closingIsRefusedWhileAQueuePairUsesItAndTwiceIsClosed() {
        CompletionQueue cq = rig.cq(4);
        QueuePair qp = rig.qp(QpType.RC, cq, 4);
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class);
        qp.close();
        cq.close();
        assertThat(cq.isClosed()).isTrue();
        assertThatThrownBy(cq::close).isInstanceOf(ClosedObjectException.class);
        assertThatThrownBy(cq::startPoll).isInstanceOf(ClosedObjectException.class);
    }

    /** A queue pair connected to itself, to produce send completions on demand. */
    static final class Loop {
        final QueuePair qp;
        final MemoryRegion mr;

        Loop(Rig rig, CompletionQueue cq) {
            qp = rig.qp(QpType.RC, cq, 64);
            mr = rig.region(64);
            rig.connect(qp, qp, Rig.ALL_ACCESS, 7);
        }

        void send(long wrId, int bytes) {
            SendOps ops = qp.sendOps();
            ops.start();
            ops.wrId(wrId).wrFlags(SIGNALED).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address() + 32,
                    bytes);
            ops.complete();
        }

        WcStatus lastStatus(CompletionQueue cq) {
            return Rig.poll(cq).status();
        }
    }
}
