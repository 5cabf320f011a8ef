package org.verbs4j.provider.efa.raw;

import java.util.List;

/**
 * Every function libefa.so.1 exports that the binding calls, with its symbol version and the rdma-core release
 * that introduced it. A function is looked up only in a release that has it; before that it is unsupported.
 */
public enum EfaSymbol {
    EFADV_CREATE_DRIVER_QP("efadv_create_driver_qp", "EFA_1.0", 0),
    EFADV_CREATE_QP_EX("efadv_create_qp_ex", "EFA_1.1", 0),
    EFADV_QUERY_DEVICE("efadv_query_device", "EFA_1.1", 0),
    EFADV_QUERY_AH("efadv_query_ah", "EFA_1.1", 0),
    EFADV_CREATE_CQ("efadv_create_cq", "EFA_1.2", 0),
    EFADV_CQ_FROM_IBV_CQ_EX("efadv_cq_from_ibv_cq_ex", "EFA_1.2", 0),
    EFADV_QUERY_MR("efadv_query_mr", "EFA_1.3", 50),
    EFADV_QUERY_CQ("efadv_query_cq", "EFA_1.4", 59),
    EFADV_QUERY_QP_WQS("efadv_query_qp_wqs", "EFA_1.4", 59),
    EFADV_GET_MAX_SQ_DEPTH("efadv_get_max_sq_depth", "EFA_1.5", 63),
    EFADV_GET_MAX_RQ_DEPTH("efadv_get_max_rq_depth", "EFA_1.5", 63),
    EFADV_QP_FROM_IBV_QP_EX("efadv_qp_from_ibv_qp_ex", "EFA_1.6", 64);

    /** The static inlines of efadv.h: calls through function pointers, never symbols of the library. */
    public static final List<String> INLINE_ONLY =
            List.of("efadv_wc_read_sgid", "efadv_wc_is_unsolicited", "efadv_wr_set_processing_hints");

    private final String cName;
    private final String version;
    private final int since;

    EfaSymbol(String cName, String version, int since) {
        this.cName = cName;
        this.version = version;
        this.since = since;
    }

    /** @return the C name */
    public String cName() {
        return cName;
    }

    /** @return the default symbol version, for example {@code EFA_1.2} */
    public String version() {
        return version;
    }

    /** @return the rdma-core release that introduced it, 0 for every supported release (44 on) */
    public int since() {
        return since;
    }

    /** @return whether rdma-core {@code release} has it */
    public boolean inRelease(int release) {
        return since <= release;
    }
}
