package org.verbs4j.provider.soft.engine;

import org.verbs4j.QpType;
import org.verbs4j.SendFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The requester's path for the common case of a message stream: a run of plain SENDs (packed in their send
 * queue, {@link SendQueue#isPlain}: no immediate or inline data, one SGE set with {@code ibv_wr_set_sge}), from a connected RC or UC queue pair to a peer that takes them from a receive queue of its
 * own. What a whole run shares (the peer, its queue, domain and completion queue, the path) is looked up
 * once, and the receive completions of the run are published together, before any send completion. A
 * request that needs anything else (another operation, inline data, several SGEs, no posted receive, a key
 * or length that fails, a full completion queue) ends the run, and the general path of {@link Requester}
 * executes it with every rule of the device.
 */
public final class PlainSends {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final LocalAccess senderAccess;
    private final LocalAccess receiverAccess;
    /** The SGE of the SEND being executed, as {@link SendQueue#plainSge} shows it. */
    private final Sges source = new Sges(1);

    /** @param keys the fabric's key table */
    public PlainSends(ObjectTable<Object> keys) {
        senderAccess = new LocalAccess(keys);
        receiverAccess = new LocalAccess(keys);
    }

    /**
     * Executes the run of plain SENDs at the head of the send queue of {@code qp}, which is in RTS and waits
     * for no receive; fabric lock held.
     *
     * @return how many requests were executed: 0 if the request at the head is not a plain SEND or the queue
     *     pair or its peer does not qualify
     */
    public int run(QueuePairView qp) {
        if (qp.type() != QpType.RC && qp.type() != QpType.UC) {
            return 0;
        }
        QueuePairView peer = qp.connectedPeer();
        ReceiveQueue receives = peer == null ? null : peer.ownReceiveQueue();
        return receives == null ? 0 : run(qp, peer, receives);
    }

    private int run(QueuePairView qp, QueuePairView peer, ReceiveQueue receives) {
        SendQueue queue = qp.sendQueue();
        CompletionQueueView cq = peer.softRecvCq();
        ProtectionDomainView senderDomain = qp.softPd();
        ProtectionDomainView receiverDomain = peer.softPd();
        int srcQp = qp.qpNum();
        int peerQp = peer.qpNum();
        int sl = qp.serviceLevel();
        boolean signalsAll = qp.sqSigAll();
        long first = queue.executed;
        long position = first;
        int room = cq.room();
        int filled = 0;
        boolean solicited = false;
        while (position < queue.posted && filled < room && !receives.isEmpty() && queue.isPlain(position)) {
            Sges data = queue.plainSge(position, source);
            Sges target = receives.headSges();
            if (!lands(data, target, senderDomain, receiverDomain)) {
                break;
            }
            long length = data.totalLength();
            LocalAccess.copy(data, 0, target, 0, length);
            int flags = queue.packedFlags(position);
            boolean asksEvent = Completion.solicitedBy(flags);
            cq.aheadReceive(filled++, receives.take(), peerQp, length, srcQp, sl, asksEvent);
            solicited |= asksEvent;
            queue.executed = ++position;
            if (signalsAll || (flags & SIGNALED) != 0) {
                cq.publishRun(filled, solicited);
                filled = 0;
                solicited = false;
                room = cq.room();
                if (!Requester.complete(qp, queue.packedWrId(position - 1), WcOpcode.SEND, position - 1,
                        WcStatus.SUCCESS, length)) {
                    break; // its completion queue overran: the queue pair is in error now
                }
            }
        }
        if (filled > 0) {
            cq.publishRun(filled, solicited);
        }
        return (int) (position - first);
    }

    /**
     * @return whether the SGE {@code data} of a plain SEND lands in the receive request {@code target} without an
     *     error: one target entry that holds it, and both keys granted
     */
    private boolean lands(Sges data, Sges target, ProtectionDomainView senderDomain,
                          ProtectionDomainView receiverDomain) {
        return target.count == 1 && data.totalLength() <= target.totalLength()
                && senderAccess.check(data, senderDomain, false) == WcStatus.SUCCESS
                && receiverAccess.check(target, receiverDomain, true) == WcStatus.SUCCESS;
    }
}
