package org.verbs4j.provider.soft.wire;

import org.verbs4j.QpState;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.SendQueue;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.WorkLimits;
import org.verbs4j.provider.soft.wire.roce.rc.Requester;

/**
 * Hands the requests of a queue pair's send queue to its RoCE v2 requester in order, each known there by its send
 * queue position, as rxe's requester takes every posted work request while its window allows: the head of the
 * send queue, then the requests after it while the queue pair is in RTS. A request the engine ends itself (a local
 * operation, one whose scatter list fails the local check, or one longer than a message may be) stops the hand-over
 * until it has become the head and been ended. Fabric lock held; nothing is allocated.
 */
final class RequestHandOver {

    private final NetworkQueuePair qp;
    private final Requester requester;
    private final RequestPlacement placement;
    private final LocalAccess localAccess;
    /** The position of the next request to hand over. */
    private long handed;

    RequestHandOver(NetworkQueuePair qp, Requester requester, RequestPlacement placement, LocalAccess localAccess) {
        this.qp = qp;
        this.requester = requester;
        this.placement = placement;
        this.localAccess = localAccess;
    }

    /** @return whether the request at {@code position} is the requester's already */
    boolean handed(long position) {
        return position < handed;
    }

    /**
     * Hands over the head of the send queue, which the engine checked; the requests before it were ended by the
     * engine.
     *
     * @return false if the wire does not carry its operation
     */
    boolean handHead(SendWqe wqe, long position, long length) {
        placement.startAt(position);
        handed = position;
        return hand(wqe, length);
    }

    /** Hands over the posted requests after those handed over, while the requester takes them. */
    void handAhead() {
        SendQueue queue = qp.sendQueue();
        boolean taken = true;
        while (taken && handed < queue.posted && requester.hasRoom() && qp.state() == QpState.RTS) {
            taken = handNext(queue.slot(handed));
        }
    }

    private boolean handNext(SendWqe wqe) {
        long length = wqe.length();
        return mayHand(wqe, length) && hand(wqe, length);
    }

    private boolean mayHand(SendWqe wqe, long length) {
        return !wqe.opcode.isLocal() && length <= WorkLimits.MAX_MSG_SIZE && (wqe.isInline
                || localAccess.check(wqe.sges, qp.softPd(), wqe.opcode.writesLocal()) == WcStatus.SUCCESS);
    }

    private boolean hand(SendWqe wqe, long length) {
        if (!WireWork.describe(requester.nextSlot(), wqe, handed, (int) length)) {
            return false;
        }
        handed++;
        requester.post(System.nanoTime());
        return true;
    }
}
