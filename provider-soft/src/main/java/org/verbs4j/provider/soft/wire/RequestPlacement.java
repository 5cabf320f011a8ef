package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.rc.PayloadSource;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterListener;

/**
 * The engine's side of a RoCE v2 requester: it gathers the bytes of the request at the head of the send queue
 * into the packets, places the data of READ responses and the original value of atomic acknowledgements in
 * the request's scatter list (checked before it was sent), and keeps the answer until the
 * {@link NetworkConnection} hands it to the engine. One request is on the wire at a time. Fabric lock held;
 * nothing is allocated.
 */
public final class RequestPlacement implements PayloadSource, RequesterListener {

    /** No answer yet. */
    public static final int NONE = -1;

    private final PacketView outgoing = new PacketView();
    private final PacketView incoming = new PacketView();
    private SendWqe wqe;
    private Sges source;
    private Response response;
    private int answer = NONE;

    /** The request {@code request} goes on the wire: its bytes are {@code data}, its answer goes to {@code into}. */
    public void begin(SendWqe request, Sges data, Response into) {
        wqe = request;
        source = data;
        response = into;
        answer = NONE;
    }

    /** @return the {@link Response} code of the request's end, or {@link #NONE}; taken once */
    public int takeAnswer() {
        int taken = answer;
        answer = NONE;
        return taken;
    }

    /** The request ends before it reaches the wire with {@code status}. @return {@link Response#FAILED} */
    public int refuse(WcStatus status) {
        response.failed(status);
        return Response.FAILED;
    }

    @Override
    public void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        LocalAccess.copy(source, offset, outgoing.of(packet), at, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        LocalAccess.copy(incoming.of(packet), at, wqe.sges, offset, length);
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        response.original(original);
        LocalAccess.copy(response.originalData(), 0, wqe.sges, 0, Long.BYTES);
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        answer = status == WcStatus.SUCCESS ? Response.PLACED : refuse(status);
    }
}
