package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.verbs4j.AsyncEvent;

/**
 * The peer's end: every object it hands out that is no value gets a handle, by which the kit JVM's proxy names
 * it; a token of the kit JVM gets one stand-in, which goes back as the token.
 */
final class PeerSide implements WireEnd {

    private final List<Object> objects = new ArrayList<>();
    private final Map<Object, Long> handles = new IdentityHashMap<>();
    private final Map<Long, KitObject> kitObjects = new HashMap<>();
    private final PeerMappings mappings = new PeerMappings();

    /** @return the handle of {@code object}, which it gets now if it had none */
    synchronized long register(Object object) {
        Long handle = handles.get(object);
        if (handle == null) {
            handle = (long) objects.size();
            handles.put(object, handle);
            objects.add(object);
        }
        return handle;
    }

    synchronized Object object(long handle) {
        if (handle < 0 || handle >= objects.size()) {
            throw new IllegalArgumentException("the peer has no object #" + handle);
        }
        return objects.get((int) handle);
    }

    /** @return every object handed out, the newest first (children before their parents) */
    synchronized List<Object> newestFirst() {
        return objects.reversed();
    }

    @Override
    public synchronized boolean writeKnown(Object value, Encoder out) throws IOException {
        if (value instanceof KitObject kitObject) {
            out.writeKitObject(kitObject.token());
            return true;
        }
        Long handle = handles.get(value);
        if (handle != null) {
            out.writePeerObject(handle, ApiTypes.interfacesOf(value.getClass()), null);
        }
        return handle != null;
    }

    @Override
    public void writeOther(Object value, Encoder out) throws IOException {
        out.writePeerObject(register(value), ApiTypes.interfacesOf(value.getClass()), describe(value));
    }

    @Override
    public Object peerObject(long handle, List<String> interfaces, String description) {
        return object(handle);
    }

    @Override
    public synchronized Object kitObject(long token) {
        return kitObjects.computeIfAbsent(token, KitObject::new);
    }

    @Override
    public long handleOf(AsyncEvent event) {
        return register(event);
    }

    @Override
    public AsyncEvent asyncEvent(long handle, AsyncEvent fresh) {
        return handle < 0 ? fresh : (AsyncEvent) object(handle);
    }

    @Override
    public Optional<SharedLocation> locate(MemorySegment segment) {
        return mappings.locate(segment);
    }

    @Override
    public MemorySegment segment(SharedLocation location) {
        return mappings.segment(location);
    }

    private static String describe(Object value) {
        try {
            return value.toString();
        } catch (RuntimeException e) {
            return value.getClass().getName();
        }
    }
}
