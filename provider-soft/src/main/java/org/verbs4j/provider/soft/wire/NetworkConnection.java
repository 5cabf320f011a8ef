package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEventType;
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
 * The RoCE v2 connection of an RC, UC or XRC queue pair whose peer is outside the JVM: the two protocol machines of
 * {@code wire.roce.rc}, made from the queue pair's attributes when first needed (the responder once the queue
 * pair receives, RTR; the requester at its first request, RTS) and stopped when the queue pair leaves for
 * ERROR or RESET or is destroyed. The engine's requester hands it the request at the head of the send queue, and
 * a {@link RequestHandOver} gives the requester the requests posted after it as well, so that many are on the wire;
 * their answers (ACK, READ response, atomic acknowledgement, or the error the retries end in) come back in send
 * queue order, one at a time through {@link org.verbs4j.provider.soft.engine.Requester#answer} for the head, which then
 * finds the next one answered already or waits for it. Every call holds the fabric lock; nothing allocates.
 */
public final class NetworkConnection {

    private final NetworkQueuePair qp;
    private final NetworkConnections owner;
    private final PacketSink sink;
    private final RendezvousReads rendezvous;
    private final RequestPlacement placement;
    private final ConnectionTarget target;
    private Requester requester;
    private RequestHandOver handOver;
    private Responder responder;
    private boolean stopped;
    private AsyncEventType deferredFailure;

    NetworkConnection(NetworkQueuePair qp, NetworkConnections owner, PacketSink sink) {
        this.qp = qp;
        this.owner = owner;
        this.sink = sink;
        this.rendezvous = new RendezvousReads(qp, this);
        this.placement = new RequestPlacement(qp.sendQueue(), qp.requesterState().response(), rendezvous);
        this.target = new ConnectionTarget(qp, owner.fabric(), rendezvous);
    }

    /**
     * Puts the request {@code wqe} at the head of the send queue on the wire, unless it is there already, and the
     * requests posted after it that may follow.
     *
     * @return {@link Response#PENDING}, or the answer if the request ended already (UC, acknowledged, or refused)
     */
    int request(SendWqe wqe, Sges source, long length, Response response) {
        long position = qp.sendQueue().executed;
        if (!handOver().handed(position) && !handOver.handHead(wqe, position, length)) {
            return placement.refuse(WcStatus.LOC_QP_OP_ERR);
        }
        handAhead();
        int answer = placement.answerFor(position);
        return answer == RequestPlacement.NONE ? Response.PENDING : answer;
    }

    /** Gives the requester the requests posted after those on the wire (the head waits for its answer). */
    public void handAhead() {
        if (handOver != null && !stopped) {
            handOver.handAhead();
            owner.timer().nudge(requester.deadline());
        }
    }

    private RequestHandOver handOver() {
        if (handOver == null) {
            requester = new Requester(ConnectionConfigs.requester(qp), sink, placement, placement);
            handOver = new RequestHandOver(qp, requester, placement, owner.localAccess());
        }
        return handOver;
    }

    /** @return the free slot of the requester where the device describes a request of its own (a rendezvous) */
    SendWork deviceSlot() {
        handOver();
        return requester.nextSlot();
    }

    /** Puts the request described in {@link #deviceSlot()} on the wire. */
    void postDevice() {
        requester.post(System.nanoTime());
        owner.timer().nudge(requester.deadline());
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
                rendezvous.afterTurn();
            }
            return;
        }
        responder().onRequest(packet, length);
        if (responder.failed() || target.brokeLocally()) {
            failResponder(target.failureEvent());
        }
        rendezvous.afterTurn();
    }

    /**
     * The responder failed: the queue pair enters ERROR, unless it is connected to itself and its own request awaits
     * the NAK just sent; then the request completes with the NAK's status first, and the error follows (as inside
     * the JVM, where the flush waits for the executing request).
     */
    private void failResponder(AsyncEventType event) {
        if (connectedToItself() && qp.requesterState().awaitsAnswer()) {
            deferredFailure = event;
        } else {
            qp.enterError(event);
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
            rendezvous.afterTurn();
        }
        return stopped || requester == null ? Long.MAX_VALUE : requester.deadline();
    }

    /**
     * Hands the answer to the head of the send queue, if the engine waits for it and the requester produced it, to
     * the engine, which goes on with the send queue (and takes the answers after it that are there already).
     */
    private void deliver() {
        if (!qp.requesterState().awaitsAnswer()) {
            return;
        }
        int answer = placement.answerFor(qp.sendQueue().executed);
        if (answer != RequestPlacement.NONE) {
            owner.fabric().requester().answer(qp, answer);
            failDeferred();
        }
    }

    /** @return whether the queue pair's path leads to itself: its own number on its own device */
    private boolean connectedToItself() {
        AhAttributes path = qp.path();
        return qp.destQpNum() == qp.qpNum() && path != null && qp.softContext().ownsGid(path.grh().dgid());
    }

    private void failDeferred() {
        AsyncEventType event = deferredFailure;
        if (event != null) {
            deferredFailure = null;
            qp.enterError(event);
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
        rendezvous.stop();
        owner.stopped(this);
    }

    /** @return whether the queue pair left the connection */
    boolean stopped() {
        return stopped;
    }
}
