package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.provider.mlx5.standin.StandIns.EINVAL;
import static org.verbs4j.provider.mlx5.standin.StandIns.ENOTSUP;
import static org.verbs4j.provider.mlx5.standin.StandIns.constant;
import static org.verbs4j.provider.mlx5.standin.StandIns.cqAttr;
import static org.verbs4j.provider.mlx5.standin.StandIns.dvCqAttr;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;

/** {@code mlx5dv_create_cq}: CQE size, compression and padding, as libmlx5's create_cq checks them. */
class StandInCreateCqTest {

    private static final long CQE_SIZE = constant("MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE");
    private static final long COMPRESSED = constant("MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE");
    private static final long FLAGS = constant("MLX5DV_CQ_INIT_ATTR_MASK_FLAGS");
    private static final int PAD = (int) constant("MLX5DV_CQ_INIT_ATTR_FLAGS_CQE_PAD");

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void a128ByteCqeIsCreatedAndTheStructsAreRecordedAsPassed(Release release, Mlx5StandIn standIn) {
        MemorySegment dv = dvCqAttr(standIn, CQE_SIZE, 0, 0, 128);

        Mlx5StandIn.PointerResult cq = create(standIn, 100, dv);

        assertThat(cq.failed()).as("errno %d", cq.errno()).isFalse();
        assertThat(Mlx5StandIn.view(cq.pointer(), 64).get(JAVA_INT, Mlx5Abi.offset("ibv_cq_ex", "cqe")))
                .as("cqe, rounded up").isEqualTo(127);
        assertThat(standIn.lastBytes(Entry.CREATE_CQ)).isEqualTo(dv.toArray(JAVA_BYTE));
        assertThat(standIn.lastCompMask(Entry.CREATE_CQ)).isEqualTo(CQE_SIZE);
        assertThat(standIn.lastAttrBytes(Entry.CREATE_CQ)).hasSize((int) Mlx5Abi.struct("ibv_cq_init_attr_ex").size(0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aCqeSizeOtherThan64Or128IsRefused(Release release, Mlx5StandIn standIn) {
        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, CQE_SIZE, 0, 0, 96)), EINVAL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aCompressionFormatOutsideTheCapsIsRefused(Release release, Mlx5StandIn standIn) {
        int stridx = (int) constant("MLX5DV_CQE_RES_FORMAT_CSUM_STRIDX");
        int hash = (int) constant("MLX5DV_CQE_RES_FORMAT_HASH");

        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, COMPRESSED, stridx, 0, 0)), EINVAL);
        assertThat(create(standIn, 16, dvCqAttr(standIn, COMPRESSED, hash, 0, 0)).failed()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void paddingNeedsTheCapAnd128ByteCqes(Release release, Mlx5StandIn standIn) {
        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, FLAGS, 0, PAD, 0)), EINVAL);
        assertThat(create(standIn, 16, dvCqAttr(standIn, FLAGS | CQE_SIZE, 0, PAD, 128)).failed()).isFalse();

        MemorySegment caps = standIn.caps(Mlx5Abi.struct("mlx5dv_context").size(release.major()));
        caps.set(JAVA_LONG, Mlx5Abi.offset("mlx5dv_context", "flags"), constant("MLX5DV_CONTEXT_FLAGS_CQE_V1"));
        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, FLAGS | CQE_SIZE, 0, PAD, 128)), EINVAL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void unknownBitsAndBadSizesAreRefused(Release release, Mlx5StandIn standIn) {
        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, 1L << 3, 0, 0, 0)), EINVAL);
        assertRefused(standIn, create(standIn, 16, dvCqAttr(standIn, FLAGS, 0, 1 << 1, 0)), EINVAL);
        assertRefused(standIn, create(standIn, 0, MemorySegment.NULL), EINVAL);
        Mlx5StandIn.PointerResult badWcFlags = standIn.callPointer("mlx5dv_create_cq", standIn.context(),
                cqAttr(standIn, 16, 1L << 40), MemorySegment.NULL);
        assertRefused(standIn, badWcFlags, ENOTSUP);
    }

    private static Mlx5StandIn.PointerResult create(Mlx5StandIn standIn, int cqe, MemorySegment dv) {
        return standIn.callPointer("mlx5dv_create_cq", standIn.context(), cqAttr(standIn, cqe, 0), dv);
    }

    private static void assertRefused(Mlx5StandIn standIn, Mlx5StandIn.PointerResult result, int errno) {
        assertThat(result.failed()).isTrue();
        assertThat(result.errno()).isEqualTo(errno);
        assertThat(standIn.lastResult(Entry.CREATE_CQ)).isEqualTo(errno);
    }
}
