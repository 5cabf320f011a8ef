package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;

/**
 * The stand-in of each release, loaded once, and the structs the tests lay out by hand at the offsets of
 * {@link Mlx5Abi} (which gcc checks), as the binding will.
 */
final class StandIns {

    /** Linux errno values. */
    static final int EINVAL = 22;
    static final int ENOSPC = 28;
    static final int ENOTSUP = 95;
    static final int EOPNOTSUPP = 95;
    /** What the stand-in records when libmlx5 returns NULL without setting errno. */
    static final int NO_ERRNO = -1;

    private static final Map<String, Mlx5StandIn> LOADED = new HashMap<>();

    private StandIns() {
    }

    /** @return (release, its stand-in, reset) for every release */
    static Stream<Arguments> all() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (Release release : StandInLibrary.releases()) {
            Mlx5StandIn standIn = of(release);
            standIn.reset();
            all.add(Arguments.of(release, standIn));
        }
        return all.stream();
    }

    static synchronized Mlx5StandIn of(Release release) throws Exception {
        Mlx5StandIn standIn = LOADED.get(release.suite());
        if (standIn == null) {
            standIn = Mlx5StandIn.load(StandInLibrary.of(release));
            LOADED.put(release.suite(), standIn);
        }
        return standIn;
    }

    static long constant(String name) {
        return Mlx5Abi.constant(name);
    }

    static long offset(String struct, String member) {
        return Mlx5Abi.offset(struct, member);
    }

    /** @return a {@code struct ibv_cq_init_attr_ex} with {@code cqe} entries and {@code wc_flags} */
    static MemorySegment cqAttr(Mlx5StandIn standIn, int cqe, long wcFlags) {
        MemorySegment attr = standIn.allocate(Mlx5Abi.struct("ibv_cq_init_attr_ex").size(0));
        attr.set(JAVA_INT, offset("ibv_cq_init_attr_ex", "cqe"), cqe);
        attr.set(JAVA_LONG, offset("ibv_cq_init_attr_ex", "wc_flags"), wcFlags);
        return attr;
    }

    /** @return a {@code struct mlx5dv_cq_init_attr} */
    static MemorySegment dvCqAttr(Mlx5StandIn standIn, long compMask, int format, int flags, int cqeSize) {
        String s = "mlx5dv_cq_init_attr";
        MemorySegment attr = standIn.allocate(Mlx5Abi.struct(s).size(0));
        attr.set(JAVA_LONG, offset(s, "comp_mask"), compMask);
        attr.set(JAVA_BYTE, offset(s, "cqe_comp_res_format"), (byte) format);
        attr.set(JAVA_INT, offset(s, "flags"), flags);
        attr.set(JAVA_SHORT, offset(s, "cqe_size"), (short) cqeSize);
        return attr;
    }

    /** @return a {@code struct ibv_qp_init_attr_ex} on the stand-in's PD, with {@code cq} for both queues */
    static MemorySegment qpAttr(Mlx5StandIn standIn, long qpType, MemorySegment cq, long sendOps) {
        String s = "ibv_qp_init_attr_ex";
        MemorySegment attr = standIn.allocate(Mlx5Abi.struct(s).size(0));
        attr.set(JAVA_LONG, offset(s, "send_cq"), cq.address());
        attr.set(JAVA_LONG, offset(s, "recv_cq"), cq.address());
        attr.set(JAVA_INT, offset(s, "qp_type"), (int) qpType);
        long compMask = constant("IBV_QP_INIT_ATTR_PD");
        if (sendOps != 0) {
            compMask |= constant("IBV_QP_INIT_ATTR_SEND_OPS_FLAGS");
            attr.set(JAVA_LONG, offset(s, "send_ops_flags"), sendOps);
        }
        attr.set(JAVA_INT, offset(s, "comp_mask"), (int) compMask);
        attr.set(JAVA_LONG, offset(s, "pd"), standIn.pd().address());
        return attr;
    }

    /** @return a {@code struct mlx5dv_qp_init_attr} for a DC QP of {@code dcType} */
    static MemorySegment dvQpAttr(Mlx5StandIn standIn, long compMask, long dcType) {
        String s = "mlx5dv_qp_init_attr";
        MemorySegment attr = standIn.allocate(Mlx5Abi.struct(s).size(0));
        attr.set(JAVA_LONG, offset(s, "comp_mask"), compMask);
        attr.set(JAVA_INT, offset(s, "dc_init_attr.dc_type"), (int) dcType);
        return attr;
    }

    /** @return an empty CQ of the stand-in, for QPs */
    static MemorySegment cq(Mlx5StandIn standIn) {
        Mlx5StandIn.PointerResult cq = standIn.callPointer("mlx5dv_create_cq", standIn.context(),
                cqAttr(standIn, 16, 0), MemorySegment.NULL);
        if (cq.failed()) {
            throw new IllegalStateException("the stand-in created no CQ: errno " + cq.errno());
        }
        return cq.pointer();
    }
}
