package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

class RcTrafficTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(64);
    private final CompletionQueue cqB = rig.cq(64);
    private final QueuePair a = rig.qp(QpType.RC, cqA, 16);
    private final QueuePair b = rig.qp(QpType.RC, cqB, 16);
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(4096);

    RcTrafficTest() {
        rig.connectPair(a, b);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void sendDeliversEveryByteAndBothCompletions() {
        Rig.fill(mrA.segment(), 7);
        Rig.postRecv(b, 42, mrB, 100, 1000);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(9).wrFlags(SIGNALED).send().setSge(mrA.lkey(), mrA.address() + 10, 500);
        ops.complete();

        Wc sent = Rig.poll(cqA);
        assertThat(sent.wrId()).isEqualTo(9);
        assertThat(sent.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(sent.opcode()).isEqualTo(WcOpcode.SEND);
        Wc received = Rig.poll(cqB);
        assertThat(received).isEqualTo(new Wc(42, WcStatus.SUCCESS, WcOpcode.RECV, 500, 0, b.qpNum(), a.qpNum(), 0));
        assertThat(mrB.segment().asSlice(100, 500).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(10, 500).toArray(ValueLayout.JAVA_BYTE));
        assertThat(mrB.segment().get(ValueLayout.JAVA_BYTE, 600)).isZero();
    }

    @Test
    void sendWithImmediateCarriesTheValueAndFlag() {
        Rig.postRecv(b, 1, mrB, 0, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(2).wrFlags(0).sendWithImm(0xCAFEBABE).setSge(mrA.lkey(), mrA.address(), 16);
        ops.complete();
        Wc received = Rig.poll(cqB);
        assertThat(received.imm()).isEqualTo(0xCAFEBABE);
        assertThat(received.flags() & WcFlag.WITH_IMM.value()).isNotZero();
        assertThat(received.opcode()).isEqualTo(WcOpcode.RECV);
        assertThat(Rig.empty(cqA)).as("an unsignaled successful send has no completion").isTrue();
    }

    @Test
    void inlineAndSgeListDataArrivesInOrder() {
        Rig.postRecv(b, 1, mrB, 0, 256);
        Rig.postRecv(b, 2, mrB, 1024, 256);
        MemorySegment inline = rig.arena.allocate(20);
        Rig.fill(inline, 3);
        Rig.fill(mrA.segment(), 11);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setInlineData(inline);
        ScatterGatherList list = new ScatterGatherList(3).add(mrA, 0, 8).add(mrA, 100, 8).add(mrA, 200, 8);
        ops.wrId(2).wrFlags(SIGNALED).send().setSgeList(list);
        ops.complete();
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(1);
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(2);
        assertThat(Rig.poll(cqB).byteLen()).isEqualTo(20);
        assertThat(Rig.poll(cqB).byteLen()).isEqualTo(24);
        assertThat(mrB.segment().asSlice(0, 20).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(inline.toArray(ValueLayout.JAVA_BYTE));
        byte[] expected = new byte[24];
        for (int piece = 0; piece < 3; piece++) {
            MemorySegment.copy(mrA.segment(), ValueLayout.JAVA_BYTE, piece * 100L, expected, piece * 8, 8);
        }
        assertThat(mrB.segment().asSlice(1024, 24).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(expected);
    }

    @Test
    void rdmaWriteAndReadMoveTheBytes() {
        Rig.fill(mrA.segment(), 5);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address() + 64).setSge(mrA.lkey(), mrA.address(), 300);
        ops.complete();
        Wc write = Rig.poll(cqA);
        assertThat(write.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(write.opcode()).isEqualTo(WcOpcode.RDMA_WRITE);
        assertThat(mrB.segment().asSlice(64, 300).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 300).toArray(ValueLayout.JAVA_BYTE));
        assertThat(Rig.empty(cqB)).as("a plain RDMA write has no responder completion").isTrue();

        Rig.fill(mrB.segment(), 99);
        ops.start();
        ops.wrId(2).wrFlags(SIGNALED).rdmaRead(mrB.rkey(), mrB.address() + 8).setSge(mrA.lkey(), mrA.address() + 2048, 1000);
        ops.complete();
        Wc read = Rig.poll(cqA);
        assertThat(read).isEqualTo(new Wc(2, WcStatus.SUCCESS, WcOpcode.RDMA_READ, 1000, 0, a.qpNum(), 0, 0));
        assertThat(mrA.segment().asSlice(2048, 1000).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrB.segment().asSlice(8, 1000).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void rdmaWriteWithImmediateConsumesAReceive() {
        Rig.postRecv(b, 77, mrB, 0, 0);
        Rig.fill(mrA.segment(), 1);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWriteWithImm(mrB.rkey(), mrB.address() + 512, 0x1234)
                .setSge(mrA.lkey(), mrA.address(), 128);
        ops.complete();
        assertThat(Rig.poll(cqA).opcode()).isEqualTo(WcOpcode.RDMA_WRITE);
        Wc received = Rig.poll(cqB);
        assertThat(received.wrId()).isEqualTo(77);
        assertThat(received.opcode()).isEqualTo(WcOpcode.RECV_RDMA_WITH_IMM);
        assertThat(received.imm()).isEqualTo(0x1234);
        assertThat(received.byteLen()).isEqualTo(128);
        assertThat(mrB.segment().asSlice(512, 128).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 128).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void atomicsReturnTheOriginalValueAndUpdateTheTarget() {
        mrB.segment().set(ValueLayout.JAVA_LONG, 16, 100L);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).atomicFetchAdd(mrB.rkey(), mrB.address() + 16, 5)
                .setSge(mrA.lkey(), mrA.address(), 8);
        ops.wrId(2).wrFlags(SIGNALED).atomicCmpSwp(mrB.rkey(), mrB.address() + 16, 105, 7)
                .setSge(mrA.lkey(), mrA.address() + 8, 8);
        ops.wrId(3).wrFlags(SIGNALED).atomicCmpSwp(mrB.rkey(), mrB.address() + 16, 105, 9)
                .setSge(mrA.lkey(), mrA.address() + 16, 8);
        ops.complete();
        assertThat(List.of(Rig.poll(cqA).opcode(), Rig.poll(cqA).opcode(), Rig.poll(cqA).opcode()))
                .containsExactly(WcOpcode.FETCH_ADD, WcOpcode.COMP_SWAP, WcOpcode.COMP_SWAP);
        assertThat(mrA.segment().get(ValueLayout.JAVA_LONG, 0)).isEqualTo(100);
        assertThat(mrA.segment().get(ValueLayout.JAVA_LONG, 8)).isEqualTo(105);
        assertThat(mrA.segment().get(ValueLayout.JAVA_LONG, 16)).isEqualTo(7);
        assertThat(mrB.segment().get(ValueLayout.JAVA_LONG, 16)).isEqualTo(7);
    }

    @Test
    void sqSigAllSignalsEveryRequest() {
        CompletionQueue cq = rig.cq(16);
        QueuePair signalAll = rig.context.createQueuePair(org.verbs4j.QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new org.verbs4j.QpCapabilities(4, 4, 1, 1, 0)).sqSigAll(true).sendOpsFlags(Rig.RC_OPS).build());
        rig.connect(signalAll, signalAll, Rig.ALL_ACCESS, 7);
        SendOps ops = signalAll.sendOps();
        ops.start();
        ops.wrId(31).wrFlags(0).rdmaWrite(mrB.rkey(), mrB.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        Wc wc = Rig.poll(cq);
        assertThat(wc.wrId()).isEqualTo(31);
        assertThat(wc.qpNum()).isEqualTo(signalAll.qpNum());
    }

    @Test
    void fencedRequestsExecuteInOrder() {
        mrB.segment().set(ValueLayout.JAVA_LONG, 0, 1L);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).rdmaRead(mrB.rkey(), mrB.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.wrId(2).wrFlags(SIGNALED | (int) SendFlag.FENCE.value()).rdmaWrite(mrB.rkey(), mrB.address() + 8)
                .setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(2);
        assertThat(mrB.segment().get(ValueLayout.JAVA_LONG, 8)).as("the write saw the data the read fetched")
                .isEqualTo(1L);
    }

    @Test
    void zeroLengthOperationsSucceed() {
        Rig.postRecv(b, 5, mrB, 0, 16);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setSgeList(new ScatterGatherList(1));
        ops.wrId(2).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSgeList(new ScatterGatherList(1));
        ops.wrId(3).wrFlags(SIGNALED).rdmaRead(mrB.rkey(), mrB.address()).setSgeList(new ScatterGatherList(1));
        ops.complete();
        for (int i = 1; i <= 3; i++) {
            Wc wc = Rig.poll(cqA);
            assertThat(wc.wrId()).isEqualTo(i);
            assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
        }
        assertThat(Rig.poll(cqB).byteLen()).isZero();
    }

    @Test
    void atomicWriteStoresEightBytesAndFlushFollowsTheAccessFlags() {
        CompletionQueue cq = rig.cq(16);
        QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new QpCapabilities(8, 8, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.ATOMIC_WRITE,
                        SendOpsFlag.FLUSH)).build();
        QueuePair qp = rig.context.createQueuePair(attributes);
        QueuePair peer = rig.context.createQueuePair(attributes);
        rig.connect(qp, peer, EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.FLUSH_GLOBAL), 7);
        rig.connect(peer, qp, EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.FLUSH_GLOBAL), 7);
        MemoryRegion target = rig.region(16, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
                AccessFlag.FLUSH_GLOBAL));
        SendOps ops = qp.sendOps();
        ops.start();
        assertThatThrownBy(() -> ops.atomicWrite(target.rkey(), target.address(), rig.arena.allocate(4)))
                .as("fewer than 8 bytes").isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> ops.atomicWrite(target.rkey(), target.address(), MemorySegment.ofArray(new long[1])))
                .as("a heap segment").isInstanceOf(InvalidArgumentException.class);
        MemorySegment value = rig.arena.allocate(Long.BYTES);
        value.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 0x0102_0304_0506_0708L);
        ops.wrId(1).wrFlags(SIGNALED).atomicWrite(target.rkey(), target.address() + 8, value);
        ops.wrId(2).wrFlags(SIGNALED).flush(target.rkey(), target.address(), 16, FlushType.GLOBAL, FlushLevel.RANGE);
        ops.wrId(3).wrFlags(SIGNALED).flush(target.rkey(), 0, 0, FlushType.GLOBAL, FlushLevel.MR);
        ops.complete();
        assertThat(List.of(Rig.poll(cq), Rig.poll(cq), Rig.poll(cq))).extracting(Wc::status, Wc::opcode)
                .containsExactly(tuple(WcStatus.SUCCESS, WcOpcode.ATOMIC_WRITE), tuple(WcStatus.SUCCESS, WcOpcode.FLUSH),
                        tuple(WcStatus.SUCCESS, WcOpcode.FLUSH));
        assertThat(target.segment().get(ValueLayout.JAVA_LONG, 8)).isEqualTo(0x0102_0304_0506_0708L);
        assertThat(target.segment().get(ValueLayout.JAVA_LONG, 0)).isZero();
        ops.start();
        ops.wrId(4).wrFlags(SIGNALED).flush(target.rkey(), target.address(), 16, FlushType.PERSISTENT,
                FlushLevel.RANGE);
        ops.complete();
        assertThat(Rig.poll(cq).status()).as("neither the QP nor the MR grants FLUSH_PERSISTENT")
                .isEqualTo(WcStatus.REM_ACCESS_ERR);
    }
}
