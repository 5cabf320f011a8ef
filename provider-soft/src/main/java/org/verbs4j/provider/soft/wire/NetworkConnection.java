package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.rc.PacketSink;
import org.verbs4j.provider.soft.wire.roce.rc.Requester;
import org.verbs4j.provider.soft.wire.roce.rc.Responder;
import org.verbs4j.provider.soft.wire.roce.rc.SendWork;

/**
 * The RoCE v2 connection of an RC or UC queue pair whose peer is outside the JVM: the two protocol machines of
 * {@code wire.roce.rc}, made from the queue pair's attributes when first needed (the responder once the queue
 * pair receives, RTR; the requester at its first request, RTS) and stopped when the queue pair leaves for
 * ERROR or RESET or is destroyed. The engine's requester hands it the request at the head of the send queue;
 * the answer (ACK, READ response, atomic acknowledgement, or the error the retries end in) comes back through
 * {@link org.verbs4j.provider.soft.engine.Requester#answer}. Every call holds the fabric lock; nothing allocates.
 */
public final class NetworkConnection {

    private final NetworkQueuePair qp;
    private final NetworkConnections owner;
    private final PacketSink sink;
    private final RequestPlacement placement = new RequestPlacement();
    private final ConnectionTarget target;
    private Requester requester;
    private Responder responder;
    private boolean stopped;

    NetworkConnection(NetworkQueuePair qp, NetworkConnections owner, PacketSink sink) {
        this.qp = qp;
        this.owner = owner;
        this.sink = sink;
        this.target = new ConnectionTarget(qp, owner.fabric());
    }

    /**
     * Puts the request {@code wqe} on the wire.
     *
     * @return {@link Response#PENDING}, or the answer if the request ended at once (UC, or refused)
     */
    int request(SendWqe wqe, Sges source, long length, Response response) {
        placement.begin(wqe, source, response);
        if (requester == null) {
            requester = new Requester(ConnectionConfigs.requester(qp), sink, placement, placement);
        }
        SendWork work = requester.nextSlot();
        if (!WireWork.describe(work, wqe, (int) length)) {
            return placement.refuse(WcStatus.LOC_QP_OP_ERR);
        }
        long now = System.nanoTime();
        requester.post(now);
        owner.timer().nudge(requester.deadline());
        int answer = placement.takeAnswer();
        return answer == RequestPlacement.NONE ? Response.PENDING : answer;
    }

    /** Hands a packet of this queue pair to the machine it concerns: responses to the requester. */
    void onPacket(ByteBuffer packet, int length, long now) {
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        if (opcode == null) {
            return;
        }
        if (opcode.isResponse()) {
            if (requester != null) {
                requester.onResponse(packet, length, now);
                owner.timer().nudge(requester.deadline());
                deliver();
            }
            return;
        }
        responder().onRequest(packet, length);
        if (responder.failed() || target.brokeLocally()) {
            qp.enterError(target.failureEvent());
        }
    }

    /**
     * Runs the requester's timers if they are due.
     *
     * @return when they are next due, or {@link Long#MAX_VALUE}
     */
    long onTimer(long now) {
        if (stopped || requester == null) {
            return Long.MAX_VALUE;
        }
        if (requester.deadline() <= now) {
            requester.onTimer(now);
            deliver();
        }
        return stopped || requester == null ? Long.MAX_VALUE : requester.deadline();
    }

    /** Hands the answer the requester produced, if any, to the engine, which goes on with the send queue. */
    private void deliver() {
        int answer = placement.takeAnswer();
        if (answer != RequestPlacement.NONE) {
            owner.fabric().requester().answer(qp, answer);
        }
    }

    private Responder responder() {
        if (responder == null) {
            responder = new Responder(ConnectionConfigs.responder(qp), sink, target);
        }
        return responder;
    }

    /** The queue pair left: nothing more is sent or taken. */
    public void stop() {
        stopped = true;
        owner.stopped(this);
    }

    /** @return whether the queue pair left the connection */
    boolean stopped() {
        return stopped;
    }
}
