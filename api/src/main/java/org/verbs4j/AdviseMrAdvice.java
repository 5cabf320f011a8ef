package org.verbs4j;

/**
 * The advice of {@link ProtectionDomain#adviseMemory} (C {@code enum ibv_advise_mr_advice} of
 * {@code ibv_advise_mr}), which applies to on-demand paging memory regions only.
 */
public enum AdviseMrAdvice implements CConstant {

    /** Pre-fault the pages for local read access. */
    PREFETCH(0),

    /** Pre-fault the pages for local write access. */
    PREFETCH_WRITE(1),

    /** Make the pages that are already present accessible to the device, without faulting others in. */
    PREFETCH_NO_FAULT(2);

    private static final ConstantTable<AdviseMrAdvice> TABLE =
            ConstantTable.values(AdviseMrAdvice.class, "enum ibv_advise_mr_advice", "IBV_ADVISE_MR_ADVICE_");

    private final long value;

    AdviseMrAdvice(long value) {
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
     * @param value a value of {@code enum ibv_advise_mr_advice}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static AdviseMrAdvice fromValue(long value) {
        return TABLE.of(value);
    }
}
