package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A vendor's reader of one {@link org.verbs4j.ExtraCompletionField}: a function pointer of the vendor's
 * completion-queue struct, called on the current completion with that struct as its first argument, through
 * the same {@code static final} critical invokers as the standard readers. Its C signature is the field's:
 * <ul>
 *   <li>{@code SOURCE_GID}: {@code int (*)(void *self, union ibv_gid *sgid)}, 0 when it wrote the GID and
 *       {@code -ENOENT} when the sender's address handle is known;</li>
 *   <li>{@code UNSOLICITED}: {@code bool (*)(void *self)}.</li>
 * </ul>
 *
 * @param function the non-NULL function pointer
 * @param self its first argument (the vendor's completion-queue struct), alive as long as the queue
 * @param verb the C name of the read, for messages
 */
public record ExtraReader(MemorySegment function, MemorySegment self, String verb) {

    /** Checks that nothing is missing. */
    public ExtraReader {
        if (Objects.requireNonNull(function, "function").equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException(verb + ": NULL reader");
        }
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(verb, "verb");
    }
}
