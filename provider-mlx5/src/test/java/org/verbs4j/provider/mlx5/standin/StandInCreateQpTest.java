package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.provider.mlx5.standin.StandIns.EINVAL;
import static org.verbs4j.provider.mlx5.standin.StandIns.EOPNOTSUPP;
import static org.verbs4j.provider.mlx5.standin.StandIns.NO_ERRNO;
import static org.verbs4j.provider.mlx5.standin.StandIns.constant;
import static org.verbs4j.provider.mlx5.standin.StandIns.cq;
import static org.verbs4j.provider.mlx5.standin.StandIns.dvQpAttr;
import static org.verbs4j.provider.mlx5.standin.StandIns.offset;
import static org.verbs4j.provider.mlx5.standin.StandIns.qpAttr;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.WrCall;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.WrOp;

/**
 * {@code mlx5dv_create_qp} for DC (verbs.c:2375-2560) and the DC work-request path: qp_ex_from_ibv_qp_ex, then
 * the {@code ibv_qp_ex} and {@code mlx5dv_qp_ex} pointers as the inline {@code mlx5dv_wr_set_dc_addr} calls them.
 */
class StandInCreateQpTest {

    private static final long DRIVER = constant("IBV_QPT_DRIVER");
    private static final long RC = constant("IBV_QPT_RC");
    private static final long DC = constant("MLX5DV_QP_INIT_ATTR_MASK_DC");
    private static final long STREAMS = constant("MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS");
    private static final long FLAGS = constant("MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS");
    private static final long DCT = constant("MLX5DV_DCTYPE_DCT");
    private static final long DCI = constant("MLX5DV_DCTYPE_DCI");
    private static final long SEND = constant("IBV_QP_EX_WITH_SEND");
    private static final long WRITE = constant("IBV_QP_EX_WITH_RDMA_WRITE");

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void dcNeedsTheDriverQpType(Release release, Mlx5StandIn standIn) {
        MemorySegment cq = cq(standIn);

        assertRefused(standIn, create(standIn, qpAttr(standIn, RC, cq, SEND), dvQpAttr(standIn, DC, DCI)), EINVAL);
        Mlx5StandIn.PointerResult noDv = create(standIn, qpAttr(standIn, DRIVER, cq, 0), MemorySegment.NULL);
        assertThat(noDv.failed()).isTrue();
        assertThat(standIn.lastResult(Entry.CREATE_QP)).as("libmlx5 sets no errno here").isEqualTo(NO_ERRNO);
        assertRefused(standIn, create(standIn, qpAttr(standIn, DRIVER, cq, 0), dvQpAttr(standIn, 0, 0)), EINVAL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aDctTakesItsAccessKeyAndNoSendOps(Release release, Mlx5StandIn standIn) {
        MemorySegment cq = cq(standIn);
        MemorySegment dct = dvQpAttr(standIn, DC, DCT);
        dct.set(JAVA_LONG, offset("mlx5dv_qp_init_attr", "dc_init_attr.dct_access_key"), 0x1234_5678_9abcL);

        assertRefused(standIn, create(standIn, qpAttr(standIn, DRIVER, cq, SEND), dct), EINVAL);
        Mlx5StandIn.PointerResult created = create(standIn, qpAttr(standIn, DRIVER, cq, 0), dct);

        assertThat(created.failed()).as("errno %d", created.errno()).isFalse();
        assertThat(standIn.lastBytes(Entry.CREATE_QP)).isEqualTo(dct.toArray(JAVA_BYTE));
        assertThat(Mlx5StandIn.view(created.pointer(), 64).get(JAVA_INT, offset("ibv_qp", "qp_type")))
                .isEqualTo((int) DRIVER);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void dciStreamsBeyondTheCapsAreRefused(Release release, Mlx5StandIn standIn) {
        MemorySegment cq = cq(standIn);

        assertRefused(standIn, create(standIn, qpAttr(standIn, DRIVER, cq, SEND), dci(standIn, 5, 1)), EINVAL);
        assertRefused(standIn, create(standIn, qpAttr(standIn, DRIVER, cq, SEND), dci(standIn, 1, 4)), EINVAL);
        assertThat(create(standIn, qpAttr(standIn, DRIVER, cq, SEND), dci(standIn, 4, 3)).failed()).isFalse();
        assertThat(standIn.lastCompMask(Entry.CREATE_QP)).isEqualTo(DC | STREAMS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void createFlagsAreCheckedAsLibmlx5ChecksThem(Release release, Mlx5StandIn standIn) {
        MemorySegment cq = cq(standIn);
        long disable = constant("MLX5DV_QP_CREATE_DISABLE_SCATTER_TO_CQE");
        long allow = constant("MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE");

        assertRefused(standIn, create(standIn, qpAttr(standIn, RC, cq, SEND), flags(standIn, disable | allow)), EINVAL);
        assertRefused(standIn, create(standIn, qpAttr(standIn, RC, cq, SEND), flags(standIn, 1L << 8)), EINVAL);
        assertRefused(standIn, create(standIn, qpAttr(standIn, RC, cq, SEND),
                flags(standIn, constant("MLX5DV_QP_CREATE_SIG_PIPELINING"))), EOPNOTSUPP);
        assertThat(create(standIn, qpAttr(standIn, RC, cq, SEND), flags(standIn, disable)).failed()).isFalse();
        long outOfOrder = 1L << 7;
        Mlx5StandIn.PointerResult ooo = create(standIn, qpAttr(standIn, RC, cq, SEND), flags(standIn, outOfOrder));
        assertThat(ooo.failed()).as("MLX5DV_QP_CREATE_OOO_DP is known from 55").isEqualTo(release.major() < 55);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void aDciWithoutSendOpsHasNoWorkRequestPointers(Release release, Mlx5StandIn standIn) {
        MemorySegment qp = create(standIn, qpAttr(standIn, DRIVER, cq(standIn), 0), dvQpAttr(standIn, DC, DCI)).pointer();

        MemorySegment dv = Mlx5StandIn.view(standIn.qpExFrom(qp), 104);

        assertThat(dv.get(ADDRESS, offset("mlx5dv_qp_ex", "wr_set_dc_addr"))).isEqualTo(MemorySegment.NULL);
        assertThat(Mlx5StandIn.view(qp, 512).get(ADDRESS, offset("ibv_qp_ex", "wr_start")))
                .isEqualTo(MemorySegment.NULL);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.standin.StandIns#all")
    void eachDcRequestRecordsItsAddressAndOnlyRequestedOpsAreCalled(Release release, Mlx5StandIn standIn) {
        Mlx5StandIn.PointerResult created =
                create(standIn, qpAttr(standIn, DRIVER, cq(standIn), SEND | WRITE), dvQpAttr(standIn, DC, DCI));
        MemorySegment qp = Mlx5StandIn.view(created.pointer(), 512);
        MemorySegment dv = Mlx5StandIn.view(standIn.qpExFrom(qp), 104);
        MemorySegment ah = standIn.allocate(64);

        call(standIn, qp, "wr_start");
        qp.set(JAVA_LONG, offset("ibv_qp_ex", "wr_id"), 77);
        standIn.callPointerAt(qp.get(ADDRESS, offset("ibv_qp_ex", "wr_rdma_write")),
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_LONG), qp, 0x11, 0x2000L);
        standIn.callPointerAt(dv.get(ADDRESS, offset("mlx5dv_qp_ex", "wr_set_dc_addr")),
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG), dv, ah, 0xabc, 0xfeedL);
        standIn.callPointerAt(dv.get(ADDRESS, offset("mlx5dv_qp_ex", "wr_set_dc_addr_stream")),
                FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_SHORT), dv, ah, 0xabd, 0xbeefL,
                (short) 3);
        int completed = (int) standIn.callPointerAt(qp.get(ADDRESS, offset("ibv_qp_ex", "wr_complete")),
                FunctionDescriptor.of(JAVA_INT, ADDRESS), qp);

        assertThat(completed).isZero();
        List<WrCall> calls = standIn.wrCalls();
        assertThat(calls).extracting(WrCall::op).containsExactly(WrOp.START, WrOp.RDMA_WRITE, WrOp.SET_DC_ADDR,
                WrOp.SET_DC_ADDR_STREAM, WrOp.COMPLETE);
        assertThat(calls.get(1)).extracting(WrCall::wrId, WrCall::a, WrCall::b).containsExactly(77L, 0x11L, 0x2000L);
        assertThat(calls.get(2)).extracting(WrCall::qp, WrCall::a, WrCall::b, WrCall::c)
                .containsExactly(qp.address(), ah.address(), 0xabcL, 0xfeedL);
        assertThat(calls.get(3)).extracting(WrCall::b, WrCall::c, WrCall::d).containsExactly(0xabdL, 0xbeefL, 3L);
        assertThat(standIn.unrequestedCalls()).isZero();

        standIn.callPointerAt(qp.get(ADDRESS, offset("ibv_qp_ex", "wr_rdma_read")),
                FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_LONG), qp, 0x11, 0x2000L);
        assertThat(standIn.unrequestedCalls()).as("RDMA READ was not requested").isEqualTo(1);
    }

    private static void call(Mlx5StandIn standIn, MemorySegment qp, String pointer) {
        standIn.callPointerAt(qp.get(ADDRESS, offset("ibv_qp_ex", pointer)), FunctionDescriptor.ofVoid(ADDRESS), qp);
    }

    private static MemorySegment dci(Mlx5StandIn standIn, int concurrent, int errored) {
        MemorySegment dci = dvQpAttr(standIn, DC | STREAMS, DCI);
        dci.set(JAVA_BYTE, offset("mlx5dv_qp_init_attr", "dc_init_attr.dci_streams.log_num_concurent"), (byte) concurrent);
        dci.set(JAVA_BYTE, offset("mlx5dv_qp_init_attr", "dc_init_attr.dci_streams.log_num_errored"), (byte) errored);
        return dci;
    }

    private static MemorySegment flags(Mlx5StandIn standIn, long createFlags) {
        MemorySegment dv = dvQpAttr(standIn, FLAGS, 0);
        dv.set(JAVA_INT, offset("mlx5dv_qp_init_attr", "create_flags"), (int) createFlags);
        return dv;
    }

    private static Mlx5StandIn.PointerResult create(Mlx5StandIn standIn, MemorySegment attr, MemorySegment dv) {
        return standIn.callPointer("mlx5dv_create_qp", standIn.context(), attr, dv);
    }

    private static void assertRefused(Mlx5StandIn standIn, Mlx5StandIn.PointerResult result, int errno) {
        assertThat(result.failed()).isTrue();
        assertThat(result.errno()).isEqualTo(errno);
        assertThat(standIn.lastResult(Entry.CREATE_QP)).isEqualTo(errno);
    }
}
