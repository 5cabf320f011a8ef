package org.verbs4j.provider.soft.wire;

import org.verbs4j.AsyncEventType;
import org.verbs4j.QpType;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.FabricView;
import org.verbs4j.provider.soft.engine.PlainSends;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.Responder;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.engine.Wire;

/**
 * The wire between the soft devices of one JVM: it finds the destination queue pair in the fabric's table
 * and calls its responder in the calling thread, so that every answer is there when a method returns. A run
 * of plain SENDs goes through {@link PlainSends}, and datagrams through {@link Datagrams}. Used with the
 * fabric's lock held.
 */
public final class InJvmWire implements Wire {

    private final Responder responder;
    private final Datagrams datagrams;
    private final PlainSends plainSends;

    public InJvmWire(FabricView fabric) {
        this.responder = new Responder(fabric);
        this.datagrams = new Datagrams(fabric);
        this.plainSends = new PlainSends(fabric.keys());
    }

    @Override
    public int sendRun(QueuePairView qp) {
        return plainSends.run(qp);
    }

    /**
     * The connected peer answers ({@link QueuePairView#connectedPeer}); an XRC_SEND request first reaches
     * the XRC SRQ it names through the peer, or is invalid: the peer NAKs it and enters ERROR, as an RC
     * responder does after an invalid request (and as over the RoCE v2 wire).
     */
    @Override
    public int request(QueuePairView qp, SendWqe wqe, Sges source, long length, Response response) {
        QueuePairView peer = qp.connectedPeer();
        if (peer == null) {
            return Response.NO_ANSWER;
        }
        if (qp.type() == QpType.XRC_SEND && !peer.deliverTo(wqe.operands.remoteSrqn)) {
            peer.enterError(AsyncEventType.QP_REQ_ERR);
            return Response.NAK_INVALID;
        }
        return responder.respond(qp, peer, wqe, source, length, response);
    }

    @Override
    public WcStatus datagram(QueuePairView qp, SendWqe wqe, Sges source, long length) {
        return datagrams.send(qp, wqe, source, length);
    }

    @Override
    public boolean read(QueuePairView qp, int rkey, long address, long length, Response response) {
        QueuePairView peer = qp.connectedPeer();
        return peer != null && responder.readResponse(peer, rkey, address, length, response);
    }

    @Override
    public void deviceSend(QueuePairView qp, Sges message, long length) {
        QueuePairView peer = qp.connectedPeer();
        if (peer != null) {
            responder.receiveDeviceSend(qp, peer, message, length);
        }
    }
}
