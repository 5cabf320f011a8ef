package org.verbs4j.provider.soft;

import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;

/**
 * The attributes {@code rdma_init_qp_attr} gives for each state, as the kernel's CM sets them: INIT with the
 * port, P_Key index 0 and the access (RC: remote write, and remote read and atomics when the connection has
 * responder resources) or the Q_Key (UD); RTR with the path, remote QP and PSN, and min_rnr_timer 0 (655 ms);
 * RTS with the local PSN, the local ACK timeout and the retry counts.
 */
final class CmQpAttributes {

    /** {@code RDMA_UDP_QKEY}: the Q_Key of every RDMA_PS_UDP identifier. */
    static final int UDP_QKEY = 0x01234567;
    /** The local ACK timeout code: 4.096 µs × 2^14, about 67 ms. */
    static final int ACK_TIMEOUT = 14;

    private CmQpAttributes() {
    }

    static QpAttributes init(boolean datagram, int responderResources) {
        QpAttributes attributes = new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1);
        if (datagram) {
            return attributes.qkey(UDP_QKEY);
        }
        EnumSet<AccessFlag> access = EnumSet.of(AccessFlag.REMOTE_WRITE);
        if (responderResources > 0) {
            access.add(AccessFlag.REMOTE_READ);
            access.add(AccessFlag.REMOTE_ATOMIC);
        }
        return attributes.qpAccessFlags(access);
    }

    static QpAttributes readyToReceive(boolean datagram, AhAttributes path, int remoteQpn, int remotePsn,
                                       int responderResources) {
        QpAttributes attributes = new QpAttributes().qpState(QpState.RTR);
        if (datagram) {
            return attributes;
        }
        return attributes.ahAttr(path).pathMtu(Mtu.MTU_4096).destQpNum(remoteQpn).rqPsn(remotePsn)
                .maxDestRdAtomic(responderResources).minRnrTimer(0);
    }

    static QpAttributes readyToSend(boolean datagram, int localPsn, int retryCount, int rnrRetryCount,
                                    int initiatorDepth) {
        QpAttributes attributes = new QpAttributes().qpState(QpState.RTS).sqPsn(localPsn);
        if (datagram) {
            return attributes;
        }
        return attributes.timeout(ACK_TIMEOUT).retryCnt(retryCount).rnrRetry(rnrRetryCount)
                .maxRdAtomic(initiatorDepth);
    }
}
