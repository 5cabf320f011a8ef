package org.verbs4j;

/**
 * An InfiniBand path MTU.
 *
 * <p>Mirrors {@code enum ibv_mtu} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum Mtu implements CConstant {

    /** 256 bytes. */
    MTU_256(1),

    /** 512 bytes. */
    MTU_512(2),

    /** 1024 bytes. */
    MTU_1024(3),

    /** 2048 bytes. */
    MTU_2048(4),

    /** 4096 bytes. */
    MTU_4096(5);

    private static final int SMALLEST_BYTES = 128;
    private static final ConstantTable<Mtu> TABLE = ConstantTable.values(Mtu.class, "enum ibv_mtu", "IBV_");

    private final long value;

    Mtu(long value) {
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

    /** @return the MTU in bytes, from 256 to 4096 */
    public int bytes() {
        return SMALLEST_BYTES << (int) value;
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_mtu}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static Mtu fromValue(long value) {
        return TABLE.of(value);
    }

    /**
     * @param bytes an MTU in bytes
     * @return the constant for {@code bytes}
     * @throws IllegalArgumentException if {@code bytes} is not 256, 512, 1024, 2048 or 4096
     */
    public static Mtu ofBytes(int bytes) {
        return switch (bytes) {
            case 256 -> MTU_256;
            case 512 -> MTU_512;
            case 1024 -> MTU_1024;
            case 2048 -> MTU_2048;
            case 4096 -> MTU_4096;
            default -> throw new IllegalArgumentException(
                    "No enum ibv_mtu constant for " + bytes + " bytes (expected 256, 512, 1024, 2048 or 4096)");
        };
    }
}
