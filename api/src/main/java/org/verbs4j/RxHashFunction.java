package org.verbs4j;

/**
 * The hash function that spreads received packets over the work queues of an indirection table.
 *
 * <p>Mirrors {@code enum ibv_rx_hash_function_flags} of rdma-core's {@code <infiniband/verbs.h>}:
 * each constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum RxHashFunction implements CConstant {

    /** The Toeplitz hash. */
    TOEPLITZ(1L << 0);

    private static final ConstantTable<RxHashFunction> TABLE =
            ConstantTable.flags(RxHashFunction.class, "enum ibv_rx_hash_function_flags", "IBV_RX_HASH_FUNC_");

    private final long value;

    RxHashFunction(long value) {
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
     * @param value a single bit of {@code enum ibv_rx_hash_function_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static RxHashFunction fromValue(long value) {
        return TABLE.of(value);
    }
}
