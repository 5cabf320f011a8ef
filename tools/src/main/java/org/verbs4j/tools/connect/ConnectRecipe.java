package org.verbs4j.tools.connect;

import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.GlobalRoute;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;

/**
 * How a queue pair is brought from RESET to RTS for one peer: the attributes of {@code ibv_modify_qp(3)}
 * that rdma-core's {@code pp_connect_ctx} and perftest's {@code ctx_connect} set.
 *
 * <ul>
 *   <li>INIT: pkey index 0, the port, and the remote access flags (RC, UC) or the Q_Key (UD).</li>
 *   <li>RTR: RC and UC get the path (address vector, MTU) and the peer's QPN and PSN; RC also the
 *       responder's outstanding reads and the RNR timer. UD needs only the state.</li>
 *   <li>RTS: the own PSN; RC also the retry counts, the ACK timeout and the outstanding reads.</li>
 * </ul>
 *
 * <p>The route has a GRH when the peer's GID has an interface ID ({@link Destination#needsGrh()}), from
 * the local GID at {@code gidIndex}.
 *
 * @param port the port number
 * @param mtu the path MTU (RC, UC)
 * @param sl the service level
 * @param gidIndex the local GID index for the GRH
 * @param hopLimit the GRH hop limit (1 in the ping-pong examples, 255 in perftest)
 * @param access the remote access of an RC or UC queue pair
 * @param qkey the Q_Key of a UD queue pair
 * @param ackTimeout the RC ACK timeout (exponent, 4.096 µs × 2^value)
 * @param minRnrTimer the RC responder's RNR NAK timer code
 */
public record ConnectRecipe(int port, Mtu mtu, int sl, int gidIndex, int hopLimit, Set<AccessFlag> access,
        int qkey, int ackTimeout, int minRnrTimer) {

    /** The Q_Key of the C tools' UD queue pairs. */
    public static final int QKEY = 0x11111111;

    private static final int RETRY_COUNT = 7;
    private static final int RNR_RETRY_INFINITE = 7;

    /**
     * @param port the port number
     * @param mtu the path MTU
     * @param sl the service level
     * @param gidIndex the local GID index ({@code -g})
     * @return the recipe of {@code ibv_rc_pingpong} and its siblings: no remote access, hop limit 1,
     *     ACK timeout 14, RNR timer 12
     */
    public static ConnectRecipe pingPong(int port, Mtu mtu, int sl, int gidIndex) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, 1, Set.of(), QKEY, 14, 12);
    }

    /**
     * @param value the remote access flags for INIT
     * @return this recipe with them
     */
    public ConnectRecipe withAccess(Set<AccessFlag> value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, hopLimit, value, qkey, ackTimeout, minRnrTimer);
    }

    /**
     * @param value the GRH hop limit
     * @return this recipe with it
     */
    public ConnectRecipe withHopLimit(int value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, value, access, qkey, ackTimeout, minRnrTimer);
    }

    /** @param qp a queue pair in RESET, moved to INIT */
    public void toInit(QueuePair qp) {
        QpAttributes init = new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(port);
        qp.modify(qp.type() == QpType.UD ? init.qkey(qkey) : init.qpAccessFlags(access));
    }

    /**
     * @param qp a queue pair in INIT, moved to RTR
     * @param remote the peer
     * @param maxDestRdAtomic the RDMA reads and atomics this side accepts at once (RC)
     */
    public void toRtr(QueuePair qp, Destination remote, int maxDestRdAtomic) {
        QpAttributes rtr = new QpAttributes().qpState(QpState.RTR);
        if (qp.type() != QpType.UD) {
            rtr.ahAttr(route(remote)).pathMtu(mtu).destQpNum(remote.qpn()).rqPsn(remote.psn());
        }
        if (qp.type() == QpType.RC) {
            rtr.maxDestRdAtomic(maxDestRdAtomic).minRnrTimer(minRnrTimer);
        }
        qp.modify(rtr);
    }

    /**
     * @param qp a queue pair in RTR, moved to RTS
     * @param psn this side's starting PSN
     * @param maxRdAtomic the RDMA reads and atomics this side issues at once (RC)
     */
    public void toRts(QueuePair qp, int psn, int maxRdAtomic) {
        QpAttributes rts = new QpAttributes().qpState(QpState.RTS).sqPsn(psn);
        if (qp.type() == QpType.RC) {
            rts.timeout(ackTimeout).retryCnt(RETRY_COUNT).rnrRetry(RNR_RETRY_INFINITE).maxRdAtomic(maxRdAtomic);
        }
        qp.modify(rts);
    }

    /**
     * RTR then RTS with one outstanding read each way, as the ping-pong examples.
     *
     * @param qp a queue pair in INIT
     * @param psn this side's starting PSN
     * @param remote the peer
     */
    public void connect(QueuePair qp, int psn, Destination remote) {
        toRtr(qp, remote, 1);
        toRts(qp, psn, 1);
    }

    /**
     * @param remote the peer
     * @return the address vector to reach it: its LID, this recipe's SL and port, and a GRH when needed
     */
    public AhAttributes route(Destination remote) {
        GlobalRoute grh = remote.needsGrh() ? new GlobalRoute(remote.gid(), 0, gidIndex, hopLimit, 0) : null;
        return new AhAttributes(grh, remote.lid(), sl, 0, 0, port);
    }

    /**
     * @param pd the protection domain
     * @param remote the peer
     * @return an address handle to reach it (UD)
     */
    public AddressHandle addressHandle(ProtectionDomain pd, Destination remote) {
        return pd.createAddressHandle(route(remote));
    }
}
