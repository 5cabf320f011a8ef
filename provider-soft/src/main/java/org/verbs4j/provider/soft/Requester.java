package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.SendFlag;
import org.verbs4j.WcStatus;

/**
 * Executes send queues, in order, in the thread that moves them along (the poster, a receiver that
 * posted the receive an RNR-blocked request waited for, or the timer thread): local operations, local
 * memory checks, then the responder of the destination. Runs of plain SENDs take the path of
 * {@link PlainSends}; every other request, and every request that path refuses, is executed here. Always
 * used with the wire lock held.
 */
final class Requester {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int INFINITE_RNR_RETRY = 7;

    private final SoftFabric fabric;
    private final Responder responder;
    private final Datagrams datagrams;
    private final LocalAccess localAccess;
    private final PlainSends plainSends;
    private SoftQueuePair blockedOn;

    Requester(SoftFabric fabric) {
        this.fabric = fabric;
        this.responder = new Responder(fabric);
        this.datagrams = new Datagrams(fabric);
        this.localAccess = new LocalAccess(fabric.keys());
        this.plainSends = new PlainSends(fabric.keys());
    }

    /**
     * Executes the posted requests of {@code qp} until its queue is empty or blocked. A call made while the
     * same queue pair is already progressing further up the stack (a responder failure that wakes its
     * waiters) returns at once: the outer call goes on.
     */
    void progress(SoftQueuePair qp) {
        RequesterState state = qp.requesterState();
        if (state.progressing()) {
            return;
        }
        state.progressing(true);
        try {
            run(qp, state);
        } finally {
            state.progressing(false);
        }
    }

    private void run(SoftQueuePair qp, RequesterState requester) {
        SendQueue queue = qp.sendQueue();
        while (queue.hasPending()) {
            QpState state = qp.state();
            if (state == QpState.ERR) {
                qp.flushSend();
                return;
            }
            if (state != QpState.RTS || requester.waitsForReceive() && requester.rnrTimerPending()) {
                return;
            }
            long position = queue.executed;
            SendWqe wqe = queue.slot(position);
            if (queue.posted - position > 1 && PlainSends.isPlain(wqe) && !requester.waitsForReceive()
                    && plainSends.run(qp) > 0) {
                continue;
            }
            long length = wqe.length();
            WcStatus status = executeHead(qp, requester, wqe, length);
            if (status == null) {
                status = receiverNotReady(qp, wqe);
                if (status == null) {
                    return;
                }
            }
            requester.forgetRnrWait(qp);
            queue.executed = position + 1;
            boolean signaled = qp.sqSigAll() || (wqe.flags & SIGNALED) != 0;
            if (status != WcStatus.SUCCESS || signaled) {
                complete(qp, wqe, position, status, length);
                if (status != WcStatus.SUCCESS) {
                    qp.enterError(null);
                    qp.flushSend(); // in case it was in error already: its own responder failed (connected to itself)
                    return;
                }
            }
        }
    }

    /**
     * The request at the head got an RNR NAK: it waits for a receive (or the RNR timer), or has used up its
     * retries.
     *
     * @return {@code null} if it waits, otherwise RNR_RETRY_EXC_ERR
     */
    private WcStatus receiverNotReady(SoftQueuePair qp, SendWqe wqe) {
        wqe.rnrAttempts++;
        if (qp.rnrRetry() == INFINITE_RNR_RETRY || wqe.rnrAttempts <= qp.rnrRetry()) {
            awaitReceiver(qp, blockedOn);
            return null;
        }
        return WcStatus.RNR_RETRY_EXC_ERR;
    }

    /**
     * Completes the executed request at {@code position}; polling it frees its slot and those before.
     *
     * @return whether the completion was published (otherwise its queue overran and {@code qp} is in error)
     */
    static boolean complete(SoftQueuePair qp, SendWqe wqe, long position, WcStatus status, long length) {
        Completion c = qp.startSend(wqe.wrId, status, wqe.opcode.completionOpcode());
        c.byteLen = (int) length;
        c.sendQueue = qp.sendQueue();
        c.sendPosition = position + 1;
        return qp.completeSend(c);
    }

    /**
     * Executes the request at the head of the send queue of {@code qp}. While it does, a flush of that send
     * queue waits (the responder of a queue pair connected to itself may fail and enter the error state): the
     * request completes with its own status, and the flush follows it.
     */
    private WcStatus executeHead(SoftQueuePair qp, RequesterState requester, SendWqe wqe, long length) {
        requester.executingHead(true);
        try {
            return execute(qp, wqe, length);
        } finally {
            requester.executingHead(false);
        }
    }

    /** @return the status of the request, or {@code null} if the responder had no receive (RNR NAK) */
    private WcStatus execute(SoftQueuePair qp, SendWqe wqe, long length) {
        if (wqe.opcode.isLocal()) {
            return executeLocal(qp, wqe);
        }
        if (!wqe.isInline) {
            WcStatus local = localAccess.check(wqe.sges, qp.softPd(), wqe.opcode.writesLocal());
            if (local != WcStatus.SUCCESS) {
                return local;
            }
        }
        if (length > DeviceProfile.MAX_MSG_SIZE) {
            return WcStatus.LOC_LEN_ERR;
        }
        if (qp.type() == QpType.UD) {
            return datagrams.send(qp, wqe, qp.sendQueue().source(wqe), length);
        }
        SoftQueuePair peer = qp.connectedPeer();
        if (peer == null) {
            return qp.reliable() ? WcStatus.RETRY_EXC_ERR : WcStatus.SUCCESS;
        }
        if (qp.type() == QpType.XRC_SEND && !peer.deliverTo(wqe.remoteSrqn)) {
            return WcStatus.REM_INV_REQ_ERR;
        }
        int response = responder.respond(qp, peer, wqe, qp.sendQueue().source(wqe), length);
        if (response == Responder.ACK) {
            return WcStatus.SUCCESS;
        }
        if (response == Responder.RNR) {
            blockedOn = peer;
            return null;
        }
        return nakStatus(response);
    }

    /** @return the status of an operation of the send queue that involves no responder */
    private WcStatus executeLocal(SoftQueuePair qp, SendWqe wqe) {
        if (wqe.opcode == SendOpcode.LOCAL_INV) {
            return responder.invalidate(qp.softPd(), wqe.invalidateRkey) ? WcStatus.SUCCESS : WcStatus.LOC_QP_OP_ERR;
        }
        return wqe.window.bind(qp, wqe.windowRkey, wqe.bindInfo) ? WcStatus.SUCCESS : WcStatus.MW_BIND_ERR;
    }

    /** @return the requester's status for an error NAK of the responder */
    private static WcStatus nakStatus(int response) {
        return switch (response) {
            case Responder.NAK_ACCESS -> WcStatus.REM_ACCESS_ERR;
            case Responder.NAK_INVALID -> WcStatus.REM_INV_REQ_ERR;
            default -> WcStatus.REM_OP_ERR;
        };
    }

    private void awaitReceiver(SoftQueuePair qp, SoftQueuePair peer) {
        RequesterState state = qp.requesterState();
        ArrayDeque<SoftQueuePair> waiters = peer.rnrWaiters();
        if (!state.waitsIn(waiters)) {
            state.waitIn(waiters, qp);
        }
        if (qp.rnrRetry() != INFINITE_RNR_RETRY && !state.rnrTimerPending()) {
            state.rnrTimerPending(true);
            fabric.schedule(() -> retryAfterTimer(qp), RnrTimer.nanos(peer.minRnrTimer()));
        }
    }

    private void retryAfterTimer(SoftQueuePair qp) {
        fabric.wire().lock();
        try {
            qp.requesterState().rnrTimerPending(false);
            if (!qp.isClosed()) {
                progress(qp);
            }
        } finally {
            fabric.wire().unlock();
        }
    }

    /** Retries the requesters that waited for a receive request of a queue that just got some. */
    void wakeRnrWaiters(ArrayDeque<SoftQueuePair> waiters) {
        int count = waiters.size();
        for (int i = 0; i < count && !waiters.isEmpty(); i++) {
            SoftQueuePair waiter = waiters.pollFirst();
            waiter.requesterState().woken();
            if (!waiter.isClosed()) {
                progress(waiter);
            }
        }
    }
}
