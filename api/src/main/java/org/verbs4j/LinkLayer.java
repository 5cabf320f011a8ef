package org.verbs4j;

/**
 * The link layer of a port.
 *
 * <p>Mirrors the anonymous C enum of the {@code IBV_LINK_LAYER_*} constants of rdma-core's
 * {@code <infiniband/verbs.h>}: each constant carries the value ({@link #value()}) and the name
 * ({@link #cName()}) of one C constant, and {@link #fromValue(long)} maps a C value back to its
 * constant without allocating.
 */
public enum LinkLayer implements CConstant {

    /** The provider does not say; treat it as InfiniBand. */
    UNSPECIFIED(0),

    /** InfiniBand. */
    INFINIBAND(1),

    /** Ethernet (RoCE, iWARP and similar). */
    ETHERNET(2);

    private static final ConstantTable<LinkLayer> TABLE =
            ConstantTable.values(LinkLayer.class, "IBV_LINK_LAYER_* enum", "IBV_LINK_LAYER_");

    private final long value;

    LinkLayer(long value) {
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
     * @param value a value of {@code IBV_LINK_LAYER_*}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static LinkLayer fromValue(long value) {
        return TABLE.of(value);
    }
}
