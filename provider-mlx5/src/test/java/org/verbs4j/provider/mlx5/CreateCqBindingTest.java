package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/** The binding's {@code mlx5dv_create_cq} hook against the stand-in of each release. */
class CreateCqBindingTest {

    private static final String S = "mlx5dv_cq_init_attr";

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void passesTheOptionsAndTheGenericAttributesAsTheyWereAsked(Release release, StandInBinding binding) {
        Mlx5CqOptions options = Mlx5CqOptions.DEFAULT.withCqeSize(128).withCompression(Mlx5CqeFormat.CSUM).withPadding();
        try (Arena call = Arena.ofConfined()) {
            CqCreation creation = binding.cqCreation(call);

            CreatedCq created = create(binding, creation, options);

            assertThat(created.cq()).isNotEqualTo(MemorySegment.NULL);
            assertThat(binding.standIn.lastBytes(Entry.CREATE_CQ)).isEqualTo(expected(7, 2, 1, 128));
            assertThat(binding.standIn.lastCompMask(Entry.CREATE_CQ)).isEqualTo(7);
            assertThat(binding.standIn.lastAttrBytes(Entry.CREATE_CQ))
                    .isEqualTo(creation.initAttr().toArray(JAVA_BYTE));
            assertThat(binding.ibverbsCalled).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void requestsOnlyWhatIsSet(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            create(binding, binding.cqCreation(call), Mlx5CqOptions.DEFAULT.withCqeSize(64));
            assertThat(binding.standIn.lastBytes(Entry.CREATE_CQ)).isEqualTo(expected(4, 0, 0, 64));

            create(binding, binding.cqCreation(call), Mlx5CqOptions.DEFAULT.withCompression(Mlx5CqeFormat.HASH));
            assertThat(binding.standIn.lastBytes(Entry.CREATE_CQ)).isEqualTo(expected(1, 1, 0, 0));

            create(binding, binding.cqCreation(call), Mlx5CqOptions.DEFAULT);
            assertThat(binding.standIn.lastBytes(Entry.CREATE_CQ)).isEqualTo(expected(0, 0, 0, 0));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void withoutMlx5OptionsTheGenericPathIsTaken(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            CqCreation creation = binding.cqCreation(call);

            assertThatThrownBy(() -> binding.verbs.createCq(creation)).isInstanceOf(IllegalArgumentException.class);

            assertThat(binding.ibverbsCalled).isTrue();
            assertThat(binding.standIn.calls(Entry.CREATE_CQ)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void badOptionsAreTypedExceptionsAndNeverReachLibmlx5(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            assertRefused(binding, call, Mlx5CqOptions.DEFAULT.withCqeSize(96), InvalidArgumentException.class,
                    "cqe_size 96");
            assertRefused(binding, call, Mlx5CqOptions.DEFAULT.withCompression(Mlx5CqeFormat.CSUM_STRIDX),
                    UnsupportedVerbException.class, "CSUM_STRIDX");
            assertRefused(binding, call, Mlx5CqOptions.DEFAULT.withCqeSize(64).withPadding(),
                    InvalidArgumentException.class, "cqe_size 128");
            assertThat(binding.standIn.calls(Entry.CREATE_CQ)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void paddingOrCompressionTheDeviceLacksIsUnsupported(Release release, StandInBinding binding) {
        MemorySegment persona = binding.standIn.caps(Mlx5Abi.struct("mlx5dv_context").size(release.major()));
        persona.set(JAVA_LONG, Mlx5Abi.offset("mlx5dv_context", "flags"), 0L);
        persona.set(JAVA_INT, Mlx5Abi.offset("mlx5dv_context", "cqe_comp_caps.max_num"), 0);
        try (Arena call = Arena.ofConfined()) {
            assertRefused(binding, call, Mlx5CqOptions.DEFAULT.withCqeSize(128).withPadding(),
                    UnsupportedVerbException.class, "CQE_128B_PAD");
            assertRefused(binding, call, Mlx5CqOptions.DEFAULT.withCompression(Mlx5CqeFormat.HASH),
                    UnsupportedVerbException.class, "max_num 0");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void libmlx5sRefusalOnAnotherDeviceIsUnsupported(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            CqCreation mine = binding.cqCreation(call);
            CqCreation foreign = new CqCreation(binding.standIn.allocate(1024), mine.initAttr(), mine.attributes(),
                    call, mine.ibverbs());

            assertThatThrownBy(() -> create(binding, foreign, Mlx5CqOptions.DEFAULT.withCqeSize(64)))
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("mlx5dv_create_cq");
            assertThat(binding.standIn.calls(Entry.CREATE_CQ)).isEqualTo(1);
        }
    }

    private static void assertRefused(StandInBinding binding, Arena call, Mlx5CqOptions options,
            Class<? extends Exception> type, String detail) {
        assertThatThrownBy(() -> create(binding, binding.cqCreation(call), options)).isInstanceOf(type)
                .hasMessageContaining("mlx5dv_create_cq").hasMessageContaining(detail);
        assertThat(binding.standIn.calls(Entry.CREATE_CQ)).isZero();
    }

    static CreatedCq create(StandInBinding binding, CqCreation creation, Mlx5CqOptions options) {
        return Requests.withCq(new Requests.Cq(options, binding.caps()), () -> binding.verbs.createCq(creation));
    }

    /** @return the struct as libmlx5 must receive it, laid out at the offsets gcc gives */
    private static byte[] expected(long compMask, int format, int flags, int cqeSize) {
        MemorySegment s = MemorySegment.ofArray(new byte[(int) Mlx5Abi.struct(S).size(0)]);
        s.set(JAVA_LONG.withByteAlignment(1), Mlx5Abi.offset(S, "comp_mask"), compMask);
        s.set(JAVA_BYTE, Mlx5Abi.offset(S, "cqe_comp_res_format"), (byte) format);
        s.set(JAVA_INT.withByteAlignment(1), Mlx5Abi.offset(S, "flags"), flags);
        s.set(JAVA_SHORT.withByteAlignment(1), Mlx5Abi.offset(S, "cqe_size"), (short) cqeSize);
        return s.toArray(JAVA_BYTE);
    }
}
