package org.verbs4j;

/**
 * The operation that a successful work completion reports.
 *
 * <p>Receive opcodes have the {@link #RECV} bit ({@code 0x80}) set, so {@link #isReceive()} is a
 * single bit test. The opcode of a completion with an error status is undefined and must not be
 * read.
 *
 * <p>Mirrors {@code enum ibv_wc_opcode} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum WcOpcode implements CConstant {

    /** A send, send with immediate or send with invalidate completed. */
    SEND(0),

    /** An RDMA write (with or without immediate data) completed. */
    RDMA_WRITE(1),

    /** An RDMA read completed. */
    RDMA_READ(2),

    /** An atomic compare-and-swap completed. */
    COMP_SWAP(3),

    /** An atomic fetch-and-add completed. */
    FETCH_ADD(4),

    /** A memory window bind completed. */
    BIND_MW(5),

    /** A local invalidate completed. */
    LOCAL_INV(6),

    /** A TCP segmentation offload send completed. */
    TSO(7),

    /** A flush completed. */
    FLUSH(8),

    /** An atomic write completed. */
    ATOMIC_WRITE(9),

    /** A receive completed: a send arrived, possibly with immediate data or an invalidated rkey. */
    RECV(128),

    /** An RDMA write with immediate data arrived and consumed a receive. */
    RECV_RDMA_WITH_IMM(129),

    /** A tag-add operation on a tag-matching SRQ completed. */
    TM_ADD(130),

    /** A tag-delete operation on a tag-matching SRQ completed. */
    TM_DEL(131),

    /** A tag-sync operation on a tag-matching SRQ completed. */
    TM_SYNC(132),

    /** A tag-matching receive completed, for a matched or an unexpected message. */
    TM_RECV(133),

    /** A message with the no-tag header opcode was received into an SRQ buffer. */
    TM_NO_TAG(134),

    /** Provider-specific opcode 1. */
    DRIVER1(135),

    /** Provider-specific opcode 2. */
    DRIVER2(136),

    /** Provider-specific opcode 3. */
    DRIVER3(137);

    private static final long RECEIVE_BIT = 0x80;
    private static final ConstantTable<WcOpcode> TABLE =
            ConstantTable.values(WcOpcode.class, "enum ibv_wc_opcode", "IBV_WC_");

    private final long value;

    WcOpcode(long value) {
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
     * @return whether the {@link #RECV} bit is set in {@link #value()}, which marks the opcodes of the
     *     receive side (this includes the tag-matching opcodes)
     */
    public boolean isReceive() {
        return (value & RECEIVE_BIT) != 0;
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_wc_opcode}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static WcOpcode fromValue(long value) {
        return TABLE.of(value);
    }
}
