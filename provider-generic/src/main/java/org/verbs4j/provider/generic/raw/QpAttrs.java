package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.AccessFlag;
import org.verbs4j.Flags;
import org.verbs4j.MigrationState;
import org.verbs4j.Mtu;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpState;

/** Writes and reads C {@code struct ibv_qp_attr}; only the members of the mask are written. */
public final class QpAttrs {

    private QpAttrs() {
    }

    public static void write(Abi abi, MemorySegment a, QpAttributes q) {
        StructLayout l = abi.ibvQpAttr;
        if (q.isSet(QpAttrMask.STATE)) {
            i32(a, l, "qp_state", (int) q.qpState().value());
        }
        if (q.isSet(QpAttrMask.CUR_STATE)) {
            i32(a, l, "cur_qp_state", (int) q.curQpState().value());
        }
        if (q.isSet(QpAttrMask.PATH_MTU)) {
            i32(a, l, "path_mtu", (int) q.pathMtu().value());
        }
        if (q.isSet(QpAttrMask.PATH_MIG_STATE)) {
            i32(a, l, "path_mig_state", (int) q.pathMigState().value());
        }
        i32(a, l, "qkey", q.qkey());
        i32(a, l, "rq_psn", q.rqPsn());
        i32(a, l, "sq_psn", q.sqPsn());
        i32(a, l, "dest_qp_num", q.destQpNum());
        i32(a, l, "qp_access_flags", (int) Flags.toBits("ibv_modify_qp", q.qpAccessFlags()));
        if (q.isSet(QpAttrMask.CAP)) {
            writeCap(a, Abi.offset(l, "cap"), abi, q.cap());
        }
        if (q.isSet(QpAttrMask.AV)) {
            AhAttrs.write(abi, a, Abi.offset(l, "ah_attr"), q.ahAttr());
        }
        if (q.isSet(QpAttrMask.ALT_PATH)) {
            AhAttrs.write(abi, a, Abi.offset(l, "alt_ah_attr"), q.altAhAttr());
        }
        writeSmall(a, l, q);
    }

    private static void writeSmall(MemorySegment a, StructLayout l, QpAttributes q) {
        a.set(JAVA_SHORT, Abi.offset(l, "pkey_index"), (short) q.pkeyIndex());
        a.set(JAVA_SHORT, Abi.offset(l, "alt_pkey_index"), (short) q.altPkeyIndex());
        u8(a, l, "en_sqd_async_notify", q.enSqdAsyncNotify() ? 1 : 0);
        u8(a, l, "max_rd_atomic", q.maxRdAtomic());
        u8(a, l, "max_dest_rd_atomic", q.maxDestRdAtomic());
        u8(a, l, "min_rnr_timer", q.minRnrTimer());
        u8(a, l, "port_num", q.portNum());
        u8(a, l, "timeout", q.timeout());
        u8(a, l, "retry_cnt", q.retryCnt());
        u8(a, l, "rnr_retry", q.rnrRetry());
        u8(a, l, "alt_port_num", q.altPortNum());
        u8(a, l, "alt_timeout", q.altTimeout());
        i32(a, l, "rate_limit", q.rateLimit());
    }

    public static void writeCap(MemorySegment a, long base, Abi abi, QpCapabilities cap) {
        a.set(JAVA_INT, base, cap.maxSendWr());
        a.set(JAVA_INT, base + 4, cap.maxRecvWr());
        a.set(JAVA_INT, base + 8, cap.maxSendSge());
        a.set(JAVA_INT, base + 12, cap.maxRecvSge());
        a.set(JAVA_INT, base + 16, cap.maxInlineData());
    }

    public static QpCapabilities readCap(MemorySegment a, long base) {
        return new QpCapabilities(a.get(JAVA_INT, base), a.get(JAVA_INT, base + 4), a.get(JAVA_INT, base + 8),
                a.get(JAVA_INT, base + 12), a.get(JAVA_INT, base + 16));
    }

    public static QpAttributes read(Abi abi, MemorySegment a) {
        StructLayout l = abi.ibvQpAttr;
        QpAttributes q = new QpAttributes().qpState(QpState.fromValue(get(a, l, "qp_state")))
                .curQpState(QpState.fromValue(get(a, l, "cur_qp_state")))
                .pathMigState(MigrationState.fromValue(get(a, l, "path_mig_state")))
                .qkey(get(a, l, "qkey")).rqPsn(get(a, l, "rq_psn")).sqPsn(get(a, l, "sq_psn"))
                .destQpNum(get(a, l, "dest_qp_num"))
                .qpAccessFlags(Flags.fromBits(AccessFlag.class, Integer.toUnsignedLong(get(a, l, "qp_access_flags"))))
                .cap(readCap(a, Abi.offset(l, "cap"))).ahAttr(AhAttrs.read(abi, a, Abi.offset(l, "ah_attr")))
                .altAhAttr(AhAttrs.read(abi, a, Abi.offset(l, "alt_ah_attr")))
                .pkeyIndex(Short.toUnsignedInt(a.get(JAVA_SHORT, Abi.offset(l, "pkey_index"))))
                .altPkeyIndex(Short.toUnsignedInt(a.get(JAVA_SHORT, Abi.offset(l, "alt_pkey_index"))));
        int mtu = get(a, l, "path_mtu");
        if (mtu != 0) {
            q.pathMtu(Mtu.fromValue(mtu));
        }
        return q.enSqdAsyncNotify(get8(a, l, "en_sqd_async_notify") != 0).sqDraining(get8(a, l, "sq_draining") != 0)
                .maxRdAtomic(get8(a, l, "max_rd_atomic")).maxDestRdAtomic(get8(a, l, "max_dest_rd_atomic"))
                .minRnrTimer(get8(a, l, "min_rnr_timer")).portNum(get8(a, l, "port_num"))
                .timeout(get8(a, l, "timeout")).retryCnt(get8(a, l, "retry_cnt")).rnrRetry(get8(a, l, "rnr_retry"))
                .altPortNum(get8(a, l, "alt_port_num")).altTimeout(get8(a, l, "alt_timeout"))
                .rateLimit(get(a, l, "rate_limit"));
    }

    private static void i32(MemorySegment a, StructLayout l, String field, int value) {
        a.set(JAVA_INT, Abi.offset(l, field), value);
    }

    private static void u8(MemorySegment a, StructLayout l, String field, int value) {
        a.set(JAVA_BYTE, Abi.offset(l, field), (byte) value);
    }

    private static int get(MemorySegment a, StructLayout l, String field) {
        return a.get(JAVA_INT, Abi.offset(l, field));
    }

    private static int get8(MemorySegment a, StructLayout l, String field) {
        return Byte.toUnsignedInt(a.get(JAVA_BYTE, Abi.offset(l, field)));
    }
}
