package org.verbs4j.cm;

import java.net.InetSocketAddress;
import org.verbs4j.QpType;

/**
 * One result of {@link ConnectionManager#getAddressInfo} (C {@code struct rdma_addrinfo}).
 *
 * @param passive whether the result is for the passive side ({@code ai_flags} has {@code RAI_PASSIVE})
 * @param qpType the QP type ({@code ai_qp_type})
 * @param portSpace the port space ({@code ai_port_space})
 * @param source the local address ({@code ai_src_addr}), or {@code null} if none was resolved
 * @param destination the remote address ({@code ai_dst_addr}), or {@code null} for the passive side
 */
public record AddressInfo(boolean passive, QpType qpType, PortSpace portSpace, InetSocketAddress source,
                          InetSocketAddress destination) {
}
