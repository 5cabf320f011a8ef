package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.Errno;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.OdpCapFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The registrations of memory that is no segment of the process: implicit on-demand paging
 * ({@code ibv_reg_mr(pd, NULL, SIZE_MAX, ...)}), device memory ({@code ibv_reg_dm_mr}, a static inline that
 * calls {@code verbs_context.reg_dm_mr}) and a dma-buf ({@code ibv_reg_dmabuf_mr}, exported from
 * {@code IBVERBS_1.12}). Each is the plain libibverbs call, which a vendor hook may wrap.
 */
@SuppressWarnings("restricted")
final class MemoryRegistrations {

    /** C {@code SIZE_MAX}, the length of an implicit on-demand paging region. */
    static final long SIZE_MAX = -1L;
    private static final String REG_DM = "ibv_reg_dm_mr";
    private static final String REG_DMABUF = "ibv_reg_dmabuf_mr";
    private static final FunctionDescriptor REG_DM_MR =
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_INT);

    private MemoryRegistrations() {
    }

    /** {@code ibv_reg_mr(pd, NULL, SIZE_MAX, access | IBV_ACCESS_ON_DEMAND)}, after the device's odp_caps. */
    static NativeMemoryRegion implicitOnDemand(NativeProtectionDomain pd, Set<AccessFlag> access) {
        checkAccess("ibv_reg_mr", access);
        EnumSet<AccessFlag> onDemand = withFlag(access, AccessFlag.ON_DEMAND);
        checkAccess("ibv_reg_mr", onDemand);
        if (!pd.context.queryDevice().odpCaps().has(OdpCapFlag.SUPPORT_IMPLICIT)) {
            throw VerbsEvents.failed(new UnsupportedVerbException("ibv_reg_mr", pd.context.device().name()
                    + " does not support implicit on-demand paging (odp_caps.general_caps lacks "
                    + "IBV_ODP_SUPPORT_IMPLICIT)"));
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment mr = (MemorySegment) pd.context.ib.regMr.invokeExact(errno, pd.pointer(),
                    MemorySegment.NULL, SIZE_MAX, (int) Flags.toBits("ibv_reg_mr", onDemand));
            return region(pd, Native.checkPointer(mr, errno, "ibv_reg_mr"), onDemand);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** {@code ibv_reg_dm_mr(pd, dm, dm_offset, length, access)}; the access must be zero based. */
    static NativeMemoryRegion deviceMemory(NativeProtectionDomain pd, NativeDeviceMemory dm, long dmOffset,
            long length, Set<AccessFlag> access) {
        checkAccess(REG_DM, access);
        if (!access.contains(AccessFlag.ZERO_BASED)) {
            throw new InvalidArgumentException(REG_DM, "a device memory region must be registered with ZERO_BASED");
        }
        if (dmOffset < 0 || length <= 0 || dmOffset > dm.length() || length > dm.length() - dmOffset) {
            throw new InvalidArgumentException(REG_DM, "[" + dmOffset + ", " + dmOffset + " + " + length
                    + ") does not lie inside the device memory of " + dm.length() + " bytes");
        }
        MemorySegment function = pd.context.op(VerbsContextOp.REG_DM_MR);
        if (function.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(REG_DM, noDeviceMemory(pd));
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment mr = (MemorySegment) FunctionPointers.withErrno(function, REG_DM_MR).invokeExact(errno,
                    pd.pointer(), dm.pointer(), dmOffset, length, (int) Flags.toBits(REG_DM, access));
            Native.checkCreated(mr, errno, REG_DM, noDeviceMemory(pd));
            NativeMemoryRegion region = region(pd, mr, EnumSet.copyOf(access));
            region.dependOn(dm);
            return region;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** {@code ibv_reg_dmabuf_mr(pd, offset, length, iova, fd, access)}. */
    static NativeMemoryRegion dmabuf(NativeProtectionDomain pd, long offset, long length, long iova, int fd,
            Set<AccessFlag> access) {
        checkAccess(REG_DMABUF, access);
        if (length <= 0 || offset < 0 || fd < 0) {
            throw new InvalidArgumentException(REG_DMABUF, "the length must be positive, the offset and the file "
                    + "descriptor not negative");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment mr = (MemorySegment) pd.context.ib.regDmabufMr.invokeExact(errno, pd.pointer(), offset,
                    length, iova, fd, (int) Flags.toBits(REG_DMABUF, access));
            checkDmabuf(mr, errno);
            return region(pd, mr, access.isEmpty() ? EnumSet.noneOf(AccessFlag.class) : EnumSet.copyOf(access));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** EBADF here is a descriptor that is not a dma-buf (not a closed verbs object): an invalid argument. */
    private static void checkDmabuf(MemorySegment mr, MemorySegment errno) {
        if (mr.equals(MemorySegment.NULL) && ErrnoCapture.errno(errno) == Errno.EBADF.code()) {
            throw VerbsEvents.failed(new InvalidArgumentException(REG_DMABUF, Errno.EBADF.code(),
                    "the file descriptor is not a dma-buf", null));
        }
        Native.checkCreated(mr, errno, REG_DMABUF, "the kernel driver cannot register dma-bufs");
    }

    private static NativeMemoryRegion region(NativeProtectionDomain pd, MemorySegment mr, EnumSet<AccessFlag> access) {
        return Native.orDestroy(pd.context.ib.deregMr, mr, "ibv_dereg_mr",
                () -> NativeMemoryRegion.filledIn(pd, mr, access));
    }

    private static EnumSet<AccessFlag> withFlag(Set<AccessFlag> access, AccessFlag flag) {
        EnumSet<AccessFlag> all = EnumSet.of(flag);
        all.addAll(access);
        return all;
    }

    private static void checkAccess(String verb, Set<AccessFlag> access) {
        Flags.toBits(verb, access);
        if ((access.contains(AccessFlag.REMOTE_WRITE) || access.contains(AccessFlag.REMOTE_ATOMIC))
                && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw new InvalidArgumentException(verb, "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
    }

    private static String noDeviceMemory(NativeProtectionDomain pd) {
        return "the driver of " + pd.context.device().name() + " offers no device memory (reg_dm_mr)";
    }
}
