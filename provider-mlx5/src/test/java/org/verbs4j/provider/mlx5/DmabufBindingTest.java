package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.AccessFlag;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.vendor.CreatedMr;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.mlx5.raw.Mlx5Function;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/**
 * {@code mlx5dv_reg_dmabuf_mr} through the registration hook ({@link Mlx5DirectVerbs#registerMr}), pointed at
 * the stand-in libmlx5: the stand-in records the arguments it was called with ({@code struct
 * verbs4j_mlx5_dmabuf_args} of mlx5_standin.c: offset, length, iova at 0, 8, 16; fd, access, mlx5_access at
 * 24, 28, 32), and the returned {@code struct ibv_mr} is the stand-in's.
 */
@SuppressWarnings("restricted")
class DmabufBindingTest {

    private static final Mlx5DmabufRegion REGION = new Mlx5DmabufRegion(37, 0x3000, 0x20000, 0x7f0012340000L);
    private static final Set<AccessFlag> ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void passesTheDmabufTheAccessAndTheMlx5AccessAsLibmlx5TakesThem(Release release, StandInBinding binding) {
        assumeTrue(release.major() >= 54, "mlx5dv_reg_dmabuf_mr is in rdma-core 54 and later");
        try (Arena call = Arena.ofConfined()) {
            CreatedMr created = Requests.withMr(new Requests.Mr(REGION, Set.of(Mlx5DmabufAccess.DATA_DIRECT)),
                    () -> binding.verbs.registerMr(registration(binding, call)));

            byte[] args = binding.standIn.lastBytes(Entry.REG_DMABUF_MR);
            MemorySegment c = MemorySegment.ofArray(args);
            assertThat(binding.standIn.calls(Entry.REG_DMABUF_MR)).isEqualTo(1);
            assertThat(binding.standIn.lastResult(Entry.REG_DMABUF_MR)).isZero();
            assertThat(args).hasSize(40);
            assertThat(c.get(JAVA_LONG_UNALIGNED, 0)).isEqualTo(0x3000);
            assertThat(c.get(JAVA_LONG_UNALIGNED, 8)).isEqualTo(0x20000);
            assertThat(c.get(JAVA_LONG_UNALIGNED, 16)).isEqualTo(0x7f0012340000L);
            assertThat(c.get(JAVA_INT_UNALIGNED, 24)).isEqualTo(37);
            assertThat(c.get(JAVA_INT_UNALIGNED, 28)).isEqualTo((int) Flags.toBits("test", ACCESS));
            assertThat(c.get(JAVA_INT_UNALIGNED, 32)).isEqualTo(Mlx5Abi.constant("MLX5DV_REG_DMABUF_ACCESS_DATA_DIRECT"));
            assertThat(binding.ibverbsCalled).isFalse();
            MemorySegment mr = created.mr().reinterpret(Abi.current().ibvMr.byteSize());
            assertThat(mr.get(JAVA_LONG, Abi.offset(Abi.current().ibvMr, "pd")))
                    .isEqualTo(binding.standIn.pd().address());
            assertThat(mr.get(JAVA_LONG, Abi.offset(Abi.current().ibvMr, "addr"))).isEqualTo(REGION.iova());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void noMlx5AccessIsZero(Release release, StandInBinding binding) {
        assumeTrue(release.major() >= 54, "mlx5dv_reg_dmabuf_mr is in rdma-core 54 and later");
        try (Arena call = Arena.ofConfined()) {
            Requests.withMr(new Requests.Mr(REGION, Set.of()), () -> binding.verbs.registerMr(registration(binding,
                    call)));

            assertThat(MemorySegment.ofArray(binding.standIn.lastBytes(Entry.REG_DMABUF_MR)).get(JAVA_INT_UNALIGNED, 32))
                    .isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void withoutADmabufTheHookTakesTheGenericPath(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            assertThatThrownBy(() -> binding.verbs.registerMr(registration(binding, call)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NULL mr");

            assertThat(binding.ibverbsCalled).isTrue();
            assertThat(binding.standIn.calls(Entry.REG_DMABUF_MR)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void beforeRelease54TheViewRefusesNamingTheRelease(Release release, StandInBinding binding) {
        Mlx5Context view = new Mlx5Context(null, binding.calls, null);
        boolean has = binding.calls.library().exports(Mlx5Function.REG_DMABUF_MR);

        assertThat(has).isEqualTo(release.major() >= 54);
        if (!has) {
            assertThatThrownBy(() -> view.registerDmabuf(null, REGION, ACCESS, Set.of()))
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("mlx5dv_reg_dmabuf_mr")
                    .hasMessageContaining("rdma-core 54 and later");
        } else {
            assertThatThrownBy(() -> view.registerDmabuf(null, REGION, ACCESS, Set.of()))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("mlx5dv_reg_dmabuf_mr");
        }
        assertThat(binding.standIn.calls(Entry.REG_DMABUF_MR)).isZero();
    }

    @Test
    void aBadRegionIsRefusedNamingTheVerb() {
        assertThatThrownBy(() -> new Mlx5DmabufRegion(-1, 0, 1, 0)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("mlx5dv_reg_dmabuf_mr").hasMessageContaining("fd");
        assertThatThrownBy(() -> new Mlx5DmabufRegion(3, -1, 1, 0)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("offset");
        assertThatThrownBy(() -> new Mlx5DmabufRegion(3, 0, 0, 0)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("length");
    }

    private static MrRegistration registration(StandInBinding binding, Arena call) {
        return new MrRegistration(binding.standIn.pd(), REGION.iova(), REGION.length(),
                (int) Flags.toBits("test", ACCESS), call, () -> {
                    binding.ibverbsCalled.set(true);
                    return MemorySegment.NULL;
                });
    }
}
