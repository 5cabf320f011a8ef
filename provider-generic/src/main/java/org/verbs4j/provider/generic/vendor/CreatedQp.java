package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.Function;
import org.verbs4j.QueuePair;

/**
 * What {@link DirectVerbs#createQp} made.
 *
 * @param qp the {@code struct ibv_qp *} (the start of its {@code struct ibv_qp_ex}), never NULL
 * @param view makes the vendor's view of the queue pair that {@code unwrap} returns, from the queue pair; it
 *     may return {@code null} for none
 */
public record CreatedQp(MemorySegment qp, Function<? super QueuePair, ?> view) {

    /** Checks that nothing is missing. */
    public CreatedQp {
        if (Objects.requireNonNull(qp, "qp").equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("NULL qp: a creator that fails throws");
        }
        Objects.requireNonNull(view, "view");
    }

    /**
     * @param qp the {@code struct ibv_qp *}
     * @return a queue pair without view
     */
    public static CreatedQp of(MemorySegment qp) {
        return new CreatedQp(qp, pair -> null);
    }

    /**
     * @param factory makes the vendor's view from the queue pair
     * @return this queue pair with the view
     */
    public CreatedQp withView(Function<? super QueuePair, ?> factory) {
        return new CreatedQp(qp, factory);
    }
}
