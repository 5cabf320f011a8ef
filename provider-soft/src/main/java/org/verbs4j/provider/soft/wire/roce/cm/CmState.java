package org.verbs4j.provider.soft.wire.roce.cm;

/** The states of a {@link CmConnection} (IBTA 12.9.6, as Linux's {@code enum ib_cm_state} names them). */
public enum CmState {
    /** Nothing sent or received yet. */
    IDLE,
    /** Active: the REQ went out; waiting for REP (or MRA, REJ). */
    REQ_SENT,
    /** Active: an MRA said the REP will take longer; waiting for it. */
    MRA_REQ_RCVD,
    /** Passive: a REQ arrived; the consumer accepts or rejects it. */
    REQ_RCVD,
    /**
     * Passive: an MRA told the peer that the REP will take longer, or will answer its repeated REQ (rdma_cm prepares
     * it so); the consumer accepts or rejects the REQ.
     */
    MRA_REQ_SENT,
    /** Passive: the REP went out; waiting for RTU. */
    REP_SENT,
    /** Passive: an MRA said the RTU will take longer; waiting for it. */
    MRA_REP_RCVD,
    /** Both sides may use the connection. */
    ESTABLISHED,
    /** The DREQ went out; waiting for DREP. */
    DREQ_SENT,
    /** Disconnected; late messages of this connection are answered, not acted on, until the time wait ends. */
    TIMEWAIT,
    /** Active, UD: the SIDR_REQ went out; waiting for the SIDR_REP. */
    SIDR_REQ_SENT,
    /** Passive, UD: a SIDR_REQ arrived; the consumer answers it. */
    SIDR_REQ_RCVD,
    /** Over: rejected, timed out, or past its time wait. */
    CLOSED
}
