package org.verbs4j.provider.generic.objects;

import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;

/**
 * The state changes librdmacm makes on the QP of an identifier ({@code ucma_init_conn_qp}, {@code ucma_init_ud_qp},
 * {@code ucma_modify_qp_rtr}, {@code ucma_modify_qp_rts}), each with the attributes of {@code rdma_init_qp_attr}.
 */
final class CmQpMoves {

    private static final int RDMA_MAX = 0xff;

    private CmQpMoves() {
    }

    /** A new QP: INIT for a connected one; INIT, RTR and RTS (send PSN 0) for a datagram one. */
    static void created(NativeCmId id, QueuePair qp) {
        qp.modify(id.initQpAttributes(QpState.INIT));
        if (qp.type() == QpType.UD) {
            qp.modify(new QpAttributes().qpState(QpState.RTR));
            qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0));
        }
    }

    /**
     * INIT again (the connection's access), RTR and RTS.
     *
     * @param responderResources {@code max_dest_rd_atomic} for RTR, or 0xff for the CM's value
     * @param initiatorDepth {@code max_rd_atomic} for RTS, or 0xff for the CM's value
     */
    static void toRts(NativeCmId id, QueuePair qp, int responderResources, int initiatorDepth) {
        qp.modify(id.initQpAttributes(QpState.INIT));
        QpAttributes rtr = id.initQpAttributes(QpState.RTR);
        if (responderResources != RDMA_MAX) {
            rtr.maxDestRdAtomic(responderResources);
        }
        qp.modify(rtr);
        QpAttributes rts = id.initQpAttributes(QpState.RTS);
        if (initiatorDepth != RDMA_MAX) {
            rts.maxRdAtomic(initiatorDepth);
        }
        qp.modify(rts);
    }

    /**
     * @param all every attribute as {@code rdma_init_qp_attr} left the struct
     * @param mask the mask it returned
     * @return the attributes of the mask only (bits the api does not name are left out)
     */
    static QpAttributes masked(QpAttributes all, int mask) {
        QpAttributes out = new QpAttributes();
        for (QpAttrMask bit : QpAttrMask.values()) {
            if ((mask & bit.value()) != 0) {
                copy(bit, all, out);
            }
        }
        return out;
    }

    private static void copy(QpAttrMask bit, QpAttributes from, QpAttributes to) {
        switch (bit) {
            case STATE -> to.qpState(from.qpState());
            case CUR_STATE -> to.curQpState(from.curQpState());
            case EN_SQD_ASYNC_NOTIFY -> to.enSqdAsyncNotify(from.enSqdAsyncNotify());
            case ACCESS_FLAGS -> to.qpAccessFlags(from.qpAccessFlags());
            case PKEY_INDEX -> to.pkeyIndex(from.pkeyIndex());
            case PORT -> to.portNum(from.portNum());
            case QKEY -> to.qkey(from.qkey());
            case AV -> to.ahAttr(from.ahAttr());
            case PATH_MTU -> to.pathMtu(from.pathMtu());
            case TIMEOUT -> to.timeout(from.timeout());
            case RETRY_CNT -> to.retryCnt(from.retryCnt());
            case RNR_RETRY -> to.rnrRetry(from.rnrRetry());
            case RQ_PSN -> to.rqPsn(from.rqPsn());
            case MAX_QP_RD_ATOMIC -> to.maxRdAtomic(from.maxRdAtomic());
            case ALT_PATH -> to.altAhAttr(from.altAhAttr()).altPortNum(from.altPortNum())
                    .altPkeyIndex(from.altPkeyIndex()).altTimeout(from.altTimeout());
            case MIN_RNR_TIMER -> to.minRnrTimer(from.minRnrTimer());
            case SQ_PSN -> to.sqPsn(from.sqPsn());
            case MAX_DEST_RD_ATOMIC -> to.maxDestRdAtomic(from.maxDestRdAtomic());
            case PATH_MIG_STATE -> to.pathMigState(from.pathMigState());
            case CAP -> to.cap(from.cap());
            case DEST_QPN -> to.destQpNum(from.destQpNum());
            case RATE_LIMIT -> to.rateLimit(from.rateLimit());
        }
    }
}
