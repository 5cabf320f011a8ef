package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QpType;
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
            Mlx5DcSendOps dc = view(created, new AtomicBoolean());
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));
            MemorySegment qp = created.qp().reinterpret(512);

            qpCall(qp, "wr_start");
            qpCall(qp, "wr_send");
            dc.setDcAddr(ah, 0xabc, 0xfeedL);
            qpCall(qp, "wr_send");
            dc.setDcAddrStream(ah, 0xabd, 0xbeefL, (short) 3);
            qpCall(qp, "wr_complete");

            List<WrCall> calls = binding.standIn.wrCalls();
            assertThat(calls).extracting(WrCall::op).containsExactly(WrOp.START, WrOp.SEND, WrOp.SET_DC_ADDR,
                    WrOp.SEND, WrOp.SET_DC_ADDR_STREAM, WrOp.COMPLETE);
            assertThat(calls.get(2)).extracting(WrCall::qp, WrCall::a, WrCall::b, WrCall::c)
                    .containsExactly(qp.address(), ah.pointer().address(), 0xabcL, 0xfeedL);
            assertThat(calls.get(4)).extracting(WrCall::a, WrCall::b, WrCall::c, WrCall::d)
                    .containsExactly(ah.pointer().address(), 0xabdL, 0xbeefL, 3L);
            assertThat(binding.standIn.unrequestedCalls()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.verbs4j.provider.mlx5.StandInBinding#all")
    void dcAddressingAllocatesNothing(Release release, StandInBinding binding) throws Exception {
        try (Arena call = Arena.ofConfined()) {
            Mlx5DcSendOps dc = view(create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci().withStreams(2, 1)), new AtomicBoolean());
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));
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
            dc.setDcAddr(ah, i, 0xfeedL).setDcAddrStream(ah, i, 0xbeefL, (short) 1);
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
                    Mlx5QpOptions.dct(7)), new AtomicBoolean());
            AtomicBoolean closed = new AtomicBoolean();
            Mlx5DcSendOps dci = view(create(binding, binding.qpCreation(call, QpType.DRIVER, SEND_WRITE),
                    Mlx5QpOptions.dci()), closed);
            StandInAh ah = new StandInAh(binding.standIn.allocate(64));

            assertThatThrownBy(() -> dct.setDcAddr(ah, 1, 7)).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("mlx5dv_wr_set_dc_addr").hasMessageContaining("a DCT");
            assertThatThrownBy(() -> dci.setDcAddr(null, 1, 7)).isInstanceOf(InvalidArgumentException.class);
            ah.close();
            assertThatThrownBy(() -> dci.setDcAddr(ah, 1, 7)).isInstanceOf(ClosedObjectException.class);
            closed.set(true);
            assertThatThrownBy(() -> dci.setDcAddrStream(new StandInAh(binding.standIn.allocate(64)), 1, 7, (short) 0))
                    .isInstanceOf(ClosedObjectException.class).hasMessageContaining("mlx5dv_wr_set_dc_addr_stream");
            assertThat(binding.standIn.wrCalls()).isEmpty();
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

    private static Mlx5DcSendOps view(CreatedQp created, AtomicBoolean closed) {
        return (Mlx5DcSendOps) created.view().apply(StandInBinding.queuePair(closed));
    }

    /** Calls an {@code ibv_qp_ex} pointer as the generic send ops do. */
    private static void qpCall(MemorySegment qp, String pointer) {
        MemorySegment function = qp.get(ADDRESS, Mlx5Abi.offset("ibv_qp_ex", pointer));
        FunctionDescriptor descriptor = pointer.equals("wr_complete") ? FunctionDescriptor.of(JAVA_INT, ADDRESS)
                : FunctionDescriptor.ofVoid(ADDRESS);
        try {
            java.lang.foreign.Linker.nativeLinker().downcallHandle(function, descriptor).invokeWithArguments(qp);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
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
