package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqType;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.XrcDomain;

/**
 * XRC as rdma-core's {@code XRCResources} (tests/base.py) builds it and {@code test_xrc_traffic_cq_ex} /
 * {@code test_qp_ex_xrc_send} drive it: an XRC domain ({@code ibv_open_xrcd}), an XRC SRQ with its own
 * extended CQ, XRC_RECV queue pairs with only the domain, XRC_SEND queue pairs with a PD and a send CQ,
 * connected pairwise, and SENDs addressed to the SRQ by its number ({@code ibv_wr_set_xrc_srqn}).
 */
@TckArea("XRC")
public abstract class XrcVerification extends AreaVerification {

    private static final int MESSAGE = 256;
    private static final int MESSAGES_PER_PAIR = 4;

    private ProtectionDomain pd;
    private ProtectionDomain senderPd;
    private XrcDomain xrcd;
    private CompletionQueue srqCq;
    private SharedReceiveQueue srq;

    /** Creates the area. */
    protected XrcVerification() {
    }

    @BeforeEach
    final void openDomainAndSrq() {
        xrcd = requireAndCreate(Capability.XRC, "ibv_open_xrcd", () -> receiving().openXrcDomain());
        pd = protectionDomain(Side.RESPONDER);
        senderPd = protectionDomain();
        srqCq = track(receiving().createCompletionQueue(CqInitAttributes.builder(64).wcFlags(EnumSet.of(
                CompletionField.BYTE_LEN, CompletionField.QP_NUM)).build()));
        srq = track(receiving().createSharedReceiveQueue(SrqInitAttributes.xrc(pd, xrcd, srqCq, 64, 1)));
    }

    /**
     * @return the context of the receiving side (the XRC domain, its SRQs and XRC_RECV QPs, the memory they reach):
     *     the responder end's; the XRC_SEND QPs are the requester end's
     */
    private Context receiving() {
        return context(Side.RESPONDER);
    }

    /** An XRC_SEND queue pair connected to an XRC_RECV queue pair of the domain, both in RTS. */
    private record XrcPair(QueuePair sender, CompletionQueue sendCq, QueuePair receiver) {
    }

    private XrcPair connectedPair() {
        return connectedPair(EnumSet.of(SendOpsFlag.SEND));
    }

    private XrcPair connectedPair(Set<SendOpsFlag> operations) {
        CompletionQueue sendCq = completionQueue(64);
        QpInitAttributes senderAttributes = QpInitAttributes.xrcSend(senderPd, sendCq,
                new QpCapabilities(16, 0, 1, 0, 0))
                .sendOpsFlags(operations).build();
        loopback().requireType(senderAttributes);
        loopback().requireActivePort();
        QueuePair receiver = track(receiving().createQueuePair(QpInitAttributes.xrcRecv(xrcd).build()));
        QueuePair sender = queuePair(senderAttributes);
        loopback().toRts(receiver, sender);
        loopback().toRts(sender, receiver);
        return new XrcPair(sender, sendCq, receiver);
    }

    @Test
    @DisplayName("test_xrc_traffic_cq_ex / test_qp_ex_xrc_send: SENDs of two XRC_SEND QPs, addressed with "
            + "ibv_wr_set_xrc_srqn, land in the XRC SRQ byte for byte and complete on its CQ")
    void sendsReachTheSrqTheyAddress() {
        List<XrcPair> pairs = List.of(connectedPair(), connectedPair());
        MemoryRegion mr = openMemoryRegion(pd, MESSAGE * 2);
        MemoryRegion source = openMemoryRegion(senderPd, MESSAGE);
        for (int i = 0; i < MESSAGES_PER_PAIR * pairs.size(); i++) {
            XrcPair pair = pairs.get(i % pairs.size());
            byte[] payload = Payloads.pattern(i + 1, MESSAGE);
            Payloads.write(source.segment(), 0, payload);
            WorkRequests.receive(srq, 100 + i, mr, MESSAGE, MESSAGE);
            WorkRequests.sendXrc(pair.sender(), i, srq.srqNum(), source, 0, MESSAGE);
            Completion sent = Completions.awaitOne(pair.sendCq(), environment().completionTimeout(), "XRC SEND " + i);
            assertEquals(WcStatus.SUCCESS, sent.status(), "XRC SEND " + i + " to SRQ number " + srq.srqNum() + ": "
                    + sent);
            Completion received = Completions.awaitOne(srqCq, environment().completionTimeout(), "XRC receive " + i);
            int index = i;
            assertAll(() -> assertEquals(WcOpcode.SEND, sent.opcode(), "send opcode"),
                    () -> assertEquals(index, sent.wrId(), "send wr_id"),
                    () -> assertEquals(WcStatus.SUCCESS, received.status(), "receive status"),
                    () -> assertEquals(WcOpcode.RECV, received.opcode(), "receive opcode"),
                    () -> assertEquals(100 + index, received.wrId(), "receive wr_id: the SRQ's request"),
                    () -> assertEquals(MESSAGE, received.byteLen(), "byte_len"),
                    () -> assertEquals(pair.receiver().qpNum(), received.qpNum(), "qp_num: the XRC_RECV QP"),
                    () -> Payloads.assertPayload(mr.segment(), MESSAGE, payload, "message " + index));
        }
        Completions.assertNone(srqCq, environment().completionTimeout().dividedBy(10), "every receive was polled");
    }

    @Test
    @DisplayName("XRC annex: an RDMA WRITE and an RDMA READ of an XRC_SEND QP, addressed to the XRC SRQ, reach "
            + "memory of the SRQ's protection domain through the XRC_RECV QP, byte for byte")
    void writesAndReadsReachTheSrqsDomain() {
        XrcPair pair = connectedPair(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_READ));
        MemoryRegion local = openMemoryRegion(senderPd, MESSAGE * 2);
        MemoryRegion remote = openMemoryRegion(pd, MESSAGE);
        byte[] written = Payloads.pattern(7, MESSAGE);
        Payloads.write(local.segment(), 0, written);
        postXrc(pair.sender(), 1, ops -> ops.rdmaWrite(remote.rkey(), remote.address()), local, 0);
        Completion write = Completions.awaitOne(pair.sendCq(), environment().completionTimeout(), "XRC RDMA WRITE");
        assertEquals(WcStatus.SUCCESS, write.status(), "XRC RDMA WRITE: " + write);
        Payloads.assertPayload(remote.segment(), 0, written, "the written region");
        postXrc(pair.sender(), 2, ops -> ops.rdmaRead(remote.rkey(), remote.address()), local, MESSAGE);
        Completion read = Completions.awaitOne(pair.sendCq(), environment().completionTimeout(), "XRC RDMA READ");
        assertAll(() -> assertEquals(WcStatus.SUCCESS, read.status(), "XRC RDMA READ: " + read),
                () -> assertEquals(WcOpcode.RDMA_READ, read.opcode(), "read opcode"),
                () -> Payloads.assertPayload(local.segment(), MESSAGE, written, "the read-back"));
        Completions.assertNone(srqCq, environment().completionTimeout().dividedBy(10), "no receive consumed");
    }

    private void postXrc(QueuePair sender, long wrId, Consumer<SendOps> operation,
            MemoryRegion local, long offset) {
        SendOps ops = sender.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags((int) SendFlag.SIGNALED.value());
        operation.accept(ops);
        ops.setXrcSrqn(srq.srqNum()).setSge(local.lkey(), local.address() + offset, MESSAGE);
        ops.complete();
    }

    @Test
    @DisplayName("XRC annex: a SEND addressed to an XRC SRQ of another XRC domain than the XRC_RECV QP's is an "
            + "invalid request: the sender completes REM_INV_REQ_ERR and that SRQ receives nothing")
    void anSrqOfAnotherDomainIsAnInvalidRequest() {
        XrcPair pair = connectedPair();
        XrcDomain otherDomain = track(receiving().openXrcDomain());
        CompletionQueue otherCq = completionQueue(Side.RESPONDER, 16);
        SharedReceiveQueue foreign = track(receiving().createSharedReceiveQueue(SrqInitAttributes.xrc(pd,
                otherDomain, otherCq, 16, 1)));
        MemoryRegion mr = openMemoryRegion(pd, MESSAGE);
        MemoryRegion source = openMemoryRegion(senderPd, MESSAGE);
        WorkRequests.receive(foreign, 1, mr, 0, MESSAGE);
        WorkRequests.sendXrc(pair.sender(), 2, foreign.srqNum(), source, 0, MESSAGE);
        Completion sent = Completions.awaitOne(pair.sendCq(), environment().completionTimeout(),
                "XRC SEND to an SRQ of another domain");
        assertEquals(WcStatus.REM_INV_REQ_ERR, sent.status(), "XRC SEND to SRQ number " + foreign.srqNum()
                + " of another XRC domain: " + sent);
        Completions.assertNone(otherCq, environment().completionTimeout().dividedBy(10), "that SRQ's CQ");
    }

    @Test
    @DisplayName("ibv_create_qp_ex(3): an XRC_RECV QP has only its XRC domain, an XRC_SEND QP no receive side")
    void xrcQueuePairsHaveTheirOwnShape() {
        XrcPair pair = connectedPair();
        assertAll(() -> assertEquals(QpType.XRC_RECV, pair.receiver().type()),
                () -> assertNull(pair.receiver().protectionDomain(), "XRC_RECV pd"),
                () -> assertNull(pair.receiver().sendCq(), "XRC_RECV send_cq"),
                () -> assertNull(pair.receiver().recvCq(), "XRC_RECV recv_cq"),
                () -> assertEquals(QpType.XRC_SEND, pair.sender().type()),
                () -> assertSame(senderPd, pair.sender().protectionDomain(), "XRC_SEND pd"),
                () -> assertSame(pair.sendCq(), pair.sender().sendCq(), "XRC_SEND send_cq"),
                () -> assertNull(pair.sender().recvCq(), "XRC_SEND recv_cq"),
                () -> assertEquals(SrqType.XRC, srq.type()),
                () -> assertThrows(InvalidArgumentException.class, () -> WorkRequests.receive(pair.receiver(), 1,
                        openMemoryRegion(pd, 64), 0, 64), "ibv_post_recv on XRC_RECV: it has no receive queue"));
    }

    @Test
    @DisplayName("ibv_get_srq_num(3): every XRC SRQ has its own 24-bit number")
    void srqNumbersAreDistinct() {
        CompletionQueue otherCq = completionQueue(Side.RESPONDER, 4);
        SharedReceiveQueue other = track(receiving().createSharedReceiveQueue(
                SrqInitAttributes.xrc(pd, xrcd, otherCq, 4, 1)));
        int first = srq.srqNum();
        int second = other.srqNum();
        assertAll(() -> assertNotEquals(first, second),
                () -> assertTrue((first & ~0xffffff) == 0, "24 bits: " + first),
                () -> assertTrue((second & ~0xffffff) == 0, "24 bits: " + second));
    }

    @Test
    @DisplayName("ibv_close_xrcd(3): the domain is busy (EBUSY) while an XRC SRQ or XRC_RECV QP uses it")
    void theDomainIsBusyWhileUsed() {
        XrcPair pair = connectedPair();
        assertThrows(BusyException.class, xrcd::close, "close with an XRC SRQ and an XRC_RECV QP");
        pair.receiver().close();
        assertThrows(BusyException.class, xrcd::close, "close with an XRC SRQ");
        srq.close();
        xrcd.close();
        assertTrue(xrcd.isClosed());
    }
}
