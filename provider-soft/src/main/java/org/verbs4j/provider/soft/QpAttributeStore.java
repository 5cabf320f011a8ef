package org.verbs4j.provider.soft;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.Flags;
import org.verbs4j.MigrationState;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;

/**
 * The modifiable attributes of a queue pair (everything of {@code ibv_modify_qp} but the state): value
 * checks, application of a mask, reset, and the copy for {@code ibv_query_qp}. Used under the fabric lock.
 */
final class QpAttributeStore {

    private static final Set<AccessFlag> QP_ACCESS_FLAGS = EnumSet.of(AccessFlag.LOCAL_WRITE,
            AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_ATOMIC, AccessFlag.MW_BIND,
            AccessFlag.FLUSH_GLOBAL, AccessFlag.FLUSH_PERSISTENT, AccessFlag.RELAXED_ORDERING);

    private int qkey;
    private int rqPsn;
    private int sqPsn;
    private int destQpNum;
    private long accessBits;
    private Mtu pathMtu = Mtu.MTU_1024;
    private AhAttributes ahAttr;
    private AhAttributes altAhAttr;
    private int pkeyIndex;
    private int portNum = 1;
    private int timeout;
    private int retryCnt;
    private int rnrRetry;
    private int minRnrTimer;
    private int maxRdAtomic;
    private int maxDestRdAtomic;
    private MigrationState pathMigState = MigrationState.MIGRATED;
    private boolean enSqdAsyncNotify;
    private int rateLimit;

    int qkey() {
        return qkey;
    }

    int destQpNum() {
        return destQpNum;
    }

    AhAttributes ahAttr() {
        return ahAttr;
    }

    int rnrRetry() {
        return rnrRetry;
    }

    int minRnrTimer() {
        return minRnrTimer;
    }

    /** @return the path MTU in bytes (256 to 4096) */
    int pathMtuBytes() {
        return 128 << pathMtu.value();
    }

    boolean enSqdAsyncNotify() {
        return enSqdAsyncNotify;
    }

    boolean allowsRemote(AccessFlag access) {
        return (accessBits & access.value()) != 0;
    }

    /** @return {@code null} if the values of the set attributes are valid, otherwise why not */
    String check(SoftContext context, QpAttributes a, Set<QpAttrMask> mask, QpState current) {
        if (mask.contains(QpAttrMask.CUR_STATE) && a.curQpState() != current) {
            return "cur_qp_state " + a.curQpState() + " is not the current state " + current;
        }
        if (mask.contains(QpAttrMask.PORT) && a.portNum() != 1) {
            return "port " + a.portNum() + " does not exist";
        }
        if (mask.contains(QpAttrMask.PKEY_INDEX)
                && (a.pkeyIndex() < 0 || a.pkeyIndex() >= DeviceProfile.PKEY_TABLE_LENGTH)) {
            return "pkey_index " + a.pkeyIndex() + " is outside the P_Key table";
        }
        if (mask.contains(QpAttrMask.AV)) {
            String problem = checkPath(context, a.ahAttr());
            if (problem != null) {
                return problem;
            }
        }
        if (mask.contains(QpAttrMask.PATH_MTU) && a.pathMtu() == null) {
            return "the path MTU is missing";
        }
        if (mask.contains(QpAttrMask.ACCESS_FLAGS) && !QP_ACCESS_FLAGS.containsAll(a.qpAccessFlags())) {
            return "qp_access_flags " + a.qpAccessFlags() + " are not all queue pair access flags";
        }
        return checkRanges(a, mask);
    }

    /** @return why the address vector is missing, or null; an invalid one throws (ibv_modify_qp, EINVAL) */
    private static String checkPath(SoftContext context, AhAttributes path) {
        if (path == null) {
            return "the address vector is missing";
        }
        SoftAddressHandle.validate(context, path, "ibv_modify_qp");
        return null;
    }

    private static String checkRanges(QpAttributes a, Set<QpAttrMask> mask) {
        String problem = range(mask, QpAttrMask.MAX_QP_RD_ATOMIC, a.maxRdAtomic(), DeviceProfile.MAX_RD_ATOMIC,
                "max_rd_atomic");
        problem = problem != null ? problem : range(mask, QpAttrMask.MAX_DEST_RD_ATOMIC, a.maxDestRdAtomic(),
                DeviceProfile.MAX_RD_ATOMIC, "max_dest_rd_atomic");
        problem = problem != null ? problem : range(mask, QpAttrMask.RETRY_CNT, a.retryCnt(), 7, "retry_cnt");
        problem = problem != null ? problem : range(mask, QpAttrMask.RNR_RETRY, a.rnrRetry(), 7, "rnr_retry");
        problem = problem != null ? problem : range(mask, QpAttrMask.MIN_RNR_TIMER, a.minRnrTimer(), 31,
                "min_rnr_timer");
        return problem != null ? problem : range(mask, QpAttrMask.TIMEOUT, a.timeout(), 31, "timeout");
    }

    private static String range(Set<QpAttrMask> mask, QpAttrMask bit, int value, int max, String name) {
        return mask.contains(bit) && (value < 0 || value > max)
                ? name + " " + value + " is not in [0, " + max + "]" : null;
    }

    void apply(QpAttributes a, Set<QpAttrMask> mask) {
        for (QpAttrMask bit : mask) {
            switch (bit) {
                case QKEY -> qkey = a.qkey();
                case RQ_PSN -> rqPsn = a.rqPsn() & 0xffffff;
                case SQ_PSN -> sqPsn = a.sqPsn() & 0xffffff;
                case DEST_QPN -> destQpNum = a.destQpNum() & 0xffffff;
                case ACCESS_FLAGS -> accessBits = Flags.toBits(a.qpAccessFlags());
                case PATH_MTU -> pathMtu = a.pathMtu();
                case AV -> ahAttr = a.ahAttr();
                case ALT_PATH -> altAhAttr = a.altAhAttr();
                case PKEY_INDEX -> pkeyIndex = a.pkeyIndex();
                case PORT -> portNum = a.portNum();
                case TIMEOUT -> timeout = a.timeout();
                case RETRY_CNT -> retryCnt = a.retryCnt();
                case RNR_RETRY -> rnrRetry = a.rnrRetry();
                case MIN_RNR_TIMER -> minRnrTimer = a.minRnrTimer();
                case MAX_QP_RD_ATOMIC -> maxRdAtomic = a.maxRdAtomic();
                case MAX_DEST_RD_ATOMIC -> maxDestRdAtomic = a.maxDestRdAtomic();
                case PATH_MIG_STATE -> pathMigState = a.pathMigState();
                case EN_SQD_ASYNC_NOTIFY -> enSqdAsyncNotify = a.enSqdAsyncNotify();
                case RATE_LIMIT -> rateLimit = a.rateLimit();
                default -> {
                    // STATE and CUR_STATE belong to the transition; CAP is never allowed.
                }
            }
        }
    }

    /** Forgets the connection (transition to RESET). */
    void reset() {
        qkey = 0;
        rqPsn = 0;
        sqPsn = 0;
        destQpNum = 0;
        accessBits = 0;
        ahAttr = null;
        altAhAttr = null;
    }

    /** Copies every attribute into {@code a} (query). */
    void fill(QpAttributes a) {
        a.pathMtu(pathMtu).pathMigState(pathMigState).qkey(qkey).rqPsn(rqPsn).sqPsn(sqPsn).destQpNum(destQpNum)
                .qpAccessFlags(Flags.fromBits(AccessFlag.class, accessBits)).pkeyIndex(pkeyIndex)
                .enSqdAsyncNotify(enSqdAsyncNotify).sqDraining(false).maxRdAtomic(maxRdAtomic)
                .maxDestRdAtomic(maxDestRdAtomic).minRnrTimer(minRnrTimer).portNum(portNum).timeout(timeout)
                .retryCnt(retryCnt).rnrRetry(rnrRetry).rateLimit(rateLimit);
        if (ahAttr != null) {
            a.ahAttr(ahAttr);
        }
        if (altAhAttr != null) {
            a.altAhAttr(altAhAttr);
        }
    }
}
