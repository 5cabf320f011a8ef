package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.verbs4j.AccessFlag;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Gid;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.TmInfo;
import org.verbs4j.VerbsObject;

/**
 * Lifetimes and misuse ({@link VerbsObject}): use after close, double close, closing a parent with live
 * children, destroying a QP attached to a multicast group ({@code ibv_create_qp_ex(3)} NOTES) and reading a
 * completion field that was not requested ({@code ibv_create_cq_ex(3)}). On a native provider each of
 * these would crash or corrupt the process; Verbs4J turns them into clear exceptions.
 */
@TckArea("lifetimes and misuse")
public abstract class LifetimeVerification extends AreaVerification {

    /** Creates the area. */
    protected LifetimeVerification() {
    }

    /** Use after close and double close. */
    @Nested
    @DisplayName("closed objects")
    class ClosedObjects {

        @Test
        @DisplayName("VerbsObject: closing an MR, a CQ, a PD or a context twice throws ClosedObjectException naming the verb")
        void doubleClose() {
            ProtectionDomain pd = track(context().allocateProtectionDomain());
            MemoryRegion mr = track(pd.registerMemory(memory(64), Set.of()));
            CompletionQueue cq = track(context().createCompletionQueue(CqInitAttributes.builder(4).build()));
            Context second = track(context().device().open());
            for (VerbsObject object : new VerbsObject[] {mr, cq, pd, second}) {
                object.close();
                assertTrue(object.isClosed(), () -> object + " after close()");
                ClosedObjectException error = assertThrows(ClosedObjectException.class, object::close,
                        () -> "second close() of " + object);
                assertFalse(error.operation().isBlank(), "the exception names the verb");
            }
        }

        @Test
        @DisplayName("VerbsObject: ibv_reg_mr on a closed PD, polling a closed CQ, and verbs of a closed context throw "
                + "ClosedObjectException")
        void useAfterClose() {
            ProtectionDomain pd = context().allocateProtectionDomain();
            pd.close();
            CompletionQueue cq = context().createCompletionQueue(CqInitAttributes.builder(4).build());
            cq.close();
            Context second = context().device().open();
            second.close();
            MemorySegment memory = memory(64);
            assertAll(closed(() -> pd.registerMemory(memory, Set.of()), "ibv_reg_mr on a closed PD"),
                    closed(cq::startPoll, "ibv_start_poll on a closed CQ"),
                    closed(second::allocateProtectionDomain, "ibv_alloc_pd on a closed context"),
                    closed(second::queryDevice, "ibv_query_device_ex on a closed context"));
        }

        @Test
        @DisplayName("VerbsObject: a closed QP refuses ibv_modify_qp and ibv_post_recv")
        void queuePairAfterClose() {
            CompletionQueue cq = completionQueue(8);
            ProtectionDomain pd = protectionDomain();
            QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, pd, cq).build();
            loopback().requireType(attributes);
            QueuePair qp = context().createQueuePair(attributes);
            qp.close();
            MemoryRegion mr = openMemoryRegion(pd, 16);
            assertAll(closed(() -> qp.modify(loopback().initAttributes(QpType.RC)), "ibv_modify_qp"),
                    closed(() -> WorkRequests.receive(qp, 1, mr, 0, 16), "ibv_post_recv"));
        }

        private Executable closed(Executable verb, String what) {
            return () -> assertThrows(ClosedObjectException.class, verb, what);
        }
    }

    /** Parents with live children (EBUSY) and multicast. */
    @Nested
    @DisplayName("parents in use")
    class ParentsInUse {

        @Test
        @DisplayName("ibv_dealloc_pd(3): a PD with a live MR cannot be closed (EBUSY) and stays usable")
        void protectionDomainWithRegion() {
            ProtectionDomain pd = protectionDomain();
            MemoryRegion mr = memoryRegion(pd, 64, Set.of());
            assertThrows(BusyException.class, pd::close);
            assertFalse(pd.isClosed(), "a refused close leaves the PD open");
            memoryRegion(pd, 64, EnumSet.of(AccessFlag.LOCAL_WRITE));
            mr.close();
        }

        @Test
        @DisplayName("ibv_close_device(3): a context with a live PD cannot be closed (EBUSY)")
        void contextWithDomain() {
            Context second = track(context().device().open());
            ProtectionDomain pd = track(second.allocateProtectionDomain());
            assertThrows(BusyException.class, second::close);
            assertFalse(second.isClosed());
            pd.close();
        }

        @Test
        @DisplayName("ibv_destroy_cq(3): a CQ used by a QP cannot be closed (EBUSY)")
        void completionQueueInUse() {
            CompletionQueue cq = completionQueue(8);
            QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, protectionDomain(), cq).build();
            loopback().requireType(attributes);
            queuePair(attributes);
            assertThrows(BusyException.class, cq::close);
            assertFalse(cq.isClosed());
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) NOTES: ibv_destroy_qp fails while the QP is attached to a multicast group")
        void queuePairInMulticastGroup() {
            CompletionQueue cq = completionQueue(8);
            QpInitAttributes attributes = loopback().udAttributes(protectionDomain(), cq).build();
            loopback().requireType(attributes);
            QueuePair qp = queuePair(attributes);
            loopback().toRtsUd(qp);
            Gid group = new Gid(0xff12_401b_ffff_0000L, 1);
            requireCapability(Capability.MULTICAST, "ibv_attach_mcast", () -> {
                qp.attachMulticast(group, 0xc001);
                qp.detachMulticast(group, 0xc001);
                return null;
            });
            qp.attachMulticast(group, 0xc001);
            assertThrows(BusyException.class, qp::close);
            assertFalse(qp.isClosed(), "a refused destroy leaves the QP alive");
            qp.detachMulticast(group, 0xc001);
        }
    }

    /** Reading completion fields that were not requested. */
    @Nested
    @DisplayName("completion fields not requested")
    class FieldsNotRequested {

        @Test
        @DisplayName("ibv_create_cq_ex(3): only fields requested in wc_flags may be read; the others give EINVAL")
        void unrequestedFieldsAreRefused() {
            CompletionQueue cq = completionQueue(CqInitAttributes.builder(8).wcFlags(Set.of()).build());
            QueuePairs pairs = loopback().rc((side, builder) -> side == Side.REQUESTER ? builder.sendCq(cq) : builder);
            MemoryRegion mr = openMemoryRegion(pairs.pd(), 8);
            MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), 8);
            WorkRequests.receive(pairs.responder(), 1, inbox, 0, 8);
            WorkRequests.send(pairs.requester(), 1, mr, 0, 8);
            long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
            while (!cq.startPoll()) {
                assertTrue(System.nanoTime() - deadline < 0, "no completion arrived");
                Thread.onSpinWait();
            }
            try {
                assertAll(refused(cq::readByteLen, "byte_len"), refused(cq::readImmData, "imm_data"),
                        refused(cq::readQpNum, "qp_num"), refused(cq::readSrcQp, "src_qp"),
                        refused(cq::readSlid, "slid"), refused(cq::readSl, "sl"),
                        refused(cq::readDlidPathBits, "dlid_path_bits"),
                        refused(cq::readCompletionTs, "completion_ts"),
                        refused(cq::readCompletionWallclockNs, "completion_wallclock_ns"),
                        refused(cq::readCvlan, "cvlan"), refused(cq::readFlowTag, "flow_tag"),
                        refused(() -> cq.readTmInfo(new TmInfo()), "tm_info"),
                        refused(() -> cq.readSourceGid(memory(16)), "efadv sgid"),
                        refused(cq::readIsUnsolicited, "efadv is_unsolicited"));
            } finally {
                cq.endPoll();
            }
        }

        private Executable refused(Executable read, String field) {
            return () -> assertThrows(InvalidArgumentException.class, read,
                    field + " was not requested at ibv_create_cq_ex");
        }
    }
}
