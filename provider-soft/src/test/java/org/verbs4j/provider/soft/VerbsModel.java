package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.verbs4j.QpState;
import org.verbs4j.WcStatus;

/**
 * A small reference model of the IBTA rules for one RC requester A (its own send and receive queues) connected
 * to a responder B whose receives come from a shared receive queue: the QP state table of ibv_modify_qp(3),
 * queue depths (a send slot is free again once a completion at or after it was polled), signaled and
 * unsignaled completions (errors and flushes always complete), flush on ERR, discard on RESET, RNR (rnr_retry
 * 7 waits for a receive, 0 fails at once with RNR_RETRY_EXC_ERR) and the one-shot SRQ limit.
 */
final class VerbsModel {

    /** What a post or modify should give: success or the errno of the exception. */
    enum Outcome { OK, EINVAL, ENOMEM }

    /** An expected completion: its wr_id, status and, for a send, the position it frees up to (else -1). */
    record Expected(long wrId, WcStatus status, long sendPosition) {
    }

    private record Send(long wrId, boolean signaled, long position) {
    }

    static final Map<QpState, Set<QpState>> VALID = Map.of(
            QpState.RESET, EnumSet.of(QpState.RESET, QpState.INIT),
            QpState.INIT, EnumSet.of(QpState.RESET, QpState.ERR, QpState.INIT, QpState.RTR),
            QpState.RTR, EnumSet.of(QpState.RESET, QpState.ERR, QpState.RTS),
            QpState.RTS, EnumSet.of(QpState.RESET, QpState.ERR, QpState.RTS, QpState.SQD),
            QpState.SQD, EnumSet.of(QpState.RESET, QpState.ERR, QpState.RTS, QpState.SQD),
            QpState.ERR, EnumSet.of(QpState.RESET, QpState.ERR));

    final int sendCapacity;
    final int receiveCapacity;
    final int srqCapacity;
    QpState state = QpState.RTS;
    int rnrRetry = 7;
    int srqLimit;
    int limitEvents;
    final Deque<Expected> cqA = new ArrayDeque<>();
    final Deque<Expected> cqB = new ArrayDeque<>();
    private final Deque<Send> pending = new ArrayDeque<>();
    private final Deque<Long> receives = new ArrayDeque<>();
    private final Deque<Long> srq = new ArrayDeque<>();
    private long sendsPosted;
    private long sendsFreed;

    VerbsModel(int sendCapacity, int receiveCapacity, int srqCapacity) {
        this.sendCapacity = sendCapacity;
        this.receiveCapacity = receiveCapacity;
        this.srqCapacity = srqCapacity;
    }

    Outcome postSend(long wrId, boolean signaled) {
        if (sendsPosted - sendsFreed >= sendCapacity) {
            return Outcome.ENOMEM;
        }
        if (state == QpState.RESET || state == QpState.INIT || state == QpState.RTR) {
            return Outcome.EINVAL;
        }
        pending.add(new Send(wrId, signaled, sendsPosted++));
        if (state == QpState.ERR) {
            flushSends();
        }
        progress();
        return Outcome.OK;
    }

    Outcome postReceive(long wrId) {
        if (state == QpState.RESET) {
            return Outcome.EINVAL;
        }
        if (receives.size() >= receiveCapacity) {
            return Outcome.ENOMEM;
        }
        receives.add(wrId);
        if (state == QpState.ERR) {
            flushReceives();
        }
        return Outcome.OK;
    }

    Outcome postShared(long wrId) {
        if (srq.size() >= srqCapacity) {
            return Outcome.ENOMEM;
        }
        srq.add(wrId);
        progress();
        return Outcome.OK;
    }

    Outcome armLimit(int limit) {
        if (limit < 0 || limit > srqCapacity) {
            return Outcome.EINVAL;
        }
        srqLimit = limit;
        return Outcome.OK;
    }

    Outcome modify(QpState target, int newRnrRetry) {
        QpState from = state;
        if (!VALID.get(from).contains(target)) {
            return Outcome.EINVAL;
        }
        state = target;
        if (from == QpState.RTR && target == QpState.RTS) {
            rnrRetry = newRnrRetry;
        }
        switch (target) {
            case RESET -> reset();
            case ERR -> {
                if (from != QpState.ERR) {
                    flushSends();
                    flushReceives();
                }
            }
            case RTS -> progress();
            default -> {
                // INIT, RTR and SQD change nothing else
            }
        }
        return Outcome.OK;
    }

    /** A send completion at {@code position} was polled: the slots before it are free. */
    void polledSend(long position) {
        sendsFreed = Math.max(sendsFreed, position);
    }

    private void progress() {
        while (state == QpState.RTS && !pending.isEmpty()) {
            Send head = pending.peekFirst();
            if (srq.isEmpty()) {
                if (rnrRetry == 7) {
                    return; // waits for a receive
                }
                pending.removeFirst();
                cqA.add(new Expected(head.wrId(), WcStatus.RNR_RETRY_EXC_ERR, head.position() + 1));
                state = QpState.ERR;
                flushSends();
                flushReceives();
                return;
            }
            pending.removeFirst();
            cqB.add(new Expected(srq.removeFirst(), WcStatus.SUCCESS, -1));
            if (srqLimit > 0 && srq.size() < srqLimit) {
                srqLimit = 0;
                limitEvents++;
            }
            if (head.signaled()) {
                cqA.add(new Expected(head.wrId(), WcStatus.SUCCESS, head.position() + 1));
            }
        }
    }

    private void flushSends() {
        while (!pending.isEmpty()) {
            Send send = pending.removeFirst();
            cqA.add(new Expected(send.wrId(), WcStatus.WR_FLUSH_ERR, send.position() + 1));
        }
    }

    private void flushReceives() {
        while (!receives.isEmpty()) {
            cqA.add(new Expected(receives.removeFirst(), WcStatus.WR_FLUSH_ERR, -1));
        }
    }

    private void reset() {
        pending.clear();
        sendsFreed = sendsPosted;
        receives.clear();
    }
}
