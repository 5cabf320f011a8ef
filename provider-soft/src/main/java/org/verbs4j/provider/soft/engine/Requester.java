package org.verbs4j.provider.soft.engine;

import java.util.ArrayDeque;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.SendFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Executes send queues, in order, in the thread that moves them along (the poster, a receiver that
 * posted the receive an RNR-blocked request waited for, or the timer thread): local operations, local
 * memory checks, then the {@link Wire}, which carries the request to the responder of the destination and
 * its answer back; the requester places an RDMA READ response or an atomic acknowledgement in its own memory.
 * A run of plain SENDs goes to the wire's {@link Wire#sendRun}; every other request, and every request that
 * path refuses, is executed here. Always used with the fabric lock held.
 */
public final class Requester {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int INFINITE_RNR_RETRY = 7;

    private final FabricView fabric;
    private Wire wire;
    private final LocalAccess localAccess;

    /** @param wire what carries the requests to their responders and the answers back */
    public Requester(FabricView fabric, Wire wire) {
        this.fabric = fabric;
        this.wire = wire;
        this.localAccess = new LocalAccess(fabric.keys());
    }

    /**
     * Puts {@code replacement} under the requester in place of its wire, fabric lock held: the seam's tests put a
     * wire whose answers come later around the fabric's own.
     *
     * @return the wire it replaced
     */
    public Wire replaceWire(Wire replacement) {
        Wire previous = wire;
        wire = replacement;
        return previous;
    }

    /**
     * Executes the posted requests of {@code qp} until its queue is empty or blocked. A call made while the
     * same queue pair is already progressing further up the stack (a responder failure that wakes its
     * waiters) returns at once: the outer call goes on.
     */
    public void progress(QueuePairView qp) {
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

    private void run(QueuePairView qp, RequesterState requester) {
        SendQueue queue = qp.sendQueue();
        while (queue.hasPending()) {
            QpState state = qp.state();
            if (state == QpState.ERR) {
                qp.flushSend();
                return;
            }
            if (requester.awaitsAnswer()) {
                qp.handAhead(); // the head is on the network: the requests after it follow it
            }
            if (state != QpState.RTS || requester.awaitsAnswer()
                    || requester.waitsForReceive() && requester.rnrTimerPending()) {
                return;
            }
            long position = queue.executed;
            if (queue.posted - position > 1 && queue.isPlain(position) && !requester.waitsForReceive()
                    && wire.sendRun(qp) > 0) {
                continue;
            }
            SendWqe wqe = queue.slot(position);
            long length = wqe.length();
            WcStatus status = executeHead(qp, requester, wqe, length);
            if (status == null) {
                status = requester.awaitsAnswer() ? null : receiverNotReady(qp, wqe);
                if (status == null) {
                    return;
                }
            }
            if (!finish(qp, wqe, position, status, length)) {
                return;
            }
        }
    }

    /**
     * The answer to the request at the head of {@code qp}, which the wire left on its way
     * ({@link Response#PENDING}), arrived: the requester places it, completes the request and goes on with the
     * send queue, as rxe's completer does with an ACK or a read response. An answer that nobody waits for any
     * more (the queue pair was flushed, reset or destroyed meanwhile) is ignored. Fabric lock held.
     *
     * @param answer the {@link Response} code (not PENDING); the data of a READ response or an atomic
     *     acknowledgement is in the queue pair's {@link RequesterState#response()}
     */
    public void answer(QueuePairView qp, int answer) {
        RequesterState requester = qp.requesterState();
        if (!requester.awaitsAnswer()) {
            return;
        }
        requester.awaitsAnswer(false);
        long position = qp.sendQueue().executed;
        SendWqe wqe = qp.sendQueue().slot(position);
        long length = wqe.length();
        WcStatus status = outcome(qp, wqe, length, answer);
        if (status == null) {
            status = receiverNotReady(qp, wqe);
        }
        if (status != null && finish(qp, wqe, position, status, length)) {
            progress(qp);
        }
    }

    /**
     * Completes the request at {@code position}, executed with {@code status}, if it is signaled or failed.
     *
     * @return whether the send queue goes on (the request succeeded)
     */
    private static boolean finish(QueuePairView qp, SendWqe wqe, long position, WcStatus status, long length) {
        qp.requesterState().forgetRnrWait(qp);
        qp.sendQueue().executed = position + 1;
        boolean signaled = qp.sqSigAll() || (wqe.flags & SIGNALED) != 0;
        if (status != WcStatus.SUCCESS || signaled) {
            complete(qp, wqe, position, status, length);
            if (status != WcStatus.SUCCESS) {
                qp.enterError(null);
                qp.flushSend(); // in case it was in error already: its own responder failed (connected to itself)
                return false;
            }
        }
        return true;
    }

    /**
     * The request at the head got an RNR NAK: it waits for a receive (or the RNR timer), or has used up its
     * retries.
     *
     * @return {@code null} if it waits, otherwise RNR_RETRY_EXC_ERR
     */
    private WcStatus receiverNotReady(QueuePairView qp, SendWqe wqe) {
        wqe.rnrAttempts++;
        if (qp.rnrRetry() == INFINITE_RNR_RETRY || wqe.rnrAttempts <= qp.rnrRetry()) {
            awaitReceiver(qp);
            return null;
        }
        return WcStatus.RNR_RETRY_EXC_ERR;
    }

    /**
     * Completes the executed request at {@code position}; polling it frees its slot and those before.
     *
     * @return whether the completion was published (otherwise its queue overran and {@code qp} is in error)
     */
    static boolean complete(QueuePairView qp, SendWqe wqe, long position, WcStatus status, long length) {
        return complete(qp, wqe.wrId, wqe.opcode.completionOpcode(), position, status, length);
    }

    /**
     * Completes the executed request at {@code position}, whose {@code wr_id} and completion opcode are given.
     *
     * @return whether the completion was published (otherwise its queue overran and {@code qp} is in error)
     */
    static boolean complete(QueuePairView qp, long wrId, WcOpcode opcode, long position, WcStatus status,
                            long length) {
        Completion c = qp.startSend(wrId, status, opcode);
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
    private WcStatus executeHead(QueuePairView qp, RequesterState requester, SendWqe wqe, long length) {
        requester.executingHead(true);
        try {
            return execute(qp, wqe, length);
        } finally {
            requester.executingHead(false);
        }
    }

    /** @return the status of the request, or {@code null} for an RNR NAK or an answer that comes later */
    private WcStatus execute(QueuePairView qp, SendWqe wqe, long length) {
        if (wqe.opcode.isLocal()) {
            return executeLocal(qp, wqe);
        }
        if (!wqe.isInline) {
            WcStatus local = localAccess.check(wqe.sges, qp.softPd(), wqe.opcode.writesLocal());
            if (local != WcStatus.SUCCESS) {
                return local;
            }
        }
        if (length > WorkLimits.MAX_MSG_SIZE) {
            return WcStatus.LOC_LEN_ERR;
        }
        return send(qp, wqe, length);
    }

    /**
     * Hands the checked request to the wire and places the answer.
     *
     * @return the status of the request, or {@code null} if the responder had no receive (RNR NAK) or the answer
     *     comes later (then {@link RequesterState#awaitsAnswer()})
     */
    private WcStatus send(QueuePairView qp, SendWqe wqe, long length) {
        Sges source = qp.sendQueue().source(wqe);
        if (qp.type() == QpType.UD) {
            return wire.datagram(qp, wqe, source, length);
        }
        int answer = wire.request(qp, wqe, source, length, qp.requesterState().response());
        if (answer == Response.PENDING) {
            qp.requesterState().awaitsAnswer(true);
            return null;
        }
        return outcome(qp, wqe, length, answer);
    }

    /**
     * Places an ACK's answer.
     *
     * @return the status of the request, or {@code null} for an RNR NAK
     */
    private static WcStatus outcome(QueuePairView qp, SendWqe wqe, long length, int answer) {
        if (answer == Response.ACK) {
            place(wqe, length, qp.requesterState().response());
            return WcStatus.SUCCESS;
        }
        if (answer == Response.PLACED) {
            return WcStatus.SUCCESS;
        }
        return answer == Response.RNR ? null : failure(qp, answer);
    }

    /**
     * Places the answer to an RDMA READ (the data) or an atomic operation (the original value) in the request's
     * own memory, as rxe's completer does with read responses and atomic acknowledgements.
     */
    private static void place(SendWqe wqe, long length, Response response) {
        SendOpcode opcode = wqe.opcode;
        if (opcode == SendOpcode.RDMA_READ) {
            LocalAccess.copy(response.readData(), 0, wqe.sges, 0, length);
        } else if (opcode == SendOpcode.ATOMIC_CMP_AND_SWP || opcode == SendOpcode.ATOMIC_FETCH_AND_ADD) {
            LocalAccess.copy(response.originalData(), 0, wqe.sges, 0, Long.BYTES);
        }
    }

    /** @return the status of an operation of the send queue that involves no responder */
    private WcStatus executeLocal(QueuePairView qp, SendWqe wqe) {
        if (wqe.opcode == SendOpcode.LOCAL_INV) {
            return Responder.invalidate(fabric.keys(), qp.softPd(), wqe.invalidateRkey) ? WcStatus.SUCCESS
                    : WcStatus.LOC_QP_OP_ERR;
        }
        SendOperands bind = wqe.operands;
        return bind.window.bind(qp, bind.windowRkey, bind.bindInfo) ? WcStatus.SUCCESS : WcStatus.MW_BIND_ERR;
    }

    /**
     * @return the requester's status for an error NAK of the responder, or for no answer (RC: the retries are
     *     exhausted at once; UC: nothing is known)
     */
    private static WcStatus failure(QueuePairView qp, int answer) {
        return switch (answer) {
            case Response.NO_ANSWER -> qp.reliable() ? WcStatus.RETRY_EXC_ERR : WcStatus.SUCCESS;
            case Response.NAK_ACCESS -> WcStatus.REM_ACCESS_ERR;
            case Response.NAK_INVALID -> WcStatus.REM_INV_REQ_ERR;
            case Response.FAILED -> qp.requesterState().response().status();
            default -> WcStatus.REM_OP_ERR;
        };
    }

    /**
     * The request at the head got an RNR NAK: it waits for a receive of the responder (inside the JVM) and, for
     * a finite {@code rnr_retry} or a responder outside the JVM (which tells of no receive), for the timer the NAK
     * carries.
     */
    private void awaitReceiver(QueuePairView qp) {
        RequesterState state = qp.requesterState();
        Response response = state.response();
        ArrayDeque<QueuePairView> waiters = response.rnrWaiters();
        if (waiters != null && !state.waitsIn(waiters)) {
            state.waitIn(waiters, qp);
        }
        boolean retriesForever = qp.rnrRetry() == INFINITE_RNR_RETRY && waiters != null;
        if (!retriesForever && !state.rnrTimerPending()) {
            state.rnrTimerPending(true);
            fabric.schedule(() -> retryAfterTimer(qp), RnrTimer.nanos(response.rnrTimer()));
        }
    }

    private void retryAfterTimer(QueuePairView qp) {
        fabric.lock().lock();
        try {
            qp.requesterState().rnrTimerPending(false);
            if (!qp.isClosed()) {
                progress(qp);
            }
        } finally {
            fabric.lock().unlock();
        }
    }

    /** Retries the requesters that waited for a receive request of a queue that just got some. */
    public void wakeRnrWaiters(ArrayDeque<QueuePairView> waiters) {
        int count = waiters.size();
        for (int i = 0; i < count && !waiters.isEmpty(); i++) {
            QueuePairView waiter = waiters.pollFirst();
            waiter.requesterState().woken();
            if (!waiter.isClosed()) {
                progress(waiter);
            }
        }
    }
}
