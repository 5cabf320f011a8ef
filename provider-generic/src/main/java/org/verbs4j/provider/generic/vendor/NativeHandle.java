package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.VerbsObject;

/**
 * An object of the generic binding, seen as its C pointer: what a vendor's direct verb takes (the
 * {@code struct ibv_context *} of a device query, the {@code struct ibv_ah *} of an address-handle query).
 * The pointer is valid while the object is open; a vendor checks {@link VerbsObject#isClosed()} first, and
 * keeps the object open for as long as it uses the pointer.
 */
public interface NativeHandle {

    /** @return the C pointer of the object (for example {@code struct ibv_pd *}) */
    MemorySegment pointer();

    /**
     * @param object an object given to a vendor's verb
     * @param verb the verb, for messages
     * @return its C pointer
     * @throws InvalidArgumentException if it is {@code null}, of another provider, or closed
     */
    static MemorySegment of(VerbsObject object, String verb) {
        if (!(object instanceof NativeHandle handle)) {
            throw new InvalidArgumentException(verb, object == null ? "the object is missing"
                    : "the object is not one of the generic binding's: " + object.getClass().getName());
        }
        if (object.isClosed()) {
            throw new ClosedObjectException(verb, object.getClass().getSimpleName() + " is closed");
        }
        return handle.pointer();
    }
}
