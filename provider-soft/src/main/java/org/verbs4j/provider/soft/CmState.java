package org.verbs4j.provider.soft;

/** The state of a soft communication identifier, after the kernel's {@code enum rdma_cm_state}. */
enum CmState {
    /** Created, not bound. */
    IDLE,
    /** Bound to an address (and port), or resolving a destination. */
    ADDR_BOUND,
    /** The destination address is resolved; bound to a device. */
    ADDR_RESOLVED,
    /** The route is resolved: ready to connect. */
    ROUTE_RESOLVED,
    /** Listening. */
    LISTEN,
    /** Active side: the request was sent. */
    CONNECT,
    /** Active side without a QP: the response arrived, establish() completes it. */
    RESPONSE_RECEIVED,
    /** Passive side: a request arrived on this new identifier. */
    REQUEST_RECEIVED,
    /** Passive side: accepted, the active side has not established yet. */
    ACCEPTED,
    /** Connected (UD: the remote QP is known). */
    ESTABLISHED,
    /** Disconnected by either side. */
    DISCONNECTED,
    /** Rejected, refused or unreachable: nothing more can happen on it. */
    FAILED
}
