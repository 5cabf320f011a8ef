package org.verbs4j;

/**
 * The opcode of the tag-matching header that starts a message sent to a tag-matching SRQ.
 *
 * <p>Mirrors {@code enum ibv_tmh_op} of rdma-core's {@code <infiniband/tm_types.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum TmhOpcode implements CConstant {

    /** The message carries no tag and goes to an ordinary SRQ buffer. */
    NO_TAG(0),

    /** A rendezvous request: the receiver reads the data from the sender. */
    RNDV(1),

    /** The end of a rendezvous transfer, sent back to the sender. */
    FIN(2),

    /** The data follows the header in the message. */
    EAGER(3);

    private static final ConstantTable<TmhOpcode> TABLE =
            ConstantTable.values(TmhOpcode.class, "enum ibv_tmh_op", "IBV_TMH_");

    private final long value;

    TmhOpcode(long value) {
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
     * @param value a value of {@code enum ibv_tmh_op}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static TmhOpcode fromValue(long value) {
        return TABLE.of(value);
    }
}
