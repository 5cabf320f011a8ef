package org.verbs4j.tck.remote;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.verbs4j.AsyncEvent;

/**
 * The kit JVM's end: a peer object is a proxy, one per handle; an opaque object of the kit (a user context)
 * crosses as a token and comes back as itself.
 */
final class KitSide implements WireEnd {

    private final Map<Long, Object> remotes = new HashMap<>();
    private final Map<Object, Long> handles = new IdentityHashMap<>();
    private final Map<Long, Object> kitObjects = new HashMap<>();
    private final Map<Object, Long> tokens = new IdentityHashMap<>();
    private final PeerConnection connection;

    KitSide(PeerConnection connection) {
        this.connection = connection;
    }

    @Override
    public synchronized boolean writeKnown(Object value, Encoder out) throws IOException {
        Long handle = handles.get(value);
        if (handle != null) {
            out.writePeerObject(handle, List.of(), null);
        }
        return handle != null;
    }

    @Override
    public void writeOther(Object value, Encoder out) throws IOException {
        if (!ApiTypes.interfacesOf(value.getClass()).isEmpty()) {
            throw new IllegalArgumentException(value + " belongs to this JVM: the peer's objects can use only the"
                    + " peer's (a verbs object of one process is meaningless in another)");
        }
        writeOpaque(value, out);
    }

    @Override
    public synchronized void writeOpaque(Object value, Encoder out) throws IOException {
        Long token = tokens.get(value);
        if (token == null) {
            token = (long) tokens.size();
            tokens.put(value, token);
            kitObjects.put(token, value);
        }
        out.writeKitObject(token);
    }

    @Override
    public synchronized Object peerObject(long handle, List<String> interfaces, String description) {
        return remotes.computeIfAbsent(handle, h -> remember(h, proxy(h, interfaces, description)));
    }

    @Override
    public synchronized Object kitObject(long token) {
        return kitObjects.get(token);
    }

    @Override
    public long handleOf(AsyncEvent event) {
        return -1;
    }

    @Override
    public synchronized AsyncEvent asyncEvent(long handle, AsyncEvent fresh) {
        return handle < 0 ? fresh : (AsyncEvent) remotes.computeIfAbsent(handle, h -> remember(h, fresh));
    }

    @Override
    public Optional<SharedLocation> locate(MemorySegment segment) {
        return SharedFiles.locate(segment);
    }

    @Override
    public MemorySegment segment(SharedLocation location) {
        return SharedFiles.segment(location);
    }

    private Object remember(long handle, Object remote) {
        handles.put(remote, handle);
        return remote;
    }

    private Object proxy(long handle, List<String> interfaceNames, String description) {
        ClassLoader loader = KitSide.class.getClassLoader();
        Class<?>[] interfaces = interfaceNames.stream().map(name -> load(name, loader)).toArray(Class<?>[]::new);
        String name = description != null ? description : "peer object #" + handle;
        return Proxy.newProxyInstance(loader, interfaces, new RemoteObjectHandler(handle, name, connection));
    }

    private static Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the peer's object implements " + name + ", unknown here", e);
        }
    }
}
