package org.verbs4j;

/**
 * The attributes of a device (C {@code struct ibv_device_attr_ex}, which embeds
 * {@code struct ibv_device_attr}).
 *
 * @param firmwareVersion the firmware version (C {@code fw_ver})
 * @param nodeGuid the node GUID, in host order (C {@code node_guid})
 * @param sysImageGuid the system image GUID, in host order (C {@code sys_image_guid})
 * @param vendorId the IEEE vendor id (C {@code vendor_id}), e.g. 0x02c9 Mellanox, 0x1d0f Amazon
 * @param vendorPartId the vendor's part id (C {@code vendor_part_id})
 * @param hwVersion the hardware version (C {@code hw_ver})
 * @param physPortCount the number of ports (C {@code phys_port_cnt})
 * @param pageSizeCap the supported page sizes, as a bit mask (C {@code page_size_cap})
 * @param deviceCapFlags the {@link DeviceCapFlag} bits (C {@code device_cap_flags})
 * @param deviceCapFlagsEx the extended capability bits (C {@code device_cap_flags_ex})
 * @param atomicCap the atomicity guarantee of atomic operations (C {@code atomic_cap})
 * @param localCaAckDelay the local CA ACK delay (C {@code local_ca_ack_delay})
 * @param limits the numeric limits (C {@code max_*})
 * @param completionTimestampMask the valid bits of a completion timestamp, 0 when timestamps are
 *     not supported (C {@code completion_timestamp_mask})
 * @param hcaCoreClockKhz the frequency of the device clock in kHz, 0 if unknown (C {@code hca_core_clock})
 * @param tmCaps the tag-matching limits (C {@code tm_caps})
 * @param odpCaps the on-demand paging capabilities (C {@code odp_caps} and {@code xrc_odp_caps})
 * @param maxDmSize the largest device memory buffer {@link Context#allocateDeviceMemory} allocates, 0 when the
 *     device has no device memory (C {@code max_dm_size})
 */
public record DeviceAttributes(
        String firmwareVersion,
        long nodeGuid,
        long sysImageGuid,
        int vendorId,
        int vendorPartId,
        int hwVersion,
        int physPortCount,
        long pageSizeCap,
        long deviceCapFlags,
        long deviceCapFlagsEx,
        AtomicCapability atomicCap,
        int localCaAckDelay,
        DeviceLimits limits,
        long completionTimestampMask,
        long hcaCoreClockKhz,
        TagMatchingCaps tmCaps,
        OdpCaps odpCaps,
        long maxDmSize) {

    /**
     * @param flag a device capability flag
     * @return whether the device sets every bit of {@code flag} in {@link #deviceCapFlags()}
     */
    public boolean has(DeviceCapFlag flag) {
        return Flags.isSet(deviceCapFlags, flag);
    }
}
