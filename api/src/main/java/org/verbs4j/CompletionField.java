package org.verbs4j;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * A field of an extended work completion that a CQ is asked to provide at creation.
 *
 * <p>Only the fields requested when the CQ was created may be read from its completions. A provider
 * that cannot provide a requested field fails the CQ creation with {@code EOPNOTSUPP}.
 *
 * <p>Mirrors {@code enum ibv_create_cq_wc_flags} of rdma-core's {@code <infiniband/verbs.h>}: each
 * constant is one bit of a C mask and carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant. Convert between masks and sets with {@link Flags};
 * {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum CompletionField implements CConstant {

    /** The number of bytes transferred. */
    BYTE_LEN(1L << 0),

    /** The immediate data, or the invalidated rkey. */
    IMM(1L << 1),

    /** The number of the local QP. */
    QP_NUM(1L << 2),

    /** The number of the remote (source) QP. */
    SRC_QP(1L << 3),

    /** The source LID. */
    SLID(1L << 4),

    /** The service level. */
    SL(1L << 5),

    /** The path bits of the destination LID. */
    DLID_PATH_BITS(1L << 6),

    /** The completion time in device clock ticks. */
    COMPLETION_TIMESTAMP(1L << 7),

    /** The stripped customer VLAN tag. */
    CVLAN(1L << 8),

    /** The flow tag of the steering rule that matched. */
    FLOW_TAG(1L << 9),

    /** The tag-matching information: the tag and the application context. */
    TM_INFO(1L << 10),

    /** The completion time in wall-clock nanoseconds. */
    COMPLETION_TIMESTAMP_WALLCLOCK(1L << 11);

    /**
     * The fields of {@code IBV_WC_STANDARD_FLAGS}, {@link #BYTE_LEN} to {@link #DLID_PATH_BITS}; unmodifiable.
     */
    public static final Set<CompletionField> STANDARD =
            Collections.unmodifiableSet(EnumSet.range(BYTE_LEN, DLID_PATH_BITS));

    private static final ConstantTable<CompletionField> TABLE =
            ConstantTable.flags(CompletionField.class, "enum ibv_create_cq_wc_flags", "IBV_WC_EX_WITH_");

    private final long value;

    CompletionField(long value) {
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
     * @param value a single bit of {@code enum ibv_create_cq_wc_flags}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static CompletionField fromValue(long value) {
        return TABLE.of(value);
    }
}
