package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Protection domains, parent domains, memory regions, memory windows and address handles:
 * {@code ibv_alloc_pd}, {@code ibv_alloc_parent_domain}, {@code ibv_reg_mr}, {@code ibv_alloc_mw},
 * {@code ibv_create_ah}.
 */
@TckArea("PD and MR")
public abstract class MemoryVerification extends AreaVerification {

    private static final int TRAFFIC_MESSAGE = 512;
    private static final int TRAFFIC_ITERATIONS = 5;

    /** Creates the area. */
    protected MemoryVerification() {
    }

    /** ibv_alloc_pd. */
    @Nested
    @DisplayName("protection domains")
    class ProtectionDomains {

        @Test
        @DisplayName("ibv_alloc_pd(3): a new domain belongs to its context and is no parent domain")
        void newDomainBelongsToItsContext() {
            ProtectionDomain pd = protectionDomain();
            assertAll(() -> assertSame(context(), pd.context()), () -> assertFalse(pd.isParentDomain()),
                    () -> assertFalse(pd.isClosed()));
        }

        @Test
        @DisplayName("ibv_dealloc_pd(3): closing an empty domain succeeds and marks it closed")
        void closingAnEmptyDomainSucceeds() {
            ProtectionDomain pd = context().allocateProtectionDomain();
            pd.close();
            assertTrue(pd.isClosed());
        }

        @Test
        @DisplayName("ibv_alloc_parent_domain(3): a parent domain is one, or the device says PARENT_DOMAIN is unsupported")
        void parentDomain() {
            ProtectionDomain parent = parentDomainOf(protectionDomain());
            assertAll(() -> assertTrue(parent.isParentDomain()), () -> assertSame(context(), parent.context()));
        }

        @Test
        @DisplayName("ibv_alloc_parent_domain(3): the parent domain keeps its protection domain busy (EBUSY) "
                + "until ibv_dealloc_pd of the parent domain")
        void parentDomainKeepsItsProtectionDomainBusy() {
            ProtectionDomain pd = context().allocateProtectionDomain();
            ProtectionDomain parent = parentDomainOf(track(pd));
            assertThrows(BusyException.class, pd::close, "ibv_dealloc_pd of a PD with a parent domain");
            parent.close();
            pd.close();
            assertTrue(pd.isClosed());
        }

        @Test
        @DisplayName("test_parent_domain test_without_allocators_rc_traffic: RC QPs, extended CQs and an MR of a "
                + "parent domain carry SENDs both ways, byte for byte")
        void parentDomainCarriesTraffic() {
            ParentEnd requester = parentEnd(Side.REQUESTER);
            loopback().requireActivePort();
            ParentEnd responder = parentEnd(Side.RESPONDER);
            loopback().toRts(requester.qp(), responder.qp());
            loopback().toRts(responder.qp(), requester.qp());
            for (int i = 0; i < TRAFFIC_ITERATIONS; i++) {
                exchange(requester, responder, "SEND " + i, 2 * i + 1, i);
                exchange(responder, requester, "SEND back " + i, 2 * i + 2, i);
            }
            assertAll(() -> assertSame(requester.parent(), requester.qp().protectionDomain()),
                    () -> assertSame(requester.parent(), requester.mr().protectionDomain()),
                    () -> assertSame(responder.parent(), responder.qp().protectionDomain()));
        }

        /** One player of test_parent_domain: a parent domain of its own, with its CQ, RC QP and MR. */
        private record ParentEnd(ProtectionDomain parent, CompletionQueue cq, QueuePair qp, MemoryRegion mr) {
        }

        private ParentEnd parentEnd(Side side) {
            ProtectionDomain parent = parentDomainOf(side, protectionDomain(side));
            CompletionQueue cq = track(context(side).createCompletionQueue(CqInitAttributes.builder(64)
                    .parentDomain(parent).build()));
            QpInitAttributes attributes = loopback().connectedAttributes(QpType.RC, parent, cq).build();
            if (side == Side.REQUESTER) {
                loopback().requireType(attributes);
            }
            QueuePair qp = track(context(side).createQueuePair(attributes));
            return new ParentEnd(parent, cq, qp, openMemoryRegion(parent, TRAFFIC_MESSAGE * 2));
        }

        /** One SEND from {@code sender} to {@code receiver}, checked on both sides. */
        private void exchange(ParentEnd sender, ParentEnd receiver, String what, int pattern, int wrId) {
            byte[] payload = Payloads.pattern(pattern, TRAFFIC_MESSAGE);
            Payloads.write(sender.mr().segment(), 0, payload);
            WorkRequests.receive(receiver.qp(), wrId, receiver.mr(), TRAFFIC_MESSAGE, TRAFFIC_MESSAGE);
            WorkRequests.send(sender.qp(), wrId, sender.mr(), 0, TRAFFIC_MESSAGE);
            Completion sent = Completions.awaitOne(sender.cq(), environment().completionTimeout(), what);
            Completion received = Completions.awaitOne(receiver.cq(), environment().completionTimeout(), what);
            assertAll(() -> assertEquals(WcStatus.SUCCESS, sent.status(), what + " send status"),
                    () -> assertEquals(WcStatus.SUCCESS, received.status(), what + " receive status"),
                    () -> assertEquals(WcOpcode.RECV, received.opcode(), what + " receive opcode"),
                    () -> assertEquals(TRAFFIC_MESSAGE, received.byteLen(), what + " byte_len"),
                    () -> Payloads.assertPayload(receiver.mr().segment(), TRAFFIC_MESSAGE, payload, what));
        }

        /** The capability gate of parent domains, then a parent domain of {@code pd}, closed after the test. */
        private ProtectionDomain parentDomainOf(ProtectionDomain pd) {
            return parentDomainOf(Side.REQUESTER, pd);
        }

        private ProtectionDomain parentDomainOf(Side side, ProtectionDomain pd) {
            return requireAndCreate(Capability.PARENT_DOMAIN, "ibv_alloc_parent_domain",
                    () -> context(side).allocateParentDomain(pd));
        }
    }

    /** ibv_reg_mr. */
    @Nested
    @DisplayName("memory regions")
    class MemoryRegions {

        @Test
        @DisplayName("ibv_reg_mr(3): the region covers the registered memory and keeps the access flags")
        void regionDescribesItsMemory() {
            ProtectionDomain pd = protectionDomain();
            MemorySegment memory = memory(4096);
            Set<AccessFlag> access = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ);
            MemoryRegion mr = track(pd.registerMemory(memory, access));
            assertAll(() -> assertEquals(memory.address(), mr.address(), "addr"),
                    () -> assertEquals(4096, mr.length(), "length"),
                    () -> assertEquals(access, mr.access(), "access"),
                    () -> assertSame(pd, mr.protectionDomain(), "pd"));
        }

        @Test
        @DisplayName("ibv_reg_mr(3): two regions get different local and remote keys")
        void keysAreUnique() {
            ProtectionDomain pd = protectionDomain();
            MemoryRegion first = openMemoryRegion(pd, 64);
            MemoryRegion second = openMemoryRegion(pd, 64);
            assertAll(() -> assertNotEquals(first.lkey(), second.lkey(), "lkey"),
                    () -> assertNotEquals(first.rkey(), second.rkey(), "rkey"));
        }

        @Test
        @DisplayName("ibv_reg_mr(3): REMOTE_WRITE without LOCAL_WRITE gives EINVAL")
        void remoteWriteNeedsLocalWrite() {
            ProtectionDomain pd = protectionDomain();
            assertThrows(InvalidArgumentException.class,
                    () -> track(pd.registerMemory(memory(64), EnumSet.of(AccessFlag.REMOTE_WRITE))));
        }

        @Test
        @DisplayName("ibv_reg_mr(3): REMOTE_ATOMIC without LOCAL_WRITE gives EINVAL")
        void remoteAtomicNeedsLocalWrite() {
            ProtectionDomain pd = protectionDomain();
            assertThrows(InvalidArgumentException.class,
                    () -> track(pd.registerMemory(memory(64), EnumSet.of(AccessFlag.REMOTE_ATOMIC))));
        }

        @Test
        @DisplayName("ibv_reg_mr(3): a region with no access flags at all is valid, and a SEND gathers from it "
                + "(local read)")
        void localReadOnlyRegion() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion mr = memoryRegion(pairs.pd(), 64, Set.of());
            assertTrue(mr.access().isEmpty(), "access flags");
            Payloads.write(mr.segment(), 0, Payloads.pattern(5, 64));
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64);
            WorkRequests.receive(pairs.responder(), 1, target, 0, 64);
            WorkRequests.send(pairs.requester(), 2, mr, 0, 64);
            Duration timeout = environment().completionTimeout();
            Completions.awaitSuccess(pairs.requesterCq(), timeout, "the SEND from the read-only region");
            Completions.awaitSuccess(pairs.responderCq(), timeout, "its receive");
            Payloads.assertPayload(target.segment(), 0, Payloads.pattern(5, 64), "the SEND from the read-only region");
        }
    }

    /** ibv_alloc_mw. */
    @Nested
    @DisplayName("memory windows")
    class MemoryWindows {

        @Test
        @DisplayName("ibv_alloc_mw(3): a type 1 window, or MEMORY_WINDOW_TYPE_1 reported unsupported")
        void typeOneWindow() {
            allocate(MwType.TYPE_1, Capability.MEMORY_WINDOW_TYPE_1);
        }

        @Test
        @DisplayName("ibv_alloc_mw(3): a type 2 window, or MEMORY_WINDOW_TYPE_2 reported unsupported")
        void typeTwoWindow() {
            allocate(MwType.TYPE_2, Capability.MEMORY_WINDOW_TYPE_2);
        }

        private void allocate(MwType type, Capability capability) {
            ProtectionDomain pd = protectionDomain();
            MemoryWindow window = requireAndCreate(capability, "ibv_alloc_mw", () -> pd.allocateMemoryWindow(type));
            assertAll(() -> assertEquals(type, window.type()), () -> assertSame(pd, window.protectionDomain()));
        }
    }

    /** ibv_create_ah. */
    @Nested
    @DisplayName("address handles")
    class AddressHandles {

        @Test
        @DisplayName("ibv_create_ah(3): an address handle to the kit's own GID keeps its attributes")
        void addressHandleToOwnGid() {
            ProtectionDomain pd = protectionDomain();
            AddressHandle ah = track(pd.createAddressHandle(loopback().ownAddress()));
            assertAll(() -> assertEquals(loopback().ownAddress(), ah.attributes()),
                    () -> assertSame(pd, ah.protectionDomain()));
        }
    }
}
