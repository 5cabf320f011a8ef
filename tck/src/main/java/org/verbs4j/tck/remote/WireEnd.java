package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import org.verbs4j.AsyncEvent;

/** What differs between the kit JVM's and the peer's end of the wire: how objects cross by reference. */
interface WireEnd {

    /** Writes {@code value} by reference if this side already knows it as one; returns whether it did. */
    boolean writeKnown(Object value, Encoder out) throws IOException;

    /** Writes an object that is no value by reference. */
    void writeOther(Object value, Encoder out) throws IOException;

    /** Writes what a verb declares as a plain {@code Object} (a user context) that this side does not know. */
    default void writeOpaque(Object value, Encoder out) throws IOException {
        writeOther(value, out);
    }

    /** @return the object behind a handle of the peer */
    Object peerObject(long handle, List<String> interfaces, String description);

    /** @return the object behind a token of the kit JVM */
    Object kitObject(long token);

    /** @return the handle an event keeps across the wire, -1 if it has none */
    long handleOf(AsyncEvent event);

    /** @return the event known by {@code handle}, else {@code fresh}, which this side then knows by it */
    AsyncEvent asyncEvent(long handle, AsyncEvent fresh);

    /** @return where {@code segment} lies in shared memory, if it does */
    Optional<SharedLocation> locate(MemorySegment segment);

    /** @return this side's view of a shared segment */
    MemorySegment segment(SharedLocation location);
}
