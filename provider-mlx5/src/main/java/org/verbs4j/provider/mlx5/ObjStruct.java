package org.verbs4j.provider.mlx5;

import java.lang.foreign.MemorySegment;
import org.verbs4j.InvalidArgumentException;

/** The checks of the {@code struct mlx5dv_obj} a caller gives {@code mlx5dv_init_obj}. */
final class ObjStruct {

    static final String VERB = "mlx5dv_init_obj";
    /** {@code MLX5DV_OBJ_QP} to {@code MLX5DV_OBJ_PD}. */
    static final long TYPES = 0x7f;
    /** {@code MLX5DV_OBJ_DEVX}, with the {@code devx} member (rdma-core 54 and later). */
    static final long DEVX = 1L << 7;
    static final int DEVX_SINCE = 54;
    static final long SIZE = 112;
    static final long SIZE_WITH_DEVX = 128;

    private ObjStruct() {
    }

    /** @throws InvalidArgumentException for a struct too small, not native or freed, or an unknown bit */
    static void check(MemorySegment obj, long types, int release) {
        long known = release >= DEVX_SINCE ? TYPES | DEVX : TYPES;
        long size = release >= DEVX_SINCE ? SIZE_WITH_DEVX : SIZE;
        if (obj == null || !obj.isNative() || !obj.scope().isAlive() || obj.byteSize() < size) {
            throw new InvalidArgumentException(VERB, "the struct mlx5dv_obj must be live native memory of at least "
                    + size + " bytes (rdma-core " + release + ")");
        }
        if ((types & ~known) != 0) {
            throw new InvalidArgumentException(VERB, "obj_type 0x" + Long.toHexString(types) + " has bits that"
                    + " rdma-core " + release + " does not know (0x" + Long.toHexString(known) + ")");
        }
    }
}
