package org.verbs4j.provider.generic.binding;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.VerbsException;

/**
 * C {@code struct ibv_comp_channel}. {@code ibv_get_cq_event} blocks in {@code read(2)}, so its handle is
 * never critical; timed and non-blocking waits {@code poll(2)} the channel's descriptor first. Events
 * are mapped back to queues by the CQ's address, never by {@code cq_context}.
 */
@SuppressWarnings("restricted")
final class NativeCompletionChannel extends NativeResource implements CompletionChannel {

    private final NativeContext context;
    private final int fd;

    private NativeCompletionChannel(NativeContext context, MemorySegment channel) {
        super(channel, context, destroyer(context.ib.destroyCompChannel, channel.address()));
        this.context = context;
        this.fd = channel.get(JAVA_INT, Abi.offset(context.abi.ibvCompChannel, "fd"));
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

    MemorySegment pointer() {
        return handle;
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
        return readEvent();
    }

    @Override
    public CompletionQueue getEvent(Duration timeout) {
        ensureOpen("ibv_get_cq_event");
        return Poll.readable(context.ib, fd, timeout, "ibv_get_cq_event") ? readEvent() : null;
    }

    @Override
    public CompletionQueue tryGetEvent() {
        return getEvent(Duration.ZERO);
    }

    private CompletionQueue readEvent() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment cq = call.allocate(ADDRESS);
            MemorySegment cqContext = call.allocate(ADDRESS);
            int rc = (int) context.ib.getCqEvent.invokeExact(errno, handle, cq, cqContext);
            if (rc != 0) {
                throw VerbsException.of("ibv_get_cq_event", ErrnoCapture.errno(errno), null);
            }
            NativeCompletionQueue queue = context.cqs.get(cq.get(ADDRESS, 0).address());
            if (queue == null) {
                throw new IllegalStateException("ibv_get_cq_event returned a CQ this context does not know");
            }
            queue.eventReceived();
            return queue;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
