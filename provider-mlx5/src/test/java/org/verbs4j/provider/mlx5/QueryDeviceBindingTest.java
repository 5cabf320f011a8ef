package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.Context;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VendorAttribute;
import org.verbs4j.provider.generic.vendor.VendorDevice;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.raw.Mlx5Function;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/** The binding's {@code mlx5dv_query_device} against the stand-in of each release. */
class QueryDeviceBindingTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void requestsExactlyTheBlocksTheReleaseKnows(Release release, StandInBinding binding) {
        binding.caps();

        long expected = Mlx5Abi.CONSTANTS.stream().filter(c -> c.name().startsWith("MLX5DV_CONTEXT_MASK_"))
                .filter(c -> c.since() <= release.major()).mapToLong(Mlx5Abi.Constant::value).reduce(0, (a, b) -> a | b);
        assertThat(binding.standIn.calls(Entry.QUERY_DEVICE)).isEqualTo(1);
        assertThat(binding.standIn.lastCompMask(Entry.QUERY_DEVICE)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void readsThePersonasCapsAtTheOffsetsGccGives(Release release, StandInBinding binding) {
        MemorySegment persona = binding.standIn.caps(Mlx5Abi.struct("mlx5dv_context").size(release.major()));
        persona.set(JAVA_BYTE, Mlx5Abi.offset("mlx5dv_context", "num_lag_ports"), (byte) 2);

        Mlx5DeviceAttributes caps = binding.caps();

        assertThat(caps.flags()).isEqualTo(persona.get(JAVA_LONG, Mlx5Abi.offset("mlx5dv_context", "flags")));
        assertThat(caps.cqeCompMaxNum()).isEqualTo(64);
        assertThat(caps.cqeCompFormats()).isEqualTo(Mlx5CqeFormat.HASH.value() | Mlx5CqeFormat.CSUM.value());
        assertThat(caps.supportsCompression(Mlx5CqeFormat.CSUM)).isTrue();
        assertThat(caps.supportsCompression(Mlx5CqeFormat.CSUM_STRIDX)).isFalse();
        assertThat(caps.dciMaxLogConcurrent()).isEqualTo(4);
        assertThat(caps.dciMaxLogErrored()).isEqualTo(3);
        assertThat(caps.hasDciStreams()).isTrue();
        assertThat(caps.hasHcaCoreClock()).isTrue();
        assertThat(caps.maxClockInfoUpdateNsec()).isEqualTo(1_000_000);
        assertThat(caps.has(Mlx5ContextFlag.CQE_V1)).isTrue();
        assertThat(caps.answered(Mlx5ContextMask.OOO_RECV_WRS)).isEqualTo(release.major() >= 55);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void theContextsVendorAttributesAreTheFieldsOfTheAnsweredBlocks(Release release, StandInBinding binding) {
        String s = "mlx5dv_context";
        MemorySegment persona = binding.standIn.caps(Mlx5Abi.struct(s).size(release.major()));
        persona.set(JAVA_LONG, Mlx5Abi.offset(s, "flags"), 0x1021);
        persona.set(JAVA_BYTE, Mlx5Abi.offset(s, "num_lag_ports"), (byte) 2);
        persona.set(JAVA_INT, Mlx5Abi.offset(s, "striding_rq_caps.supported_qpts"), 0x100);
        persona.set(JAVA_SHORT, Mlx5Abi.offset(s, "sig_caps.t10dif_bg"), (short) 0xbeef);
        persona.set(JAVA_BYTE, Mlx5Abi.offset(s, "crypto_caps.crypto_engines"), (byte) 5);
        persona.set(JAVA_LONG, Mlx5Abi.offset(s, "max_wr_memcpy_length"), 1L << 40);
        if (release.major() >= 47) {
            persona.set(JAVA_LONG, Mlx5Abi.offset(s, "max_dc_rd_atom"), 16);
        }
        if (release.major() >= 50) {
            persona.set(JAVA_INT, Mlx5Abi.offset(s, "reg_c0.mask"), 0);
        }

        VendorDevice device = binding.verbs.queryDevice(context(), binding.standIn.context());
        Map<String, String> report = device.attributes().stream()
                .collect(Collectors.toMap(VendorAttribute::name, VendorAttribute::value, (a, b) -> a, LinkedHashMap::new));

        assertThat(device.attributes()).extracting(VendorAttribute::source).containsOnly("mlx5dv_query_device");
        assertThat(report.keySet()).startsWith("version", "flags", "comp_mask", "cqe_comp_caps.max_num");
        assertThat(report).containsEntry("flags", "0x1021 (CQE_V1, CQE_128B_PAD, 0x1000)")
                .containsEntry("cqe_comp_caps.max_num", "64")
                .containsEntry("cqe_comp_caps.supported_format", "0x3 (HASH, CSUM)")
                .containsEntry("striding_rq_caps.supported_qpts", "0x100").containsEntry("num_lag_ports", "2")
                .containsEntry("sig_caps.t10dif_bg", "0xbeef").containsEntry("crypto_caps.crypto_engines", "5")
                .containsEntry("max_wr_memcpy_length", "1099511627776")
                .containsEntry("dci_streams_caps.max_log_num_concurent", "4")
                .doesNotContainKeys("reg_c0.value", "reg_c0.mask", "hca_core_clock");
        assertThat(report.get("comp_mask")).contains("CQE_COMPRESSION, SWP").doesNotContain("REG_C0");
        assertThat(report.containsKey("max_dc_rd_atom")).isEqualTo(release.major() >= 47);
        if (release.major() >= 47) {
            assertThat(report).containsEntry("max_dc_rd_atom", "16");
        }
        assertThat(report.containsKey("ooo_recv_wrs_caps.max_uc")).isEqualTo(release.major() >= 55);
        assertThat(device.view()).isInstanceOf(Mlx5Context.class);
    }

    private static Context context() {
        return (Context) Proxy.newProxyInstance(Context.class.getClassLoader(), new Class<?>[] {Context.class},
                (self, method, args) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void outOfOrderCapsAreReadWhereTheReleaseHasThem(Release release, StandInBinding binding) {
        if (release.major() >= 55) {
            MemorySegment persona = binding.standIn.caps(Mlx5Abi.struct("mlx5dv_context").size(release.major()));
            persona.set(JAVA_INT, Mlx5Abi.offset("mlx5dv_context", "ooo_recv_wrs_caps.max_rc"), 32);
            persona.set(JAVA_INT, Mlx5Abi.offset("mlx5dv_context", "ooo_recv_wrs_caps.max_uc"), 5);
        }

        Mlx5OutOfOrderCaps caps = binding.caps().outOfOrder();

        assertThat(caps).isEqualTo(release.major() >= 55 ? new Mlx5OutOfOrderCaps(32, caps.maxXrc(), caps.maxDct(),
                caps.maxUd(), 5) : Mlx5OutOfOrderCaps.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void anotherDevicesContextIsUnsupportedAsOnRxe(Release release, StandInBinding binding) {
        MemorySegment foreign = binding.standIn.allocate(1024);

        assertThatThrownBy(() -> DeviceQuery.query(binding.calls, foreign)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("mlx5dv_query_device");
        assertThatThrownBy(() -> Mlx5Context.clockInfo(binding.calls, foreign))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("mlx5dv_get_clock_info");
        assertThatThrownBy(() -> Mlx5Context.queryPort(binding.calls, foreign, 1))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("_mlx5dv_query_port");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void aFunctionTheReleaseLacksIsUnsupportedNamingItsRelease(Release release, StandInBinding binding) {
        boolean has = release.major() >= Mlx5Function.REG_DMABUF_MR.since();

        assertThat(binding.calls.library().exports(Mlx5Function.REG_DMABUF_MR)).isEqualTo(has);
        if (!has) {
            assertThatThrownBy(() -> binding.calls.library().downcall(Mlx5Function.REG_DMABUF_MR,
                    java.lang.foreign.FunctionDescriptor.ofVoid())).isInstanceOf(UnsupportedVerbException.class)
                    .hasMessageContaining("mlx5dv_reg_dmabuf_mr").hasMessageContaining("rdma-core 54 and later");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void queryPortPassesTheSizeOfTheStructAndReadsIt(Release release, StandInBinding binding) {
        Mlx5Port port = Mlx5Context.queryPort(binding.calls, binding.standIn.context(), 1);

        assertThat(binding.standIn.lastLength(Entry.QUERY_PORT)).isEqualTo(Mlx5Abi.struct("mlx5dv_port").size(0));
        assertThat(port.vport()).isEqualTo(1);
        assertThat(port.flags()).isZero();
    }
}
