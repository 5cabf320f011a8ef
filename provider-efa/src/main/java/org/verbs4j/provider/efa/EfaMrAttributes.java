package org.verbs4j.provider.efa;

import java.util.OptionalInt;

/**
 * What {@code efadv_query_mr} tells of a memory region ({@code struct efadv_mr_attr}): the interconnect
 * through which the device reaches it, per kind of access, each present only if its validity bit is set.
 *
 * @param recvIcId for receives ({@code recv_ic_id})
 * @param rdmaReadIcId for RDMA reads ({@code rdma_read_ic_id})
 * @param rdmaRecvIcId for incoming RDMA ({@code rdma_recv_ic_id})
 */
public record EfaMrAttributes(OptionalInt recvIcId, OptionalInt rdmaReadIcId, OptionalInt rdmaRecvIcId) {
}
