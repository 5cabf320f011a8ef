package org.verbs4j.provider.efa.raw;

/** The C constants of efadv.h (and the one of verbs.h) the binding writes or decodes, with their release. */
public enum EfaConstant {
    IBV_QPT_DRIVER(255, 0),
    EFADV_QP_DRIVER_TYPE_SRD(0, 0),
    EFADV_DEVICE_ATTR_CAPS_RDMA_READ(1, 0),
    EFADV_DEVICE_ATTR_CAPS_RNR_RETRY(2, 0),
    EFADV_DEVICE_ATTR_CAPS_CQ_WITH_SGID(4, 0),
    EFADV_DEVICE_ATTR_CAPS_RDMA_WRITE(8, 46),
    EFADV_DEVICE_ATTR_CAPS_UNSOLICITED_WRITE_RECV(16, 52),
    EFADV_DEVICE_ATTR_CAPS_CQ_WITH_EXT_MEM_DMABUF(32, 59),
    EFADV_DEVICE_ATTR_CAPS_COMP_CNTR(64, 65),
    EFADV_WC_EX_WITH_SGID(1, 0),
    EFADV_WC_EX_WITH_IS_UNSOLICITED(2, 52),
    EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV(1, 52),
    EFADV_QP_FLAGS_INLINE_WRITE(2, 63),
    EFADV_WR_EX_WITH_PROCESSING_HINTS(1, 64),
    EFADV_SQ_DEPTH_ATTR_INLINE_WRITE(1, 63),
    EFADV_MR_ATTR_VALIDITY_RECV_IC_ID(1, 50),
    EFADV_MR_ATTR_VALIDITY_RDMA_READ_IC_ID(2, 50),
    EFADV_MR_ATTR_VALIDITY_RDMA_RECV_IC_ID(4, 50);

    private final long value;
    private final int since;

    EfaConstant(long value, int since) {
        this.value = value;
        this.since = since;
    }

    /** @return the C value */
    public long value() {
        return value;
    }

    /** @return the C value as an int */
    public int intValue() {
        return (int) value;
    }

    /** @return the rdma-core release whose header first has it (0: every supported release) */
    public int since() {
        return since;
    }

    /** @return whether {@code bits} has this flag */
    public boolean in(long bits) {
        return (bits & value) != 0;
    }
}
