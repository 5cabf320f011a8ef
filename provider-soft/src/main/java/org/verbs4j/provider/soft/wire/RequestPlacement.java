package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendQueue;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.rc.PayloadSource;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterListener;

/**
 * The engine's side of a queue pair's RoCE v2 requester, which knows each request by its send queue position (its
 * work request id there): it gathers a request's bytes into the packets, places the data of READ responses and
 * the original value of atomic acknowledgements in the request's scatter list (checked before it was sent), and
 * keeps how far the requester completed, in order, until the engine takes each answer. Many requests may be on
 * the wire, and the device's own requests (a rendezvous's read and FIN) among them go to {@link RendezvousReads}.
 * Fabric lock held; nothing is allocated.
 */
public final class RequestPlacement implements PayloadSource, RequesterListener {

    /** No answer yet. */
    public static final int NONE = -1;

    private final PacketView outgoing = new PacketView();
    private final PacketView incoming = new PacketView();
    private final SendQueue queue;
    private final Response response;
    private final RendezvousReads device;
    /** One past the last position the requester completed. */
    private long answeredUntil;
    /** The first position that failed, or -1, and its status. */
    private long failedAt = -1;
    private WcStatus failure = WcStatus.SUCCESS;

    /**
     * @param queue the send queue whose requests go on the wire
     * @param response where an atomic's original value passes and a failure's status is given to the engine
     * @param device the requests the device issues itself (negative ids), among those of the send queue
     */
    RequestPlacement(SendQueue queue, Response response, RendezvousReads device) {
        this.queue = queue;
        this.response = response;
        this.device = device;
    }

    /** The requests before {@code position} are not the requester's: the engine ended them itself. */
    void startAt(long position) {
        answeredUntil = Math.max(answeredUntil, position);
    }

    /**
     * @return the {@link Response} code of the end of the request at {@code position}, or {@link #NONE} while it
     *     is on the wire
     */
    int answerFor(long position) {
        if (position >= answeredUntil) {
            return NONE;
        }
        if (failedAt < 0 || position < failedAt) {
            return Response.PLACED;
        }
        return refuse(position == failedAt ? failure : WcStatus.WR_FLUSH_ERR);
    }

    /** The request ends before it reaches the wire with {@code status}. @return {@link Response#FAILED} */
    public int refuse(WcStatus status) {
        response.failed(status);
        return Response.FAILED;
    }

    @Override
    public void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        if (RendezvousReads.owns(wrId)) {
            device.copy(wrId, offset, packet, at, length);
            return;
        }
        LocalAccess.copy(queue.source(queue.slot(wrId)), offset, outgoing.of(packet), at, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        if (RendezvousReads.owns(wrId)) {
            device.placeRead(wrId, offset, packet, at, length);
            return;
        }
        LocalAccess.copy(incoming.of(packet), at, queue.slot(wrId).sges, offset, length);
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        response.original(original);
        LocalAccess.copy(response.originalData(), 0, queue.slot(wrId).sges, 0, Long.BYTES);
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        if (RendezvousReads.owns(wrId)) {
            device.complete(wrId, opcode, status, byteLength);
            return;
        }
        answeredUntil = wrId + 1;
        if (status != WcStatus.SUCCESS && failedAt < 0) {
            failedAt = wrId;
            failure = status;
        }
    }
}
