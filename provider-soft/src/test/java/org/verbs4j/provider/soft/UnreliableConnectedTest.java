package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

class UnreliableConnectedTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(16);
    private final CompletionQueue cqB = rig.cq(16);
    private final QueuePair a = rig.qp(QpType.UC, cqA, 8);
    private final QueuePair b = rig.qp(QpType.UC, cqB, 8);
    private final MemoryRegion mrA = rig.region(1024);
    private final MemoryRegion mrB = rig.region(1024);

    UnreliableConnectedTest() {
        rig.connectPair(a, b);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void sendAndWriteWork() {
        Rig.fill(mrA.segment(), 21);
        Rig.postRecv(b, 1, mrB, 0, 100);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setSge(mrA.lkey(), mrA.address(), 100);
        ops.wrId(2).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address() + 512).setSge(mrA.lkey(), mrA.address() + 200, 64);
        ops.complete();
        assertThat(Rig.poll(cqA).opcode()).isEqualTo(WcOpcode.SEND);
        assertThat(Rig.poll(cqA).opcode()).isEqualTo(WcOpcode.RDMA_WRITE);
        assertThat(Rig.poll(cqB).byteLen()).isEqualTo(100);
        assertThat(mrB.segment().asSlice(0, 100).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 100).toArray(ValueLayout.JAVA_BYTE));
        assertThat(mrB.segment().asSlice(512, 64).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(200, 64).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void whatTheResponderCannotTakeIsDroppedSilently() {
        Rig.fill(mrA.segment(), 5);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setSge(mrA.lkey(), mrA.address(), 8);
        ops.wrId(2).wrFlags(SIGNALED).rdmaWrite(mrB.rkey() + 1, mrB.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).as("no receive posted: dropped, no RNR on UC").isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(cqA).status()).as("bad rkey: dropped").isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.empty(cqB)).isTrue();
        assertThat(mrB.segment().asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE))
                .as("neither the SEND without a receive nor the write with a bad rkey landed").containsOnly(0);
        assertThat(b.state()).isEqualTo(QpState.RTS);
        Rig.postRecv(b, 3, mrB, 0, 8);
        ops.start();
        ops.wrId(3).wrFlags(0).send().setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(3);
    }
}
