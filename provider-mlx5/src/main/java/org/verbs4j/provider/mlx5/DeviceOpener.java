package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.CONTEXT_ATTR_COMP_MASK;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.CONTEXT_ATTR_FLAGS;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.CONTEXT_ATTR_SIZE;

import java.lang.foreign.MemorySegment;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/** {@code mlx5dv_open_device}: the options written into a {@code struct mlx5dv_context_attr}, no comp_mask. */
final class DeviceOpener {

    static final String VERB = "mlx5dv_open_device";
    static final int FLAG_DEVX = 1;

    private DeviceOpener() {
    }

    static MemorySegment open(Mlx5Calls calls, DeviceOpening opening, Mlx5OpenOptions options) {
        MemorySegment attr = opening.call().allocate(CONTEXT_ATTR_SIZE, 8);
        attr.set(JAVA_INT, CONTEXT_ATTR_FLAGS, options.flags());
        attr.set(JAVA_LONG, CONTEXT_ATTR_COMP_MASK, 0);
        return calls.openDevice(opening.device(), attr, opening.call());
    }
}
