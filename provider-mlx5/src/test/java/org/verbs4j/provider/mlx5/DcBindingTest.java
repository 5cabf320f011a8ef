package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpType;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;
import org.verbs4j.provider.generic.abi.RdmaCorePackages.Release;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.Entry;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.WrCall;
import org.verbs4j.provider.mlx5.standin.Mlx5StandIn.WrOp;

/** The binding's {@code mlx5dv_create_qp} hook and {@link Mlx5DcSendOps} against the stand-in of each release. */
@SuppressWarnings("restricted")
class DcBindingTest {

    private static final String S = "mlx5dv_qp_init_attr";
    private static final Set<SendOpsFlag> SEND_WRITE = Set.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE);

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void aDctPassesItsTypeAndAccessKey(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            QpCreation creation = binding.qpCreation(call, QpType.DRIVER, Set.of());

            CreatedQp created = create(binding, creation, Mlx5QpOptions.dct(0x1234_5678_9abcL));

            assertThat(binding.standIn.lastBytes(Entry.CREATE_QP)).isEqualTo(dc(2, 1, 0x1234_5678_9abcL));
            assertThat(binding.standIn.lastAttrBytes(Entry.CREATE_QP)).isEqualTo(creation.initAttr().toArray(JAVA_BYTE));
            assertThat(created.qp().reinterpret(64).get(JAVA_INT, Mlx5Abi.offset("ibv_qp", "qp_type"))).isEqualTo(0xff);
            assertThat(binding.ibverbsCalled).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void aDcisStreamsAndCreateFlagsArePassed(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE), Mlx5QpOptions.dci().withStreams(4, 3)
                    .withCreateFlags(Set.of(Mlx5QpCreateFlag.DISABLE_SCATTER_TO_CQE)));

            MemorySegment expected = MemorySegment.ofArray(dc(1 | 2 | 8, 2, 0));
            expected.set(JAVA_BYTE, Mlx5Abi.offset(S, "dc_init_attr.dci_streams.log_num_concurent"), (byte) 4);
            expected.set(JAVA_BYTE, Mlx5Abi.offset(S, "dc_init_attr.dci_streams.log_num_errored"), (byte) 3);
            expected.set(JAVA_INT.withByteAlignment(1), Mlx5Abi.offset(S, "create_flags"),
                    (int) Mlx5Abi.constant("MLX5DV_QP_CREATE_DISABLE_SCATTER_TO_CQE"));
            assertThat(binding.standIn.lastBytes(Entry.CREATE_QP)).isEqualTo(expected.toArray(JAVA_BYTE));
            assertThat(binding.standIn.lastCompMask(Entry.CREATE_QP)).isEqualTo(1 | 2 | 8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void eachRequestCarriesItsDcAddressAndNoUnrequestedPointerIsCalled(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            CreatedQp created = create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci().withStreams(2, 1));
            Mlx5DcSendOps dc = view(created, new AtomicBoolean(), new StandInSendOps(created.qp()));
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));
            MemorySegment qp = created.qp();

            dc.start();
            dc.send().setDcAddr(ah, 0xabc, 0xfeedL).setSge(1, 2, 3);
            dc.rdmaWrite(7, 0x1000).setDcAddrStream(ah, 0xabd, 0xbeefL, (short) 3);
            dc.complete();

            List<WrCall> calls = binding.standIn.wrCalls();
            assertThat(calls).extracting(WrCall::op).containsExactly(WrOp.START, WrOp.SEND, WrOp.SET_DC_ADDR,
                    WrOp.SET_SGE, WrOp.RDMA_WRITE, WrOp.SET_DC_ADDR_STREAM, WrOp.COMPLETE);
            assertThat(calls.get(2)).extracting(WrCall::qp, WrCall::a, WrCall::b, WrCall::c)
                    .containsExactly(qp.address(), ah.pointer().address(), 0xabcL, 0xfeedL);
            assertThat(calls.get(5)).extracting(WrCall::a, WrCall::b, WrCall::c, WrCall::d)
                    .containsExactly(ah.pointer().address(), 0xabdL, 0xbeefL, 3L);
            assertThat(binding.standIn.unrequestedCalls()).isZero();
            assertThat(ah.entered).as("calls the address handle was held open for").isEqualTo(2);
            assertThat(ah.left).isEqualTo(2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void dcAddressingAllocatesNothing(Release release, StandInBinding binding) throws Exception {
        try (Arena call = Arena.ofConfined()) {
            CreatedQp created = create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci().withStreams(2, 1));
            Mlx5DcSendOps dc = view(created, new AtomicBoolean(), new StandInSendOps(null));
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));
            dc.start();
            address(dc, ah, 200_000);

            long idle = AllocatedBytes.ofCurrentThread();
            long before = AllocatedBytes.ofCurrentThread();
            address(dc, ah, 100_000);
            long allocated = AllocatedBytes.ofCurrentThread() - before - (before - idle);

            // one 16-byte object per call would be 3.2 MB; this bound is one per 50 calls (the JIT's own is noise)
            assertThat(allocated).as("bytes allocated by 200000 DC addressings, beyond the counter's own")
                    .isLessThan(64 * 1024);
        }
    }

    private static void address(Mlx5DcSendOps dc, StandInAh ah, int count) {
        for (int i = 0; i < count; i++) {
            dc.send().setDcAddr(ah, i, 0xfeedL).send().setDcAddrStream(ah, i, 0xbeefL, (short) 1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void anAddressWithoutARequestOfThisThreadsOpenBatchIsRefusedAndCallsNothing(Release release,
            StandInBinding binding) throws Exception {
        try (Arena call = Arena.ofConfined()) {
            Set<SendOpsFlag> ops = Set.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE, SendOpsFlag.LOCAL_INV);
            CreatedQp created = create(binding, binding.qpCreation(call, QpType.DRIVER, ops), Mlx5QpOptions.dci());
            StandInSendOps generic = new StandInSendOps(created.qp());
            Mlx5DcSendOps dc = view(created, new AtomicBoolean(), generic);
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));

            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "mlx5dv_wr_set_dc_addr");
            dc.start();
            assertNoRequest(() -> dc.setDcAddrStream(ah, 1, 7, (short) 0), "mlx5dv_wr_set_dc_addr_stream");
            dc.send().setDcAddr(ah, 1, 7);
            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "once");
            dc.localInv(5);
            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "mlx5dv_wr_set_dc_addr");
            generic.send();
            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "on this view");
            dc.rdmaWrite(1, 2);
            CompletableFuture.runAsync(() -> assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "this thread's open batch"))
                    .get();
            dc.complete();
            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "open batch");
            dc.start();
            dc.send();
            generic.complete();
            generic.start();
            assertNoRequest(() -> dc.setDcAddr(ah, 1, 7), "open batch");
            dc.abort();

            assertThat(binding.standIn.wrCalls()).extracting(WrCall::op).filteredOn(op -> op == WrOp.SET_DC_ADDR
                    || op == WrOp.SET_DC_ADDR_STREAM).hasSize(1);
        }
    }

    private static void assertNoRequest(Runnable addressing, String detail) {
        assertThatThrownBy(addressing::run).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("mlx5dv_wr_set_dc_addr").hasMessageContaining("no request")
                .hasMessageContaining(detail);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void aStreamBeyondTheDcisStreamsIsRefused(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            CreatedQp created = create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci().withStreams(2, 1));
            Mlx5DcSendOps dc = view(created, new AtomicBoolean(), new StandInSendOps(created.qp()));
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));
            dc.start();
            dc.send().setDcAddrStream(ah, 1, 7, (short) 3);
            dc.send();

            assertThatThrownBy(() -> dc.setDcAddrStream(ah, 1, 7, (short) 4))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("mlx5dv_wr_set_dc_addr_stream")
                    .hasMessageContaining("stream 4 is beyond the DCI's 4 streams");
            assertThatThrownBy(() -> dc.setDcAddrStream(ah, 1, 7, (short) -1))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("stream 65535");
            dc.abort();
            assertThat(binding.standIn.wrCalls()).extracting(WrCall::op).filteredOn(op -> op == WrOp.SET_DC_ADDR_STREAM)
                    .hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void libmlx5sRulesAreTypedExceptionsBeforeTheCall(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            assertRefused(binding, binding.qpCreation(call, QpType.RC, SEND_WRITE), Mlx5QpOptions.dci(),
                    InvalidArgumentException.class, "IBV_QPT_DRIVER");
            assertRefused(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE), Mlx5QpOptions.dct(1),
                    InvalidArgumentException.class, "a DCT takes no send ops");
            assertRefused(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci().withStreams(5, 1), InvalidArgumentException.class, "max_log_num_concurent 4");
            assertRefused(binding, binding.qpCreation(call, QpType.DRIVER, Set.of()),
                    Mlx5QpOptions.dct(1).withStreams(1, 1), InvalidArgumentException.class, "for a DCI");
            assertThat(binding.standIn.calls(Entry.CREATE_QP)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void outOfOrderPlacementIsUnsupportedBeforeRelease55(Release release, StandInBinding binding) {
        Mlx5QpOptions ooo = Mlx5QpOptions.NONE.withCreateFlags(Set.of(Mlx5QpCreateFlag.OOO_DP));
        try (Arena call = Arena.ofConfined()) {
            QpCreation creation = binding.qpCreation(call, QpType.RC, SEND_WRITE);
            if (release.major() < 55) {
                assertThatThrownBy(() -> create(binding, creation, ooo)).isInstanceOf(UnsupportedVerbException.class)
                        .hasMessageContaining("OOO_DP is in rdma-core 55");
                assertThat(binding.standIn.calls(Entry.CREATE_QP)).isZero();
            } else {
                assertThat(create(binding, creation, ooo).qp()).isNotEqualTo(MemorySegment.NULL);
                assertThat(binding.standIn.lastCompMask(Entry.CREATE_QP)).isEqualTo(1);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void libmlx5sOwnRefusalComesBackTyped(Release release, StandInBinding binding) {
        Mlx5QpOptions bothScatterFlags = Mlx5QpOptions.NONE.withCreateFlags(Set.of(
                Mlx5QpCreateFlag.DISABLE_SCATTER_TO_CQE, Mlx5QpCreateFlag.ALLOW_SCATTER_TO_CQE));
        try (Arena call = Arena.ofConfined()) {
            QpCreation creation = binding.qpCreation(call, QpType.RC, SEND_WRITE);

            assertThatThrownBy(() -> create(binding, creation, bothScatterFlags))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("mlx5dv_create_qp");
            assertThat(binding.standIn.calls(Entry.CREATE_QP)).isEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void dcAddressingMisuseIsTypedAndCallsNothing(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            Mlx5DcSendOps dct = view(create(binding, binding.qpCreation(call, QpType.DRIVER, Set.of()),
                    Mlx5QpOptions.dct(7)), new AtomicBoolean(), null);
            AtomicBoolean closed = new AtomicBoolean();
            CreatedQp created = create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci());
            Mlx5DcSendOps dci = view(created, closed, new StandInSendOps(created.qp()));
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));

            assertThatThrownBy(() -> dct.setDcAddr(ah, 1, 7)).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("mlx5dv_wr_set_dc_addr").hasMessageContaining("a DCT");
            assertThatThrownBy(dct::start).isInstanceOf(UnsupportedVerbException.class)
                    .hasMessageContaining("without send-ops flags");
            dci.start();
            dci.send();
            assertThatThrownBy(() -> dci.setDcAddr(null, 1, 7)).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("mlx5dv_wr_set_dc_addr").hasMessageContaining("missing");
            assertThatThrownBy(() -> dci.setDcAddr(new StandInBinding.ForeignAh(), 1, 7))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("not the generic binding's");
            ah.close();
            assertThatThrownBy(() -> dci.setDcAddr(ah, 1, 7)).isInstanceOf(ClosedObjectException.class)
                    .hasMessageContaining("mlx5dv_wr_set_dc_addr");
            closed.set(true);
            assertThatThrownBy(() -> dci.setDcAddrStream(new StandInAh(binding.standIn.allocate(64)), 1, 7, (short) 0))
                    .isInstanceOf(ClosedObjectException.class).hasMessageContaining("mlx5dv_wr_set_dc_addr_stream");
            assertThat(binding.standIn.wrCalls()).extracting(WrCall::op).containsExactly(WrOp.START, WrOp.SEND);
            assertThat(ah.entered).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void withoutMlx5OptionsTheGenericPathIsTaken(Release release, StandInBinding binding) {
        try (Arena call = Arena.ofConfined()) {
            QpCreation creation = binding.qpCreation(call, QpType.RC, SEND_WRITE);

            assertThatThrownBy(() -> binding.verbs.createQp(creation)).isInstanceOf(IllegalArgumentException.class);

            assertThat(binding.ibverbsCalled).isTrue();
            assertThat(binding.standIn.calls(Entry.CREATE_QP)).isZero();
        }
    }

    private static CreatedQp create(StandInBinding binding, QpCreation creation, Mlx5QpOptions options) {
        return Requests.withQp(new Requests.Qp(options, binding.caps()), () -> binding.verbs.createQp(creation));
    }

    private static void assertRefused(StandInBinding binding, QpCreation creation, Mlx5QpOptions options,
            Class<? extends Exception> type, String detail) {
        assertThatThrownBy(() -> create(binding, creation, options)).isInstanceOf(type)
                .hasMessageContaining("mlx5dv_create_qp").hasMessageContaining(detail);
    }

    private static Mlx5DcSendOps view(CreatedQp created, AtomicBoolean closed, SendOps ops) {
        return (Mlx5DcSendOps) created.view().apply(StandInBinding.queuePair(closed, ops));
    }

    /** @return {@code struct mlx5dv_qp_init_attr} as libmlx5 must receive it, at the offsets gcc gives */
    private static byte[] dc(long compMask, int dcType, long accessKey) {
        MemorySegment s = MemorySegment.ofArray(new byte[(int) Mlx5Abi.struct(S).size(0)]);
        s.set(JAVA_LONG.withByteAlignment(1), Mlx5Abi.offset(S, "comp_mask"), compMask);
        s.set(JAVA_INT.withByteAlignment(1), Mlx5Abi.offset(S, "dc_init_attr.dc_type"), dcType);
        s.set(JAVA_LONG.withByteAlignment(1), Mlx5Abi.offset(S, "dc_init_attr.dct_access_key"), accessKey);
        return s.toArray(JAVA_BYTE);
    }
}
