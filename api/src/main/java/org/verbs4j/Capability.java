package org.verbs4j;

/**
 * A feature a device may or may not support. A provider states its capabilities through
 * {@link Context#capabilities()}; creating an object that needs an unsupported capability fails
 * with {@link UnsupportedVerbException}.
 */
public enum Capability {
    /** Extended completion queues and the start/next/end poll iterator ({@code ibv_create_cq_ex}). */
    EXTENDED_CQ,
    /** Completion channels and CQ notification ({@code ibv_create_comp_channel}, {@code ibv_req_notify_cq}). */
    COMPLETION_CHANNEL,
    /** Notification for solicited completions only ({@code ibv_req_notify_cq(cq, 1)}). */
    SOLICITED_NOTIFICATION,
    /** Resizing a completion queue ({@link CompletionQueue#resize(int)}, C {@code ibv_resize_cq}). */
    CQ_RESIZE,
    /** {@link CqCreateFlag#SINGLE_THREADED}. */
    CQ_SINGLE_THREADED,
    /** {@link CqCreateFlag#IGNORE_OVERRUN}. */
    CQ_IGNORE_OVERRUN,
    /** {@link CompletionField#COMPLETION_TIMESTAMP}. */
    CQ_COMPLETION_TIMESTAMP,
    /** {@link CompletionField#COMPLETION_TIMESTAMP_WALLCLOCK}. */
    CQ_COMPLETION_TIMESTAMP_WALLCLOCK,
    /** {@link CompletionField#CVLAN}. */
    CQ_CVLAN,
    /** {@link CompletionField#FLOW_TAG}. */
    CQ_FLOW_TAG,
    /** {@link ExtraCompletionField#SOURCE_GID}: the sender's GID when its address handle is unknown. */
    CQ_SOURCE_GID,
    /** {@link ExtraCompletionField#UNSOLICITED}: unsolicited RDMA-write-with-immediate receives. */
    CQ_UNSOLICITED,
    /**
     * {@link QpInitAttributes#unsolicitedWriteRecv()}: RDMA_WRITE_WITH_IMM that consumes no receive request
     * (EFA's {@code EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV}).
     */
    QP_UNSOLICITED_WRITE_RECV,
    /** Parent domains ({@code ibv_alloc_parent_domain}). */
    PARENT_DOMAIN,
    /** Reliable-connected queue pairs. */
    QP_RC,
    /** Unreliable-connected queue pairs. */
    QP_UC,
    /** Unreliable-datagram queue pairs. */
    QP_UD,
    /** Raw packet queue pairs. */
    QP_RAW_PACKET,
    /** Driver-specific queue pairs (for example EFA SRD). */
    QP_DRIVER,
    /** XRC domains and XRC queue pairs and SRQs. */
    XRC,
    /** The send-ops API ({@code ibv_qp_to_qp_ex}, {@code ibv_wr_*}). */
    SEND_OPS,
    /** 8-byte atomic operations. */
    ATOMICS,
    /** {@link SendOpsFlag#ATOMIC_WRITE}: 8-byte atomic writes ({@code ibv_wr_atomic_write}). */
    ATOMIC_WRITE,
    /** {@link SendOpsFlag#FLUSH}: remote flushes ({@code ibv_wr_flush}) and the FLUSH_* access flags. */
    FLUSH,
    /** Memory windows of type 1. */
    MEMORY_WINDOW_TYPE_1,
    /** Memory windows of type 2. */
    MEMORY_WINDOW_TYPE_2,
    /** Inline data in send requests. */
    INLINE_DATA,
    /** Creation flag {@link QpCreateFlag#SOURCE_QPN}. */
    QP_SOURCE_QPN,
    /**
     * RX hash (RSS) queue pairs, with work queues and indirection tables ({@code ibv_create_wq},
     * {@code ibv_create_rwq_ind_table}).
     */
    RX_HASH,
    /** TCP segmentation offload ({@code ibv_wr_send_tso}). */
    TSO,
    /** Multicast attach and detach. */
    MULTICAST,
    /** Basic shared receive queues. */
    SRQ,
    /** Resizing a shared receive queue ({@link SrqAttrMask#MAX_WR}). */
    SRQ_RESIZE,
    /** Tag-matching shared receive queues ({@code ibv_post_srq_ops}). */
    TAG_MATCHING
}
