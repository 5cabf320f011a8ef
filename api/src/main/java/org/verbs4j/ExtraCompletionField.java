package org.verbs4j;

/**
 * An optional field of a work completion beyond the portable ones of {@link CompletionField}.
 *
 * <p>These fields are modelled on those of EFA's {@code efadv_create_cq}, and their values are the
 * bits of its {@code wc_flags}. They are meant to be portable: a provider that cannot provide a
 * requested field reports it unsupported when the CQ is created.
 *
 * <p>Mirrors the anonymous C enum of the {@code EFADV_WC_EX_WITH_*} constants of rdma-core's
 * {@code <infiniband/efadv.h>}: each constant is one bit of a C mask and carries the value
 * ({@link #value()}) and the name ({@link #cName()}) of one C constant. Convert between masks and
 * sets with {@link Flags}; {@link #fromValue(long)} maps a single bit back to its constant.
 */
public enum ExtraCompletionField implements CConstant {

    /** The source GID of a received message, for senders whose address handle is unknown. */
    SOURCE_GID(1L << 0, "EFADV_WC_EX_WITH_SGID"),

    /** Whether a receive completion is unsolicited, that is, has no matching receive work request. */
    UNSOLICITED(1L << 1, "EFADV_WC_EX_WITH_IS_UNSOLICITED");

    private static final ConstantTable<ExtraCompletionField> TABLE =
            ConstantTable.flags(ExtraCompletionField.class, "EFADV_WC_EX_WITH_* enum");

    private final long value;
    private final String cName;

    ExtraCompletionField(long value, String cName) {
        this.value = value;
        this.cName = cName;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return cName;
    }

    /**
     * Returns the constant for one bit, without allocating.
     *
     * @param value a single bit of {@code EFADV_WC_EX_WITH_*}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static ExtraCompletionField fromValue(long value) {
        return TABLE.of(value);
    }
}
