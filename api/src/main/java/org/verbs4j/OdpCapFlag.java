package org.verbs4j;

/**
 * A general on-demand paging capability of a device (C {@code enum ibv_odp_general_caps}, in
 * {@code odp_caps.general_caps} of {@code ibv_query_device_ex}).
 */
public enum OdpCapFlag implements CConstant {

    /** The device supports on-demand paging ({@link AccessFlag#ON_DEMAND}). */
    SUPPORT(1L << 0),

    /** The device supports implicit on-demand paging: one region of the whole address space ({@link ProtectionDomain#registerImplicitOnDemand}). */
    SUPPORT_IMPLICIT(1L << 1);

    private static final ConstantTable<OdpCapFlag> TABLE =
            ConstantTable.flags(OdpCapFlag.class, "enum ibv_odp_general_caps", "IBV_ODP_");

    private final long value;

    OdpCapFlag(long value) {
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
     * @param value a single bit of {@code enum ibv_odp_general_caps}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if {@code value} is not the value of a constant
     */
    public static OdpCapFlag fromValue(long value) {
        return TABLE.of(value);
    }
}
