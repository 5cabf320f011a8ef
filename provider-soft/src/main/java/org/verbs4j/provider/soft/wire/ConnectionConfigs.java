package org.verbs4j.provider.soft.wire;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpType;
import org.verbs4j.provider.soft.wire.roce.Transport;
import org.verbs4j.provider.soft.wire.roce.rc.RemoteAccess;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterConfig;
import org.verbs4j.provider.soft.wire.roce.rc.ResponderConfig;

/**
 * The attributes of a queue pair as the RoCE v2 machines take them (ibv_modify_qp(3) at RTR and RTS). The engine
 * hands the requester every posted request (its queue is as deep as the send queue) and at least one READ or
 * atomic credit; the responder keeps at least one responder resource to replay a duplicate READ or atomic. The
 * remote access rights are checked by the engine (they may change in RTS), so the responder's configuration allows them all. A
 * finite ACK timeout counts as at least {@link SoftNetwork#minAckTimeout()}.
 */
final class ConnectionConfigs {

    private ConnectionConfigs() {
    }

    static RequesterConfig requester(NetworkQueuePair qp) {
        QpAttributes a = attributes(qp);
        int floor = qp.fabric().network().minAckTimeout();
        int timeout = a.timeout() == 0 ? 0 : Math.max(a.timeout(), floor);
        return new RequesterConfig(transport(qp), a.destQpNum(), a.sqPsn(), a.pathMtu().bytes(),
                Math.max(1, a.maxRdAtomic()), timeout, a.retryCnt(), a.rnrRetry(),
                qp.sendQueue().capacity() + (qp.matchesTags() ? RendezvousReads.REQUESTS : 0));
    }

    static ResponderConfig responder(NetworkQueuePair qp) {
        QpAttributes a = attributes(qp);
        return new ResponderConfig(transport(qp), a.destQpNum(), a.rqPsn(), a.pathMtu().bytes(),
                Math.max(1, a.maxDestRdAtomic()), a.minRnrTimer(), Set.of(RemoteAccess.values()));
    }

    private static QpAttributes attributes(NetworkQueuePair qp) {
        return qp.query(EnumSet.allOf(QpAttrMask.class));
    }

    private static Transport transport(NetworkQueuePair qp) {
        return switch (qp.type()) {
            case RC -> Transport.RC;
            case UC -> Transport.UC;
            default -> Transport.XRC; // XRC_SEND and XRC_RECV: the only other connected types
        };
    }
}
