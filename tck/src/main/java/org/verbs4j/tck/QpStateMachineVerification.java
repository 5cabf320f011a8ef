package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.WcStatus;

/**
 * The queue pair state machine of {@code ibv_modify_qp(3)} as the kernel enforces it
 * ({@code ib_modify_qp_is_ok}, reference D.8): valid transitions, required and allowed attributes,
 * nothing changed by a refused modify, and what RESET and ERR do to posted requests.
 */
@TckArea("QP state machine")
public abstract class QpStateMachineVerification extends AreaVerification {

    private CompletionQueue cq;
    private QueuePair rc;

    /** Creates the area. */
    protected QpStateMachineVerification() {
    }

    @BeforeEach
    final void createRcQueuePair() {
        cq = completionQueue(64);
        QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, protectionDomain(), cq).build();
        loopback().requireType(attributes);
        rc = queuePair(attributes);
    }

    private void assertRefused(QpAttributes attributes, QpState unchanged, String rule) {
        assertThrows(InvalidArgumentException.class, () -> rc.modify(attributes), rule);
        assertEquals(unchanged, rc.query(Set.of(QpAttrMask.STATE)).qpState(),
                "ibv_modify_qp(3) NOTES: a refused modify changes nothing, including the state");
    }

    private void toInit() {
        rc.modify(loopback().initAttributes(QpType.RC));
    }

    private void advanceTo(QpState state) {
        toInit();
        if (state != QpState.INIT) {
            rc.modify(loopback().rtrAttributes(QpType.RC, rc.qpNum()));
        }
        if (state == QpState.RTS) {
            rc.modify(loopback().rtsAttributes(QpType.RC));
        }
    }

    private void toRtr() {
        toInit();
        rc.modify(loopback().rtrAttributes(QpType.RC, rc.qpNum()));
    }

    /** The transitions and their attribute masks. */
    @Nested
    @DisplayName("transitions")
    class Transitions {

        @Test
        @DisplayName("ibv_modify_qp(3): RESET, INIT, RTR, RTS with exactly the required attributes; query agrees")
        void resetToRts() {
            toRtr();
            rc.modify(loopback().rtsAttributes(QpType.RC));
            QpAttributes queried = rc.query(EnumSet.of(QpAttrMask.STATE, QpAttrMask.DEST_QPN, QpAttrMask.PORT));
            assertAll(() -> assertEquals(QpState.RTS, queried.qpState(), "qp_state"),
                    () -> assertEquals(QpState.RTS, rc.state(), "QueuePair.state()"),
                    () -> assertEquals(rc.qpNum(), queried.destQpNum(), "dest_qp_num"),
                    () -> assertEquals(environment().portNum(), queried.portNum(), "port_num"));
        }

        @Test
        @DisplayName("ibv_query_qp(3): the queried caps are the QP's actual caps")
        void queryReturnsTheCaps() {
            QpAttributes queried = rc.query(Set.of(QpAttrMask.CAP));
            assertAll(() -> assertEquals(rc.capabilities().maxSendWr(), queried.cap().maxSendWr(), "max_send_wr"),
                    () -> assertEquals(rc.capabilities().maxRecvWr(), queried.cap().maxRecvWr(), "max_recv_wr"),
                    () -> assertEquals(rc.capabilities().maxSendSge(), queried.cap().maxSendSge(), "max_send_sge"));
        }

        @Test
        @DisplayName("qp_state_table: RESET to RTR skips INIT and is refused (EINVAL)")
        void resetToRtrIsInvalid() {
            assertRefused(loopback().rtrAttributes(QpType.RC, rc.qpNum()), QpState.RESET, "RESET to RTR");
        }

        @Test
        @DisplayName("qp_state_table: RESET to ERR is not a valid transition (EINVAL)")
        void resetToErrIsInvalid() {
            assertRefused(new QpAttributes().qpState(QpState.ERR), QpState.RESET, "RESET to ERR");
        }

        @Test
        @DisplayName("ibv_modify_qp(3): RESET to INIT without the required PORT is refused (EINVAL)")
        void missingRequiredAttribute() {
            assertRefused(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0)
                    .qpAccessFlags(Set.of()), QpState.RESET, "RC RESET to INIT requires PKEY_INDEX, PORT, ACCESS_FLAGS");
        }

        @Test
        @DisplayName("ibv_modify_qp(3): an attribute the transition does not allow (QKEY on RC) is refused (EINVAL)")
        void disallowedAttribute() {
            assertRefused(loopback().initAttributes(QpType.RC).qkey(Loopback.QKEY), QpState.RESET,
                    "QKEY is not allowed for an RC RESET to INIT");
        }

        @Test
        @DisplayName("ibv_modify_qp(3): INIT to RTR of RC without DEST_QPN is refused (EINVAL)")
        void rtrNeedsDestination() {
            toInit();
            assertRefused(new QpAttributes().qpState(QpState.RTR).ahAttr(loopback().ownAddress())
                            .pathMtu(Mtu.MTU_1024).rqPsn(0).maxDestRdAtomic(1).minRnrTimer(12),
                    QpState.INIT, "RC INIT to RTR requires DEST_QPN");
        }

        @Test
        @DisplayName("qp_state_table: INIT, RTR, RTS and ERR each go to RESET, and INIT, RTR and RTS each go to ERR")
        void anyStateToResetAndErr() {
            for (QpState reached : List.of(QpState.INIT, QpState.RTR, QpState.RTS)) {
                advanceTo(reached);
                assertEquals(reached, rc.query(Set.of(QpAttrMask.STATE)).qpState(), "reached");
                rc.modify(new QpAttributes().qpState(QpState.RESET));
                assertEquals(QpState.RESET, rc.query(Set.of(QpAttrMask.STATE)).qpState(), "RESET from " + reached);
                advanceTo(reached);
                rc.modify(new QpAttributes().qpState(QpState.ERR));
                assertEquals(QpState.ERR, rc.query(Set.of(QpAttrMask.STATE)).qpState(), "ERR from " + reached);
                rc.modify(new QpAttributes().qpState(QpState.RESET));
                assertEquals(QpState.RESET, rc.query(Set.of(QpAttrMask.STATE)).qpState(), "RESET from ERR");
            }
        }

        @Test
        @DisplayName("ibv_modify_qp(3): UD RESET to INIT requires QKEY (EINVAL without it)")
        void udNeedsQkey() {
            QpInitAttributes attributes = loopback().udAttributes(protectionDomain(), cq).build();
            loopback().requireType(attributes);
            QueuePair ud = queuePair(attributes);
            assertThrows(InvalidArgumentException.class, () -> ud.modify(new QpAttributes().qpState(QpState.INIT)
                    .pkeyIndex(0).portNum(environment().portNum())));
            loopback().toRtsUd(ud);
            assertEquals(QpState.RTS, ud.query(Set.of(QpAttrMask.STATE)).qpState());
        }
    }

    /** What the states do to posted work requests. */
    @Nested
    @DisplayName("posting")
    class Posting {

        @Test
        @DisplayName("rxe, pyverbs: receives may be posted from INIT on; ERR flushes them")
        void receiveInInit() {
            toInit();
            MemoryRegion mr = openMemoryRegion(rc.protectionDomain(), 16);
            WorkRequests.receive(rc, 1, mr, 0, 16);
            assertEquals(QpState.INIT, rc.state());
            rc.modify(new QpAttributes().qpState(QpState.ERR));
            Completion flushed = Completions.awaitOne(cq, environment().completionTimeout(), "the receive posted in INIT, flushed");
            assertAll(() -> assertEquals(1, flushed.wrId(), "wr_id of the receive posted in INIT"),
                    () -> assertEquals(WcStatus.WR_FLUSH_ERR, flushed.status(), "status"));
        }

        @Test
        @DisplayName("ibv_post_send(3): a send in INIT or RTR is refused (EINVAL)")
        void sendBeforeRts() {
            MemoryRegion mr = openMemoryRegion(rc.protectionDomain(), 16);
            toInit();
            assertThrows(InvalidArgumentException.class, () -> WorkRequests.send(rc, 1, mr, 0, 16), "in INIT");
            rc.modify(loopback().rtrAttributes(QpType.RC, rc.qpNum()));
            assertThrows(InvalidArgumentException.class, () -> WorkRequests.send(rc, 1, mr, 0, 16), "in RTR");
        }

        @Test
        @DisplayName("reference D.8: moving to ERR flushes every posted receive with IBV_WC_WR_FLUSH_ERR")
        void errFlushesReceives() {
            toInit();
            MemoryRegion mr = openMemoryRegion(rc.protectionDomain(), 64);
            for (int i = 0; i < 3; i++) {
                WorkRequests.receive(rc, 10 + i, mr, 16L * i, 16);
            }
            rc.modify(new QpAttributes().qpState(QpState.ERR));
            List<Completion> flushed = Completions.await(cq, 3, environment().completionTimeout(), "3 flushed receives");
            assertAll(() -> assertEquals(List.of(10L, 11L, 12L), flushed.stream().map(Completion::wrId).toList()),
                    () -> assertEquals(List.of(WcStatus.WR_FLUSH_ERR, WcStatus.WR_FLUSH_ERR, WcStatus.WR_FLUSH_ERR),
                            flushed.stream().map(Completion::status).toList()));
        }

        @Test
        @DisplayName("reference D.8: moving to RESET discards posted receives without completions")
        void resetDiscardsReceives() {
            toInit();
            MemoryRegion mr = openMemoryRegion(rc.protectionDomain(), 16);
            WorkRequests.receive(rc, 1, mr, 0, 16);
            rc.modify(new QpAttributes().qpState(QpState.RESET));
            Completions.assertNone(cq, Duration.ofMillis(100), "a QP moved to RESET completes nothing");
        }
    }
}
