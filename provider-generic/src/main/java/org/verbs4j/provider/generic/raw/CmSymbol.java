package org.verbs4j.provider.generic.raw;

/**
 * Every function the binding looks up by name in librdmacm.so.1, with the symbol version that {@code dlsym}
 * resolves to (the default version, {@code name@@version}); the ABI test checks each one against the real libraries
 * of every supported rdma-core release.
 */
public enum CmSymbol {
    /** {@code rdma_create_event_channel}. */
    RDMA_CREATE_EVENT_CHANNEL("rdma_create_event_channel", "RDMACM_1.0"),
    /** {@code rdma_destroy_event_channel}. */
    RDMA_DESTROY_EVENT_CHANNEL("rdma_destroy_event_channel", "RDMACM_1.0"),
    /** {@code rdma_create_id}. */
    RDMA_CREATE_ID("rdma_create_id", "RDMACM_1.0"),
    /** {@code rdma_destroy_id}. */
    RDMA_DESTROY_ID("rdma_destroy_id", "RDMACM_1.0"),
    /** {@code rdma_bind_addr}. */
    RDMA_BIND_ADDR("rdma_bind_addr", "RDMACM_1.0"),
    /** {@code rdma_resolve_addr}. */
    RDMA_RESOLVE_ADDR("rdma_resolve_addr", "RDMACM_1.0"),
    /** {@code rdma_resolve_route}. */
    RDMA_RESOLVE_ROUTE("rdma_resolve_route", "RDMACM_1.0"),
    /** {@code rdma_listen}. */
    RDMA_LISTEN("rdma_listen", "RDMACM_1.0"),
    /** {@code rdma_connect}. */
    RDMA_CONNECT("rdma_connect", "RDMACM_1.0"),
    /** {@code rdma_accept}. */
    RDMA_ACCEPT("rdma_accept", "RDMACM_1.0"),
    /** {@code rdma_reject}. */
    RDMA_REJECT("rdma_reject", "RDMACM_1.0"),
    /** {@code rdma_disconnect}. */
    RDMA_DISCONNECT("rdma_disconnect", "RDMACM_1.0"),
    /** {@code rdma_get_cm_event}. */
    RDMA_GET_CM_EVENT("rdma_get_cm_event", "RDMACM_1.0"),
    /** {@code rdma_ack_cm_event}. */
    RDMA_ACK_CM_EVENT("rdma_ack_cm_event", "RDMACM_1.0"),
    /** {@code rdma_get_src_port}. */
    RDMA_GET_SRC_PORT("rdma_get_src_port", "RDMACM_1.0"),
    /** {@code rdma_get_dst_port}. */
    RDMA_GET_DST_PORT("rdma_get_dst_port", "RDMACM_1.0"),
    /** {@code rdma_join_multicast}. */
    RDMA_JOIN_MULTICAST("rdma_join_multicast", "RDMACM_1.0"),
    /** {@code rdma_leave_multicast}. */
    RDMA_LEAVE_MULTICAST("rdma_leave_multicast", "RDMACM_1.0"),
    /** {@code rdma_get_devices}. */
    RDMA_GET_DEVICES("rdma_get_devices", "RDMACM_1.0"),
    /** {@code rdma_free_devices}. */
    RDMA_FREE_DEVICES("rdma_free_devices", "RDMACM_1.0"),
    /** {@code rdma_getaddrinfo}. */
    RDMA_GETADDRINFO("rdma_getaddrinfo", "RDMACM_1.0"),
    /** {@code rdma_freeaddrinfo}. */
    RDMA_FREEADDRINFO("rdma_freeaddrinfo", "RDMACM_1.0"),
    /** {@code rdma_establish}. */
    RDMA_ESTABLISH("rdma_establish", "RDMACM_1.2"),
    /** {@code rdma_init_qp_attr}. */
    RDMA_INIT_QP_ATTR("rdma_init_qp_attr", "RDMACM_1.2");

    private final String cName;
    private final String version;

    CmSymbol(String cName, String version) {
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
