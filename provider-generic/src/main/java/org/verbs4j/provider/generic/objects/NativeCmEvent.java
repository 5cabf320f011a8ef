package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.QpType;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.UdParam;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.CmParams;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.spi.ProviderCmEvent;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * A {@code struct rdma_cm_event} copied into Java values when it is read (private data and UD parameters
 * included), and acknowledged once with {@code rdma_ack_cm_event}. Until then it counts as unacknowledged on the
 * identifier librdmacm counts it on (the listener for CONNECT_REQUEST), which refuses {@code rdma_destroy_id}.
 */
final class NativeCmEvent extends ProviderCmEvent {

    private final MemorySegment event;
    private final NativeEventChannel channel;
    private final NativeCmId counted;

    private NativeCmEvent(MemorySegment event, NativeEventChannel channel, NativeCmId counted, CmEventType type,
            int status, NativeCmId id, NativeCmId listenId, ConnParam conn, UdParam ud, Object multicastContext) {
        super(type, status, id, listenId, conn, ud, multicastContext);
        this.event = event;
        this.channel = channel;
        this.counted = counted;
    }

    /**
     * Reads an event that {@code rdma_get_cm_event} returned, under the channel's lock. A CONNECT_RESPONSE of an
     * identifier with a QP completes the connection as librdmacm does for its own QPs ({@link NativeCmId#complete}).
     */
    static NativeCmEvent read(NativeEventChannel channel, MemorySegment event) {
        StructLayout layout = channel.cm.cmEvent;
        CmEventType type = CmEventType.fromValue(event.get(JAVA_INT, Abi.offset(layout, "event")));
        int status = event.get(JAVA_INT, Abi.offset(layout, "status"));
        MemorySegment idPointer = event.get(ADDRESS, Abi.offset(layout, "id"));
        NativeCmId listener = type == CmEventType.CONNECT_REQUEST
                ? channel.id(event.get(ADDRESS, Abi.offset(layout, "listen_id"))) : null;
        NativeCmId id = listener != null ? NativeCmId.adopt(channel, idPointer, listener) : channel.id(idPointer);
        NativeCmId counted = listener != null ? listener : id;
        counted.reported();
        boolean datagram = id.portSpace().qpType() == QpType.UD;
        ConnParam conn = !datagram && hasConn(type) ? CmParams.readConn(event, layout) : null;
        UdParam ud = datagram && hasUd(type) ? CmParams.readUd(event, layout, channel.cm.ib().abi()) : null;
        Object multicast = isMulticast(type) ? id.multicastContext(event.get(ADDRESS,
                Abi.offset(layout, "param", "ud", "private_data")).address()) : null;
        if (type == CmEventType.CONNECT_RESPONSE && id.hasQueuePair()) {
            int result = id.complete(conn);
            type = result == 0 ? CmEventType.ESTABLISHED : CmEventType.CONNECT_ERROR;
            status = result;
        } else if (type == CmEventType.REJECTED) {
            id.toError();
        } else if (type == CmEventType.MULTICAST_JOIN && ud != null) {
            id.attach(ud);
        }
        VerbsEvents.cmEvent(type, status);
        return new NativeCmEvent(event, channel, counted, type, status, id, listener, conn, ud, multicast);
    }

    private static boolean hasConn(CmEventType type) {
        return switch (type) {
            case CONNECT_REQUEST, CONNECT_RESPONSE, ESTABLISHED, REJECTED -> true;
            default -> false;
        };
    }

    private static boolean hasUd(CmEventType type) {
        return switch (type) {
            case CONNECT_REQUEST, ESTABLISHED, UNREACHABLE, MULTICAST_JOIN -> true;
            default -> false;
        };
    }

    private static boolean isMulticast(CmEventType type) {
        return type == CmEventType.MULTICAST_JOIN || type == CmEventType.MULTICAST_ERROR;
    }

    /** Calls {@code rdma_ack_cm_event}, which frees the event and lets its identifier be destroyed. */
    @Override
    protected void release() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            int rc = (int) channel.cm.ackCmEvent.invokeExact(errno, event);
            counted.acknowledged();
            if (rc != 0) {
                throw org.verbs4j.VerbsException.of("rdma_ack_cm_event", ErrnoCapture.errno(errno), null);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
