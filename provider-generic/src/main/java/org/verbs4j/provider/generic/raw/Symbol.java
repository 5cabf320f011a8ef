package org.verbs4j.provider.generic.raw;

/**
 * Every function the binding looks up by name in libibverbs.so.1, with the symbol version that
 * {@code dlsym} resolves to (the default version, {@code name@@version}). The ABI conformance test
 * checks each one against the real libraries of every supported rdma-core release.
 */
public enum Symbol {
    /** {@code ibv_get_device_list}. */
    IBV_GET_DEVICE_LIST("ibv_get_device_list", "IBVERBS_1.1"),
    /** {@code ibv_free_device_list}. */
    IBV_FREE_DEVICE_LIST("ibv_free_device_list", "IBVERBS_1.1"),
    /** {@code ibv_get_device_name}. */
    IBV_GET_DEVICE_NAME("ibv_get_device_name", "IBVERBS_1.1"),
    /** {@code ibv_get_device_guid}. */
    IBV_GET_DEVICE_GUID("ibv_get_device_guid", "IBVERBS_1.1"),
    /** {@code ibv_open_device}. */
    IBV_OPEN_DEVICE("ibv_open_device", "IBVERBS_1.1"),
    /** {@code ibv_close_device}. */
    IBV_CLOSE_DEVICE("ibv_close_device", "IBVERBS_1.1"),
    /** {@code ibv_query_device}, the fallback of {@code ibv_query_device_ex}. */
    IBV_QUERY_DEVICE("ibv_query_device", "IBVERBS_1.1"),
    /** {@code ibv_query_gid}. */
    IBV_QUERY_GID("ibv_query_gid", "IBVERBS_1.1"),
    /** {@code _ibv_query_gid_table}, behind the inline {@code ibv_query_gid_table}. */
    IBV_QUERY_GID_TABLE("_ibv_query_gid_table", "IBVERBS_1.11"),
    /** {@code ibv_alloc_pd}. */
    IBV_ALLOC_PD("ibv_alloc_pd", "IBVERBS_1.1"),
    /** {@code ibv_dealloc_pd}. */
    IBV_DEALLOC_PD("ibv_dealloc_pd", "IBVERBS_1.1"),
    /** {@code ibv_reg_mr}. */
    IBV_REG_MR("ibv_reg_mr", "IBVERBS_1.1"),
    /** {@code ibv_dereg_mr}. */
    IBV_DEREG_MR("ibv_dereg_mr", "IBVERBS_1.1"),
    /** {@code ibv_reg_dmabuf_mr}. */
    IBV_REG_DMABUF_MR("ibv_reg_dmabuf_mr", "IBVERBS_1.12"),
    /** {@code ibv_create_comp_channel}. */
    IBV_CREATE_COMP_CHANNEL("ibv_create_comp_channel", "IBVERBS_1.0"),
    /** {@code ibv_destroy_comp_channel}. */
    IBV_DESTROY_COMP_CHANNEL("ibv_destroy_comp_channel", "IBVERBS_1.0"),
    /** {@code ibv_get_cq_event}. */
    IBV_GET_CQ_EVENT("ibv_get_cq_event", "IBVERBS_1.1"),
    /** {@code ibv_ack_cq_events}. */
    IBV_ACK_CQ_EVENTS("ibv_ack_cq_events", "IBVERBS_1.1"),
    /** {@code ibv_destroy_cq}. */
    IBV_DESTROY_CQ("ibv_destroy_cq", "IBVERBS_1.1"),
    /** {@code ibv_resize_cq}. */
    IBV_RESIZE_CQ("ibv_resize_cq", "IBVERBS_1.1"),
    /** {@code ibv_create_qp}, what the inline {@code ibv_create_qp_ex} calls when comp_mask is PD only. */
    IBV_CREATE_QP("ibv_create_qp", "IBVERBS_1.1"),
    /** {@code ibv_qp_to_qp_ex}. */
    IBV_QP_TO_QP_EX("ibv_qp_to_qp_ex", "IBVERBS_1.6"),
    /** {@code ibv_modify_qp}. */
    IBV_MODIFY_QP("ibv_modify_qp", "IBVERBS_1.1"),
    /** {@code ibv_query_qp}. */
    IBV_QUERY_QP("ibv_query_qp", "IBVERBS_1.1"),
    /** {@code ibv_destroy_qp}. */
    IBV_DESTROY_QP("ibv_destroy_qp", "IBVERBS_1.1"),
    /** {@code ibv_create_srq}, what the inline {@code ibv_create_srq_ex} calls for a basic SRQ. */
    IBV_CREATE_SRQ("ibv_create_srq", "IBVERBS_1.1"),
    /** {@code ibv_modify_srq}. */
    IBV_MODIFY_SRQ("ibv_modify_srq", "IBVERBS_1.1"),
    /** {@code ibv_query_srq}. */
    IBV_QUERY_SRQ("ibv_query_srq", "IBVERBS_1.1"),
    /** {@code ibv_destroy_srq}. */
    IBV_DESTROY_SRQ("ibv_destroy_srq", "IBVERBS_1.1"),
    /** {@code ibv_create_ah}. */
    IBV_CREATE_AH("ibv_create_ah", "IBVERBS_1.1"),
    /** {@code ibv_create_ah_from_wc}. */
    IBV_CREATE_AH_FROM_WC("ibv_create_ah_from_wc", "IBVERBS_1.1"),
    /** {@code ibv_init_ah_from_wc}. */
    IBV_INIT_AH_FROM_WC("ibv_init_ah_from_wc", "IBVERBS_1.1"),
    /** {@code ibv_destroy_ah}. */
    IBV_DESTROY_AH("ibv_destroy_ah", "IBVERBS_1.1"),
    /** {@code ibv_attach_mcast}. */
    IBV_ATTACH_MCAST("ibv_attach_mcast", "IBVERBS_1.1"),
    /** {@code ibv_detach_mcast}. */
    IBV_DETACH_MCAST("ibv_detach_mcast", "IBVERBS_1.1"),
    /** {@code ibv_get_async_event}. */
    IBV_GET_ASYNC_EVENT("ibv_get_async_event", "IBVERBS_1.1"),
    /** {@code ibv_ack_async_event}. */
    IBV_ACK_ASYNC_EVENT("ibv_ack_async_event", "IBVERBS_1.1");

    private final String cName;
    private final String version;

    Symbol(String cName, String version) {
        this.cName = cName;
        this.version = version;
    }

    /** @return the exported name */
    public String cName() {
        return cName;
    }

    /** @return the default symbol version {@code dlsym} resolves to */
    public String version() {
        return version;
    }
}
