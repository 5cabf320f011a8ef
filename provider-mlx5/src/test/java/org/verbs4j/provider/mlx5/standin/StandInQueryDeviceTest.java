package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.provider.mlx5.standin.StandIns.EOPNOTSUPP;
import static org.verbs4j.provider.mlx5.standin.StandIns.constant;
import static org.verbs4j.provider.mlx5.standin.StandIns.offset;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/** {@code mlx5dv_query_device}: comp_mask is in/out; only requested blocks are written (mlx5.c:859-990). */
class StandInQueryDeviceTest {

    private static final String CONTEXT = "mlx5dv_context";
    private static final byte UNTOUCHED = 0x5a;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void writesOnlyTheRequestedBlocksAndAnswersWhichItFilled(Release release, Mlx5StandIn standIn) {
        long requested = constant("MLX5DV_CONTEXT_MASK_CQE_COMPRESION") | constant("MLX5DV_CONTEXT_MASK_DCI_STREAMS");
        MemorySegment out = filled(standIn, release, requested);

        assertThat(standIn.callInt("mlx5dv_query_device", standIn.context(), out)).isZero();

        assertThat(out.get(JAVA_LONG, offset(CONTEXT, "comp_mask"))).isEqualTo(requested);
        assertThat(out.get(JAVA_INT, offset(CONTEXT, "cqe_comp_caps.max_num"))).isEqualTo(64);
        assertThat(out.get(JAVA_INT, offset(CONTEXT, "cqe_comp_caps.supported_format")))
                .isEqualTo(constant("MLX5DV_CQE_RES_FORMAT_HASH") | constant("MLX5DV_CQE_RES_FORMAT_CSUM"));
        assertThat(out.get(JAVA_BYTE, offset(CONTEXT, "dci_streams_caps.max_log_num_concurent"))).isEqualTo((byte) 4);
        assertThat(out.get(JAVA_BYTE, offset(CONTEXT, "num_lag_ports"))).as("not requested").isEqualTo(UNTOUCHED);
        assertThat(out.get(JAVA_BYTE, offset(CONTEXT, "max_dynamic_bfregs"))).as("not requested").isEqualTo(UNTOUCHED);
        assertThat(out.get(JAVA_BYTE, offset(CONTEXT, "version"))).as("always written").isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void recordsTheStructAsPassed(Release release, Mlx5StandIn standIn) {
        long requested = constant("MLX5DV_CONTEXT_MASK_NUM_LAG_PORTS");
        MemorySegment out = filled(standIn, release, requested);

        standIn.callInt("mlx5dv_query_device", standIn.context(), out);

        byte[] passed = standIn.lastBytes(Entry.QUERY_DEVICE);
        assertThat(passed).hasSize((int) Mlx5Abi.struct(CONTEXT).size(release.major()));
        assertThat(ByteBuffer.wrap(passed).order(ByteOrder.nativeOrder()).getLong((int) offset(CONTEXT, "comp_mask")))
                .isEqualTo(requested);
        assertThat(standIn.lastCompMask(Entry.QUERY_DEVICE)).isEqualTo(requested);
        assertThat(standIn.calls(Entry.QUERY_DEVICE)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aCapTheDeviceLacksIsNotReported(Release release, Mlx5StandIn standIn) {
        MemorySegment caps = standIn.caps(Mlx5Abi.struct(CONTEXT).size(release.major()));
        caps.set(JAVA_BYTE, offset(CONTEXT, "num_lag_ports"), (byte) 0);
        long requested = constant("MLX5DV_CONTEXT_MASK_NUM_LAG_PORTS") | constant("MLX5DV_CONTEXT_MASK_SWP");
        MemorySegment out = filled(standIn, release, requested);

        assertThat(standIn.callInt("mlx5dv_query_device", standIn.context(), out)).isZero();

        assertThat(out.get(JAVA_LONG, offset(CONTEXT, "comp_mask"))).isEqualTo(constant("MLX5DV_CONTEXT_MASK_SWP"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void onlyTheBitsTheReleaseKnowsAreAnswered(Release release, Mlx5StandIn standIn) {
        long outOfOrder = 1L << 16; // MLX5DV_CONTEXT_MASK_OOO_RECV_WRS, known from 55
        long requested = constant("MLX5DV_CONTEXT_MASK_SWP") | outOfOrder | 1L << 40;
        MemorySegment out = filled(standIn, release, requested);

        assertThat(standIn.callInt("mlx5dv_query_device", standIn.context(), out)).isZero();

        long expected = constant("MLX5DV_CONTEXT_MASK_SWP") | (release.major() >= 55 ? outOfOrder : 0);
        assertThat(out.get(JAVA_LONG, offset(CONTEXT, "comp_mask"))).isEqualTo(expected);
        assertThat(standIn.lastCompMask(Entry.QUERY_DEVICE)).isEqualTo(requested);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aContextOfAnotherDeviceIsNotSupported(Release release, Mlx5StandIn standIn) {
        MemorySegment notMlx5 = standIn.allocate(512);

        assertThat(standIn.callInt("mlx5dv_query_device", notMlx5, filled(standIn, release, 0))).isEqualTo(EOPNOTSUPP);
    }

    private static MemorySegment filled(Mlx5StandIn standIn, Release release, long compMask) {
        MemorySegment out = standIn.allocate(Mlx5Abi.struct(CONTEXT).size(release.major()));
        out.fill(UNTOUCHED);
        out.set(JAVA_LONG, offset(CONTEXT, "comp_mask"), compMask);
        return out;
    }
}
