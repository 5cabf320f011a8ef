package org.verbs4j.provider.soft.wire.roce.cm;

/** What a {@link CmListener} hears of a connection, named as rdma_cm names its events. */
public enum CmEvent {
    /** Passive: a REQ arrived for a listened service ID; {@link CmConnection#accept} or {@link CmConnection#reject}. */
    CONNECT_REQUEST,
    /** Active: a REP arrived and the RTU went out. Passive: the RTU arrived (or a DREQ that implies it). */
    ESTABLISHED,
    /** The peer sent a REJ; {@link CmConnection#rejectReason()} tells why. */
    REJECTED,
    /** The peer never answered a REQ or a REP within the retries (nothing is sent). */
    UNREACHABLE,
    /** The connection ended: a DREQ arrived and its DREP went out, or this side's DREQ was answered or timed out. */
    DISCONNECTED,
    /**
     * Active, UD: the SIDR_REP arrived; {@link CmConnection#sidrStatus()} tells whether {@link CmConnection#remote()}
     * and {@link CmConnection#remoteQKey()} name the service's queue pair. The connection is then closed.
     */
    SIDR_REPLY,
    /** The time wait after a disconnection ended: the communication IDs may be forgotten. */
    TIMEWAIT_EXIT
}
