package org.verbs4j.provider.soft.wire.roce.rc;

/** The remote access rights a request needs, of the queue pair (qp_access_flags) and of the memory region. */
public enum RemoteAccess {
    /** IBV_ACCESS_REMOTE_WRITE: RDMA WRITE. */
    WRITE,
    /** IBV_ACCESS_REMOTE_READ: RDMA READ. */
    READ,
    /** IBV_ACCESS_REMOTE_ATOMIC: compare and swap, fetch and add. */
    ATOMIC
}
