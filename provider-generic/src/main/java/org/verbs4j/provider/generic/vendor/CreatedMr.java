package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.Function;
import org.verbs4j.MemoryRegion;

/**
 * What {@link DirectVerbs#registerMr} registered.
 *
 * @param mr the {@code struct ibv_mr *}, never NULL; deregistered with {@code ibv_dereg_mr}
 * @param view makes the vendor's view of the region that {@code unwrap} returns, from the region; it may
 *     return {@code null} for none
 */
public record CreatedMr(MemorySegment mr, Function<? super MemoryRegion, ?> view) {

    /** Checks that nothing is missing. */
    public CreatedMr {
        if (Objects.requireNonNull(mr, "mr").equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("NULL mr: a registration that fails throws");
        }
        Objects.requireNonNull(view, "view");
    }

    /**
     * @param mr the {@code struct ibv_mr *}
     * @return a region without view
     */
    public static CreatedMr of(MemorySegment mr) {
        return new CreatedMr(mr, region -> null);
    }

    /**
     * @param factory makes the vendor's view from the region
     * @return this region with the view
     */
    public CreatedMr withView(Function<? super MemoryRegion, ?> factory) {
        return new CreatedMr(mr, factory);
    }
}
