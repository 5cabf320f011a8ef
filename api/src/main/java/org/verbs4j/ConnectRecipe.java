package org.verbs4j;

import java.util.Set;

/**
 * How a queue pair is brought from RESET to RTS towards one peer, with exactly the attributes
 * {@code ibv_modify_qp(3)} requires of each transition for its transport type, and the values rdma-core's
 * {@code pp_connect_ctx} and perftest's {@code ctx_connect} give them.
 *
 * <table class="striped">
 * <caption>The attribute mask of each transition</caption>
 * <thead><tr><th scope="col">Transition</th><th scope="col">RC</th><th scope="col">UC</th>
 *     <th scope="col">UD</th></tr></thead>
 * <tbody>
 * <tr><td>RESET to INIT ({@link #initAttributes})</td>
 *     <td colspan="2">{@code IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS}</td>
 *     <td>{@code IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY}</td></tr>
 * <tr><td>INIT to RTR ({@link #rtrAttributes})</td>
 *     <td>{@code IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN
 *     | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER}</td>
 *     <td>{@code IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN}</td>
 *     <td>{@code IBV_QP_STATE}</td></tr>
 * <tr><td>RTR to RTS ({@link #rtsAttributes})</td>
 *     <td>{@code IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY
 *     | IBV_QP_MAX_QP_RD_ATOMIC}</td>
 *     <td colspan="2">{@code IBV_QP_STATE | IBV_QP_SQ_PSN}</td></tr>
 * </tbody>
 * </table>
 *
 * <p>An XRC queue pair is connected as RC, split by side: XRC_RECV (the responder) takes RC's RTR
 * attributes and of RTS only {@code IBV_QP_TIMEOUT}; XRC_SEND (the requester) takes UC's RTR attributes and
 * RC's RTS attributes.
 *
 * <p>The address vector ({@link #route}) has a global route header when the peer's GID has an interface ID
 * ({@link Destination#needsGrh()}), sent from the local GID at {@code gidIndex}. The pkey index is 0; the
 * retry count is 7.
 *
 * <p>A recipe is a value: it creates no verbs object and holds none. Its {@code to*} methods call
 * {@link QueuePair#modify}, which throws as that method does (for one, when the device refuses a
 * transition).
 *
 * @param port the port number ({@code IBV_QP_PORT}, and the address vector's {@code port_num})
 * @param mtu the path MTU (RC, UC, XRC)
 * @param sl the service level of the address vector
 * @param gidIndex the local GID index of the global route header
 * @param hopLimit the global route header's hop limit (1 in rdma-core's examples, 255 in perftest)
 * @param access the remote access flags of an RC, UC or XRC queue pair ({@code IBV_QP_ACCESS_FLAGS})
 * @param qkey the Q_Key of a UD queue pair ({@code IBV_QP_QKEY})
 * @param ackTimeout the local ACK timeout of RC and XRC ({@code IBV_QP_TIMEOUT}: 4.096 µs × 2^value)
 * @param minRnrTimer the responder's RNR NAK timer code ({@code IBV_QP_MIN_RNR_TIMER})
 * @param rnrRetry the requester's RNR retry count, 7 for infinite ({@code IBV_QP_RNR_RETRY})
 */
public record ConnectRecipe(int port, Mtu mtu, int sl, int gidIndex, int hopLimit, Set<AccessFlag> access,
        int qkey, int ackTimeout, int minRnrTimer, int rnrRetry) {

    /** The Q_Key of rdma-core's and perftest's UD queue pairs. */
    public static final int QKEY = 0x11111111;

    /** The RNR retry count that retries without limit. */
    public static final int RNR_RETRY_INFINITE = 7;

    private static final int RETRY_COUNT = 7;

    /**
     * Copies {@code access}.
     *
     * @throws NullPointerException if {@code mtu} or {@code access} is {@code null}
     */
    public ConnectRecipe {
        if (mtu == null || access == null) {
            throw new NullPointerException("ConnectRecipe: mtu and access must not be null");
        }
        access = Set.copyOf(access);
    }

    /**
     * A recipe that retries RNR NAKs without limit.
     *
     * @param port the port number
     * @param mtu the path MTU
     * @param sl the service level
     * @param gidIndex the local GID index
     * @param hopLimit the hop limit
     * @param access the remote access flags
     * @param qkey the UD Q_Key
     * @param ackTimeout the ACK timeout
     * @param minRnrTimer the RNR NAK timer code
     */
    public ConnectRecipe(int port, Mtu mtu, int sl, int gidIndex, int hopLimit, Set<AccessFlag> access,
            int qkey, int ackTimeout, int minRnrTimer) {
        this(port, mtu, sl, gidIndex, hopLimit, access, qkey, ackTimeout, minRnrTimer, RNR_RETRY_INFINITE);
    }

    /**
     * @param port the port number
     * @param mtu the path MTU
     * @param sl the service level
     * @param gidIndex the local GID index ({@code -g})
     * @return the recipe of {@code ibv_rc_pingpong} and its siblings: no remote access, hop limit 1,
     *     ACK timeout 14, RNR timer 12, Q_Key {@link #QKEY}
     */
    public static ConnectRecipe pingPong(int port, Mtu mtu, int sl, int gidIndex) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, 1, Set.of(), QKEY, 14, 12);
    }

    /**
     * @param value the remote access flags for INIT
     * @return this recipe with them
     */
    public ConnectRecipe withAccess(Set<AccessFlag> value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, hopLimit, value, qkey, ackTimeout, minRnrTimer, rnrRetry);
    }

    /**
     * @param value the global route header's hop limit
     * @return this recipe with it
     */
    public ConnectRecipe withHopLimit(int value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, value, access, qkey, ackTimeout, minRnrTimer, rnrRetry);
    }

    /**
     * @param value the responder's RNR NAK timer code
     * @return this recipe with it
     */
    public ConnectRecipe withMinRnrTimer(int value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, hopLimit, access, qkey, ackTimeout, value, rnrRetry);
    }

    /**
     * @param value the requester's RNR retry count (7 for infinite)
     * @return this recipe with it
     */
    public ConnectRecipe withRnrRetry(int value) {
        return new ConnectRecipe(port, mtu, sl, gidIndex, hopLimit, access, qkey, ackTimeout, minRnrTimer, value);
    }

    /**
     * @param type the transport type of the queue pair
     * @return the attributes of RESET to INIT: pkey index 0, the port, and the Q_Key (UD) or the access flags
     */
    public QpAttributes initAttributes(QpType type) {
        QpAttributes init = new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(port);
        return type == QpType.UD ? init.qkey(qkey) : init.qpAccessFlags(access);
    }

    /**
     * @param type the transport type of the queue pair
     * @param remote the peer
     * @param maxDestRdAtomic the RDMA reads and atomics this side accepts at once (RC, XRC_RECV)
     * @return the attributes of INIT to RTR: the state alone for UD; the path and the peer's QPN and PSN
     *     otherwise; a responder side (RC, XRC_RECV) also its read depth and RNR timer
     */
    public QpAttributes rtrAttributes(QpType type, Destination remote, int maxDestRdAtomic) {
        QpAttributes rtr = new QpAttributes().qpState(QpState.RTR);
        if (type != QpType.UD) {
            rtr.ahAttr(route(remote)).pathMtu(mtu).destQpNum(remote.qpn()).rqPsn(remote.psn());
        }
        if (responds(type)) {
            rtr.maxDestRdAtomic(maxDestRdAtomic).minRnrTimer(minRnrTimer);
        }
        return rtr;
    }

    /**
     * @param type the transport type of the queue pair
     * @param psn this side's starting PSN
     * @param maxRdAtomic the RDMA reads and atomics this side issues at once (RC, XRC_SEND)
     * @return the attributes of RTR to RTS: the state and PSN; a requester side (RC, XRC_SEND) also the ACK
     *     timeout, the retry counts and its read depth; XRC_RECV the ACK timeout alone
     */
    public QpAttributes rtsAttributes(QpType type, int psn, int maxRdAtomic) {
        QpAttributes rts = new QpAttributes().qpState(QpState.RTS).sqPsn(psn);
        if (requests(type)) {
            rts.timeout(ackTimeout).retryCnt(RETRY_COUNT).rnrRetry(rnrRetry).maxRdAtomic(maxRdAtomic);
        } else if (type == QpType.XRC_RECV) {
            rts.timeout(ackTimeout);
        }
        return rts;
    }

    /** @param qp a queue pair in RESET, moved to INIT with {@link #initAttributes} */
    public void toInit(QueuePair qp) {
        qp.modify(initAttributes(qp.type()));
    }

    /**
     * @param qp a queue pair in INIT, moved to RTR with {@link #rtrAttributes}
     * @param remote the peer
     * @param maxDestRdAtomic the RDMA reads and atomics this side accepts at once (RC, XRC_RECV)
     */
    public void toRtr(QueuePair qp, Destination remote, int maxDestRdAtomic) {
        qp.modify(rtrAttributes(qp.type(), remote, maxDestRdAtomic));
    }

    /**
     * @param qp a queue pair in RTR, moved to RTS with {@link #rtsAttributes}
     * @param psn this side's starting PSN
     * @param maxRdAtomic the RDMA reads and atomics this side issues at once (RC, XRC_SEND)
     */
    public void toRts(QueuePair qp, int psn, int maxRdAtomic) {
        qp.modify(rtsAttributes(qp.type(), psn, maxRdAtomic));
    }

    /**
     * RTR then RTS with one outstanding read each way, as rdma-core's examples.
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
     * INIT, RTR then RTS, with {@code reads} outstanding RDMA reads and atomics each way.
     *
     * @param qp a queue pair in RESET
     * @param psn this side's starting PSN
     * @param remote the peer
     * @param reads the read depth of both directions ({@code max_dest_rd_atomic} and {@code max_rd_atomic})
     */
    public void connectFromReset(QueuePair qp, int psn, Destination remote, int reads) {
        toInit(qp);
        toRtr(qp, remote, reads);
        toRts(qp, psn, reads);
    }

    /**
     * @param remote the peer
     * @return the address vector to reach it: its LID, this recipe's SL and port, and a global route header
     *     when it needs one
     */
    public AhAttributes route(Destination remote) {
        GlobalRoute grh = remote.needsGrh() ? new GlobalRoute(remote.gid(), 0, gidIndex, hopLimit, 0) : null;
        return new AhAttributes(grh, remote.lid(), sl, 0, 0, port);
    }

    /**
     * @param pd the protection domain
     * @param remote the peer
     * @return an address handle to reach it (UD), created with {@link #route}
     */
    public AddressHandle addressHandle(ProtectionDomain pd, Destination remote) {
        return pd.createAddressHandle(route(remote));
    }

    private static boolean responds(QpType type) {
        return type == QpType.RC || type == QpType.XRC_RECV;
    }

    private static boolean requests(QpType type) {
        return type == QpType.RC || type == QpType.XRC_SEND;
    }
}
