package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AdviseMrAdvice;
import org.verbs4j.AdviseMrFlag;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.DeviceMemory;
import org.verbs4j.DmAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OdpCapFlag;
import org.verbs4j.OdpCaps;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;

/**
 * On-demand paging and device memory: {@code ibv_reg_mr} with {@code IBV_ACCESS_ON_DEMAND} (explicit and
 * implicit), {@code ibv_advise_mr}, {@code ibv_alloc_dm}, {@code ibv_memcpy_to_dm}/{@code ibv_memcpy_from_dm},
 * {@code ibv_reg_dm_mr} and {@code ibv_reg_dmabuf_mr}. A test of a feature the device does not report in
 * {@code ibv_query_device_ex} ({@code odp_caps}, {@code max_dm_size}) checks that the verb is refused with
 * {@link UnsupportedVerbException}, then aborts as unsupported with the reason.
 */
@TckArea("ODP and device memory")
public abstract class OnDemandAndDeviceMemoryVerification extends AreaVerification {

    private static final int PAGE = 4096;
    private static final int MESSAGE = 256;
    private static final Set<AccessFlag> LOCAL = EnumSet.of(AccessFlag.LOCAL_WRITE);
    private static final Set<AccessFlag> ZERO_BASED = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.ZERO_BASED);

    /** Creates the area. */
    protected OnDemandAndDeviceMemoryVerification() {
    }

    /** @return the device's on-demand paging capabilities */
    private OdpCaps odpCaps() {
        return context().queryDevice().odpCaps();
    }

    /** Aborts as unsupported with the reason, after checking that {@code refused} is refused clearly. */
    private static UnsupportedFeatureException refused(String feature, String verb, Runnable refused) {
        UnsupportedVerbException refusal = assertThrows(UnsupportedVerbException.class, refused::run,
                () -> "the device does not report " + feature + ", so " + verb + " must fail with EOPNOTSUPP");
        return new UnsupportedFeatureException(feature, refusal.getMessage());
    }

    /** Aborts as unsupported unless the device has {@code length} bytes of device memory. */
    private void requireDeviceMemory(long length) {
        requireDeviceMemory(Side.REQUESTER, length);
    }

    /** Aborts as unsupported unless the device of {@code side} has {@code length} bytes of device memory. */
    private void requireDeviceMemory(Side side, long length) {
        long max = context(side).queryDevice().maxDmSize();
        if (max == 0) {
            throw refused("device memory (max_dm_size 0)", "ibv_alloc_dm",
                    () -> track(context(side).allocateDeviceMemory(DmAttributes.ofLength(length))));
        }
        if (max < length) {
            throw new UnsupportedFeatureException("device memory of " + length + " bytes",
                    "max_dm_size is " + max);
        }
    }

    /** ibv_reg_mr with IBV_ACCESS_ON_DEMAND, ibv_advise_mr. */
    @Nested
    @DisplayName("on-demand paging")
    class OnDemandPaging {

        /** The region of an explicit on-demand registration, or an abort as unsupported. */
        private MemoryRegion onDemandRegion(ProtectionDomain pd, MemorySegment memory) {
            Set<AccessFlag> access = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.ON_DEMAND);
            if (!odpCaps().has(OdpCapFlag.SUPPORT)) {
                throw refused("on-demand paging (odp_caps IBV_ODP_SUPPORT)", "ibv_reg_mr(IBV_ACCESS_ON_DEMAND)",
                        () -> track(pd.registerMemory(memory, access)));
            }
            return track(pd.registerMemory(memory, access));
        }

        @Test
        @DisplayName("ibv_reg_mr(3) IBV_ACCESS_ON_DEMAND: a device with odp_caps IBV_ODP_SUPPORT registers the "
                + "range on demand; others refuse with EOPNOTSUPP")
        void explicitOnDemandRegion() {
            MemorySegment memory = memory(PAGE);
            MemoryRegion mr = onDemandRegion(protectionDomain(), memory);
            assertAll(() -> assertEquals(memory.address(), mr.address()), () -> assertEquals(PAGE, mr.length()),
                    () -> assertTrue(mr.access().contains(AccessFlag.ON_DEMAND)));
        }

        @Test
        @DisplayName("ibv_reg_mr(3) NULL, SIZE_MAX, IBV_ACCESS_ON_DEMAND: implicit ODP covers the address space "
                + "where odp_caps has IBV_ODP_SUPPORT_IMPLICIT; refused with EOPNOTSUPP elsewhere")
        void implicitOnDemandRegion() {
            ProtectionDomain pd = protectionDomain();
            if (!odpCaps().has(OdpCapFlag.SUPPORT_IMPLICIT)) {
                throw refused("implicit on-demand paging (odp_caps IBV_ODP_SUPPORT_IMPLICIT)",
                        "ibv_reg_mr(NULL, SIZE_MAX)", () -> track(pd.registerImplicitOnDemand(LOCAL)));
            }
            MemoryRegion mr = track(pd.registerImplicitOnDemand(LOCAL));
            assertAll(() -> assertEquals(0, mr.address()), () -> assertEquals(-1L, mr.length()),
                    () -> assertSame(MemorySegment.NULL, mr.segment()),
                    () -> assertTrue(mr.access().contains(AccessFlag.ON_DEMAND)));
        }

        @Test
        @DisplayName("ibv_advise_mr(3): PREFETCH_WRITE with IBV_ADVISE_MR_FLAG_FLUSH on an on-demand region "
                + "succeeds, or the driver refuses the advice with EOPNOTSUPP")
        void prefetchAnOnDemandRegion() {
            ProtectionDomain pd = protectionDomain();
            MemoryRegion mr = onDemandRegion(pd, memory(PAGE));
            ScatterGatherList range = new ScatterGatherList(1).add(mr, 0, PAGE);
            try {
                pd.adviseMemory(AdviseMrAdvice.PREFETCH_WRITE, EnumSet.of(AdviseMrFlag.FLUSH), range);
            } catch (UnsupportedVerbException refusal) {
                throw new UnsupportedFeatureException("ibv_advise_mr", refusal.getMessage());
            }
        }

        @Test
        @DisplayName("ibv_advise_mr(3): an empty range list is refused (EINVAL)")
        void adviceWithoutRanges() {
            ProtectionDomain pd = protectionDomain();
            VerbsException refusal = assertThrows(VerbsException.class,
                    () -> pd.adviseMemory(AdviseMrAdvice.PREFETCH, Set.of(), new ScatterGatherList(1)));
            assertTrue(refusal instanceof InvalidArgumentException || refusal instanceof UnsupportedVerbException,
                    () -> "expected EINVAL or EOPNOTSUPP, got " + refusal);
        }
    }

    /** ibv_alloc_dm, ibv_memcpy_to_dm, ibv_memcpy_from_dm, ibv_reg_dm_mr, ibv_free_dm. */
    @Nested
    @DisplayName("device memory")
    class DeviceMemories {

        /** Device memory of {@code length} bytes, closed after the test, or an abort as unsupported. */
        private DeviceMemory deviceMemory(long length) {
            requireDeviceMemory(length);
            return track(context().allocateDeviceMemory(DmAttributes.ofLength(length)));
        }

        @Test
        @DisplayName("ibv_memcpy_to_dm(3), ibv_memcpy_from_dm(3): what is copied in at an offset is copied out")
        void copiesRoundTrip() {
            DeviceMemory dm = deviceMemory(PAGE);
            byte[] payload = Payloads.pattern(7, MESSAGE);
            MemorySegment in = memory(MESSAGE);
            Payloads.write(in, 0, payload);
            dm.copyTo(64, in);
            MemorySegment out = memory(MESSAGE);
            dm.copyFrom(out, 64);
            assertAll(() -> assertEquals(PAGE, dm.length()), () -> assertSame(context(), dm.context()),
                    () -> assertArrayEquals(payload, out.toArray(ValueLayout.JAVA_BYTE)));
        }

        @Test
        @DisplayName("ibv_memcpy_to_dm(3): a copy past the end of the device memory is refused, not made")
        void copyPastTheEnd() {
            DeviceMemory dm = deviceMemory(PAGE);
            assertThrows(InvalidArgumentException.class, () -> dm.copyTo(PAGE - 8, memory(16)));
            assertThrows(InvalidArgumentException.class, () -> dm.copyFrom(memory(16), -1));
        }

        @Test
        @DisplayName("ibv_reg_dm_mr(3): the region is zero based (address 0, the length registered)")
        void zeroBasedRegion() {
            DeviceMemory dm = deviceMemory(PAGE);
            MemoryRegion mr = track(protectionDomain().registerDeviceMemory(dm, 0, PAGE, ZERO_BASED));
            assertAll(() -> assertEquals(0, mr.address()), () -> assertEquals(PAGE, mr.length()),
                    () -> assertSame(MemorySegment.NULL, mr.segment()));
        }

        @Test
        @DisplayName("ibv_reg_dm_mr(3): without IBV_ACCESS_ZERO_BASED, or past the end, the registration is refused")
        void refusedRegistrations() {
            DeviceMemory dm = deviceMemory(PAGE);
            ProtectionDomain pd = protectionDomain();
            assertThrows(InvalidArgumentException.class, () -> track(pd.registerDeviceMemory(dm, 0, PAGE, LOCAL)));
            assertThrows(InvalidArgumentException.class,
                    () -> track(pd.registerDeviceMemory(dm, PAGE / 2, PAGE, ZERO_BASED)));
        }

        @Test
        @DisplayName("ibv_free_dm(3): fails while a region of the memory is registered, succeeds after "
                + "ibv_dereg_mr")
        void freeWaitsForTheRegion() {
            requireDeviceMemory(PAGE);
            DeviceMemory dm = context().allocateDeviceMemory(DmAttributes.ofLength(PAGE));
            MemoryRegion mr = protectionDomain().registerDeviceMemory(dm, 0, PAGE, ZERO_BASED);
            assertThrows(BusyException.class, dm::close);
            mr.close();
            dm.close();
            assertThrows(ClosedObjectException.class, () -> dm.copyTo(0, memory(8)));
        }

        @Test
        @DisplayName("ibv_reg_dm_mr(3): an RC SEND gathers from a device memory region by offset and lands in "
                + "host memory")
        void sendFromDeviceMemory() {
            DeviceMemory dm = deviceMemory(PAGE);
            QueuePairs pairs = loopback().rc();
            MemoryRegion dmMr = track(pairs.pd().registerDeviceMemory(dm, 0, PAGE, ZERO_BASED));
            MemoryRegion host = memoryRegion(pairs.responderPd(), MESSAGE, LOCAL);
            byte[] payload = Payloads.pattern(3, MESSAGE);
            MemorySegment staged = memory(MESSAGE);
            Payloads.write(staged, 0, payload);
            dm.copyTo(MESSAGE, staged);
            WorkRequests.receive(pairs.responder(), 1, host, 0, MESSAGE);
            WorkRequests.send(pairs.requester(), 2, dmMr, MESSAGE, MESSAGE);
            Completion sent = Completions.awaitOne(pairs.requesterCq(), environment().completionTimeout(), "SEND");
            Completion received = Completions.awaitOne(pairs.responderCq(), environment().completionTimeout(), "RECV");
            assertAll(() -> assertEquals(WcStatus.SUCCESS, sent.status()),
                    () -> assertEquals(WcStatus.SUCCESS, received.status()),
                    () -> Payloads.assertPayload(host.segment(), 0, payload, "the received payload"));
        }
    }

    /** RDMA into device memory: the remote address of a zero-based region is an offset. */
    @Nested
    @DisplayName("RDMA to device memory")
    class RemoteDeviceMemory {

        @Test
        @DisplayName("ibv_reg_dm_mr(3): an RDMA WRITE to a zero-based region with REMOTE_WRITE lands at the offset "
                + "it names")
        void rdmaWriteLandsAtTheOffset() {
            requireDeviceMemory(Side.RESPONDER, PAGE);
            DeviceMemory dm = track(context(Side.RESPONDER).allocateDeviceMemory(DmAttributes.ofLength(PAGE)));
            QueuePairs pairs = loopback().rc();
            MemoryRegion target = track(pairs.responderPd().registerDeviceMemory(dm, 0, PAGE,
                    EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE, AccessFlag.ZERO_BASED)));
            MemoryRegion source = memoryRegion(pairs.pd(), MESSAGE, LOCAL);
            byte[] payload = Payloads.pattern(5, MESSAGE);
            Payloads.write(source.segment(), 0, payload);
            WorkRequests.rdmaWrite(pairs.requester(), 3, target.rkey(), MESSAGE, source, 0, MESSAGE);
            Completion written = Completions.awaitOne(pairs.requesterCq(), environment().completionTimeout(),
                    "RDMA WRITE");
            MemorySegment landed = memory(MESSAGE);
            dm.copyFrom(landed, MESSAGE);
            assertAll(() -> assertEquals(WcStatus.SUCCESS, written.status()),
                    () -> assertArrayEquals(payload, landed.toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    /** ibv_reg_dmabuf_mr. */
    @Nested
    @DisplayName("dma-buf regions")
    class DmabufRegions {

        /** A descriptor number far above what a test process opens. */
        private static final int NO_FILE = 1 << 20;

        @Test
        @DisplayName("ibv_reg_dmabuf_mr(3): a descriptor that names no dma-buf is refused (EBADF/EINVAL), or the "
                + "device registers no dma-bufs (EOPNOTSUPP)")
        void noDmabufIsRefused() {
            ProtectionDomain pd = protectionDomain();
            VerbsException refusal = assertThrows(VerbsException.class,
                    () -> track(pd.registerDmabuf(0, PAGE, 0, NO_FILE, LOCAL)));
            if (refusal instanceof UnsupportedVerbException) {
                throw new UnsupportedFeatureException("dma-buf regions", refusal.getMessage());
            }
            assertInstanceOf(InvalidArgumentException.class, refusal);
        }
    }
}
