package org.verbs4j;

import java.lang.foreign.MemorySegment;

/**
 * A buffer in the memory of the device (C {@code struct ibv_dm}, from {@link Context#allocateDeviceMemory}).
 * The host reaches it only by copies ({@code ibv_memcpy_to_dm}, {@code ibv_memcpy_from_dm}); RDMA reaches it
 * through a zero-based memory region ({@link ProtectionDomain#registerDeviceMemory}), whose scatter/gather
 * entries give byte offsets from the start of the region. Closing it is C {@code ibv_free_dm}, which fails
 * with {@link BusyException} while a memory region of it is registered.
 */
public interface DeviceMemory extends VerbsObject {

    /** @return the context the buffer was allocated on */
    Context context();

    /** @return the length of the buffer in bytes, as allocated */
    long length();

    /**
     * Copies the whole of {@code source} into the buffer (C {@code ibv_memcpy_to_dm(dm, dm_offset, host_addr,
     * length)}).
     *
     * @param dmOffset the byte offset in the buffer to copy to
     * @param source the host memory to copy, {@code length} being its size
     * @throws InvalidArgumentException if the range does not lie inside the buffer, or the segment is not native
     * @throws VerbsException with the errno the provider returns
     */
    void copyTo(long dmOffset, MemorySegment source);

    /**
     * Fills the whole of {@code target} from the buffer (C {@code ibv_memcpy_from_dm(host_addr, dm, dm_offset,
     * length)}).
     *
     * @param target the host memory to fill, {@code length} being its size
     * @param dmOffset the byte offset in the buffer to copy from
     * @throws InvalidArgumentException if the range does not lie inside the buffer, or the segment is not native
     *     or read-only
     * @throws VerbsException with the errno the provider returns
     */
    void copyFrom(MemorySegment target, long dmOffset);
}
