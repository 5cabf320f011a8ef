package org.verbs4j;

/**
 * A flag of a send work request: a bit of the {@code wr_flags} of the work request API.
 *
 * <p>Mirrors {@code enum ibv_send_flags} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * is one bit of a C mask and carries the value ({@link #value()}) and the name ({@link #cName()})
 * of one C constant. Convert between masks and sets with {@link Flags}; {@link #fromValue(long)}
 * maps a single bit back to its constant.
 */
public enum SendFlag implements CConstant {

    /** Wait until earlier RDMA reads and atomics have completed before starting. */
    FENCE(1L << 0),

    /** Generate a completion even if the QP does not signal every send. */
    SIGNALED(1L << 1),

    /** Set the solicited event indicator, so a remote solicited-only notification fires. */
    SOLICITED(1L << 2),

    /** Copy the data into the work request, so the buffer needs no memory region. */
    INLINE(1L << 3),

    /** Let the device compute the IP checksum (and the TCP or UDP checksum). */
    IP_CSUM(1L << 4);

    private static final ConstantTable<SendFlag> TABLE =
            ConstantTable.flags(SendFlag.class, "enum ibv_send_flags", "IBV_SEND_");

    private final long value;

    SendFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_send_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static SendFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
