package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaConstant;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.efa.raw.Libefa;

/** The {@code struct efadv_qp_init_attr} of an SRD queue pair: newest size, what the release lacks refused. */
final class EfaQpRequest {

    private static final String VERB = "efadv_create_qp_ex";

    private EfaQpRequest() {
    }

    /**
     * @return the struct: driver type SRD, the flags, {@code sl} and {@code wr_flags}; everything else 0
     * @throws UnsupportedVerbException if an option needs a later release than the loaded one
     */
    static MemorySegment write(Arena call, QpInitAttributes attributes, SrdOptions options, Libefa libefa) {
        int flags = flag(attributes.unsolicitedWriteRecv(), EfaConstant.EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV, libefa)
                | flag(options.inlineWrite(), EfaConstant.EFADV_QP_FLAGS_INLINE_WRITE, libefa);
        long wrFlags = flag(options.processingHints(), EfaConstant.EFADV_WR_EX_WITH_PROCESSING_HINTS, libefa);
        requireSince(options.sl() != 0, EfaAbi.QP_INIT_ATTR.member("sl").since(), "sl", libefa);
        MemorySegment attr = Efadv.allocate(call, EfaAbi.QP_INIT_ATTR);
        attr.set(JAVA_INT, EfaAbi.QP_INIT_ATTR.offset("driver_qp_type"), EfaConstant.EFADV_QP_DRIVER_TYPE_SRD.intValue());
        attr.set(JAVA_SHORT, EfaAbi.QP_INIT_ATTR.offset("flags"), (short) flags);
        attr.set(JAVA_BYTE, EfaAbi.QP_INIT_ATTR.offset("sl"), (byte) options.sl());
        attr.set(JAVA_LONG, EfaAbi.QP_INIT_ATTR.offset("wr_flags"), wrFlags);
        return attr;
    }

    /**
     * EFA reads {@code unsolicitedWriteRecv} from the SRD creator only: a UD queue pair cannot have it (the
     * other types libefa refuses whole, EOPNOTSUPP, and so does the device's capability set).
     */
    static void refuseUnsolicitedOutsideSrd(QpInitAttributes attributes) {
        if (attributes.unsolicitedWriteRecv() && attributes.qpType() == QpType.UD) {
            throw new InvalidArgumentException(VERB, "unsolicitedWriteRecv needs an SRD queue pair (QpType.DRIVER), not "
                    + attributes.qpType());
        }
    }

    private static int flag(boolean wanted, EfaConstant flag, Libefa libefa) {
        requireSince(wanted, flag.since(), flag.name(), libefa);
        return wanted ? flag.intValue() : 0;
    }

    private static void requireSince(boolean wanted, int since, String what, Libefa libefa) {
        if (wanted && since > libefa.release()) {
            throw new UnsupportedVerbException(VERB, what + " needs rdma-core " + since + "; the loaded libefa is of "
                    + libefa.release());
        }
    }
}
