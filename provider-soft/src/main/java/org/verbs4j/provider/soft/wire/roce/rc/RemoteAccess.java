package org.verbs4j.provider.soft.wire.roce.rc;

/** The remote access rights a request needs, of the queue pair (qp_access_flags) and of the memory region. */
public enum RemoteAccess {
    /** IBV_ACCESS_REMOTE_WRITE: RDMA WRITE and ATOMIC WRITE (as rxe grants it). */
    WRITE,
    /** IBV_ACCESS_REMOTE_READ: RDMA READ. */
    READ,
    /** IBV_ACCESS_REMOTE_ATOMIC: compare and swap, fetch and add. */
    ATOMIC,
    /** IBV_ACCESS_FLUSH_GLOBAL: FLUSH with the global visibility placement type. */
    FLUSH_GLOBAL,
    /** IBV_ACCESS_FLUSH_PERSISTENT: FLUSH with the persistence placement type. */
    FLUSH_PERSISTENT
}
