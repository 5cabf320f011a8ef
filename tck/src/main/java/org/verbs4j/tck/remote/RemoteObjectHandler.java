package org.verbs4j.tck.remote;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import org.verbs4j.UnsupportedVerbException;

/**
 * The behaviour of a proxy of a peer object: every API method, default ones included, is called in the peer;
 * {@code equals}, {@code hashCode} and {@code toString} are the proxy's own (identity).
 */
final class RemoteObjectHandler implements InvocationHandler {

    private static final Object[] NO_ARGUMENTS = {};

    private final long handle;
    private final String description;
    private final PeerConnection connection;

    RemoteObjectHandler(long handle, String description, PeerConnection connection) {
        this.handle = handle;
        this.description = description;
        this.connection = connection;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getDeclaringClass() == Object.class) {
            return local(proxy, method, args);
        }
        Object result = connection.call(handle, method, args == null ? NO_ARGUMENTS : args);
        if (method.getName().equals("unwrap") && result != null && !((Class<?>) args[0]).isInstance(result)) {
            throw new UnsupportedVerbException("unwrap", "the peer's " + description + " is a "
                    + ((Class<?>) args[0]).getName() + " of the peer JVM, out of reach of this one");
        }
        return result;
    }

    private Object local(Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "remote " + description;
        };
    }
}
