package org.verbs4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * Queue pair attributes (C {@code struct ibv_qp_attr}) together with their attribute mask (C
 * {@code enum ibv_qp_attr_mask}): each setter records the matching mask bit, so the mask passed to
 * {@link QueuePair#modify} is exactly the set of attributes that were set.
 *
 * <p>{@link ConnectRecipe} sets the required attributes of each transition of a connection (they are listed in
 * {@link QueuePair}); connecting an RC queue pair with it:
 * {@snippet class=org.verbs4j.examples.Connect region=rc-connect}
 *
 * <p>Instances are mutable and not thread-safe; a caller may reuse one.
 */
public final class QpAttributes {

    private QpState qpState;
    private QpState curQpState;
    private Mtu pathMtu;
    private MigrationState pathMigState;
    private int qkey;
    private int rqPsn;
    private int sqPsn;
    private int destQpNum;
    private Set<AccessFlag> qpAccessFlags = Set.of();
    private QpCapabilities cap;
    private AhAttributes ahAttr;
    private AhAttributes altAhAttr;
    private int pkeyIndex;
    private int altPkeyIndex;
    private boolean enSqdAsyncNotify;
    private boolean sqDraining;
    private int maxRdAtomic;
    private int maxDestRdAtomic;
    private int minRnrTimer;
    private int portNum;
    private int timeout;
    private int retryCnt;
    private int rnrRetry;
    private int altPortNum;
    private int altTimeout;
    private int rateLimit;
    private final EnumSet<QpAttrMask> mask = EnumSet.noneOf(QpAttrMask.class);

    /** Creates attributes with nothing set. */
    public QpAttributes() {
    }

    /** @return the attributes that were set, as the C attribute mask */
    public Set<QpAttrMask> mask() {
        return EnumSet.copyOf(mask);
    }

    /**
     * @param bit a mask bit
     * @return whether the attribute of that bit was set
     */
    public boolean isSet(QpAttrMask bit) {
        return mask.contains(bit);
    }

    /**
     * Forgets every attribute that was set, so that the instance can be reused.
     *
     * @return this
     */
    public QpAttributes clear() {
        mask.clear();
        return this;
    }

    /** @return the new state (C {@code qp_state}) */
    public QpState qpState() {
        return qpState;
    }

    /**
     * @param value the new state (C {@code qp_state})
     * @return this
     */
    public QpAttributes qpState(QpState value) {
        this.qpState = value;
        mask.add(QpAttrMask.STATE);
        return this;
    }

    /** @return the state the caller believes the queue pair is in (C {@code cur_qp_state}) */
    public QpState curQpState() {
        return curQpState;
    }

    /**
     * @param value the state the caller believes the queue pair is in (C {@code cur_qp_state})
     * @return this
     */
    public QpAttributes curQpState(QpState value) {
        this.curQpState = value;
        mask.add(QpAttrMask.CUR_STATE);
        return this;
    }

    /** @return the path MTU (C {@code path_mtu}) */
    public Mtu pathMtu() {
        return pathMtu;
    }

    /**
     * @param value the path MTU (C {@code path_mtu})
     * @return this
     */
    public QpAttributes pathMtu(Mtu value) {
        this.pathMtu = value;
        mask.add(QpAttrMask.PATH_MTU);
        return this;
    }

    /** @return the path migration state (C {@code path_mig_state}) */
    public MigrationState pathMigState() {
        return pathMigState;
    }

    /**
     * @param value the path migration state (C {@code path_mig_state})
     * @return this
     */
    public QpAttributes pathMigState(MigrationState value) {
        this.pathMigState = value;
        mask.add(QpAttrMask.PATH_MIG_STATE);
        return this;
    }

    /** @return the Q_Key of a UD queue pair (C {@code qkey}) */
    public int qkey() {
        return qkey;
    }

    /**
     * @param value the Q_Key of a UD queue pair (C {@code qkey})
     * @return this
     */
    public QpAttributes qkey(int value) {
        this.qkey = value;
        mask.add(QpAttrMask.QKEY);
        return this;
    }

    /** @return the first expected receive PSN, 24 bits (C {@code rq_psn}) */
    public int rqPsn() {
        return rqPsn;
    }

    /**
     * @param value the first expected receive PSN, 24 bits (C {@code rq_psn})
     * @return this
     */
    public QpAttributes rqPsn(int value) {
        this.rqPsn = value;
        mask.add(QpAttrMask.RQ_PSN);
        return this;
    }

    /** @return the first send PSN, 24 bits (C {@code sq_psn}) */
    public int sqPsn() {
        return sqPsn;
    }

    /**
     * @param value the first send PSN, 24 bits (C {@code sq_psn})
     * @return this
     */
    public QpAttributes sqPsn(int value) {
        this.sqPsn = value;
        mask.add(QpAttrMask.SQ_PSN);
        return this;
    }

    /** @return the remote queue pair number (C {@code dest_qp_num}) */
    public int destQpNum() {
        return destQpNum;
    }

    /**
     * @param value the remote queue pair number (C {@code dest_qp_num})
     * @return this
     */
    public QpAttributes destQpNum(int value) {
        this.destQpNum = value;
        mask.add(QpAttrMask.DEST_QPN);
        return this;
    }

    /** @return the remote access the queue pair allows (C {@code qp_access_flags}) */
    public Set<AccessFlag> qpAccessFlags() {
        return qpAccessFlags;
    }

    /**
     * @param value the remote access the queue pair allows (C {@code qp_access_flags})
     * @return this
     */
    public QpAttributes qpAccessFlags(Set<AccessFlag> value) {
        this.qpAccessFlags = Set.copyOf(value);
        mask.add(QpAttrMask.ACCESS_FLAGS);
        return this;
    }

    /** @return the queue sizes (C {@code cap}) */
    public QpCapabilities cap() {
        return cap;
    }

    /**
     * @param value the queue sizes (C {@code cap})
     * @return this
     */
    public QpAttributes cap(QpCapabilities value) {
        this.cap = value;
        mask.add(QpAttrMask.CAP);
        return this;
    }

    /** @return the primary path to the remote queue pair (C {@code ah_attr}) */
    public AhAttributes ahAttr() {
        return ahAttr;
    }

    /**
     * @param value the primary path to the remote queue pair (C {@code ah_attr})
     * @return this
     */
    public QpAttributes ahAttr(AhAttributes value) {
        this.ahAttr = value;
        mask.add(QpAttrMask.AV);
        return this;
    }

    /** @return the alternate path (C {@code alt_ah_attr}) */
    public AhAttributes altAhAttr() {
        return altAhAttr;
    }

    /**
     * @param value the alternate path (C {@code alt_ah_attr})
     * @return this
     */
    public QpAttributes altAhAttr(AhAttributes value) {
        this.altAhAttr = value;
        mask.add(QpAttrMask.ALT_PATH);
        return this;
    }

    /** @return the primary P_Key index (C {@code pkey_index}) */
    public int pkeyIndex() {
        return pkeyIndex;
    }

    /**
     * @param value the primary P_Key index (C {@code pkey_index})
     * @return this
     */
    public QpAttributes pkeyIndex(int value) {
        this.pkeyIndex = value;
        mask.add(QpAttrMask.PKEY_INDEX);
        return this;
    }

    /** @return the alternate P_Key index (C {@code alt_pkey_index}) */
    public int altPkeyIndex() {
        return altPkeyIndex;
    }

    /**
     * @param value the alternate P_Key index (C {@code alt_pkey_index})
     * @return this
     */
    public QpAttributes altPkeyIndex(int value) {
        this.altPkeyIndex = value;
        mask.add(QpAttrMask.ALT_PATH);
        return this;
    }

    /** @return whether to raise an event when SQD is reached (C {@code en_sqd_async_notify}) */
    public boolean enSqdAsyncNotify() {
        return enSqdAsyncNotify;
    }

    /**
     * @param value whether to raise an event when SQD is reached (C {@code en_sqd_async_notify})
     * @return this
     */
    public QpAttributes enSqdAsyncNotify(boolean value) {
        this.enSqdAsyncNotify = value;
        mask.add(QpAttrMask.EN_SQD_ASYNC_NOTIFY);
        return this;
    }

    /** @return whether the send queue is draining, on query only (C {@code sq_draining}) */
    public boolean sqDraining() {
        return sqDraining;
    }

    /**
     * @param value whether the send queue is draining, on query only (C {@code sq_draining})
     * @return this
     */
    public QpAttributes sqDraining(boolean value) {
        this.sqDraining = value;
        return this;
    }

    /** @return the most outstanding RDMA reads and atomics as initiator (C {@code max_rd_atomic}) */
    public int maxRdAtomic() {
        return maxRdAtomic;
    }

    /**
     * @param value the most outstanding RDMA reads and atomics as initiator (C {@code max_rd_atomic})
     * @return this
     */
    public QpAttributes maxRdAtomic(int value) {
        this.maxRdAtomic = value;
        mask.add(QpAttrMask.MAX_QP_RD_ATOMIC);
        return this;
    }

    /** @return the most outstanding RDMA reads and atomics as responder (C {@code max_dest_rd_atomic}) */
    public int maxDestRdAtomic() {
        return maxDestRdAtomic;
    }

    /**
     * @param value the most outstanding RDMA reads and atomics as responder (C {@code max_dest_rd_atomic})
     * @return this
     */
    public QpAttributes maxDestRdAtomic(int value) {
        this.maxDestRdAtomic = value;
        mask.add(QpAttrMask.MAX_DEST_RD_ATOMIC);
        return this;
    }

    /** @return the RNR NAK timer code (C {@code min_rnr_timer}) */
    public int minRnrTimer() {
        return minRnrTimer;
    }

    /**
     * @param value the RNR NAK timer code (C {@code min_rnr_timer})
     * @return this
     */
    public QpAttributes minRnrTimer(int value) {
        this.minRnrTimer = value;
        mask.add(QpAttrMask.MIN_RNR_TIMER);
        return this;
    }

    /** @return the primary port number (C {@code port_num}) */
    public int portNum() {
        return portNum;
    }

    /**
     * @param value the primary port number (C {@code port_num})
     * @return this
     */
    public QpAttributes portNum(int value) {
        this.portNum = value;
        mask.add(QpAttrMask.PORT);
        return this;
    }

    /** @return the local ACK timeout code (C {@code timeout}) */
    public int timeout() {
        return timeout;
    }

    /**
     * @param value the local ACK timeout code (C {@code timeout})
     * @return this
     */
    public QpAttributes timeout(int value) {
        this.timeout = value;
        mask.add(QpAttrMask.TIMEOUT);
        return this;
    }

    /** @return the transport retry count (C {@code retry_cnt}) */
    public int retryCnt() {
        return retryCnt;
    }

    /**
     * @param value the transport retry count (C {@code retry_cnt})
     * @return this
     */
    public QpAttributes retryCnt(int value) {
        this.retryCnt = value;
        mask.add(QpAttrMask.RETRY_CNT);
        return this;
    }

    /** @return the RNR retry count, 7 meaning infinite (C {@code rnr_retry}) */
    public int rnrRetry() {
        return rnrRetry;
    }

    /**
     * @param value the RNR retry count, 7 meaning infinite (C {@code rnr_retry})
     * @return this
     */
    public QpAttributes rnrRetry(int value) {
        this.rnrRetry = value;
        mask.add(QpAttrMask.RNR_RETRY);
        return this;
    }

    /** @return the alternate port number (C {@code alt_port_num}) */
    public int altPortNum() {
        return altPortNum;
    }

    /**
     * @param value the alternate port number (C {@code alt_port_num})
     * @return this
     */
    public QpAttributes altPortNum(int value) {
        this.altPortNum = value;
        mask.add(QpAttrMask.ALT_PATH);
        return this;
    }

    /** @return the alternate local ACK timeout code (C {@code alt_timeout}) */
    public int altTimeout() {
        return altTimeout;
    }

    /**
     * @param value the alternate local ACK timeout code (C {@code alt_timeout})
     * @return this
     */
    public QpAttributes altTimeout(int value) {
        this.altTimeout = value;
        mask.add(QpAttrMask.ALT_PATH);
        return this;
    }

    /** @return the rate limit in kbps (C {@code rate_limit}) */
    public int rateLimit() {
        return rateLimit;
    }

    /**
     * @param value the rate limit in kbps (C {@code rate_limit})
     * @return this
     */
    public QpAttributes rateLimit(int value) {
        this.rateLimit = value;
        mask.add(QpAttrMask.RATE_LIMIT);
        return this;
    }

}
