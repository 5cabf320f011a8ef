package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.XrcDomain;

/** XRC as rdma-core's XRCResources build it: a domain, an XRC SRQ with its own CQ, XRC_RECV and XRC_SEND. */
class XrcTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final CompletionQueue sendCq = rig.cq(64);
    private final CompletionQueue srqCq = rig.cq(64);
    private final XrcDomain xrcd = rig.context.openXrcDomain();
    private final SharedReceiveQueue srq = rig.context.createSharedReceiveQueue(
            SrqInitAttributes.xrc(rig.pd, xrcd, srqCq, 16, 1));
    private final QueuePair receiver = rig.context.createQueuePair(QpInitAttributes.xrcRecv(xrcd).build());
    private final QueuePair sender = rig.context.createQueuePair(QpInitAttributes.xrcSend(rig.pd, sendCq,
            new QpCapabilities(16, 0, 1, 0, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
    private final MemoryRegion source = rig.region(4096);
    private final MemoryRegion target = rig.region(4096);

    XrcTest() {
        rig.connect(receiver, sender, EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ), 7);
        rig.connect(sender, receiver, EnumSet.noneOf(AccessFlag.class), 7);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private void send(long wrId, int srqNum, int length) {
        SendOps ops = sender.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED).send().setXrcSrqn(srqNum).setSge(source.lkey(), source.address(), length);
        ops.complete();
    }

    @Test
    void aSendAddressedToTheSrqNumberLandsInTheSrqAndCompletesOnItsCq() {
        Rig.fill(source.segment(), 3);
        ReceiveRequest request = new ReceiveRequest(1).wrId(77);
        request.sgList().add(target, 0, 1024);
        srq.postReceive(request);

        send(5, srq.srqNum(), 700);

        assertThat(Rig.poll(sendCq)).extracting(Wc::wrId, Wc::status, Wc::opcode)
                .containsExactly(5L, WcStatus.SUCCESS, WcOpcode.SEND);
        assertThat(Rig.poll(srqCq)).isEqualTo(new Wc(77, WcStatus.SUCCESS, WcOpcode.RECV, 700, 0,
                receiver.qpNum(), sender.qpNum(), 0));
        assertThat(target.segment().asSlice(0, 700).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(source.segment().asSlice(0, 700).toArray(ValueLayout.JAVA_BYTE));
        assertThat(receiver.recvCq()).isNull();
        assertThat(receiver.protectionDomain()).isNull();
    }

    @Test
    void oneXrcRecvQueuePairDeliversToEachSrqOfItsDomainAndItsCq() {
        CompletionQueue otherCq = rig.cq(16);
        SharedReceiveQueue other = rig.context.createSharedReceiveQueue(SrqInitAttributes.xrc(rig.pd, xrcd, otherCq,
                16, 1));
        for (int i = 0; i < 4; i++) {
            SharedReceiveQueue addressed = i % 2 == 0 ? srq : other;
            ReceiveRequest request = new ReceiveRequest(1).wrId(50 + i);
            request.sgList().add(target, 64L * i, 64);
            addressed.postReceive(request);

            send(i, addressed.srqNum(), 8 + i);

            assertThat(Rig.poll(sendCq).status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(Rig.poll(i % 2 == 0 ? srqCq : otherCq)).extracting(Wc::wrId, Wc::byteLen, Wc::qpNum)
                    .containsExactly(50L + i, 8 + i, receiver.qpNum());
            assertThat(Rig.empty(i % 2 == 0 ? otherCq : srqCq)).isTrue();
        }
    }

    @Test
    void aSendBeforeAnyReceiveWaitsForTheSrq() {
        send(8, srq.srqNum(), 16);
        assertThat(Rig.empty(sendCq)).as("RNR: the SRQ has no receive yet").isTrue();
        ReceiveRequest request = new ReceiveRequest(1).wrId(9);
        request.sgList().add(target, 0, 64);
        srq.postReceive(request);
        assertThat(Rig.poll(sendCq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(srqCq)).extracting(Wc::wrId, Wc::byteLen).containsExactly(9L, 16);
    }

    @Test
    void anUnknownSrqNumberIsAnInvalidRequest() {
        send(6, srq.srqNum() + 1000, 8);
        assertThat(Rig.poll(sendCq).status()).isEqualTo(WcStatus.REM_INV_REQ_ERR);
        assertThat(receiver.state()).as("an invalid request stops the responder").isEqualTo(QpState.ERR);
    }

    @Test
    void anSrqOfAnotherXrcDomainIsAnInvalidRequest() {
        XrcDomain otherDomain = rig.context.openXrcDomain();
        SharedReceiveQueue foreign = rig.context.createSharedReceiveQueue(SrqInitAttributes.xrc(rig.pd, otherDomain,
                srqCq, 4, 1));
        ReceiveRequest request = new ReceiveRequest(1).wrId(3);
        request.sgList().add(target, 0, 64);
        foreign.postReceive(request);
        send(7, foreign.srqNum(), 8);
        assertThat(Rig.poll(sendCq).status()).isEqualTo(WcStatus.REM_INV_REQ_ERR);
        assertThat(Rig.empty(srqCq)).isTrue();
        assertThat(receiver.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void everyRequestOfAnXrcSendQueuePairNeedsTheSrqNumber() {
        SendOps ops = sender.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).send().setSge(source.lkey(), source.address(), 8);
        assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("ibv_wr_set_xrc_srqn");
    }

    @Test
    void theDomainIsBusyWhileItsQueuesLiveAndOnlyXrcQueuesHaveNumbers() {
        assertThatThrownBy(xrcd::close).isInstanceOf(BusyException.class);
        SharedReceiveQueue basic = rig.context.createSharedReceiveQueue(SrqInitAttributes.basic(rig.pd, 4, 1));
        assertThatThrownBy(basic::srqNum).isInstanceOf(UnsupportedVerbException.class);
        receiver.close();
        srq.close();
        xrcd.close();
        assertThat(xrcd.isClosed()).isTrue();
    }

    @Test
    void xrcQueuePairsHaveNoReceiveQueueAndTakeOnlyTheirOwnObjects() {
        ReceiveRequest request = new ReceiveRequest(1).wrId(1);
        assertThatThrownBy(() -> receiver.postReceive(request)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> sender.postReceive(request)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.xrcRecv(xrcd).sendCq(sendCq).build()))
                .isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createQueuePair(QpInitAttributes.xrcSend(rig.pd, sendCq,
                new QpCapabilities(1, 0, 1, 0, 0)).xrcDomain(xrcd).build())).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> rig.context.createSharedReceiveQueue(SrqInitAttributes.xrc(rig.pd, xrcd, null, 4, 1)))
                .isInstanceOf(InvalidArgumentException.class);
    }
}
