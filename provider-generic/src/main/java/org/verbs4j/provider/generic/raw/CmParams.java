package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.UdParam;

/**
 * Writes {@code struct rdma_conn_param} and copies {@code rdma_conn_param} and {@code rdma_ud_param} out of an
 * event, private data included, so that nothing refers to the event after {@code rdma_ack_cm_event} frees it.
 */
@SuppressWarnings("restricted")
public final class CmParams {

    private static final StructLayout CONN = CmAbi.RDMA_CONN_PARAM;

    private CmParams() {
    }

    /**
     * @param param the parameters
     * @param qpNum the QP number to announce
     * @param srq whether that QP uses an SRQ
     * @param arena the owner of the struct and its private data
     * @return a filled {@code struct rdma_conn_param}
     */
    public static MemorySegment write(ConnParam param, int qpNum, boolean srq, Arena arena) {
        MemorySegment c = arena.allocate(CONN);
        byte[] data = param.privateData();
        if (data.length > 0) {
            c.set(ADDRESS, offset("private_data"), arena.allocateFrom(JAVA_BYTE, data));
        }
        u8(c, "private_data_len", data.length);
        u8(c, "responder_resources", param.responderResources());
        u8(c, "initiator_depth", param.initiatorDepth());
        u8(c, "flow_control", param.flowControl() ? 1 : 0);
        u8(c, "retry_count", param.retryCount());
        u8(c, "rnr_retry_count", param.rnrRetryCount());
        u8(c, "srq", srq ? 1 : 0);
        c.set(JAVA_INT, offset("qp_num"), qpNum);
        return c;
    }

    /**
     * @param event a {@code struct rdma_cm_event}
     * @param layout its layout
     * @return a copy of its {@code param.conn}
     */
    public static ConnParam readConn(MemorySegment event, StructLayout layout) {
        long base = Abi.offset(layout, "param", "conn");
        MemorySegment c = event.asSlice(base, CONN.byteSize());
        return new ConnParam(privateData(c, 0, get8(c, "private_data_len")), get8(c, "responder_resources"),
                get8(c, "initiator_depth"), get8(c, "flow_control") != 0, get8(c, "retry_count") & 7,
                get8(c, "rnr_retry_count") & 7, get8(c, "srq") != 0, c.get(JAVA_INT, offset("qp_num")) & 0xffffff);
    }

    /**
     * @param event a {@code struct rdma_cm_event}
     * @param layout its layout
     * @param abi the libibverbs layouts
     * @return a copy of its {@code param.ud}
     */
    public static UdParam readUd(MemorySegment event, StructLayout layout, Abi abi) {
        StructLayout ud = CmAbi.udParam(abi);
        long base = Abi.offset(layout, "param", "ud");
        MemorySegment u = event.asSlice(base, ud.byteSize());
        int length = Byte.toUnsignedInt(u.get(JAVA_BYTE, Abi.offset(ud, "private_data_len")));
        return new UdParam(privateData(u, Abi.offset(ud, "private_data"), length),
                AhAttrs.read(abi, u, Abi.offset(ud, "ah_attr")), u.get(JAVA_INT, Abi.offset(ud, "qp_num")),
                u.get(JAVA_INT, Abi.offset(ud, "qkey")));
    }

    private static byte[] privateData(MemorySegment param, long at, int length) {
        MemorySegment data = param.get(ADDRESS, at);
        if (length == 0 || data.equals(MemorySegment.NULL)) {
            return new byte[0];
        }
        return data.reinterpret(length).toArray(JAVA_BYTE);
    }

    private static long offset(String member) {
        return Abi.offset(CONN, member);
    }

    private static void u8(MemorySegment c, String member, int value) {
        c.set(JAVA_BYTE, offset(member), (byte) value);
    }

    private static int get8(MemorySegment c, String member) {
        return Byte.toUnsignedInt(c.get(JAVA_BYTE, offset(member)));
    }
}
