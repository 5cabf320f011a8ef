package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.verbs4j.AhAttributes;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;

/** Writes and reads C {@code struct ibv_ah_attr}. */
public final class AhAttrs {

    private AhAttrs() {
    }

    /**
     * @param abi the layouts
     * @param target the memory that holds the struct
     * @param base the struct's offset in {@code target}
     * @param ah what to write
     */
    public static void write(Abi abi, MemorySegment target, long base, AhAttributes ah) {
        StructLayout l = abi.ibvAhAttr;
        GlobalRoute grh = ah.grh();
        if (grh != null) {
            grh.dgid().write(target, base + Abi.offset(l, "grh", "dgid"));
            target.set(JAVA_INT, base + Abi.offset(l, "grh", "flow_label"), grh.flowLabel());
            target.set(JAVA_BYTE, base + Abi.offset(l, "grh", "sgid_index"), (byte) grh.sgidIndex());
            target.set(JAVA_BYTE, base + Abi.offset(l, "grh", "hop_limit"), (byte) grh.hopLimit());
            target.set(JAVA_BYTE, base + Abi.offset(l, "grh", "traffic_class"), (byte) grh.trafficClass());
        }
        target.set(JAVA_SHORT, base + Abi.offset(l, "dlid"), (short) ah.dlid());
        target.set(JAVA_BYTE, base + Abi.offset(l, "sl"), (byte) ah.sl());
        target.set(JAVA_BYTE, base + Abi.offset(l, "src_path_bits"), (byte) ah.srcPathBits());
        target.set(JAVA_BYTE, base + Abi.offset(l, "static_rate"), (byte) ah.staticRate());
        target.set(JAVA_BYTE, base + Abi.offset(l, "is_global"), (byte) (grh != null ? 1 : 0));
        target.set(JAVA_BYTE, base + Abi.offset(l, "port_num"), (byte) ah.portNum());
    }

    /**
     * @param abi the layouts
     * @param source the memory that holds the struct
     * @param base the struct's offset in {@code source}
     * @return the attributes; no global route unless {@code is_global} is set
     */
    public static AhAttributes read(Abi abi, MemorySegment source, long base) {
        StructLayout l = abi.ibvAhAttr;
        GlobalRoute grh = null;
        if (u8(source, base + Abi.offset(l, "is_global")) != 0) {
            grh = new GlobalRoute(Gid.read(source, base + Abi.offset(l, "grh", "dgid")),
                    source.get(JAVA_INT, base + Abi.offset(l, "grh", "flow_label")),
                    u8(source, base + Abi.offset(l, "grh", "sgid_index")),
                    u8(source, base + Abi.offset(l, "grh", "hop_limit")),
                    u8(source, base + Abi.offset(l, "grh", "traffic_class")));
        }
        return new AhAttributes(grh, Short.toUnsignedInt(source.get(JAVA_SHORT, base + Abi.offset(l, "dlid"))),
                u8(source, base + Abi.offset(l, "sl")), u8(source, base + Abi.offset(l, "src_path_bits")),
                u8(source, base + Abi.offset(l, "static_rate")), u8(source, base + Abi.offset(l, "port_num")));
    }

    private static int u8(MemorySegment segment, long offset) {
        return Byte.toUnsignedInt(segment.get(JAVA_BYTE, offset));
    }
}
