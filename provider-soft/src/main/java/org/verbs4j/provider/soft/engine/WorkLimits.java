package org.verbs4j.provider.soft.engine;

/** The limits of the work the engine executes, which the device reports in its attributes. */
public final class WorkLimits {

    /** Scatter/gather entries per work request ({@code max_sge}). */
    public static final int MAX_SGE = 32;
    /** Bytes per message ({@code max_msg_sz}). */
    public static final long MAX_MSG_SIZE = 1L << 31;
    /** Queue pairs per multicast group ({@code max_mcast_qp_attach}). */
    public static final int MAX_MCAST_QP_ATTACH = 56;

    private WorkLimits() {
    }
}
