package org.verbs4j.provider.generic.raw;

/**
 * The members of C {@code struct verbs_context} the binding calls, as the static inlines of
 * {@code verbs.h} reach them through {@code verbs_get_ctx_op}. {@code verbs_context} grows at its
 * top and ends with {@code struct ibv_context}, so each op lies at a fixed distance before the
 * {@code ibv_context} on every rdma-core release and both architectures; the ABI conformance test
 * checks each {@link #distance()} with gcc.
 */
public enum VerbsContextOp {
    /** {@code query_port}. */
    QUERY_PORT("query_port", 320),
    /** {@code advise_mr}. */
    ADVISE_MR("advise_mr", 312),
    /** {@code reg_dm_mr}. */
    REG_DM_MR("reg_dm_mr", 264),
    /** {@code alloc_dm}. */
    ALLOC_DM("alloc_dm", 256),
    /** {@code free_dm}. */
    FREE_DM("free_dm", 248),
    /** {@code alloc_parent_domain}. */
    ALLOC_PARENT_DOMAIN("alloc_parent_domain", 208),
    /** {@code post_srq_ops}. */
    POST_SRQ_OPS("post_srq_ops", 176),
    /** {@code destroy_rwq_ind_table}. */
    DESTROY_RWQ_IND_TABLE("destroy_rwq_ind_table", 168),
    /** {@code create_rwq_ind_table}. */
    CREATE_RWQ_IND_TABLE("create_rwq_ind_table", 160),
    /** {@code destroy_wq}. */
    DESTROY_WQ("destroy_wq", 152),
    /** {@code modify_wq}. */
    MODIFY_WQ("modify_wq", 144),
    /** {@code create_wq}. */
    CREATE_WQ("create_wq", 136),
    /** {@code create_cq_ex}. */
    CREATE_CQ_EX("create_cq_ex", 120),
    /** {@code query_device_ex}. */
    QUERY_DEVICE_EX("query_device_ex", 104),
    /** {@code create_qp_ex}. */
    CREATE_QP_EX("create_qp_ex", 56),
    /** {@code get_srq_num}. */
    GET_SRQ_NUM("get_srq_num", 48),
    /** {@code create_srq_ex}. */
    CREATE_SRQ_EX("create_srq_ex", 40),
    /** {@code open_xrcd}. */
    OPEN_XRCD("open_xrcd", 32),
    /** {@code close_xrcd}. */
    CLOSE_XRCD("close_xrcd", 24),
    /** {@code sz}: the size of the library's {@code verbs_context} (not an op). */
    SZ("sz", 8);

    private final String member;
    private final long distance;

    VerbsContextOp(String member, long distance) {
        this.member = member;
        this.distance = distance;
    }

    /** @return the C member name */
    public String member() {
        return member;
    }

    /** @return bytes from the member to the embedded {@code struct ibv_context} */
    public long distance() {
        return distance;
    }
}
