package org.verbs4j;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

/**
 * Closes the verbs objects it holds, last added first, so that a context and everything created
 * under it go away in one {@code try} block, children before their parents as rdma-core requires:
 *
 * {@snippet class=org.verbs4j.examples.RcPingPong region=scope}
 *
 * <p>{@link Context#close()} stays strict (it fails with {@link BusyException} while a child is
 * alive); a scope only calls the {@code close()} of each object in the right order. Add each object
 * as it is created, after its parent. An object already closed by the caller is skipped. If a close
 * throws, the scope still closes the rest, then throws the first exception with the others
 * {@linkplain Throwable#addSuppressed suppressed}.
 *
 * <p>Instances are not thread-safe.
 */
public final class VerbsScope implements AutoCloseable {

    private final Deque<VerbsObject> objects = new ArrayDeque<>();

    /** Creates an empty scope. */
    public VerbsScope() {
    }

    /**
     * Adds an object, to be closed before every object added earlier.
     *
     * @param object a verbs object just created, for example {@code scope.add(pd.registerMemory(...))}
     * @param <T> its type
     * @return {@code object}
     */
    public <T extends VerbsObject> T add(T object) {
        objects.push(Objects.requireNonNull(object, "object"));
        return object;
    }

    /**
     * Closes every object not yet closed, last added first; the scope is empty afterwards.
     *
     * @throws RuntimeException the first exception a close threw (usually a {@link VerbsException}),
     *     with the later ones suppressed
     */
    @Override
    public void close() {
        RuntimeException first = null;
        while (!objects.isEmpty()) {
            first = closeQuietly(objects.pop(), first);
        }
        if (first != null) {
            throw first;
        }
    }

    private static RuntimeException closeQuietly(VerbsObject object, RuntimeException first) {
        try {
            if (!object.isClosed()) {
                object.close();
            }
            return first;
        } catch (RuntimeException e) {
            if (first == null) {
                return e;
            }
            first.addSuppressed(e);
            return first;
        }
    }
}
