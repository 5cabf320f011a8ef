package org.verbs4j.provider.efa;

import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.provider.efa.raw.EfaConstant;

/** The capabilities of an EFA device ({@code efadv_device_attr.device_caps}, C {@code EFADV_DEVICE_ATTR_CAPS_*}). */
public enum EfaDeviceCap {
    /** RDMA read on SRD queue pairs. */
    RDMA_READ(EfaConstant.EFADV_DEVICE_ATTR_CAPS_RDMA_READ),
    /** An RNR retry count can be set ({@code IBV_QP_RNR_RETRY}). */
    RNR_RETRY(EfaConstant.EFADV_DEVICE_ATTR_CAPS_RNR_RETRY),
    /** Completion queues can read the source GID of an unknown sender. */
    CQ_WITH_SGID(EfaConstant.EFADV_DEVICE_ATTR_CAPS_CQ_WITH_SGID),
    /** RDMA write (and write with immediate) on SRD queue pairs; rdma-core 46 and later. */
    RDMA_WRITE(EfaConstant.EFADV_DEVICE_ATTR_CAPS_RDMA_WRITE),
    /** RDMA write with immediate that consumes no receive request; rdma-core 52 and later. */
    UNSOLICITED_WRITE_RECV(EfaConstant.EFADV_DEVICE_ATTR_CAPS_UNSOLICITED_WRITE_RECV),
    /** Completion queues in external dmabuf memory; rdma-core 59 and later. */
    CQ_WITH_EXT_MEM_DMABUF(EfaConstant.EFADV_DEVICE_ATTR_CAPS_CQ_WITH_EXT_MEM_DMABUF),
    /** Completion counters ({@code efadv_create_comp_cntr}, not bound); rdma-core 65 and later. */
    COMP_CNTR(EfaConstant.EFADV_DEVICE_ATTR_CAPS_COMP_CNTR);

    private final EfaConstant constant;

    EfaDeviceCap(EfaConstant constant) {
        this.constant = constant;
    }

    /** @return the C constant */
    EfaConstant constant() {
        return constant;
    }

    /**
     * @param bits {@code device_caps}
     * @return the capabilities they announce (bits unknown to this binding are left out)
     */
    public static Set<EfaDeviceCap> decode(long bits) {
        Set<EfaDeviceCap> caps = EnumSet.noneOf(EfaDeviceCap.class);
        for (EfaDeviceCap cap : values()) {
            if (cap.constant.in(bits)) {
                caps.add(cap);
            }
        }
        return caps;
    }

    /**
     * @param caps capabilities
     * @return their bits in {@code device_caps}
     */
    static long bits(Set<EfaDeviceCap> caps) {
        long bits = 0;
        for (EfaDeviceCap cap : caps) {
            bits |= cap.constant.value();
        }
        return bits;
    }
}
