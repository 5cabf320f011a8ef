package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/**
 * The binding's {@code mlx5dv_open_device} hook and {@code mlx5dv_get_data_direct_sysfs_path} against the
 * stand-in of each release: the {@code struct mlx5dv_context_attr} as libmlx5 receives it, the path, and the
 * release that lacks the function.
 */
class OpenDeviceBindingTest {

    private static final String S = "mlx5dv_context_attr";

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void devxIsTheFlagOfTheContextAttrWithoutCompMask(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment context = open(binding, Mlx5OpenOptions.DEVX, binding.standIn.device(), call);

            assertThat(context).isEqualTo(binding.standIn.context());
            assertThat(binding.standIn.lastBytes(Entry.OPEN_DEVICE)).isEqualTo(attr(release, 1));
            assertThat(binding.standIn.lastCompMask(Entry.OPEN_DEVICE)).isZero();
            assertThat(binding.standIn.calls(Entry.OPEN_DEVICE)).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void theDefaultOptionsPassNoFlag(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            open(binding, Mlx5OpenOptions.DEFAULT, binding.standIn.device(), call);

            assertThat(binding.standIn.lastBytes(Entry.OPEN_DEVICE)).isEqualTo(attr(release, 0));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void anotherDeviceIsUnsupportedAsOnRxe(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment foreign = binding.standIn.allocate(64);

            assertThatThrownBy(() -> open(binding, Mlx5OpenOptions.DEVX, foreign, call))
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("mlx5dv_open_device")
                    .satisfies(e -> assertThat(((VerbsException) e).errno()).isEqualTo(95));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void theDataDirectPathIsReadWhereTheReleaseHasIt(Release release, StandInBinding binding) {
        if (release.major() < 54) {
            assertThatThrownBy(() -> Mlx5Context.dataDirectSysfsPath(binding.calls, binding.standIn.context()))
                    .isInstanceOf(UnsupportedVerbException.class)
                    .hasMessageContaining("mlx5dv_get_data_direct_sysfs_path")
                    .hasMessageContaining("rdma-core 54 and later");
            return;
        }
        String path = Mlx5Context.dataDirectSysfsPath(binding.calls, binding.standIn.context());

        assertThat(path).isEqualTo("/sys/devices/standin/data_direct");
        assertThat(binding.standIn.lastLength(Entry.GET_DATA_DIRECT_SYSFS_PATH)).isEqualTo(4096);
        assertThatThrownBy(() -> Mlx5Context.dataDirectSysfsPath(binding.calls, binding.standIn.allocate(1024)))
                .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("mlx5dv_get_data_direct_sysfs_path");
    }

    private static MemorySegment open(StandInBinding binding, Mlx5OpenOptions options, MemorySegment device,
            Arena call) {
        return Requests.withOpen(options, () -> binding.verbs.openDevice(new DeviceOpening(device, "standin", call)));
    }

    /** @return {@code struct mlx5dv_context_attr} of the release as libmlx5 must receive it, at gcc's offsets */
    private static byte[] attr(Release release, int flags) {
        MemorySegment s = MemorySegment.ofArray(new byte[(int) Mlx5Abi.struct(S).size(release.major())]);
        s.set(JAVA_INT.withByteAlignment(1), Mlx5Abi.offset(S, "flags"), flags);
        return s.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }
}
