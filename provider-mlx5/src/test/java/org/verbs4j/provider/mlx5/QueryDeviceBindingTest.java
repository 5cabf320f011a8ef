package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.UnsupportedVerbException;
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
