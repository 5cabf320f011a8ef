package org.verbs4j;

/**
 * What {@link Context#allocateDeviceMemory} allocates (C {@code struct ibv_alloc_dm_attr}; its
 * {@code comp_mask} names no field yet and is always 0).
 *
 * @param length the length of the buffer in bytes (C {@code length}); at most the device's
 *     {@link DeviceAttributes#maxDmSize()}
 * @param logAlignReq log base 2 of the alignment of the buffer's start address (C {@code log_align_req}), which
 *     RDMA atomic operations on the device memory may need; 0 for none
 */
public record DmAttributes(long length, int logAlignReq) {

    /**
     * @param length the length of the buffer in bytes
     * @return attributes of a buffer with no alignment requirement
     */
    public static DmAttributes ofLength(long length) {
        return new DmAttributes(length, 0);
    }
}
