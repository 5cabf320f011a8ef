package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.Poll;
import org.verbs4j.provider.generic.raw.Rdmacm;

/**
 * {@code struct rdma_event_channel}: its descriptor is set {@code O_NONBLOCK} and waited on with {@code poll(2)} in
 * slices of at most 50 ms, so that an interrupt or a concurrent close stops a waiter within a slice; then
 * {@code rdma_get_cm_event} never blocks. Reading an event and destroying an identifier exclude each other
 * ({@link #lock}), so that {@code rdma_destroy_id}, which blocks until every event it reported is acknowledged, is
 * only called when none is outstanding.
 */
@SuppressWarnings("restricted")
final class NativeEventChannel implements EventChannel {

    static final String GET = "rdma_get_cm_event";
    private static final String DESTROY = "rdma_destroy_event_channel";
    private static final int EAGAIN = 11;
    private static final int EINTR = 4;
    private static final long SLICE_MILLIS = 50;

    final NativeConnectionManager manager;
    final Rdmacm cm;
    final MemorySegment handle;
    /** Guards {@code rdma_get_cm_event}, {@code rdma_destroy_id} and the channel's own state. */
    final Object lock = new Object();
    private final int fd;
    private final Map<Long, NativeCmId> ids = new ConcurrentHashMap<>();
    private int waiters;
    private boolean closed;

    private NativeEventChannel(NativeConnectionManager manager, MemorySegment handle) {
        this.manager = manager;
        this.cm = manager.cm;
        this.handle = handle;
        this.fd = handle.get(JAVA_INT, 0);
    }

    static NativeEventChannel create(NativeConnectionManager manager) {
        Rdmacm cm = manager.cm;
        MemorySegment handle;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            handle = Native.checkPointer((MemorySegment) cm.createEventChannel.invokeExact(errno), errno,
                    "rdma_create_event_channel").reinterpret(4);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        try {
            cm.setNonBlocking(handle.get(JAVA_INT, 0));
        } catch (RuntimeException e) {
            destroy(cm, handle);
            throw e;
        }
        return new NativeEventChannel(manager, handle);
    }

    NativeCmId createId(PortSpace portSpace, Object userContext) {
        synchronized (lock) {
            ensureOpen("rdma_create_id");
            return NativeCmId.create(this, portSpace, userContext);
        }
    }

    /** Called under {@link #lock} by an identifier created or adopted on this channel. */
    void register(NativeCmId id) {
        ids.put(id.address(), id);
    }

    /** Called under {@link #lock} once {@code rdma_destroy_id} destroyed it. */
    void forget(NativeCmId id) {
        ids.remove(id.address());
    }

    /** @return the identifier of this channel at that address, or {@code null} */
    NativeCmId id(MemorySegment pointer) {
        return ids.get(pointer.address());
    }

    @Override
    public CmEvent getEvent() {
        return next(null);
    }

    @Override
    public CmEvent getEvent(Duration timeout) {
        ensureOpen(GET);
        return next(Args.required(GET, timeout, "the timeout"));
    }

    @Override
    public CmEvent tryGetEvent() {
        return next(Duration.ZERO);
    }

    private CmEvent next(Duration timeout) {
        enter();
        try {
            long deadline = timeout == null ? 0 : System.nanoTime() + Args.nanos(timeout);
            while (true) {
                CmEvent event = read();
                if (event != null) {
                    return event;
                }
                long left = timeout == null ? SLICE_MILLIS : (deadline - System.nanoTime()) / 1_000_000;
                if (timeout != null && deadline - System.nanoTime() <= 0) {
                    return null;
                }
                if (Thread.currentThread().isInterrupted()) {
                    throw VerbsException.of(GET, EINTR, "interrupted while waiting");
                }
                Poll.readable(cm.ib(), fd, Duration.ofMillis(Math.max(1, Math.min(SLICE_MILLIS, left))), GET);
            }
        } finally {
            leave();
        }
    }

    private void enter() {
        synchronized (lock) {
            ensureOpen(GET);
            waiters++;
        }
    }

    private void leave() {
        synchronized (lock) {
            waiters--;
            lock.notifyAll();
        }
    }

    private CmEvent read() {
        synchronized (lock) {
            if (closed) {
                throw new ClosedObjectException(GET, "the event channel was closed while waiting");
            }
            try (Arena call = Arena.ofConfined()) {
                MemorySegment errno = ErrnoCapture.allocate(call);
                MemorySegment out = call.allocate(ADDRESS);
                int rc = (int) cm.getCmEvent.invokeExact(errno, handle, out);
                if (rc != 0) {
                    if (ErrnoCapture.errno(errno) == EAGAIN) {
                        return null;
                    }
                    throw VerbsException.of(GET, ErrnoCapture.errno(errno), null);
                }
                return NativeCmEvent.read(this, out.get(ADDRESS, 0).reinterpret(cm.cmEvent.byteSize()));
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        }
    }

    void ensureOpen(String verb) {
        if (closed) {
            throw new ClosedObjectException(verb, "the event channel is closed");
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                throw new ClosedObjectException(DESTROY, "already closed");
            }
            if (!ids.isEmpty()) {
                throw new BusyException(DESTROY, ids.size() + " identifier(s) still use it");
            }
            closed = true;
            while (waiters > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            destroy(cm, handle);
        }
    }

    private static void destroy(Rdmacm cm, MemorySegment handle) {
        try {
            cm.destroyEventChannel.invokeExact(handle);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }
}
