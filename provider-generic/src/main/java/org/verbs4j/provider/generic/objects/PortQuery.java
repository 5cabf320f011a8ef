package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.LinkLayer;
import org.verbs4j.Mtu;
import org.verbs4j.PortAttributes;
import org.verbs4j.PortState;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * {@code ibv_query_port}, as the header's inline does it: {@code verbs_context.query_port} with the size of
 * the caller's struct (52 bytes before rdma-core 49, 56 from 49 on, when {@code active_speed_ex} came).
 */
final class PortQuery {

    private static final FunctionDescriptor QUERY_PORT =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, ADDRESS, JAVA_LONG);

    private PortQuery() {
    }

    static PortAttributes query(NativeContext context, int portNum) {
        StructLayout layout = context.abi.ibvPortAttr;
        MethodHandle handle = FunctionPointers.plain(context.requireOp(VerbsContextOp.QUERY_PORT, "ibv_query_port"),
                QUERY_PORT);
        long size = context.ib.release() >= Abi.SINCE.get("ibv_port_attr.active_speed_ex")
                ? layout.byteSize() : Abi.offset(layout, "active_speed_ex");
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(layout);
            int rc = (int) handle.invokeExact(context.pointer(), (byte) portNum, attr, size);
            Native.check(rc, "ibv_query_port");
            return read(layout, attr, size == layout.byteSize());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static int u8(MemorySegment attr, StructLayout layout, String field) {
        return Byte.toUnsignedInt(attr.get(JAVA_BYTE, Abi.offset(layout, field)));
    }

    private static int u16(MemorySegment attr, StructLayout layout, String field) {
        return Short.toUnsignedInt(attr.get(JAVA_SHORT, Abi.offset(layout, field)));
    }

    private static int u32(MemorySegment attr, StructLayout layout, String field) {
        return attr.get(JAVA_INT, Abi.offset(layout, field));
    }

    private static PortAttributes read(StructLayout l, MemorySegment a, boolean hasSpeedEx) {
        return new PortAttributes(PortState.fromValue(u32(a, l, "state")), Mtu.fromValue(u32(a, l, "max_mtu")),
                Mtu.fromValue(u32(a, l, "active_mtu")), u32(a, l, "gid_tbl_len"), u32(a, l, "port_cap_flags"),
                Integer.toUnsignedLong(u32(a, l, "max_msg_sz")), u32(a, l, "bad_pkey_cntr"),
                u32(a, l, "qkey_viol_cntr"), u16(a, l, "pkey_tbl_len"), u16(a, l, "lid"), u16(a, l, "sm_lid"),
                u8(a, l, "lmc"), u8(a, l, "max_vl_num"), u8(a, l, "sm_sl"), u8(a, l, "subnet_timeout"),
                u8(a, l, "init_type_reply"), u8(a, l, "active_width"), u8(a, l, "active_speed"),
                u8(a, l, "phys_state"), LinkLayer.fromValue(u8(a, l, "link_layer")), u16(a, l, "port_cap_flags2"),
                hasSpeedEx ? u32(a, l, "active_speed_ex") : 0);
    }
}
