package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.provider.soft.engine.Failures;

/** The rules of {@code ibv_reg_dm_mr} on the soft device. */
final class DeviceMemoryRegions {

    private static final String VERB = "ibv_reg_dm_mr";

    private DeviceMemoryRegions() {
    }

    /**
     * @return the part of the device memory the region covers
     * @throws org.verbs4j.InvalidArgumentException if the access is not zero based or inconsistent, or the range
     *     does not lie in the device memory
     * @throws org.verbs4j.UnsupportedVerbException for remote atomic access or on-demand paging
     */
    static MemorySegment slice(SoftDeviceMemory dm, long dmOffset, long length, Set<AccessFlag> access) {
        dm.ensureOpen(VERB);
        if (!access.contains(AccessFlag.ZERO_BASED)) {
            throw Failures.invalid(VERB, "a device memory region must be registered with ZERO_BASED");
        }
        if ((access.contains(AccessFlag.REMOTE_WRITE) || access.contains(AccessFlag.REMOTE_ATOMIC))
                && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw Failures.invalid(VERB, "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
        if (access.contains(AccessFlag.REMOTE_ATOMIC)) {
            throw Failures.unsupported(VERB, "the soft device runs no atomic operations on device memory");
        }
        if (access.contains(AccessFlag.ON_DEMAND)) {
            throw Failures.unsupported(VERB, "device memory is never paged on demand");
        }
        if (dmOffset < 0 || length <= 0 || dmOffset > dm.length() || length > dm.length() - dmOffset) {
            throw Failures.invalid(VERB, "[" + dmOffset + ", " + dmOffset + " + " + length
                    + ") does not lie inside the device memory of " + dm.length() + " bytes");
        }
        return dm.buffer().asSlice(dmOffset, length);
    }
}
