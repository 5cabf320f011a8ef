package org.verbs4j;

import java.util.Objects;

/**
 * The attributes of a new work queue (C {@code struct ibv_wq_init_attr}, with {@code comp_mask} 0: no create
 * flags).
 *
 * @param wqContext the consumer context, returned by {@link WorkQueue#wqContext()}, or {@code null}
 * @param wqType the type (C {@code wq_type}); rdma-core defines only {@link WqType#RQ}
 * @param maxWr the most outstanding receive requests (C {@code max_wr}), at least 1
 * @param maxSge the most scatter/gather entries of a receive request (C {@code max_sge}), at least 1
 * @param pd the protection domain, which the queue keeps busy
 * @param cq the completion queue of its receives, which the queue keeps busy
 */
public record WqInitAttributes(Object wqContext, WqType wqType, int maxWr, int maxSge, ProtectionDomain pd,
                               CompletionQueue cq) {

    /**
     * @throws NullPointerException if the type, the protection domain or the completion queue is missing
     * @throws IllegalArgumentException if {@code maxWr} or {@code maxSge} is below 1
     */
    public WqInitAttributes {
        Objects.requireNonNull(wqType, "wqType");
        Objects.requireNonNull(pd, "pd");
        Objects.requireNonNull(cq, "cq");
        if (maxWr < 1 || maxSge < 1) {
            throw new IllegalArgumentException("maxWr and maxSge must be at least 1: " + maxWr + ", " + maxSge);
        }
    }

    /**
     * @param maxWr the most outstanding receive requests
     * @param maxSge the most scatter/gather entries of a receive request
     * @param pd the protection domain
     * @param cq the completion queue
     * @return the attributes of a receive work queue without a consumer context
     */
    public static WqInitAttributes rq(int maxWr, int maxSge, ProtectionDomain pd, CompletionQueue cq) {
        return new WqInitAttributes(null, WqType.RQ, maxWr, maxSge, pd, cq);
    }
}
