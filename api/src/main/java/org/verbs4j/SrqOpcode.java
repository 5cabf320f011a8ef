package org.verbs4j;

/**
 * The operation of a tag-matching SRQ operation work request.
 *
 * <p>Mirrors {@code enum ibv_ops_wr_opcode} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant,
 * and {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum SrqOpcode implements CConstant {

    /** Add a tag to the SRQ's list of tagged buffers. */
    TAG_ADD(0),

    /** Remove a tag from the SRQ's list of tagged buffers. */
    TAG_DEL(1),

    /** Report to the device how many unexpected messages software has handled. */
    TAG_SYNC(2);

    private static final ConstantTable<SrqOpcode> TABLE =
            ConstantTable.values(SrqOpcode.class, "enum ibv_ops_wr_opcode", "IBV_WR_");

    private final long value;

    SrqOpcode(long value) {
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
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_ops_wr_opcode}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static SrqOpcode fromValue(long value) {
        return TABLE.of(value);
    }
}
