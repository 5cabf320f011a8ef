package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ExtraCompletionField;

/**
 * What {@link DirectVerbs#createCq} made.
 *
 * @param cq the {@code struct ibv_cq_ex *}, never NULL
 * @param extraReaders the readers of the extra fields the queue was created with
 * @param view makes the vendor's view of the queue that {@code unwrap} returns, from the queue; it may
 *     return {@code null} for none
 */
public record CreatedCq(MemorySegment cq, Map<ExtraCompletionField, ExtraReader> extraReaders,
        Function<? super CompletionQueue, ?> view) {

    /** Checks that nothing is missing and copies the readers. */
    public CreatedCq {
        if (Objects.requireNonNull(cq, "cq").equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("NULL cq: a creator that fails throws");
        }
        extraReaders = Map.copyOf(extraReaders);
        Objects.requireNonNull(view, "view");
    }

    /**
     * @param cq the {@code struct ibv_cq_ex *}
     * @return a queue without extra readers or view
     */
    public static CreatedCq of(MemorySegment cq) {
        return new CreatedCq(cq, Map.of(), queue -> null);
    }

    /**
     * @param field an extra field
     * @param reader its reader
     * @return this queue with the reader
     */
    public CreatedCq withReader(ExtraCompletionField field, ExtraReader reader) {
        Map<ExtraCompletionField, ExtraReader> readers = new EnumMap<>(ExtraCompletionField.class);
        readers.putAll(extraReaders);
        readers.put(field, Objects.requireNonNull(reader, "reader"));
        return new CreatedCq(cq, readers, view);
    }

    /**
     * @param factory makes the vendor's view from the queue
     * @return this queue with the view
     */
    public CreatedCq withView(Function<? super CompletionQueue, ?> factory) {
        return new CreatedCq(cq, extraReaders, factory);
    }
}
