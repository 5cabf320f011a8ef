package org.verbs4j;

/**
 * A modifier of {@link ProtectionDomain#adviseMemory} (C {@code enum ibv_advise_mr_flag} of
 * {@code ibv_advise_mr}).
 */
public enum AdviseMrFlag implements CConstant {

    /** The advice is synchronous: {@code ibv_advise_mr} returns once the pages are in place; without it the advice is a best-effort hint. */
    FLUSH(1L << 0);

    private static final ConstantTable<AdviseMrFlag> TABLE =
            ConstantTable.flags(AdviseMrFlag.class, "enum ibv_advise_mr_flag", "IBV_ADVISE_MR_FLAG_");

    private final long value;

    AdviseMrFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_advise_mr_flag}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static AdviseMrFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
