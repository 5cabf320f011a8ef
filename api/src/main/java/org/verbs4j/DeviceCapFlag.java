package org.verbs4j;

/**
 * A capability of a device, a bit of its {@code device_cap_flags}.
 *
 * <p>{@link #RAW_SCATTER_FCS} and {@link #PCI_WRITE_END_PADDING} lie above bit 31, so C defines
 * them as macros beside the enum; they appear only in the 64-bit {@code device_cap_flags_ex} of the
 * extended device attributes.
 *
 * <p>Mirrors {@code enum ibv_device_cap_flags} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum DeviceCapFlag implements CConstant {

    /** The maximum number of work requests of a queue can be changed. */
    RESIZE_MAX_WR(1L << 0),

    /** The device counts bad P_Keys. */
    BAD_PKEY_CNTR(1L << 1),

    /** The device counts bad Q_Keys. */
    BAD_QKEY_CNTR(1L << 2),

    /** Raw packet multicast is supported. */
    RAW_MULTI(1L << 3),

    /** Automatic path migration is supported. */
    AUTO_PATH_MIG(1L << 4),

    /** The primary port of a QP can be changed. */
    CHANGE_PHY_PORT(1L << 5),

    /** The port of a UD address handle is checked against the port of the QP. */
    UD_AV_PORT_ENFORCE(1L << 6),

    /** Modify-QP honours the current state the caller gives. */
    CURR_QP_STATE_MOD(1L << 7),

    /** A port can be shut down. */
    SHUTDOWN_PORT(1L << 8),

    /** Init type and init type reply are supported. */
    INIT_TYPE(1L << 9),

    /** The device raises the port active event. */
    PORT_ACTIVE_EVENT(1L << 10),

    /** The system image GUID is supported. */
    SYS_IMAGE_GUID(1L << 11),

    /** The device sends receiver-not-ready NAKs on RC queue pairs. */
    RC_RNR_NAK_GEN(1L << 12),

    /** Shared receive queues can be resized. */
    SRQ_RESIZE(1L << 13),

    /** A CQ can notify after a given number of completions. */
    N_NOTIFY_CQ(1L << 14),

    /** Memory windows are supported. */
    MEM_WINDOW(1L << 17),

    /** IP checksum offload is supported on UD queue pairs. */
    UD_IP_CSUM(1L << 18),

    /** Extended reliable connected transport is supported. */
    XRC(1L << 20),

    /** The memory management extensions (fast registration, local invalidate) are supported. */
    MEM_MGT_EXTENSIONS(1L << 21),

    /** Type 2A memory windows are supported. */
    MEM_WINDOW_TYPE_2A(1L << 23),

    /** Type 2B memory windows are supported. */
    MEM_WINDOW_TYPE_2B(1L << 24),

    /** IP checksum offload is supported on RC queue pairs. */
    RC_IP_CSUM(1L << 25),

    /** IP checksum offload is supported on raw packet queue pairs. */
    RAW_IP_CSUM(1L << 26),

    /** Flow steering rules are supported. */
    MANAGED_FLOW_STEERING(1L << 29),

    /** The Ethernet frame check sequence can be scattered on raw packet QPs (extended flags only). */
    RAW_SCATTER_FCS(1L << 34),

    /** Writes of received data can be padded to a full cache line (extended flags only). */
    PCI_WRITE_END_PADDING(1L << 36);

    private static final ConstantTable<DeviceCapFlag> TABLE =
            ConstantTable.flags(DeviceCapFlag.class, "enum ibv_device_cap_flags", "IBV_DEVICE_");

    private final long value;

    DeviceCapFlag(long value) {
        this.value = value;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return TABLE.cName(this);
    }

    /**
     * Returns the constant for one bit, without allocating.
     *
     * @param value a single bit of {@code enum ibv_device_cap_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static DeviceCapFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
