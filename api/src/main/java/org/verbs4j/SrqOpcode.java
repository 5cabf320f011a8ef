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

    private static final String C_TYPE = "enum ibv_ops_wr_opcode";
    private static final String C_PREFIX = "IBV_WR_";
    private static final SrqOpcode[] BY_VALUE = byValue();

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
        return C_PREFIX + name();
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_ops_wr_opcode}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static SrqOpcode fromValue(long value) {
        SrqOpcode constant = value >= 0 && value < BY_VALUE.length ? BY_VALUE[(int) value] : null;
        if (constant == null) {
            throw new IllegalArgumentException("No " + C_TYPE + " constant has the value " + value);
        }
        return constant;
    }

    private static SrqOpcode[] byValue() {
        SrqOpcode[] table = new SrqOpcode[3];
        for (SrqOpcode constant : values()) {
            table[(int) constant.value] = constant;
        }
        return table;
    }
}
