package org.verbs4j.tck.remote;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.MigrationState;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpState;

/** A queue pair's attributes: the bits of its mask, each followed by the fields it covers, then sq_draining. */
final class QpAttributesCodec implements MutableCodec<QpAttributes> {

    @Override
    public Class<QpAttributes> type() {
        return QpAttributes.class;
    }

    @Override
    public void writeShape(QpAttributes value, DataOutputStream out) {
    }

    @Override
    public QpAttributes create(DataInputStream in) {
        return new QpAttributes();
    }

    @Override
    public void writeState(QpAttributes value, Encoder out) throws IOException {
        Set<QpAttrMask> mask = value.mask();
        out.data().writeInt(mask.size());
        for (QpAttrMask bit : mask) {
            out.write(bit);
            for (Object field : fields(value, bit)) {
                out.write(field);
            }
        }
        out.data().writeBoolean(value.sqDraining());
    }

    @Override
    public void readState(QpAttributes value, Decoder in) throws IOException {
        value.clear();
        int bits = in.data().readInt();
        for (int i = 0; i < bits; i++) {
            set(value, (QpAttrMask) in.read(), in);
        }
        value.sqDraining(in.data().readBoolean());
    }

    private static List<Object> fields(QpAttributes a, QpAttrMask bit) {
        return switch (bit) {
            case STATE -> Arrays.asList(a.qpState());
            case CUR_STATE -> Arrays.asList(a.curQpState());
            case EN_SQD_ASYNC_NOTIFY -> Arrays.asList(a.enSqdAsyncNotify());
            case ACCESS_FLAGS -> Arrays.asList(a.qpAccessFlags());
            case PKEY_INDEX -> Arrays.asList(a.pkeyIndex());
            case PORT -> Arrays.asList(a.portNum());
            case QKEY -> Arrays.asList(a.qkey());
            case AV -> Arrays.asList(a.ahAttr());
            case PATH_MTU -> Arrays.asList(a.pathMtu());
            case TIMEOUT -> Arrays.asList(a.timeout());
            case RETRY_CNT -> Arrays.asList(a.retryCnt());
            case RNR_RETRY -> Arrays.asList(a.rnrRetry());
            case RQ_PSN -> Arrays.asList(a.rqPsn());
            case MAX_QP_RD_ATOMIC -> Arrays.asList(a.maxRdAtomic());
            case ALT_PATH -> Arrays.asList(a.altAhAttr(), a.altPkeyIndex(), a.altPortNum(), a.altTimeout());
            case MIN_RNR_TIMER -> Arrays.asList(a.minRnrTimer());
            case SQ_PSN -> Arrays.asList(a.sqPsn());
            case MAX_DEST_RD_ATOMIC -> Arrays.asList(a.maxDestRdAtomic());
            case PATH_MIG_STATE -> Arrays.asList(a.pathMigState());
            case CAP -> Arrays.asList(a.cap());
            case DEST_QPN -> Arrays.asList(a.destQpNum());
            case RATE_LIMIT -> Arrays.asList(a.rateLimit());
        };
    }

    @SuppressWarnings("unchecked")
    private static void set(QpAttributes a, QpAttrMask bit, Decoder in) throws IOException {
        switch (bit) {
            case STATE -> a.qpState((QpState) in.read());
            case CUR_STATE -> a.curQpState((QpState) in.read());
            case EN_SQD_ASYNC_NOTIFY -> a.enSqdAsyncNotify((Boolean) in.read());
            case ACCESS_FLAGS -> a.qpAccessFlags((Set<AccessFlag>) in.read());
            case PKEY_INDEX -> a.pkeyIndex((Integer) in.read());
            case PORT -> a.portNum((Integer) in.read());
            case QKEY -> a.qkey((Integer) in.read());
            case AV -> a.ahAttr((AhAttributes) in.read());
            case PATH_MTU -> a.pathMtu((Mtu) in.read());
            case TIMEOUT -> a.timeout((Integer) in.read());
            case RETRY_CNT -> a.retryCnt((Integer) in.read());
            case RNR_RETRY -> a.rnrRetry((Integer) in.read());
            case RQ_PSN -> a.rqPsn((Integer) in.read());
            case MAX_QP_RD_ATOMIC -> a.maxRdAtomic((Integer) in.read());
            case ALT_PATH -> a.altAhAttr((AhAttributes) in.read()).altPkeyIndex((Integer) in.read())
                    .altPortNum((Integer) in.read()).altTimeout((Integer) in.read());
            case MIN_RNR_TIMER -> a.minRnrTimer((Integer) in.read());
            case SQ_PSN -> a.sqPsn((Integer) in.read());
            case MAX_DEST_RD_ATOMIC -> a.maxDestRdAtomic((Integer) in.read());
            case PATH_MIG_STATE -> a.pathMigState((MigrationState) in.read());
            case CAP -> a.cap((QpCapabilities) in.read());
            case DEST_QPN -> a.destQpNum((Integer) in.read());
            case RATE_LIMIT -> a.rateLimit((Integer) in.read());
        }
    }
}
