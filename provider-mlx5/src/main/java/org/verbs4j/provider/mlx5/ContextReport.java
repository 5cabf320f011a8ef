package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.verbs4j.VendorAttribute;

/**
 * The fields of a {@code struct mlx5dv_context} that {@code mlx5dv_query_device} filled, as vendor attributes
 * ({@code Context.vendorAttributes()}): {@code version}, {@code flags} and {@code comp_mask} always, and the
 * fields of each block the device answered in {@code comp_mask}; numbers in decimal, capability words in hex
 * with the names the header gives their bits. The {@code hca_core_clock} pointer is left out.
 */
final class ContextReport {

    static final String SOURCE = "mlx5dv_query_device";

    /** How a field is shown. */
    private enum Kind { U8, U16_HEX, U32, U32_HEX, U64, U64_HEX, FORMATS }

    /** A field of the struct, shown when its block was answered ({@code null}: always). */
    private record Field(Mlx5ContextMask block, String name, long offset, Kind kind) {
    }

    private static final String[] FLAG_NAMES = {"CQE_V1", "OBSOLETE", "MPW_ALLOWED", "ENHANCED_MPW",
        "CQE_128B_COMP", "CQE_128B_PAD", "PACKET_BASED_CREDIT_MODE", "REAL_TIME_TS", "BLUEFLAME"};
    private static final String[] FORMAT_NAMES = {"HASH", "CSUM", "CSUM_STRIDX"};

    private static final List<Field> FIELDS = List.of(
            field(Mlx5ContextMask.CQE_COMPRESSION, "cqe_comp_caps.max_num", 24, Kind.U32),
            field(Mlx5ContextMask.CQE_COMPRESSION, "cqe_comp_caps.supported_format", 28, Kind.FORMATS),
            field(Mlx5ContextMask.SWP, "sw_parsing_caps.sw_parsing_offloads", 32, Kind.U32_HEX),
            field(Mlx5ContextMask.SWP, "sw_parsing_caps.supported_qpts", 36, Kind.U32_HEX),
            field(Mlx5ContextMask.STRIDING_RQ, "striding_rq_caps.min_single_stride_log_num_of_bytes", 40, Kind.U32),
            field(Mlx5ContextMask.STRIDING_RQ, "striding_rq_caps.max_single_stride_log_num_of_bytes", 44, Kind.U32),
            field(Mlx5ContextMask.STRIDING_RQ, "striding_rq_caps.min_single_wqe_log_num_of_strides", 48, Kind.U32),
            field(Mlx5ContextMask.STRIDING_RQ, "striding_rq_caps.max_single_wqe_log_num_of_strides", 52, Kind.U32),
            field(Mlx5ContextMask.STRIDING_RQ, "striding_rq_caps.supported_qpts", 56, Kind.U32_HEX),
            field(Mlx5ContextMask.TUNNEL_OFFLOADS, "tunnel_offloads_caps", 60, Kind.U32_HEX),
            field(Mlx5ContextMask.DYN_BFREGS, "max_dynamic_bfregs", 64, Kind.U32),
            field(Mlx5ContextMask.CLOCK_INFO_UPDATE, "max_clock_info_update_nsec", 72, Kind.U64),
            field(Mlx5ContextMask.FLOW_ACTION_FLAGS, "flow_action_flags", 80, Kind.U32_HEX),
            field(Mlx5ContextMask.DC_ODP_CAPS, "dc_odp_caps", 84, Kind.U32_HEX),
            field(Mlx5ContextMask.NUM_LAG_PORTS, "num_lag_ports", 96, Kind.U8),
            field(Mlx5ContextMask.SIGNATURE_OFFLOAD, "sig_caps.block_size", 104, Kind.U64_HEX),
            field(Mlx5ContextMask.SIGNATURE_OFFLOAD, "sig_caps.block_prot", 112, Kind.U32_HEX),
            field(Mlx5ContextMask.SIGNATURE_OFFLOAD, "sig_caps.t10dif_bg", 116, Kind.U16_HEX),
            field(Mlx5ContextMask.SIGNATURE_OFFLOAD, "sig_caps.crc_type", 118, Kind.U16_HEX),
            field(Mlx5ContextMask.DCI_STREAMS, "dci_streams_caps.max_log_num_concurent", 120, Kind.U8),
            field(Mlx5ContextMask.DCI_STREAMS, "dci_streams_caps.max_log_num_errored", 121, Kind.U8),
            field(Mlx5ContextMask.WR_MEMCPY_LENGTH, "max_wr_memcpy_length", 128, Kind.U64),
            field(Mlx5ContextMask.CRYPTO_OFFLOAD, "crypto_caps.failed_selftests", 136, Kind.U16_HEX),
            field(Mlx5ContextMask.CRYPTO_OFFLOAD, "crypto_caps.crypto_engines", 138, Kind.U8),
            field(Mlx5ContextMask.CRYPTO_OFFLOAD, "crypto_caps.wrapped_import_method", 139, Kind.U8),
            field(Mlx5ContextMask.CRYPTO_OFFLOAD, "crypto_caps.log_max_num_deks", 140, Kind.U8),
            field(Mlx5ContextMask.CRYPTO_OFFLOAD, "crypto_caps.flags", 144, Kind.U32_HEX),
            field(Mlx5ContextMask.MAX_DC_RD_ATOM, "max_dc_rd_atom", 152, Kind.U64),
            field(Mlx5ContextMask.MAX_DC_RD_ATOM, "max_dc_init_rd_atom", 160, Kind.U64),
            field(Mlx5ContextMask.REG_C0, "reg_c0.value", 168, Kind.U32_HEX),
            field(Mlx5ContextMask.REG_C0, "reg_c0.mask", 172, Kind.U32_HEX),
            field(Mlx5ContextMask.OOO_RECV_WRS, "ooo_recv_wrs_caps.max_rc", 176, Kind.U32),
            field(Mlx5ContextMask.OOO_RECV_WRS, "ooo_recv_wrs_caps.max_xrc", 180, Kind.U32),
            field(Mlx5ContextMask.OOO_RECV_WRS, "ooo_recv_wrs_caps.max_dct", 184, Kind.U32),
            field(Mlx5ContextMask.OOO_RECV_WRS, "ooo_recv_wrs_caps.max_ud", 188, Kind.U32),
            field(Mlx5ContextMask.OOO_RECV_WRS, "ooo_recv_wrs_caps.max_uc", 192, Kind.U32));

    private ContextReport() {
    }

    private static Field field(Mlx5ContextMask block, String name, long offset, Kind kind) {
        return new Field(block, name, offset, kind);
    }

    /**
     * @param attrs the {@code struct mlx5dv_context} as {@code mlx5dv_query_device} left it
     * @return its filled fields, in the order of the struct
     */
    static List<VendorAttribute> of(MemorySegment attrs) {
        long answered = attrs.get(JAVA_LONG, 16);
        List<VendorAttribute> report = new ArrayList<>();
        report.add(attribute("version", Integer.toString(Byte.toUnsignedInt(attrs.get(JAVA_BYTE, 0)))));
        report.add(attribute("flags", named(attrs.get(JAVA_LONG, 8), FLAG_NAMES)));
        report.add(attribute("comp_mask", named(answered, blockNames())));
        for (Field field : FIELDS) {
            if ((answered & field.block().value()) != 0) {
                report.add(attribute(field.name(), value(attrs, field)));
            }
        }
        return report;
    }

    /** @return the offset of each field shown per block, by name */
    static Map<String, Long> offsets() {
        Map<String, Long> offsets = new LinkedHashMap<>();
        FIELDS.forEach(field -> offsets.put(field.name(), field.offset()));
        return offsets;
    }

    private static VendorAttribute attribute(String name, String value) {
        return new VendorAttribute(SOURCE, name, value);
    }

    private static String value(MemorySegment a, Field field) {
        long offset = field.offset();
        return switch (field.kind()) {
            case U8 -> Integer.toString(Byte.toUnsignedInt(a.get(JAVA_BYTE, offset)));
            case U16_HEX -> hex(Short.toUnsignedLong(a.get(JAVA_SHORT, offset)));
            case U32 -> Integer.toUnsignedString(a.get(JAVA_INT, offset));
            case U32_HEX -> hex(Integer.toUnsignedLong(a.get(JAVA_INT, offset)));
            case U64 -> Long.toUnsignedString(a.get(JAVA_LONG, offset));
            case U64_HEX -> hex(a.get(JAVA_LONG, offset));
            case FORMATS -> named(Integer.toUnsignedLong(a.get(JAVA_INT, offset)), FORMAT_NAMES);
        };
    }

    private static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }

    /** @return the word in hex with the names of its bits, and any bit without a name in hex */
    static String named(long word, String[] names) {
        List<String> parts = new ArrayList<>();
        long rest = word;
        for (int bit = 0; bit < names.length; bit++) {
            if ((word & 1L << bit) != 0) {
                parts.add(names[bit]);
                rest &= ~(1L << bit);
            }
        }
        if (rest != 0) {
            parts.add(hex(rest));
        }
        return parts.isEmpty() ? hex(word) : hex(word) + " (" + String.join(", ", parts) + ")";
    }

    private static String[] blockNames() {
        Mlx5ContextMask[] blocks = Mlx5ContextMask.values();
        String[] names = new String[blocks.length];
        for (Mlx5ContextMask block : blocks) {
            names[Long.numberOfTrailingZeros(block.value())] = block.name();
        }
        return names;
    }
}
