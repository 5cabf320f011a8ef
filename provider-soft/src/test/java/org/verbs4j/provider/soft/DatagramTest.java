package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.Context;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

class DatagramTest {

    private static final int QKEY = 0x11111111;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(64);
    private final CompletionQueue cqB = rig.context.createCompletionQueue(CqInitAttributes.builder(64)
            .wcFlags(Rig.ALL_FIELDS).extraFields(Set.of(ExtraCompletionField.SOURCE_GID)).build());
    private final QueuePair a = rig.qp(QpType.UD, cqA, 8);
    private final QueuePair b = rig.qp(QpType.UD, cqB, 8);
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(8192);
    private final AddressHandle toSoft0 = rig.pd.createAddressHandle(rig.addressOf(rig.context));

    DatagramTest() {
        rig.toRtsUd(a, QKEY);
        rig.toRtsUd(b, QKEY);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private void send(int qpn, int qkey, int bytes, int imm) {
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED);
        if (imm != 0) {
            ops.sendWithImm(imm);
        } else {
            ops.send();
        }
        ops.setUdAddr(toSoft0, qpn, qkey).setSge(mrA.lkey(), mrA.address(), bytes);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
    }

    @Test
    void aDatagramArrivesBehindAGlobalRouteHeader() {
        Rig.fill(mrA.segment(), 9);
        Rig.postRecv(b, 5, mrB, 0, 40 + 1024);
        send(b.qpNum(), QKEY, 1024, 0x77);
        Wc received = Rig.poll(cqB);
        assertThat(received.wrId()).isEqualTo(5);
        assertThat(received.opcode()).isEqualTo(WcOpcode.RECV);
        assertThat(received.byteLen()).isEqualTo(40 + 1024);
        assertThat(received.srcQp()).isEqualTo(a.qpNum());
        assertThat(received.flags() & WcFlag.GRH.value()).isNotZero();
        assertThat(received.imm()).isEqualTo(0x77);
        assertThat(mrB.segment().asSlice(40, 1024).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 1024).toArray(ValueLayout.JAVA_BYTE));
        Gid sgid = Gid.read(mrB.segment(), 8);
        Gid dgid = Gid.read(mrB.segment(), 24);
        assertThat(sgid).isEqualTo(rig.context.queryGid(1, 0));
        assertThat(dgid).isEqualTo(rig.context.queryGid(1, 0));
        assertThat(mrB.segment().get(ValueLayout.JAVA_BYTE, 0) >>> 4).isEqualTo(6);
    }

    @Test
    void theSourceGidIsReportedOnlyForSendersWithoutAnAddressHandle() {
        try (Context other = new SoftProvider().devices().get(0).open()) {
            ProtectionDomain pd = other.allocateProtectionDomain();
            CompletionQueue cq = other.createCompletionQueue(CqInitAttributes.builder(8).wcFlags(Rig.ALL_FIELDS)
                    .extraFields(Set.of(ExtraCompletionField.SOURCE_GID)).build());
            QueuePair receiver = other.createQueuePair(QpInitAttributes.builder(QpType.UD, pd, cq,
                    new QpCapabilities(1, 4, 1, 1, 0)).build());
            rig.toRtsUd(receiver, QKEY);
            MemoryRegion buffer = pd.registerMemory(rig.arena.allocate(256), Set.of(AccessFlag.LOCAL_WRITE));
            Rig.postRecv(receiver, 1, buffer, 0, 100);
            Rig.postRecv(receiver, 2, buffer, 100, 100);
            MemorySegment gid = rig.arena.allocate(16);
            send(receiver.qpNum(), QKEY, 8, 0);
            assertThat(cq.startPoll()).isTrue();
            assertThat(cq.readSourceGid(gid)).as("the receiving context has no AH to the sender").isTrue();
            assertThat(Gid.read(gid, 0)).isEqualTo(rig.context.queryGid(1, 0));
            cq.endPoll();
            AddressHandle back = pd.createAddressHandle(rig.addressOf(rig.context));
            send(receiver.qpNum(), QKEY, 8, 0);
            assertThat(cq.startPoll()).isTrue();
            assertThat(cq.readSourceGid(gid)).as("now it has one").isFalse();
            cq.endPoll();
            back.close();
            receiver.close();
            buffer.close();
            cq.close();
            pd.close();
        }
    }

    @Test
    void aDatagramFromAnotherDeviceNamesItsSenderInTheGrhAndTheSourceGid() {
        Rig other = new Rig(1);
        CompletionQueue senderCq = other.cq(8);
        QueuePair sender = other.qp(QpType.UD, senderCq, 4);
        other.toRtsUd(sender, QKEY);
        MemoryRegion source = other.region(64);
        AddressHandle toSoft0FromSoft1 = other.pd.createAddressHandle(other.addressOf(rig.context));
        Rig.postRecv(b, 1, mrB, 0, 40 + 64);
        SendOps ops = sender.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setUdAddr(toSoft0FromSoft1, b.qpNum(), QKEY)
                .setSge(source.lkey(), source.address(), 64);
        ops.complete();
        assertThat(Rig.poll(senderCq).status()).isEqualTo(WcStatus.SUCCESS);
        Gid soft1 = other.context.queryGid(1, 0);
        MemorySegment gid = rig.arena.allocate(16);
        assertThat(cqB.startPoll()).isTrue();
        assertThat(cqB.readSrcQp()).isEqualTo(sender.qpNum());
        assertThat(cqB.readSourceGid(gid)).as("soft0 has no address handle to soft1").isTrue();
        cqB.endPoll();
        assertThat(soft1).isNotEqualTo(rig.context.queryGid(1, 0));
        assertThat(Gid.read(gid, 0)).as("the source GID").isEqualTo(soft1);
        assertThat(Gid.read(mrB.segment(), 8)).as("the GRH's source GID").isEqualTo(soft1);
        assertThat(Gid.read(mrB.segment(), 24)).as("the GRH's destination GID").isEqualTo(rig.context.queryGid(1, 0));
        other.close();
    }

    @Test
    void aWrongQkeyOrAMissingReceiveDropsTheDatagramSilently() {
        Rig.postRecv(b, 1, mrB, 0, 100);
        send(b.qpNum(), QKEY + 1, 8, 0);
        assertThat(Rig.empty(cqB)).as("a datagram with another Q_Key is dropped although a receive is posted")
                .isTrue();
        send(b.qpNum(), QKEY, 8, 0);
        assertThat(Rig.poll(cqB).wrId()).as("the receive the dropped datagram left posted").isEqualTo(1);
        send(b.qpNum(), QKEY, 8, 0);
        Rig.postRecv(b, 2, mrB, 0, 100);
        assertThat(Rig.empty(cqB)).as("a datagram that found no receive is not delivered later").isTrue();
        send(b.qpNum(), QKEY, 8, 0);
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(2);
    }

    @Test
    void aControlledQkeyUsesTheSendersOwnQkey() {
        Rig.postRecv(b, 1, mrB, 0, 100);
        send(b.qpNum(), 0x80000000, 8, 0);
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(1);
    }

    @Test
    void aDatagramLargerThanTheMtuIsALocalLengthError() {
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setUdAddr(toSoft0, b.qpNum(), QKEY).setSge(mrA.lkey(), mrA.address(), 4096);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
        MemoryRegion big = rig.region(8192);
        ops.start();
        ops.wrId(2).wrFlags(0).send().setUdAddr(toSoft0, b.qpNum(), QKEY).setSge(big.lkey(), big.address(), 4097);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.LOC_LEN_ERR);
    }

    @Test
    void multicastReachesEveryMemberAndAttachedQueuePairsCannotBeClosed() {
        Gid group = new Gid(0xff0e_0000_0000_0000L, 0x1234);
        QueuePair c = rig.qp(QpType.UD, cqB, 8);
        rig.toRtsUd(c, QKEY);
        b.attachMulticast(group, 0);
        c.attachMulticast(group, 0);
        Rig.postRecv(b, 1, mrB, 0, 100);
        Rig.postRecv(c, 2, mrB, 1000, 100);
        AddressHandle toGroup = rig.pd.createAddressHandle(org.verbs4j.AhAttributes.global(group, 0, 1));
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setUdAddr(toGroup, 0xffffff, QKEY).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(java.util.List.of(Rig.poll(cqB).wrId(), Rig.poll(cqB).wrId())).containsExactlyInAnyOrder(1L, 2L);
        assertThatThrownBy(c::close).isInstanceOf(BusyException.class);
        c.detachMulticast(group, 0);
        assertThatThrownBy(() -> c.detachMulticast(group, 0)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> b.attachMulticast(rig.context.queryGid(1, 0), 0))
                .isInstanceOf(InvalidArgumentException.class);
        c.close();
        b.detachMulticast(group, 0);
    }
}
