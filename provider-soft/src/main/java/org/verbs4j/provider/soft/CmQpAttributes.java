package org.verbs4j.provider.soft;

import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;

/**
 * The attributes {@code rdma_init_qp_attr} gives, as the kernel's CM sets them: before the exchange (and for UD)
 * the port, P_Key index 0 and no access (RC) or the Q_Key (UD); then INIT with remote write, and remote read and
 * atomics when the connection has responder resources; RTR with the path, remote QP and PSN, and min_rnr_timer 0
 * (655 ms); RTS with the local PSN, the local ACK timeout and the retry counts.
 */
final class CmQpAttributes {

    /** {@code RDMA_UDP_QKEY}: the Q_Key of every RDMA_PS_UDP identifier. */
    static final int UDP_QKEY = 0x01234567;
    /** The local ACK timeout code: 4.096 µs × 2^14, about 67 ms. */
    static final int ACK_TIMEOUT = 14;

    private CmQpAttributes() {
    }

    /**
     * Before the IB CM exchange (and always for UD), the kernel gives the state asked, the port and P_Key index, and
     * the Q_Key (UD) or no access at all (RC), whatever the state.
     */
    static QpAttributes beforeExchange(QpState state, boolean datagram) {
        QpAttributes attributes = new QpAttributes().qpState(state).pkeyIndex(0).portNum(1);
        return datagram ? attributes.qkey(UDP_QKEY) : attributes.qpAccessFlags(EnumSet.noneOf(AccessFlag.class));
    }

    /** INIT once the exchange began: remote write, and remote read and atomics with responder resources. */
    static QpAttributes init(int responderResources) {
        EnumSet<AccessFlag> access = EnumSet.of(AccessFlag.REMOTE_WRITE);
        if (responderResources > 0) {
            access.add(AccessFlag.REMOTE_READ);
            access.add(AccessFlag.REMOTE_ATOMIC);
        }
        return new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qpAccessFlags(access);
    }

    static QpAttributes readyToReceive(AhAttributes path, Mtu pathMtu, int remoteQpn, int remotePsn,
            int responderResources) {
        return new QpAttributes().qpState(QpState.RTR).ahAttr(path).pathMtu(pathMtu).destQpNum(remoteQpn)
                .rqPsn(remotePsn).maxDestRdAtomic(responderResources).minRnrTimer(0);
    }

    static QpAttributes readyToSend(int localPsn, int retryCount, int rnrRetryCount, int initiatorDepth) {
        return new QpAttributes().qpState(QpState.RTS).sqPsn(localPsn).timeout(ACK_TIMEOUT).retryCnt(retryCount)
                .rnrRetry(rnrRetryCount).maxRdAtomic(initiatorDepth);
    }
}
