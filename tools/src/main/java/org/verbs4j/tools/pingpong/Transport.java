package org.verbs4j.tools.pingpong;

import java.util.Locale;
import org.verbs4j.QpType;

/** The four ping-pong examples of rdma-core, by the transport they exercise. */
enum Transport {

    /** {@code ibv_rc_pingpong}: one reliable-connected queue pair. */
    RC(QpType.RC, 4096),
    /** {@code ibv_uc_pingpong}: one unreliable-connected queue pair. */
    UC(QpType.UC, 4096),
    /** {@code ibv_ud_pingpong}: one datagram queue pair; messages fit the port's MTU. */
    UD(QpType.UD, 1024),
    /** {@code ibv_srq_pingpong}: several RC queue pairs on one shared receive queue. */
    SRQ(QpType.RC, 4096);

    /** The srq example always exchanges this many address records, used or not ({@code MAX_QP}). */
    static final int SRQ_RECORDS = 256;

    /** Room for the GRH in front of every UD receive buffer. */
    static final int GRH_BYTES = 40;

    private final QpType qpType;
    private final int defaultSize;

    Transport(QpType qpType, int defaultSize) {
        this.qpType = qpType;
        this.defaultSize = defaultSize;
    }

    /**
     * @param text rc, uc, ud or srq, in any case
     * @return the transport
     */
    static Transport parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("unknown ping-pong '" + text + "': choose rc, uc, ud or srq", unknown);
        }
    }

    QpType qpType() {
        return qpType;
    }

    int defaultSize() {
        return defaultSize;
    }

    /** @return how many address records each side sends */
    int records(int queuePairs) {
        return this == SRQ ? SRQ_RECORDS : queuePairs;
    }

    /** @return the bytes in front of the message in the buffer (the GRH of UD) */
    int headroom() {
        return this == UD ? GRH_BYTES : 0;
    }

    /** @return the C tool's name, for messages */
    String tool() {
        return "ibv_" + name().toLowerCase(Locale.ROOT) + "_pingpong";
    }

    /** @return the separator before "GID" in the local address line ({@code ud_pingpong} prints a colon) */
    String gidSeparator() {
        return this == UD ? ":" : ",";
    }
}
