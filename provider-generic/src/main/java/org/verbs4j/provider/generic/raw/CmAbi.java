package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.MemoryLayout.sequenceLayout;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.generic.raw.CStruct.struct;
import static org.verbs4j.provider.generic.raw.CStruct.union;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.util.List;

/**
 * The C layouts of librdmacm's structs ({@code <rdma/rdma_cma.h>}) and of the socket addresses it takes, the
 * same on x86_64 and aarch64 and in rdma-core 44 to 65; the ABI test checks every named member.
 */
public final class CmAbi {

    private static final MemoryLayout PTR = ADDRESS;
    private static final MemoryLayout GID = sequenceLayout(2, JAVA_LONG);
    private static final MemoryLayout STORAGE = sequenceLayout(16, JAVA_LONG);

    /** {@code struct sockaddr_in}. */
    public static final StructLayout SOCKADDR_IN = struct("sockaddr_in", JAVA_SHORT.withName("sin_family"),
            JAVA_SHORT.withName("sin_port"), JAVA_INT.withName("sin_addr"), sequenceLayout(8, JAVA_BYTE)
                    .withName("sin_zero"));
    /** {@code struct sockaddr_in6}. */
    public static final StructLayout SOCKADDR_IN6 = struct("sockaddr_in6", JAVA_SHORT.withName("sin6_family"),
            JAVA_SHORT.withName("sin6_port"), JAVA_INT.withName("sin6_flowinfo"),
            sequenceLayout(16, JAVA_BYTE).withName("sin6_addr"), JAVA_INT.withName("sin6_scope_id"));
    /** The size of {@code struct sockaddr_storage}, as big as any socket address. */
    public static final long SOCKADDR_STORAGE_SIZE = STORAGE.byteSize();
    /** {@code struct rdma_addr}: the source and destination addresses and the IB address. */
    public static final StructLayout RDMA_ADDR = struct("rdma_addr", STORAGE.withName("src_storage"),
            STORAGE.withName("dst_storage"), union("addr", struct("ibaddr", GID.withName("sgid"), GID.withName("dgid"),
                    JAVA_SHORT.withName("pkey"))));
    /** {@code struct rdma_route}. */
    public static final StructLayout RDMA_ROUTE = struct("rdma_route", RDMA_ADDR.withName("addr"),
            PTR.withName("path_rec"), JAVA_INT.withName("num_paths"));
    /** {@code struct rdma_cm_id}. */
    public static final StructLayout RDMA_CM_ID = struct("rdma_cm_id", PTR.withName("verbs"),
            PTR.withName("channel"), PTR.withName("context"), PTR.withName("qp"), RDMA_ROUTE.withName("route"),
            JAVA_INT.withName("ps"), JAVA_BYTE.withName("port_num"), PTR.withName("event"),
            PTR.withName("send_cq_channel"), PTR.withName("send_cq"), PTR.withName("recv_cq_channel"),
            PTR.withName("recv_cq"), PTR.withName("srq"), PTR.withName("pd"), JAVA_INT.withName("qp_type"));
    /** {@code struct rdma_event_channel}. */
    public static final StructLayout RDMA_EVENT_CHANNEL = struct("rdma_event_channel", JAVA_INT.withName("fd"));
    /** {@code struct rdma_conn_param}. */
    public static final StructLayout RDMA_CONN_PARAM = struct("rdma_conn_param", PTR.withName("private_data"),
            JAVA_BYTE.withName("private_data_len"), JAVA_BYTE.withName("responder_resources"),
            JAVA_BYTE.withName("initiator_depth"), JAVA_BYTE.withName("flow_control"),
            JAVA_BYTE.withName("retry_count"), JAVA_BYTE.withName("rnr_retry_count"), JAVA_BYTE.withName("srq"),
            JAVA_INT.withName("qp_num"));

    private CmAbi() {
    }

    /**
     * @param abi the libibverbs layouts ({@code struct ibv_ah_attr})
     * @return {@code struct rdma_ud_param}
     */
    public static StructLayout udParam(Abi abi) {
        return struct("rdma_ud_param", PTR.withName("private_data"), JAVA_BYTE.withName("private_data_len"),
                abi.ibvAhAttr.withName("ah_attr"), JAVA_INT.withName("qp_num"), JAVA_INT.withName("qkey"));
    }

    /**
     * @param abi the libibverbs layouts
     * @return {@code struct rdma_cm_event}, its {@code param} union of {@code conn} and {@code ud} (rdma-core 61 adds
     *     {@code arg}, of the user events, which this binding does not read; the union's size is unchanged)
     */
    public static StructLayout cmEvent(Abi abi) {
        return struct("rdma_cm_event", PTR.withName("id"), PTR.withName("listen_id"), JAVA_INT.withName("event"),
                JAVA_INT.withName("status"), union("param", RDMA_CONN_PARAM.withName("conn"),
                        udParam(abi).withName("ud")));
    }

    /** @return {@code struct rdma_addrinfo} */
    public static StructLayout addrInfo() {
        return struct("rdma_addrinfo", JAVA_INT.withName("ai_flags"), JAVA_INT.withName("ai_family"),
                JAVA_INT.withName("ai_qp_type"), JAVA_INT.withName("ai_port_space"), JAVA_INT.withName("ai_src_len"),
                JAVA_INT.withName("ai_dst_len"), PTR.withName("ai_src_addr"), PTR.withName("ai_dst_addr"),
                PTR.withName("ai_src_canonname"), PTR.withName("ai_dst_canonname"), JAVA_LONG.withName("ai_route_len"),
                PTR.withName("ai_route"), JAVA_LONG.withName("ai_connect_len"), PTR.withName("ai_connect"),
                PTR.withName("ai_next"));
    }

    /**
     * @param abi the libibverbs layouts
     * @return every struct, for the ABI test
     */
    public static List<StructLayout> structs(Abi abi) {
        return List.of(SOCKADDR_IN, SOCKADDR_IN6, RDMA_ROUTE, RDMA_CM_ID, RDMA_EVENT_CHANNEL, RDMA_CONN_PARAM,
                udParam(abi), cmEvent(abi), addrInfo());
    }
}
