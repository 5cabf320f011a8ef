package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AddressHandle;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The portable EFA-style completion fields ({@code efadv_create_cq(3)}): the source GID of a sender
 * whose address handle is unknown, and whether a receive is unsolicited. A provider either produces them
 * or refuses the completion queue that asks for them.
 */
@TckArea("portable EFA-style fields")
public abstract class ExtraCompletionFieldVerification extends AreaVerification {

    /** Creates the area. */
    protected ExtraCompletionFieldVerification() {
    }

    /** @return a completion queue of the receiving end's context with {@code field}, or an abort as unsupported */
    private CompletionQueue extraCq(ExtraCompletionField field, Capability capability) {
        CqInitAttributes attributes = CqInitAttributes.builder(64).extraFields(Set.of(field)).build();
        CompletionQueue cq = requireAndCreate(capability, "efadv_create_cq(" + field.cName() + ")",
                () -> context(Side.RESPONDER).createCompletionQueue(attributes));
        assertEquals(Set.of(field), cq.extraFields(), "the extra fields of the CQ");
        return cq;
    }

    /** EFADV_WC_EX_WITH_SGID. */
    @Nested
    @DisplayName("EFADV_WC_EX_WITH_SGID")
    class SourceGid {

        @Test
        @DisplayName("efadv_create_cq(3): the receive of a sender with no address handle here carries its GID")
        void unknownSenderGid() {
            CompletionQueue cq = extraCq(ExtraCompletionField.SOURCE_GID, Capability.CQ_SOURCE_GID);
            loopback().requireType(loopback().udAttributes(protectionDomain(), completionQueue(16)).build());
            loopback().requireActivePort();
            ProtectionDomain pd = protectionDomain(Side.RESPONDER);
            QpInitAttributes attributes = loopback().udAttributes(pd, completionQueue(Side.RESPONDER, 16)).recvCq(cq)
                    .build();
            QueuePair receiver = track(context(Side.RESPONDER).createQueuePair(attributes));
            loopback().toRtsUd(receiver);
            MemoryRegion target = openMemoryRegion(pd, Loopback.GRH_SIZE + 16);
            WorkRequests.receive(receiver, 1, target, 0, Loopback.GRH_SIZE + 16);
            Gid senderGid = sendFromAnotherContext(receiver.qpNum());
            MemorySegment gid = memory(16);
            awaitReadable(cq);
            try {
                assertEquals(WcStatus.SUCCESS, cq.status());
                assertTrue(cq.readSourceGid(gid), "efadv_wc_read_sgid: the sender's address handle is unknown here");
            } finally {
                cq.endPoll();
            }
            assertEquals(senderGid, Gid.read(gid, 0), "the source GID");
        }

        /**
         * Sends 16 bytes to the responder's port from a UD QP of a second context of the requester's device, whose
         * address handle the receiver cannot know.
         */
        private Gid sendFromAnotherContext(int remoteQpn) {
            Context other = track(context().device().open());
            ProtectionDomain pd = track(other.allocateProtectionDomain());
            CompletionQueue cq = track(other.createCompletionQueue(CqInitAttributes.builder(16).build()));
            QpInitAttributes attributes = loopback().udAttributes(pd, cq).build();
            QueuePair sender = track(other.createQueuePair(attributes));
            loopback().toRtsUd(sender);
            AddressHandle ah = track(pd.createAddressHandle(loopback().addressOf(Side.RESPONDER)));
            MemoryRegion mr = track(pd.registerMemory(memory(16), Set.of()));
            WorkRequests.sendUd(sender, 1, ah, remoteQpn, mr, 0, 16);
            Completions.awaitSuccess(cq, environment().completionTimeout(), "the UD SEND");
            return other.queryGid(environment().portNum(), environment().gidIndex());
        }
    }

    /** EFADV_WC_EX_WITH_IS_UNSOLICITED. */
    @Nested
    @DisplayName("EFADV_WC_EX_WITH_IS_UNSOLICITED")
    class Unsolicited {

        @Test
        @DisplayName("efadv_create_cq(3): a receive that consumed a posted receive request is not unsolicited")
        void ordinaryReceiveIsSolicited() {
            CompletionQueue cq = extraCq(ExtraCompletionField.UNSOLICITED, Capability.CQ_UNSOLICITED);
            QueuePairs pairs = loopback().rc(receivingInto(cq, UnaryOperator.identity()));
            MemoryRegion source = openMemoryRegion(pairs.pd(), 16);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 16);
            WorkRequests.receive(pairs.responder(), 1, target, 0, 16);
            WorkRequests.send(pairs.requester(), 1, source, 0, 16);
            awaitReadable(cq);
            try {
                assertAll(() -> assertEquals(WcStatus.SUCCESS, cq.status()),
                        () -> assertFalse(cq.readIsUnsolicited(), "efadv_wc_is_unsolicited"));
            } finally {
                cq.endPoll();
            }
        }
    }

    /** The QP option under which an RDMA_WRITE_WITH_IMM needs no receive request. */
    @Nested
    @DisplayName("EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV")
    class UnsolicitedWrite {

        private static final int SIZE = 32;

        @Test
        @DisplayName("efadv_create_qp_ex(3): with UNSOLICITED_WRITE_RECV an RDMA_WRITE_WITH_IMM consumes no "
                + "receive request and its completion is unsolicited")
        void writeWithImmediateNeedsNoReceive() {
            CompletionQueue cq = extraCq(ExtraCompletionField.UNSOLICITED, Capability.CQ_UNSOLICITED);
            requireCapability(Capability.QP_UNSOLICITED_WRITE_RECV, "efadv_create_qp_ex(UNSOLICITED_WRITE_RECV)",
                    () -> context().createQueuePair(loopback().connectedAttributes(QpType.RC, protectionDomain(),
                            completionQueue(16)).unsolicitedWriteRecv(true).build()));
            QueuePairs pairs = loopback().rc(receivingInto(cq, builder -> builder.unsolicitedWriteRecv(true)));
            MemoryRegion source = openMemoryRegion(pairs.pd(), SIZE);
            Payloads.write(source.segment(), 0, Payloads.pattern(7, SIZE));
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.rdmaWriteWithImm(pairs.requester(), 1, target.rkey(), target.address(), 0x5eed, source, 0,
                    SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), environment().completionTimeout(), "the RDMA_WRITE_WITH_IMM");
            awaitReadable(cq);
            try {
                assertAll(() -> assertEquals(WcStatus.SUCCESS, cq.status()),
                        () -> assertEquals(WcOpcode.RECV_RDMA_WITH_IMM, cq.readOpcode()),
                        () -> assertEquals(0x5eed, cq.readImmData(), "imm_data"),
                        () -> assertTrue(cq.readIsUnsolicited(), "efadv_wc_is_unsolicited"));
            } finally {
                cq.endPoll();
            }
            Payloads.assertPayload(target.segment(), 0, Payloads.pattern(7, SIZE), "the RDMA-written payload");
        }
    }

    /**
     * @param cq the receive completion queue of the responder, of its context
     * @param both what both ends get
     * @return a customizer that gives both ends {@code both} and the responder {@code cq}
     */
    private static PairCustomizer receivingInto(CompletionQueue cq, UnaryOperator<QpInitAttributes.Builder> both) {
        return (side, builder) -> side == Side.RESPONDER ? both.apply(builder).recvCq(cq) : both.apply(builder);
    }

    /** Opens a batch on the first completion of {@code cq}. */
    private void awaitReadable(CompletionQueue cq) {
        long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
        while (!cq.startPoll()) {
            assertTrue(System.nanoTime() - deadline < 0, "no completion within "
                    + environment().completionTimeout().toMillis() + " ms");
            Thread.onSpinWait();
        }
    }
}
