package org.verbs4j;

/**
 * An access right of a memory region, memory window or queue pair.
 *
 * <p>Remote write and remote atomic access also need {@link #LOCAL_WRITE}.
 * {@link #RELAXED_ORDERING} lies in the range of optional flags (bit 20 and up), which a device
 * that does not support them ignores instead of failing.
 *
 * <p>Mirrors {@code enum ibv_access_flags} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum AccessFlag implements CConstant {

    /** The local device may write the memory. */
    LOCAL_WRITE(1L << 0),

    /** Remote peers may write the memory with RDMA writes. */
    REMOTE_WRITE(1L << 1),

    /** Remote peers may read the memory with RDMA reads. */
    REMOTE_READ(1L << 2),

    /** Remote peers may run atomic operations on the memory. */
    REMOTE_ATOMIC(1L << 3),

    /** Memory windows may be bound to the memory region. */
    MW_BIND(1L << 4),

    /** The memory is addressed from offset zero rather than by virtual address. */
    ZERO_BASED(1L << 5),

    /** The memory region uses on-demand paging. */
    ON_DEMAND(1L << 6),

    /** The memory is backed by huge pages. */
    HUGETLB(1L << 7),

    /** Remote peers may flush the memory to global visibility. */
    FLUSH_GLOBAL(1L << 8),

    /** Remote peers may flush the memory to persistence. */
    FLUSH_PERSISTENT(1L << 9),

    /** The device may write the memory with relaxed PCI ordering (optional flag). */
    RELAXED_ORDERING(1L << 20);

    private static final ConstantTable<AccessFlag> TABLE =
            ConstantTable.flags(AccessFlag.class, "enum ibv_access_flags", "IBV_ACCESS_");

    private final long value;

    AccessFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_access_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static AccessFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
