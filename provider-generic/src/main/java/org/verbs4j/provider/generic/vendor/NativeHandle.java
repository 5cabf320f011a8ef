package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.MemorySegment;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.VerbsObject;

/**
 * An object of the generic binding, seen as its C pointer: what a vendor's direct verb takes (the
 * {@code struct ibv_context *} of a device query, the {@code struct ibv_ah *} of an address-handle query).
 * The pointer is valid while the object is open; a vendor checks {@link VerbsObject#isClosed()} first, and
 * keeps the object open for as long as it uses the pointer ({@link #enterCall}, {@link #leaveCall}).
 */
public interface NativeHandle {

    /** @return the C pointer of the object (for example {@code struct ibv_pd *}) */
    MemorySegment pointer();

    /**
     * Holds the object open for a call of a vendor's verb with its pointer: a close from another thread waits
     * until {@link #leaveCall()} (which must follow, in a {@code finally}). No allocation.
     *
     * @param verb the verb, for the message
     * @throws ClosedObjectException if the object is closed or being closed
     */
    default void enterCall(String verb) {
        if (this instanceof VerbsObject object && object.isClosed()) {
            throw new ClosedObjectException(verb, getClass().getSimpleName() + " is closed");
        }
    }

    /** Ends a call entered with {@link #enterCall}. */
    default void leaveCall() {
    }

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
