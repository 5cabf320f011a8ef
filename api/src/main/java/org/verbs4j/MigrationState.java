package org.verbs4j;

/**
 * The path migration state of a queue pair.
 *
 * <p>Mirrors {@code enum ibv_mig_state} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum MigrationState implements CConstant {

    /** Migrated: the alternate path is not loaded, or the QP has migrated to it. */
    MIGRATED(0),

    /** Rearm: the alternate path is being loaded and the peers are not yet synchronised. */
    REARM(1),

    /** Armed: the QP is ready to migrate to the alternate path. */
    ARMED(2);

    private static final ConstantTable<MigrationState> TABLE =
            ConstantTable.values(MigrationState.class, "enum ibv_mig_state", "IBV_MIG_");

    private final long value;

    MigrationState(long value) {
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
     * @param value a value of {@code enum ibv_mig_state}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static MigrationState fromValue(long value) {
        return TABLE.of(value);
    }
}
