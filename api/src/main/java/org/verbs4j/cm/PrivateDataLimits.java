package org.verbs4j.cm;

/**
 * The longest private data each exchange carries on InfiniBand and RoCE, as {@code rdma_connect(3)},
 * {@code rdma_accept(3)} and the IB CM's message sizes give them (the CM's own header taken off). Longer
 * private data fails with {@link org.verbs4j.InvalidArgumentException}. Events carry the whole field, so
 * their private data has these lengths, zero-padded.
 */
public final class PrivateDataLimits {

    /** {@code rdma_connect} for {@link PortSpace#TCP}: 56 bytes (REQ's 92 less the CM header's 36). */
    public static final int CONNECT_TCP = 56;
    /** {@code rdma_connect} for {@link PortSpace#UDP}: 180 bytes (SIDR REQ's 216 less the CM header's 36). */
    public static final int CONNECT_UDP = 180;
    /** {@code rdma_accept} for {@link PortSpace#TCP}: 196 bytes (REP). */
    public static final int ACCEPT_TCP = 196;
    /** {@code rdma_accept} for {@link PortSpace#UDP}: 136 bytes (SIDR REP). */
    public static final int ACCEPT_UDP = 136;
    /** {@code rdma_reject}: 148 bytes (REJ). */
    public static final int REJECT = 148;

    private PrivateDataLimits() {
    }

    /**
     * @param space the port space
     * @return the limit of {@code rdma_connect} in that space
     */
    public static int connect(PortSpace space) {
        return space.qpType() == org.verbs4j.QpType.UD ? CONNECT_UDP : CONNECT_TCP;
    }

    /**
     * @param space the port space
     * @return the limit of {@code rdma_accept} in that space
     */
    public static int accept(PortSpace space) {
        return space.qpType() == org.verbs4j.QpType.UD ? ACCEPT_UDP : ACCEPT_TCP;
    }
}
