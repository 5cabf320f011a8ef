package org.verbs4j.examples;

import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.Gid;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;

/**
 * Moves queue pairs from RESET to RTS with the values of rdma-core's {@code ibv_rc_pingpong}. Two
 * processes would exchange each queue pair's number and its port's GID first; the examples connect
 * queue pairs of one device, so they read them directly.
 */
final class Connect {

    /** The port every example uses. */
    static final int PORT = 1;
    /** The GID index every example sends from (a RoCE device needs a global route). */
    static final int GID_INDEX = 0;
    /** The Q_Key of the UD example. */
    static final int QKEY = 0x11111111;

    private Connect() {
    }

    /**
     * @param qp an RC queue pair in RESET
     * @param remoteQpn the number of the peer queue pair
     * @param remoteGid the GID of the peer's port
     */
    static void rc(QueuePair qp, int remoteQpn, Gid remoteGid) {
        // @start region=rc-connect
        qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(PORT)
                .qpAccessFlags(EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ)));
        qp.modify(new QpAttributes().qpState(QpState.RTR)
                .ahAttr(AhAttributes.global(remoteGid, GID_INDEX, PORT)).pathMtu(Mtu.MTU_1024)
                .destQpNum(remoteQpn).rqPsn(0).maxDestRdAtomic(1).minRnrTimer(12));
        qp.modify(new QpAttributes().qpState(QpState.RTS)
                .sqPsn(0).timeout(14).retryCnt(7).rnrRetry(7).maxRdAtomic(1));
        // @end
    }

    /** @param qp a UD queue pair in RESET, moved to RTS with the Q_Key {@link #QKEY} */
    static void ud(QueuePair qp) {
        qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(PORT).qkey(QKEY));
        qp.modify(new QpAttributes().qpState(QpState.RTR));
        qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0));
    }
}
