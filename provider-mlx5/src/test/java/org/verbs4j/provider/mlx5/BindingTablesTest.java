package org.verbs4j.provider.mlx5;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.mlx5.abi.Mlx5Symbols;
import org.verbs4j.provider.mlx5.raw.Mlx5Function;
import org.verbs4j.provider.mlx5.raw.Mlx5Layout;

/**
 * The binding's own tables (main code) equal the test tables that Mlx5AbiConformanceTest checks with gcc and
 * the real headers, and Mlx5SymbolVersionTest with the real libmlx5.so.1 of each release.
 */
class BindingTablesTest {

    @Test
    void everyEntryPointHasTheNameReleaseAndVersionOfTheRealLibrary() {
        for (Mlx5Function function : Mlx5Function.values()) {
            Mlx5Symbols symbol = Mlx5Symbols.valueOf(function.name());
            assertThat(function.cName()).isEqualTo(symbol.cName());
            assertThat(function.since()).as(function.cName()).isEqualTo(symbol.since());
            assertThat(function.version()).as(function.cName()).isEqualTo(symbol.version());
        }
    }

    @Test
    void noInlineOnlyNameIsBound() {
        assertThat(Arrays.stream(Mlx5Function.values()).map(Mlx5Function::cName))
                .doesNotContainAnyElementsOf(Mlx5Symbols.INLINE_ONLY);
    }

    @Test
    void everyOffsetIsGccs() {
        assertOffset(Mlx5Layout.CONTEXT_VERSION, "mlx5dv_context", "version");
        assertOffset(Mlx5Layout.CONTEXT_FLAGS, "mlx5dv_context", "flags");
        assertOffset(Mlx5Layout.CONTEXT_COMP_MASK, "mlx5dv_context", "comp_mask");
        assertOffset(Mlx5Layout.CONTEXT_CQE_COMP_MAX_NUM, "mlx5dv_context", "cqe_comp_caps.max_num");
        assertOffset(Mlx5Layout.CONTEXT_CQE_COMP_FORMATS, "mlx5dv_context", "cqe_comp_caps.supported_format");
        assertOffset(Mlx5Layout.CONTEXT_MAX_DYNAMIC_BFREGS, "mlx5dv_context", "max_dynamic_bfregs");
        assertOffset(Mlx5Layout.CONTEXT_MAX_CLOCK_INFO_UPDATE_NSEC, "mlx5dv_context", "max_clock_info_update_nsec");
        assertOffset(Mlx5Layout.CONTEXT_HCA_CORE_CLOCK, "mlx5dv_context", "hca_core_clock");
        assertOffset(Mlx5Layout.CONTEXT_NUM_LAG_PORTS, "mlx5dv_context", "num_lag_ports");
        assertOffset(Mlx5Layout.CONTEXT_DCI_MAX_LOG_CONCURRENT, "mlx5dv_context",
                "dci_streams_caps.max_log_num_concurent");
        assertOffset(Mlx5Layout.CONTEXT_DCI_MAX_LOG_ERRORED, "mlx5dv_context", "dci_streams_caps.max_log_num_errored");
        assertOffset(Mlx5Layout.CONTEXT_MAX_WR_MEMCPY_LENGTH, "mlx5dv_context", "max_wr_memcpy_length");
        assertOffset(Mlx5Layout.CONTEXT_MAX_DC_RD_ATOM, "mlx5dv_context", "max_dc_rd_atom");
        assertOffset(Mlx5Layout.CONTEXT_MAX_DC_INIT_RD_ATOM, "mlx5dv_context", "max_dc_init_rd_atom");
        assertOffset(Mlx5Layout.CONTEXT_OOO_RECV_WRS, "mlx5dv_context", "ooo_recv_wrs_caps.max_rc");
        assertOffset(Mlx5Layout.CONTEXT_OOO_RECV_WRS + 16, "mlx5dv_context", "ooo_recv_wrs_caps.max_uc");
        assertOffset(Mlx5Layout.CQ_INIT_COMP_MASK, "mlx5dv_cq_init_attr", "comp_mask");
        assertOffset(Mlx5Layout.CQ_INIT_FORMAT, "mlx5dv_cq_init_attr", "cqe_comp_res_format");
        assertOffset(Mlx5Layout.CQ_INIT_FLAGS, "mlx5dv_cq_init_attr", "flags");
        assertOffset(Mlx5Layout.CQ_INIT_CQE_SIZE, "mlx5dv_cq_init_attr", "cqe_size");
        assertOffset(Mlx5Layout.QP_INIT_COMP_MASK, "mlx5dv_qp_init_attr", "comp_mask");
        assertOffset(Mlx5Layout.QP_INIT_CREATE_FLAGS, "mlx5dv_qp_init_attr", "create_flags");
        assertOffset(Mlx5Layout.QP_INIT_DC_TYPE, "mlx5dv_qp_init_attr", "dc_init_attr.dc_type");
        assertOffset(Mlx5Layout.QP_INIT_DCT_ACCESS_KEY, "mlx5dv_qp_init_attr", "dc_init_attr.dct_access_key");
        assertOffset(Mlx5Layout.QP_INIT_LOG_CONCURRENT, "mlx5dv_qp_init_attr",
                "dc_init_attr.dci_streams.log_num_concurent");
        assertOffset(Mlx5Layout.QP_INIT_LOG_ERRORED, "mlx5dv_qp_init_attr", "dc_init_attr.dci_streams.log_num_errored");
        assertOffset(Mlx5Layout.QP_INIT_SEND_OPS_FLAGS, "mlx5dv_qp_init_attr", "send_ops_flags");
        assertOffset(Mlx5Layout.QP_EX_WR_SET_DC_ADDR, "mlx5dv_qp_ex", "wr_set_dc_addr");
        assertOffset(Mlx5Layout.QP_EX_WR_SET_DC_ADDR_STREAM, "mlx5dv_qp_ex", "wr_set_dc_addr_stream");
        assertOffset(Mlx5Layout.CLOCK_NSEC, "mlx5dv_clock_info", "nsec");
        assertOffset(Mlx5Layout.CLOCK_LAST_CYCLES, "mlx5dv_clock_info", "last_cycles");
        assertOffset(Mlx5Layout.CLOCK_FRAC, "mlx5dv_clock_info", "frac");
        assertOffset(Mlx5Layout.CLOCK_MULT, "mlx5dv_clock_info", "mult");
        assertOffset(Mlx5Layout.CLOCK_SHIFT, "mlx5dv_clock_info", "shift");
        assertOffset(Mlx5Layout.CLOCK_MASK, "mlx5dv_clock_info", "mask");
        assertOffset(Mlx5Layout.CONTEXT_ATTR_FLAGS, "mlx5dv_context_attr", "flags");
        assertOffset(Mlx5Layout.CONTEXT_ATTR_COMP_MASK, "mlx5dv_context_attr", "comp_mask");
        assertOffset(Mlx5Layout.PORT_FLAGS, "mlx5dv_port", "flags");
        assertOffset(Mlx5Layout.PORT_VPORT, "mlx5dv_port", "vport");
        assertOffset(Mlx5Layout.PORT_VPORT_VHCA_ID, "mlx5dv_port", "vport_vhca_id");
        assertOffset(Mlx5Layout.PORT_ESW_OWNER_VHCA_ID, "mlx5dv_port", "esw_owner_vhca_id");
    }

    @Test
    void everyReportedFieldIsAtGccsOffset() {
        ContextReport.offsets().forEach((name, offset) -> assertOffset(offset, "mlx5dv_context", name));
        assertThat(ContextReport.offsets()).hasSize(36);
    }

    @Test
    void theInitObjChecksAreTheHeaders() {
        assertThat(ObjStruct.SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_obj").size(44));
        assertThat(ObjStruct.SIZE_WITH_DEVX).isEqualTo(Mlx5Abi.struct("mlx5dv_obj").size(ObjStruct.DEVX_SINCE));
        assertThat(Mlx5Abi.struct("mlx5dv_obj").size(ObjStruct.DEVX_SINCE - 1)).isEqualTo(ObjStruct.SIZE);
        assertThat(ObjStruct.DEVX).isEqualTo(Mlx5Abi.constant("MLX5DV_OBJ_DEVX"));
        long types = 0;
        for (String type : new String[] {"QP", "CQ", "SRQ", "RWQ", "DM", "AH", "PD"}) {
            types |= Mlx5Abi.constant("MLX5DV_OBJ_" + type);
        }
        assertThat(ObjStruct.TYPES).isEqualTo(types);
    }

    @Test
    void everySizeIsGccsAndTheContextBufferIsTheNewest() {
        assertThat(Mlx5Layout.CONTEXT_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_context").size(65));
        assertThat(Mlx5Layout.CQ_INIT_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_cq_init_attr").size(65));
        assertThat(Mlx5Layout.QP_INIT_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_qp_init_attr").size(65));
        assertThat(Mlx5Layout.QP_EX_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_qp_ex").size(65));
        assertThat(Mlx5Layout.CLOCK_INFO_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_clock_info").size(65));
        assertThat(Mlx5Layout.PORT_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_port").size(65));
        assertThat(Mlx5Layout.CONTEXT_ATTR_SIZE).isEqualTo(Mlx5Abi.struct("mlx5dv_context_attr").size(65));
        assertThat((long) DeviceOpener.FLAG_DEVX).isEqualTo(Mlx5Abi.constant("MLX5DV_CONTEXT_FLAGS_DEVX"));
        assertThat((long) Mlx5DmabufAccess.DATA_DIRECT.value())
                .isEqualTo(Mlx5Abi.constant("MLX5DV_REG_DMABUF_ACCESS_DATA_DIRECT"));
    }

    @Test
    void everyConstantIsTheHeadersWithItsRelease() {
        for (Mlx5ContextMask mask : Mlx5ContextMask.values()) {
            String name = "MLX5DV_CONTEXT_MASK_" + (mask == Mlx5ContextMask.CQE_COMPRESSION ? "CQE_COMPRESION"
                    : mask.name());
            assertConstant(name, mask.value(), mask.since());
        }
        for (Mlx5ContextFlag flag : Mlx5ContextFlag.values()) {
            assertThat(flag.value()).as(flag.name()).isEqualTo(Mlx5Abi.constant("MLX5DV_CONTEXT_FLAGS_" + flag.name()));
        }
        for (Mlx5QpCreateFlag flag : Mlx5QpCreateFlag.values()) {
            assertConstant("MLX5DV_QP_CREATE_" + flag.name(), flag.value(), flag.since());
        }
        for (Mlx5CqeFormat format : Mlx5CqeFormat.values()) {
            assertThat((long) format.value()).isEqualTo(Mlx5Abi.constant("MLX5DV_CQE_RES_FORMAT_" + format.name()));
        }
        for (Mlx5DcType type : Mlx5DcType.values()) {
            assertThat((long) type.value()).isEqualTo(Mlx5Abi.constant("MLX5DV_DCTYPE_" + type.name()));
        }
        assertThat(CqCreator.MASK_COMPRESSED_CQE).isEqualTo(Mlx5Abi.constant("MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE"));
        assertThat(CqCreator.MASK_FLAGS).isEqualTo(Mlx5Abi.constant("MLX5DV_CQ_INIT_ATTR_MASK_FLAGS"));
        assertThat(CqCreator.MASK_CQE_SIZE).isEqualTo(Mlx5Abi.constant("MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE"));
        assertThat((long) CqCreator.FLAG_CQE_PAD).isEqualTo(Mlx5Abi.constant("MLX5DV_CQ_INIT_ATTR_FLAGS_CQE_PAD"));
        assertThat(QpCreator.MASK_CREATE_FLAGS).isEqualTo(Mlx5Abi.constant("MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS"));
        assertThat(QpCreator.MASK_DC).isEqualTo(Mlx5Abi.constant("MLX5DV_QP_INIT_ATTR_MASK_DC"));
        assertThat(QpCreator.MASK_DCI_STREAMS).isEqualTo(Mlx5Abi.constant("MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS"));
    }

    private static void assertOffset(long actual, String struct, String member) {
        assertThat(actual).as(struct + "." + member).isEqualTo(Mlx5Abi.offset(struct, member));
    }

    private static void assertConstant(String name, long value, int since) {
        Mlx5Abi.Constant constant = Mlx5Abi.CONSTANTS.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name));
        assertThat(value).as(name).isEqualTo(constant.value());
        assertThat(since).as(name + " since").isEqualTo(constant.since());
    }
}
