package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.MwType;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.VerbsException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Bad flows and error completions: the synchronous refusals rdma-core's pyverbs tests check
 * ({@code test_cq.py}, {@code test_cqex.py}, {@code test_qpex.py} bad flows) and the error statuses of
 * reference D.9 (remote access, RNR, local protection and length, flush after error).
 */
@TckArea("error completions")
public abstract class ErrorCompletionVerification extends AreaVerification {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    /** Creates the area. */
    protected ErrorCompletionVerification() {
    }

    private Duration timeout() {
        return environment().completionTimeout();
    }

    /** Refusals that are return codes, not completions. */
    @Nested
    @DisplayName("pyverbs bad flows")
    class BadFlows {

        @Test
        @DisplayName("test_create_cq_ex_bad_flow: cqe = max_cqe + 1 gives EINVAL")
        void cqeAboveMaximum() {
            int maxCqe = context().queryDevice().limits().maxCqe();
            assertThrows(InvalidArgumentException.class,
                    () -> completionQueue(CqInitAttributes.builder(maxCqe + 1).build()));
        }

        @Test
        @DisplayName("test_create_cq_ex_bad_flow: comp_vector = num_comp_vectors gives EINVAL")
        void compVectorOutOfRange() {
            assertThrows(InvalidArgumentException.class, () -> completionQueue(CqInitAttributes.builder(4)
                    .compVector(context().numCompVectors()).build()));
        }

        @Test
        @DisplayName("test_post_receive_qp_state_bad_flow: post_recv in RESET gives EINVAL")
        void receiveInReset() {
            QueuePair qp = resetQueuePair(Loopback.defaultCapabilities().maxRecvSge());
            MemoryRegion mr = openMemoryRegion(qp.protectionDomain(), 16);
            assertThrows(InvalidArgumentException.class, () -> WorkRequests.receive(qp, 1, mr, 0, 16));
        }

        @Test
        @DisplayName("test_post_send_qp_state_bad_flow: a send in RESET gives EINVAL")
        void sendInReset() {
            QueuePair qp = resetQueuePair(1);
            MemoryRegion mr = openMemoryRegion(qp.protectionDomain(), 16);
            assertThrows(InvalidArgumentException.class, () -> WorkRequests.send(qp, 1, mr, 0, 16));
        }

        @Test
        @DisplayName("test_full_rq_bad_flow: posting max_recv_wr + 1 receives gives ENOMEM for the extra one (bad_wr)")
        void fullReceiveQueue() {
            QueuePair qp = resetQueuePair(1);
            qp.modify(loopback().initAttributes(QpType.RC));
            MemoryRegion mr = openMemoryRegion(qp.protectionDomain(), 16);
            int capacity = qp.capabilities().maxRecvWr();
            for (int i = 0; i < capacity; i++) {
                WorkRequests.receive(qp, i, mr, 0, 16);
            }
            ReceiveRequest extra = WorkRequests.receiveRequest(capacity, mr, 0, 16);
            VerbsException refusal = assertThrows(OutOfResourcesException.class, () -> qp.postReceive(extra));
            assertSame(extra, refusal.failedRequest(), "bad_wr");
        }

        @Test
        @DisplayName("test_rq_with_larger_sgl_bad_flow: a receive with max_recv_sge + 1 SGEs gives EINVAL")
        void tooManyReceiveSges() {
            QueuePair qp = resetQueuePair(1);
            qp.modify(loopback().initAttributes(QpType.RC));
            MemoryRegion mr = openMemoryRegion(qp.protectionDomain(), 64);
            int maxSge = qp.capabilities().maxRecvSge();
            ReceiveRequest request = new ReceiveRequest(maxSge + 1).wrId(1);
            for (int i = 0; i <= maxSge; i++) {
                request.sgList().add(mr, i, 1);
            }
            assertThrows(InvalidArgumentException.class, () -> qp.postReceive(request));
        }

        @Test
        @DisplayName("test_full_sq_bad_flow: a batch of max_send_wr + 1 sends gives ENOMEM and posts nothing")
        void fullSendQueue() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 16);
            int capacity = pairs.requester().capabilities().maxSendWr();
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            for (int i = 0; i <= capacity; i++) {
                ops.wrId(i).wrFlags(SIGNALED).rdmaWrite(mr.rkey(), mr.address()).setSge(mr.lkey(), mr.address(), 8);
            }
            assertThrows(OutOfResourcesException.class, ops::complete);
            Completions.assertNone(pairs.requesterCq(), Duration.ofMillis(100), "ibv_wr_complete failed: nothing "
                    + "of the batch may be posted");
        }

        private QueuePair resetQueuePair(int recvSge) {
            CompletionQueue cq = completionQueue(64);
            QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, protectionDomain(), cq).build();
            loopback().requireType(attributes);
            QueuePair qp = queuePair(attributes);
            assertTrue(qp.capabilities().maxRecvSge() >= recvSge, "max_recv_sge");
            return qp;
        }
    }

    /** Remote access violations (reference D.9). */
    @Nested
    @DisplayName("remote access")
    class RemoteAccess {

        @Test
        @DisplayName("reference D.9: RDMA_WRITE to a region without REMOTE_WRITE completes with REM_ACCESS_ERR")
        void writeWithoutRemoteWrite() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            Payloads.write(local.segment(), 0, Payloads.pattern(9, 64));
            MemoryRegion target = memoryRegion(pairs.responderPd(), 64, EnumSet.of(AccessFlag.LOCAL_WRITE,
                    AccessFlag.REMOTE_READ));
            WorkRequests.rdmaWrite(pairs.requester(), 1, target.rkey(), target.address(), local, 0, 64);
            assertStatus(pairs.requesterCq(), WcStatus.REM_ACCESS_ERR, "RDMA_WRITE to a region without REMOTE_WRITE");
            Payloads.assertPayload(target.segment(), 0, new byte[64], "the protected region must stay untouched");
        }

        @Test
        @DisplayName("reference D.9: on an RC QP connected to itself, RDMA_WRITE to a region without REMOTE_WRITE "
                + "completes once, with REM_ACCESS_ERR; the next request and the posted receive are flushed")
        void writeWithoutRemoteWriteToItself() {
            ProtectionDomain pd = protectionDomain();
            CompletionQueue cq = completionQueue(16);
            QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, pd, cq).build();
            loopback().requireType(attributes);
            QueuePair qp = queuePair(attributes);
            loopback().toRts(qp, qp.qpNum());
            MemoryRegion local = openMemoryRegion(pd, 64);
            MemoryRegion target = memoryRegion(pd, 64, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ));
            WorkRequests.receive(qp, 10, local, 32, 8);
            WorkRequests.rdmaWrite(qp, 1, target.rkey(), target.address(), local, 0, 8);
            WorkRequests.send(qp, 2, 0, local, 0, 8);
            List<Completion> done = Completions.await(cq, 3, timeout(), "the write, the send after it and the "
                    + "receive (each once)");
            Completions.assertNone(cq, Duration.ofMillis(100), "a request completes once");
            assertAll(() -> assertEquals(List.of(1L, 2L), done.stream().filter(c -> c.wrId() != 10)
                            .map(Completion::wrId).toList(), "the send queue's completions, in order"),
                    () -> assertEquals(List.of(WcStatus.REM_ACCESS_ERR, WcStatus.WR_FLUSH_ERR), done.stream()
                            .filter(c -> c.wrId() != 10).map(Completion::status).toList(), "their statuses"),
                    () -> assertEquals(List.of(WcStatus.WR_FLUSH_ERR), done.stream().filter(c -> c.wrId() == 10)
                            .map(Completion::status).toList(), "the receive's"));
        }

        @Test
        @DisplayName("reference D.9: RDMA_READ of a region without REMOTE_READ completes with REM_ACCESS_ERR")
        void readWithoutRemoteRead() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = memoryRegion(pairs.responderPd(), 64, EnumSet.of(AccessFlag.LOCAL_WRITE,
                    AccessFlag.REMOTE_WRITE));
            WorkRequests.rdmaRead(pairs.requester(), 1, target.rkey(), target.address(), local, 0, 64);
            assertStatus(pairs.requesterCq(), WcStatus.REM_ACCESS_ERR, "RDMA_READ of a region without REMOTE_READ");
        }

        @Test
        @DisplayName("reference D.9: RDMA_WRITE beyond the end of the remote region completes with REM_ACCESS_ERR")
        void writeOutOfBounds() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64);
            WorkRequests.rdmaWrite(pairs.requester(), 1, target.rkey(), target.address() + 32, local, 0, 64);
            assertStatus(pairs.requesterCq(), WcStatus.REM_ACCESS_ERR, "RDMA_WRITE past the region's end");
        }

        @Test
        @DisplayName("reference D.9: RDMA_WRITE with an unknown rkey completes with REM_ACCESS_ERR")
        void unknownRkey() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64);
            WorkRequests.rdmaWrite(pairs.requester(), 1, target.rkey() ^ 0x5a5a00, target.address(), local, 0, 64);
            assertStatus(pairs.requesterCq(), WcStatus.REM_ACCESS_ERR, "RDMA_WRITE with an unknown rkey");
        }

        @Test
        @DisplayName("test_atomic bad flow: an atomic to a remote address that is not 8-byte aligned fails")
        void misalignedAtomic() {
            loopback().requireAtomics();
            QueuePairs pairs = loopback().rc();
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64);
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).atomicFetchAdd(target.rkey(), target.address() + 4,
                    1).setSge(mr.lkey(), mr.address() + 16, 8);
            try {
                ops.complete();
            } catch (InvalidArgumentException refusedAtPost) {
                assertEquals("ibv_wr_complete", refusedAtPost.operation(), "the verb that refused the atomic");
                return; // refused when posted, as a provider may
            }
            Completion done = Completions.awaitOne(pairs.requesterCq(), timeout(), "the misaligned fetch-and-add");
            assertNotEquals(WcStatus.SUCCESS, done.status(), () -> "a misaligned atomic succeeded: " + done);
        }

        @Test
        @DisplayName("test_qp_ex_rc_bind_mw: a write through a type-2 window that grants no write gives REM_ACCESS_ERR")
        void memoryWindowViolation() {
            ProtectionDomain probe = protectionDomain();
            requireCapability(Capability.MEMORY_WINDOW_TYPE_2, "ibv_alloc_mw(IBV_MW_TYPE_2)",
                    () -> probe.allocateMemoryWindow(MwType.TYPE_2));
            QueuePairs pairs = loopback().rc(builder -> builder.sendOpsFlags(EnumSet.of(SendOpsFlag.BIND_MW,
                    SendOpsFlag.RDMA_WRITE)));
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = memoryRegion(pairs.responderPd(), 64, EnumSet.of(AccessFlag.LOCAL_WRITE,
                    AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ, AccessFlag.MW_BIND));
            MemoryWindow window = track(pairs.responderPd().allocateMemoryWindow(MwType.TYPE_2));
            int rkey = (window.rkey() & ~0xff) | ((window.rkey() + 1) & 0xff);
            SendOps ops = pairs.responder().sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SIGNALED).bindMw(window, rkey,
                    new MwBindInfo(target, target.address(), 64, Set.of(AccessFlag.REMOTE_READ)));
            ops.complete();
            Completion bound = Completions.awaitOne(pairs.responderCq(), timeout(), "the BIND_MW");
            assertAll(() -> assertEquals(WcStatus.SUCCESS, bound.status(), "bind"),
                    () -> assertEquals(WcOpcode.BIND_MW, bound.opcode(), "bind opcode"),
                    () -> assertEquals(rkey, window.rkey(), "the window's rkey after the bind"));
            WorkRequests.rdmaWrite(pairs.requester(), 2, rkey, target.address(), local, 0, 64);
            assertStatus(pairs.requesterCq(), WcStatus.REM_ACCESS_ERR, "RDMA_WRITE through a read-only window");
        }

        @Test
        @DisplayName("SendOps: binding a closed window is a problem of the batch: ibv_wr_complete fails, nothing is "
                + "posted, and the QP goes on")
        void bindingAClosedWindow() {
            ProtectionDomain probe = protectionDomain();
            requireCapability(Capability.MEMORY_WINDOW_TYPE_2, "ibv_alloc_mw(IBV_MW_TYPE_2)",
                    () -> probe.allocateMemoryWindow(MwType.TYPE_2));
            QueuePairs pairs = loopback().rc(builder -> builder.sendOpsFlags(EnumSet.of(SendOpsFlag.BIND_MW,
                    SendOpsFlag.RDMA_WRITE)));
            MemoryRegion target = memoryRegion(pairs.responderPd(), 64, EnumSet.of(AccessFlag.LOCAL_WRITE,
                    AccessFlag.REMOTE_WRITE, AccessFlag.MW_BIND));
            MemoryRegion back = openMemoryRegion(pairs.pd(), 64);
            MemoryWindow window = pairs.responderPd().allocateMemoryWindow(MwType.TYPE_2);
            int rkey = (window.rkey() & ~0xff) | ((window.rkey() + 1) & 0xff);
            window.close();
            SendOps ops = pairs.responder().sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SIGNALED).bindMw(window, rkey,
                    new MwBindInfo(target, target.address(), 64, Set.of(AccessFlag.REMOTE_WRITE)));
            InvalidArgumentException refused = assertThrows(InvalidArgumentException.class, ops::complete,
                    "ibv_wr_complete of a batch that binds a closed window");
            assertEquals("ibv_wr_complete", refused.operation(), "the verb that failed");
            Completions.assertNone(pairs.responderCq(), Duration.ofMillis(100), "nothing of the discarded batch "
                    + "completes");
            WorkRequests.rdmaWrite(pairs.responder(), 2, back.rkey(), back.address() + 32, target, 0, 8);
            Completions.awaitSuccess(pairs.responderCq(), timeout(), "a write posted after the discarded batch");
        }
    }

    /** What happens after an error (reference D.8, D.9). */
    @Nested
    @DisplayName("after an error")
    class AfterAnError {

        @Test
        @DisplayName("reference D.8: after an error completion the QP is in ERR and later requests, unsignaled too, "
                + "complete with WR_FLUSH_ERR")
        void laterRequestsAreFlushed() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64);
            WorkRequests.rdmaWrite(pairs.requester(), 1, target.rkey() ^ 0x5a5a00, target.address(), local, 0, 8);
            WorkRequests.send(pairs.requester(), 2, SIGNALED, local, 0, 8);
            WorkRequests.send(pairs.requester(), 3, 0, local, 0, 8);
            List<Completion> done = Completions.await(pairs.requesterCq(), 3, timeout(), "the failed write and two "
                    + "flushed sends (an error flushes unsignaled requests too)");
            assertAll(() -> assertEquals(List.of(1L, 2L, 3L), done.stream().map(Completion::wrId).toList()),
                    () -> assertEquals(List.of(WcStatus.REM_ACCESS_ERR, WcStatus.WR_FLUSH_ERR, WcStatus.WR_FLUSH_ERR),
                            done.stream().map(Completion::status).toList()),
                    () -> assertEquals(QpState.ERR, pairs.requester().query(Set.of(QpAttrMask.STATE)).qpState()));
        }

        @Test
        @DisplayName("reference D.9: with no receive posted and rnr_retry 1, a SEND completes RNR_RETRY_EXC_ERR")
        void receiverNotReady() {
            QueuePairs pairs = loopback().rc();
            QueuePair requester = pairs.requester();
            requester.modify(new QpAttributes().qpState(QpState.RESET));
            requester.modify(loopback().initAttributes(QpType.RC));
            requester.modify(loopback().rtrAttributes(QpType.RC, pairs.responder()));
            requester.modify(loopback().rtsAttributes(QpType.RC).rnrRetry(1));
            pairs.responder().modify(new QpAttributes().qpState(QpState.RTS).minRnrTimer(1));
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 16);
            WorkRequests.send(pairs.requester(), 1, mr, 0, 16);
            assertStatus(pairs.requesterCq(), WcStatus.RNR_RETRY_EXC_ERR, "a SEND nobody posted a receive for");
        }

        @Test
        @DisplayName("reference D.8: a receive posted after the QP entered ERR by itself (RNR_RETRY_EXC_ERR) "
                + "completes with WR_FLUSH_ERR")
        void receivePostedAfterAnErrorIsFlushed() {
            QueuePairs pairs = loopback().rc();
            QueuePair requester = pairs.requester();
            requester.modify(new QpAttributes().qpState(QpState.RESET));
            requester.modify(loopback().initAttributes(QpType.RC));
            requester.modify(loopback().rtrAttributes(QpType.RC, pairs.responder()));
            requester.modify(loopback().rtsAttributes(QpType.RC).rnrRetry(1));
            pairs.responder().modify(new QpAttributes().qpState(QpState.RTS).minRnrTimer(1));
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 32);
            WorkRequests.send(requester, 1, mr, 0, 16);
            assertStatus(pairs.requesterCq(), WcStatus.RNR_RETRY_EXC_ERR, "a SEND nobody posted a receive for");
            assertEquals(QpState.ERR, requester.query(Set.of(QpAttrMask.STATE)).qpState(), "the requester's state");
            WorkRequests.receive(requester, 2, mr, 16, 16);
            Completion flushed = Completions.awaitOne(pairs.requesterCq(), timeout(), "the receive posted in ERR, "
                    + "without a modify to ERR");
            assertAll(() -> assertEquals(2, flushed.wrId(), "wr_id"),
                    () -> assertEquals(WcStatus.WR_FLUSH_ERR, flushed.status(), "status"));
        }

        @Test
        @DisplayName("reference D.9: a SEND from an unknown lkey completes with LOC_PROT_ERR")
        void badLkey() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 16);
            MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), 16);
            WorkRequests.receive(pairs.responder(), 1, inbox, 0, 16);
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SIGNALED).send().setSge(mr.lkey() ^ 0x5a5a00, mr.address(), 16);
            ops.complete();
            assertStatus(pairs.requesterCq(), WcStatus.LOC_PROT_ERR, "a SEND gathering from an unknown lkey");
        }

        @Test
        @DisplayName("reference D.9: a message larger than the receive: responder LOC_LEN_ERR or REM_INV_REQ_ERR, "
                + "requester REM_INV_REQ_ERR")
        void receiveTooSmall() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 64);
            MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), 64);
            WorkRequests.receive(pairs.responder(), 1, inbox, 0, 8);
            WorkRequests.send(pairs.requester(), 2, mr, 0, 64);
            Completion responder = Completions.awaitOne(pairs.responderCq(), timeout(), "the too-small receive");
            assertTrue(Set.of(WcStatus.LOC_LEN_ERR, WcStatus.REM_INV_REQ_ERR).contains(responder.status()),
                    () -> "responder status " + responder.status());
            assertStatus(pairs.requesterCq(), WcStatus.REM_INV_REQ_ERR, "a SEND larger than the remote receive");
        }
    }

    private void assertStatus(CompletionQueue cq, WcStatus expected, String what) {
        Completion completion = Completions.awaitOne(cq, timeout(), what);
        assertEquals(expected, completion.status(), () -> what + ": " + completion);
    }
}
