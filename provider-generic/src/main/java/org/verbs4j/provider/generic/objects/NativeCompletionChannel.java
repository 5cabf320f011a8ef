package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.NonBlockingFd;
import org.verbs4j.provider.generic.raw.Native;

/**
 * C {@code struct ibv_comp_channel}. {@code ibv_get_cq_event} blocks in {@code read(2)}, so its handle is
 * never critical; timed and non-blocking waits {@code poll(2)} the channel's descriptor first. Events
 * are mapped back to queues by the CQ's address, never by {@code cq_context}.
 */
@SuppressWarnings("restricted")
final class NativeCompletionChannel extends NativeResource implements CompletionChannel {

    private final NativeContext context;
    private final int fd;
    /**
     * The out-arguments of {@code ibv_get_cq_event}, reused by one waiter at a time (claimed through
     * {@link #eventOutInUse}); a concurrent waiter allocates its own rather than wait for a lock that a
     * blocked {@code read(2)} may hold. Freed with the channel by the GC, never by {@code close()}: a waiter
     * may still be inside the call.
     */
    private final EventOut eventOut = EventOut.allocate(Arena.ofAuto());
    private final AtomicBoolean eventOutInUse = new AtomicBoolean();

    private NativeCompletionChannel(NativeContext context, MemorySegment channel) {
        super(channel, context, destroyer(context.ib.destroyCompChannel, channel.address()));
        this.context = context;
        this.fd = channel.get(JAVA_INT, Abi.offset(context.abi.ibvCompChannel, "fd"));
        NonBlockingFd.set(fd, "ibv_create_comp_channel");
    }

    static NativeCompletionChannel create(NativeContext context) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment channel = (MemorySegment) context.ib.createCompChannel.invokeExact(errno,
                    context.pointer());
            Native.checkPointer(channel, errno, "ibv_create_comp_channel");
            return new NativeCompletionChannel(context,
                    channel.reinterpret(context.abi.ibvCompChannel.byteSize()));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    NativeContext nativeContext() {
        return context;
    }

    @Override
    protected String destroyVerb() {
        return "ibv_destroy_comp_channel";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(context.ib.destroyCompChannel, handle, "ibv_destroy_comp_channel");
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public CompletionQueue getEvent() {
        ensureOpen("ibv_get_cq_event");
        CompletionQueue queue;
        do {
            awaitReadable(context.ib, fd, null, "ibv_get_cq_event");
            queue = readEvent();
        } while (queue == null);
        return queue;
    }

    @Override
    public CompletionQueue getEvent(Duration timeout) {
        ensureOpen("ibv_get_cq_event");
        return awaitReadable(context.ib, fd, Args.required("ibv_get_cq_event", timeout, "the timeout"), "ibv_get_cq_event")
                ? readEvent() : null;
    }

    @Override
    public CompletionQueue tryGetEvent() {
        return getEvent(Duration.ZERO);
    }

    /**
     * Reads the event the wait found, holding the channel (the wait holds nothing: a close never waits for it);
     * null if another thread read it first (the descriptor is non-blocking: EAGAIN).
     */
    private CompletionQueue readEvent() {
        enter("ibv_get_cq_event");
        try {
            return readEventEntered();
        } finally {
            leave();
        }
    }

    private CompletionQueue readEventEntered() {
        if (eventOutInUse.compareAndSet(false, true)) {
            try {
                return readEvent(eventOut);
            } finally {
                eventOutInUse.set(false);
            }
        }
        try (Arena call = Arena.ofConfined()) {
            return readEvent(EventOut.allocate(call));
        }
    }

    private CompletionQueue readEvent(EventOut out) {
        try {
            int rc = (int) context.ib.getCqEvent.invokeExact(out.errno, handle, out.cq, out.cqContext);
            if (rc != 0 && ErrnoCapture.errno(out.errno) == NonBlockingFd.EAGAIN) {
                return null;
            }
            if (rc != 0) {
                throw VerbsException.of("ibv_get_cq_event", ErrnoCapture.errno(out.errno), null);
            }
            NativeCompletionQueue queue = context.cqs.get(out.cq.get(ADDRESS, 0).address());
            if (queue == null) {
                throw new IllegalStateException("ibv_get_cq_event returned a CQ this context does not know");
            }
            queue.eventReceived();
            return queue;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** The errno capture and the {@code cq} and {@code cq_context} out-pointers of one call. */
    private record EventOut(MemorySegment errno, MemorySegment cq, MemorySegment cqContext) {
        static EventOut allocate(Arena arena) {
            return new EventOut(ErrnoCapture.allocate(arena), arena.allocate(ADDRESS), arena.allocate(ADDRESS));
        }
    }
}
