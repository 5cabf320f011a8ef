package org.verbs4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Checks every {@link CConstant} enum of the API against the rules it shares and against rdma-core's headers. */
class CConstantEnumsTest {

    /**
     * One enum under test.
     *
     * @param type the enum
     * @param cType the C type that {@code fromValue} names when it rejects a value
     * @param cPrefix the prefix of every {@link CConstant#cName()}
     * @param flags whether every constant is a single bit of a mask
     * @param count the number of C constants the enum mirrors
     * @param fromValue the enum's {@code fromValue}
     */
    record Spec(Class<? extends CConstant> type, String cType, String cPrefix, boolean flags, int count,
            LongFunction<CConstant> fromValue) {

        Constants constants() {
            return new Constants(type.getEnumConstants());
        }

        @Override
        public String toString() {
            return type.getSimpleName();
        }
    }

    /** The constants of one enum, with the helpers the tests need. */
    record Constants(CConstant[] all) {

        Stream<CConstant> stream() {
            return Arrays.stream(all);
        }

        Set<Long> values() {
            Set<Long> values = new HashSet<>();
            stream().forEach(constant -> values.add(constant.value()));
            return values;
        }
    }

    static Stream<Spec> enums() {
        return Stream.of(
                values(WcStatus.class, "enum ibv_wc_status", "IBV_WC_", 24, WcStatus::fromValue),
                values(WcOpcode.class, "enum ibv_wc_opcode", "IBV_WC_", 20, WcOpcode::fromValue),
                flags(WcFlag.class, "enum ibv_wc_flags", "IBV_WC_", 7, WcFlag::fromValue),
                flags(CompletionField.class, "enum ibv_create_cq_wc_flags", "IBV_WC_EX_WITH_", 12,
                        CompletionField::fromValue),
                flags(ExtraCompletionField.class, "EFADV_WC_EX_WITH_", "EFADV_WC_EX_WITH_", 2,
                        ExtraCompletionField::fromValue),
                flags(CqCreateFlag.class, "enum ibv_create_cq_attr_flags", "IBV_CREATE_CQ_ATTR_", 2,
                        CqCreateFlag::fromValue),
                flags(CqInitAttrMask.class, "enum ibv_cq_init_attr_mask", "IBV_CQ_INIT_ATTR_MASK_", 2,
                        CqInitAttrMask::fromValue),
                values(QpType.class, "enum ibv_qp_type", "IBV_QPT_", 7, QpType::fromValue),
                values(QpState.class, "enum ibv_qp_state", "IBV_QPS_", 8, QpState::fromValue),
                flags(QpAttrMask.class, "enum ibv_qp_attr_mask", "IBV_QP_", 22, QpAttrMask::fromValue),
                flags(QpInitAttrMask.class, "enum ibv_qp_init_attr_mask", "IBV_QP_INIT_ATTR_", 7,
                        QpInitAttrMask::fromValue),
                flags(QpCreateFlag.class, "enum ibv_qp_create_flags", "IBV_QP_CREATE_", 5, QpCreateFlag::fromValue),
                flags(SendOpsFlag.class, "enum ibv_qp_create_send_ops_flags", "IBV_QP_EX_WITH_", 13,
                        SendOpsFlag::fromValue),
                values(FlushType.class, "enum ibv_placement_type", "IBV_FLUSH_", 2, FlushType::fromValue),
                values(FlushLevel.class, "enum ibv_selectivity_level", "IBV_FLUSH_", 2, FlushLevel::fromValue),
                flags(RxHashFunction.class, "enum ibv_rx_hash_function_flags", "IBV_RX_HASH_FUNC_", 1,
                        RxHashFunction::fromValue),
                flags(RxHashField.class, "enum ibv_rx_hash_fields", "IBV_RX_HASH_", 10, RxHashField::fromValue),
                values(WqType.class, "enum ibv_wq_type", "IBV_WQT_", 1, WqType::fromValue),
                values(WqState.class, "enum ibv_wq_state", "IBV_WQS_", 4, WqState::fromValue),
                flags(WqFlag.class, "enum ibv_wq_flags", "IBV_WQ_FLAGS_", 4, WqFlag::fromValue),
                flags(AccessFlag.class, "enum ibv_access_flags", "IBV_ACCESS_", 11, AccessFlag::fromValue),
                flags(SendFlag.class, "enum ibv_send_flags", "IBV_SEND_", 5, SendFlag::fromValue),
                values(AsyncEventType.class, "enum ibv_event_type", "IBV_EVENT_", 20, AsyncEventType::fromValue),
                values(SrqOpcode.class, "enum ibv_ops_wr_opcode", "IBV_WR_TAG_", 3, SrqOpcode::fromValue),
                flags(OpsFlag.class, "enum ibv_ops_flags", "IBV_OPS_", 2, OpsFlag::fromValue),
                values(TmhOpcode.class, "enum ibv_tmh_op", "IBV_TMH_", 4, TmhOpcode::fromValue),
                values(SrqType.class, "enum ibv_srq_type", "IBV_SRQT_", 3, SrqType::fromValue),
                flags(SrqInitAttrMask.class, "enum ibv_srq_init_attr_mask", "IBV_SRQ_INIT_ATTR_", 5,
                        SrqInitAttrMask::fromValue),
                flags(SrqAttrMask.class, "enum ibv_srq_attr_mask", "IBV_SRQ_", 2, SrqAttrMask::fromValue),
                flags(TmCapFlag.class, "enum ibv_tm_cap_flags", "IBV_TM_CAP_", 1, TmCapFlag::fromValue),
                values(PortState.class, "enum ibv_port_state", "IBV_PORT_", 6, PortState::fromValue),
                values(Mtu.class, "enum ibv_mtu", "IBV_MTU_", 5, Mtu::fromValue),
                values(LinkLayer.class, "IBV_LINK_LAYER_", "IBV_LINK_LAYER_", 3, LinkLayer::fromValue),
                values(AtomicCapability.class, "enum ibv_atomic_cap", "IBV_ATOMIC_", 3, AtomicCapability::fromValue),
                values(GidType.class, "enum ibv_gid_type", "IBV_GID_TYPE_", 3, GidType::fromValue),
                values(NodeType.class, "enum ibv_node_type", "IBV_NODE_", 8, NodeType::fromValue),
                values(TransportType.class, "enum ibv_transport_type", "IBV_TRANSPORT_", 6,
                        TransportType::fromValue),
                values(MwType.class, "enum ibv_mw_type", "IBV_MW_TYPE_", 2, MwType::fromValue),
                values(MigrationState.class, "enum ibv_mig_state", "IBV_MIG_", 3, MigrationState::fromValue),
                flags(DeviceCapFlag.class, "enum ibv_device_cap_flags", "IBV_DEVICE_", 26, DeviceCapFlag::fromValue),
                values(Errno.class, "errno", "E", 131, Errno::fromValue));
    }

    static Stream<Spec> flagEnums() {
        return enums().filter(Spec::flags);
    }

    static Stream<Spec> plainEnums() {
        return enums().filter(spec -> !spec.flags());
    }

    private static Spec values(Class<? extends CConstant> type, String cType, String cPrefix, int count,
            LongFunction<CConstant> fromValue) {
        return new Spec(type, cType, cPrefix, false, count, fromValue);
    }

    private static Spec flags(Class<? extends CConstant> type, String cType, String cPrefix, int count,
            LongFunction<CConstant> fromValue) {
        return new Spec(type, cType, cPrefix, true, count, fromValue);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void hasOneConstantPerCConstant(Spec spec) {
        assertThat(spec.constants().all()).hasSize(spec.count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void valuesAreUnique(Spec spec) {
        assertThat(spec.constants().values()).hasSize(spec.count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void fromValueReturnsTheConstantOfEachValue(Spec spec) {
        spec.constants().stream().forEach(
                constant -> assertThat(spec.fromValue().apply(constant.value())).isSameAs(constant));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void fromValueRejectsUnknownValuesNamingTheCType(Spec spec) {
        unknownValues(spec).forEach(value -> assertThatIllegalArgumentException()
                .isThrownBy(() -> spec.fromValue().apply(value))
                .withMessageContaining(spec.cType()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void cNameStartsWithThePrefixOfTheCType(Spec spec) {
        spec.constants().stream().forEach(constant -> assertThat(constant.cName())
                .startsWith(spec.cPrefix())
                .matches("[A-Z][A-Z0-9_]*"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void cNameEndsWithTheJavaName(Spec spec) {
        spec.constants().stream()
                .filter(constant -> !(constant instanceof ExtraCompletionField))
                .forEach(constant -> assertThat(constant.cName()).endsWith(((Enum<?>) constant).name()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("flagEnums")
    void flagValuesAreSingleBits(Spec spec) {
        spec.constants().stream().forEach(
                constant -> assertThat(Long.bitCount(constant.value())).as(constant.cName()).isOne());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plainEnums")
    void valuesOfPlainEnumsFitACInt(Spec spec) {
        spec.constants().stream().forEach(constant -> assertThat(constant.value()).as(constant.cName())
                .isBetween((long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE));
    }

    /** Values no constant of {@code spec} has: the smallest free one, the extremes and, for flags, non-bits. */
    private static LongStream unknownValues(Spec spec) {
        Set<Long> used = spec.constants().values();
        long free = spec.flags()
                ? LongStream.range(0, Long.SIZE).map(bit -> 1L << bit).filter(bit -> !used.contains(bit)).findFirst()
                        .orElse(Long.MIN_VALUE)
                : LongStream.iterate(0, value -> value + 1).filter(value -> !used.contains(value)).findFirst()
                        .orElseThrow();
        long maxPlusOne = used.stream().mapToLong(Long::longValue).max().orElseThrow() + 1;
        LongStream common = LongStream.of(free, -1000, Long.MIN_VALUE, Long.MAX_VALUE);
        return spec.flags()
                ? LongStream.concat(common, LongStream.of(0, 3L << 40, used.iterator().next() | free))
                : LongStream.concat(common, LongStream.of(maxPlusOne, Integer.MAX_VALUE + 1L));
    }

    static Stream<Arguments> cHeaderValues() {
        return Stream.of(
                arguments(WcStatus.SUCCESS, 0, "IBV_WC_SUCCESS"),
                arguments(WcStatus.LOC_EEC_OP_ERR, 3, "IBV_WC_LOC_EEC_OP_ERR"),
                arguments(WcStatus.RNR_RETRY_EXC_ERR, 13, "IBV_WC_RNR_RETRY_EXC_ERR"),
                arguments(WcStatus.LOC_RDD_VIOL_ERR, 14, "IBV_WC_LOC_RDD_VIOL_ERR"),
                arguments(WcStatus.REM_INV_RD_REQ_ERR, 15, "IBV_WC_REM_INV_RD_REQ_ERR"),
                arguments(WcStatus.INV_EECN_ERR, 17, "IBV_WC_INV_EECN_ERR"),
                arguments(WcStatus.INV_EEC_STATE_ERR, 18, "IBV_WC_INV_EEC_STATE_ERR"),
                arguments(WcStatus.TM_ERR, 22, "IBV_WC_TM_ERR"),
                arguments(WcStatus.TM_RNDV_INCOMPLETE, 23, "IBV_WC_TM_RNDV_INCOMPLETE"),
                arguments(WcOpcode.SEND, 0, "IBV_WC_SEND"),
                arguments(WcOpcode.ATOMIC_WRITE, 9, "IBV_WC_ATOMIC_WRITE"),
                arguments(WcOpcode.RECV, 128, "IBV_WC_RECV"),
                arguments(WcOpcode.RECV_RDMA_WITH_IMM, 129, "IBV_WC_RECV_RDMA_WITH_IMM"),
                arguments(WcOpcode.TM_NO_TAG, 134, "IBV_WC_TM_NO_TAG"),
                arguments(WcOpcode.DRIVER3, 137, "IBV_WC_DRIVER3"),
                arguments(WcFlag.GRH, 1, "IBV_WC_GRH"),
                arguments(WcFlag.IP_CSUM_OK, 4, "IBV_WC_IP_CSUM_OK"),
                arguments(WcFlag.TM_DATA_VALID, 64, "IBV_WC_TM_DATA_VALID"),
                arguments(CompletionField.BYTE_LEN, 1, "IBV_WC_EX_WITH_BYTE_LEN"),
                arguments(CompletionField.TM_INFO, 1024, "IBV_WC_EX_WITH_TM_INFO"),
                arguments(CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK, 2048,
                        "IBV_WC_EX_WITH_COMPLETION_TIMESTAMP_WALLCLOCK"),
                arguments(ExtraCompletionField.SOURCE_GID, 1, "EFADV_WC_EX_WITH_SGID"),
                arguments(ExtraCompletionField.UNSOLICITED, 2, "EFADV_WC_EX_WITH_IS_UNSOLICITED"),
                arguments(CqCreateFlag.SINGLE_THREADED, 1, "IBV_CREATE_CQ_ATTR_SINGLE_THREADED"),
                arguments(CqCreateFlag.IGNORE_OVERRUN, 2, "IBV_CREATE_CQ_ATTR_IGNORE_OVERRUN"),
                arguments(CqInitAttrMask.FLAGS, 1, "IBV_CQ_INIT_ATTR_MASK_FLAGS"),
                arguments(CqInitAttrMask.PD, 2, "IBV_CQ_INIT_ATTR_MASK_PD"),
                arguments(QpType.RC, 2, "IBV_QPT_RC"),
                arguments(QpType.UD, 4, "IBV_QPT_UD"),
                arguments(QpType.RAW_PACKET, 8, "IBV_QPT_RAW_PACKET"),
                arguments(QpType.XRC_RECV, 10, "IBV_QPT_XRC_RECV"),
                arguments(QpType.DRIVER, 255, "IBV_QPT_DRIVER"),
                arguments(QpState.RESET, 0, "IBV_QPS_RESET"),
                arguments(QpState.RTS, 3, "IBV_QPS_RTS"),
                arguments(QpState.ERR, 6, "IBV_QPS_ERR"),
                arguments(QpState.UNKNOWN, 7, "IBV_QPS_UNKNOWN"),
                arguments(QpAttrMask.STATE, 1, "IBV_QP_STATE"),
                arguments(QpAttrMask.MAX_DEST_RD_ATOMIC, 0x20000, "IBV_QP_MAX_DEST_RD_ATOMIC"),
                arguments(QpAttrMask.DEST_QPN, 0x100000, "IBV_QP_DEST_QPN"),
                arguments(QpAttrMask.RATE_LIMIT, 0x2000000, "IBV_QP_RATE_LIMIT"),
                arguments(QpInitAttrMask.PD, 1, "IBV_QP_INIT_ATTR_PD"),
                arguments(QpInitAttrMask.SEND_OPS_FLAGS, 64, "IBV_QP_INIT_ATTR_SEND_OPS_FLAGS"),
                arguments(QpCreateFlag.BLOCK_SELF_MCAST_LB, 2, "IBV_QP_CREATE_BLOCK_SELF_MCAST_LB"),
                arguments(QpCreateFlag.SCATTER_FCS, 256, "IBV_QP_CREATE_SCATTER_FCS"),
                arguments(QpCreateFlag.PCI_WRITE_END_PADDING, 2048, "IBV_QP_CREATE_PCI_WRITE_END_PADDING"),
                arguments(SendOpsFlag.RDMA_WRITE, 1, "IBV_QP_EX_WITH_RDMA_WRITE"),
                arguments(SendOpsFlag.SEND, 4, "IBV_QP_EX_WITH_SEND"),
                arguments(SendOpsFlag.TSO, 1024, "IBV_QP_EX_WITH_TSO"),
                arguments(SendOpsFlag.FLUSH, 2048, "IBV_QP_EX_WITH_FLUSH"),
                arguments(SendOpsFlag.ATOMIC_WRITE, 4096, "IBV_QP_EX_WITH_ATOMIC_WRITE"),
                arguments(FlushType.GLOBAL, 1, "IBV_FLUSH_GLOBAL"),
                arguments(FlushType.PERSISTENT, 2, "IBV_FLUSH_PERSISTENT"),
                arguments(FlushLevel.RANGE, 0, "IBV_FLUSH_RANGE"),
                arguments(FlushLevel.MR, 1, "IBV_FLUSH_MR"),
                arguments(RxHashFunction.TOEPLITZ, 1, "IBV_RX_HASH_FUNC_TOEPLITZ"),
                arguments(RxHashField.SRC_IPV4, 1, "IBV_RX_HASH_SRC_IPV4"),
                arguments(RxHashField.IPSEC_SPI, 256, "IBV_RX_HASH_IPSEC_SPI"),
                arguments(RxHashField.INNER, 0x8000_0000L, "IBV_RX_HASH_INNER"),
                arguments(AccessFlag.LOCAL_WRITE, 1, "IBV_ACCESS_LOCAL_WRITE"),
                arguments(AccessFlag.REMOTE_ATOMIC, 8, "IBV_ACCESS_REMOTE_ATOMIC"),
                arguments(AccessFlag.HUGETLB, 128, "IBV_ACCESS_HUGETLB"),
                arguments(AccessFlag.FLUSH_GLOBAL, 256, "IBV_ACCESS_FLUSH_GLOBAL"),
                arguments(AccessFlag.FLUSH_PERSISTENT, 512, "IBV_ACCESS_FLUSH_PERSISTENT"),
                arguments(AccessFlag.RELAXED_ORDERING, 1 << 20, "IBV_ACCESS_RELAXED_ORDERING"),
                arguments(SendFlag.FENCE, 1, "IBV_SEND_FENCE"),
                arguments(SendFlag.SIGNALED, 2, "IBV_SEND_SIGNALED"),
                arguments(SendFlag.INLINE, 8, "IBV_SEND_INLINE"),
                arguments(SendFlag.IP_CSUM, 16, "IBV_SEND_IP_CSUM"),
                arguments(AsyncEventType.CQ_ERR, 0, "IBV_EVENT_CQ_ERR"),
                arguments(AsyncEventType.SRQ_ERR, 14, "IBV_EVENT_SRQ_ERR"),
                arguments(AsyncEventType.QP_LAST_WQE_REACHED, 16, "IBV_EVENT_QP_LAST_WQE_REACHED"),
                arguments(AsyncEventType.WQ_FATAL, 19, "IBV_EVENT_WQ_FATAL"),
                arguments(SrqOpcode.TAG_ADD, 0, "IBV_WR_TAG_ADD"),
                arguments(SrqOpcode.TAG_SYNC, 2, "IBV_WR_TAG_SYNC"),
                arguments(OpsFlag.SIGNALED, 1, "IBV_OPS_SIGNALED"),
                arguments(OpsFlag.TM_SYNC, 2, "IBV_OPS_TM_SYNC"),
                arguments(TmhOpcode.NO_TAG, 0, "IBV_TMH_NO_TAG"),
                arguments(TmhOpcode.RNDV, 1, "IBV_TMH_RNDV"),
                arguments(TmhOpcode.FIN, 2, "IBV_TMH_FIN"),
                arguments(TmhOpcode.EAGER, 3, "IBV_TMH_EAGER"),
                arguments(SrqType.BASIC, 0, "IBV_SRQT_BASIC"),
                arguments(SrqType.TM, 2, "IBV_SRQT_TM"),
                arguments(SrqInitAttrMask.TYPE, 1, "IBV_SRQ_INIT_ATTR_TYPE"),
                arguments(SrqInitAttrMask.TM, 16, "IBV_SRQ_INIT_ATTR_TM"),
                arguments(SrqAttrMask.MAX_WR, 1, "IBV_SRQ_MAX_WR"),
                arguments(SrqAttrMask.LIMIT, 2, "IBV_SRQ_LIMIT"),
                arguments(TmCapFlag.RC, 1, "IBV_TM_CAP_RC"),
                arguments(PortState.NOP, 0, "IBV_PORT_NOP"),
                arguments(PortState.ACTIVE, 4, "IBV_PORT_ACTIVE"),
                arguments(PortState.ACTIVE_DEFER, 5, "IBV_PORT_ACTIVE_DEFER"),
                arguments(Mtu.MTU_256, 1, "IBV_MTU_256"),
                arguments(Mtu.MTU_1024, 3, "IBV_MTU_1024"),
                arguments(Mtu.MTU_4096, 5, "IBV_MTU_4096"),
                arguments(LinkLayer.UNSPECIFIED, 0, "IBV_LINK_LAYER_UNSPECIFIED"),
                arguments(LinkLayer.ETHERNET, 2, "IBV_LINK_LAYER_ETHERNET"),
                arguments(AtomicCapability.NONE, 0, "IBV_ATOMIC_NONE"),
                arguments(AtomicCapability.GLOB, 2, "IBV_ATOMIC_GLOB"),
                arguments(GidType.IB, 0, "IBV_GID_TYPE_IB"),
                arguments(GidType.ROCE_V2, 2, "IBV_GID_TYPE_ROCE_V2"),
                arguments(NodeType.UNKNOWN, -1, "IBV_NODE_UNKNOWN"),
                arguments(NodeType.CA, 1, "IBV_NODE_CA"),
                arguments(NodeType.UNSPECIFIED, 7, "IBV_NODE_UNSPECIFIED"),
                arguments(TransportType.UNKNOWN, -1, "IBV_TRANSPORT_UNKNOWN"),
                arguments(TransportType.IB, 0, "IBV_TRANSPORT_IB"),
                arguments(TransportType.UNSPECIFIED, 4, "IBV_TRANSPORT_UNSPECIFIED"),
                arguments(MwType.TYPE_1, 1, "IBV_MW_TYPE_1"),
                arguments(MwType.TYPE_2, 2, "IBV_MW_TYPE_2"),
                arguments(MigrationState.MIGRATED, 0, "IBV_MIG_MIGRATED"),
                arguments(MigrationState.ARMED, 2, "IBV_MIG_ARMED"),
                arguments(DeviceCapFlag.RESIZE_MAX_WR, 1, "IBV_DEVICE_RESIZE_MAX_WR"),
                arguments(DeviceCapFlag.N_NOTIFY_CQ, 1 << 14, "IBV_DEVICE_N_NOTIFY_CQ"),
                arguments(DeviceCapFlag.MEM_WINDOW, 1 << 17, "IBV_DEVICE_MEM_WINDOW"),
                arguments(DeviceCapFlag.MANAGED_FLOW_STEERING, 1 << 29, "IBV_DEVICE_MANAGED_FLOW_STEERING"),
                arguments(DeviceCapFlag.RAW_SCATTER_FCS, 1L << 34, "IBV_DEVICE_RAW_SCATTER_FCS"),
                arguments(DeviceCapFlag.PCI_WRITE_END_PADDING, 1L << 36, "IBV_DEVICE_PCI_WRITE_END_PADDING"),
                arguments(Errno.EOPNOTSUPP, 95, "EOPNOTSUPP"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("cHeaderValues")
    void valueAndNameMatchTheCHeader(CConstant constant, long value, String cName) {
        assertThat(constant.value()).isEqualTo(value);
        assertThat(constant.cName()).isEqualTo(cName);
    }

    @ParameterizedTest
    @EnumSource(WcStatus.class)
    void onlySuccessIsSuccess(WcStatus status) {
        assertThat(status.isSuccess()).isEqualTo(status == WcStatus.SUCCESS);
    }

    @ParameterizedTest
    @EnumSource(WcOpcode.class)
    void receiveOpcodesAreThoseFromRecvOn(WcOpcode opcode) {
        assertThat(opcode.isReceive()).isEqualTo(opcode.value() >= WcOpcode.RECV.value());
    }

    @Test
    void standardCompletionFieldsAreTheCStandardFlags() {
        assertThat(Flags.toBits(CompletionField.STANDARD)).isEqualTo(0x7f);
        assertThat(Flags.toBits(EnumSet.allOf(CompletionField.class))).isEqualTo(0xfff);
    }

    @Test
    void standardCompletionFieldsAreUnmodifiable() {
        assertThatThrownBy(() -> CompletionField.STANDARD.add(CompletionField.CVLAN))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @CsvSource({"MTU_256, 256", "MTU_512, 512", "MTU_1024, 1024", "MTU_2048, 2048", "MTU_4096, 4096"})
    void mtuConvertsToAndFromBytes(Mtu mtu, int bytes) {
        assertThat(mtu.bytes()).isEqualTo(bytes);
        assertThat(Mtu.ofBytes(bytes)).isSameAs(mtu);
    }

    @ParameterizedTest
    @CsvSource({"0", "128", "1000", "1500", "8192", "-256"})
    void mtuRejectsOtherSizes(int bytes) {
        assertThatIllegalArgumentException().isThrownBy(() -> Mtu.ofBytes(bytes)).withMessageContaining("ibv_mtu");
    }

    @ParameterizedTest
    @CsvSource({
        "CQ_ERR, CQ", "QP_FATAL, QP", "COMM_EST, QP", "PATH_MIG_ERR, QP", "QP_LAST_WQE_REACHED, QP",
        "DEVICE_FATAL, DEVICE", "PORT_ACTIVE, PORT", "PORT_ERR, PORT", "LID_CHANGE, PORT", "PKEY_CHANGE, PORT",
        "SM_CHANGE, PORT", "CLIENT_REREGISTER, PORT", "GID_CHANGE, PORT", "SRQ_ERR, SRQ",
        "SRQ_LIMIT_REACHED, SRQ", "WQ_FATAL, WQ"
    })
    void asyncEventsNameTheObjectTheyAreAbout(AsyncEventType type, AsyncEventType.Element element) {
        assertThat(type.element()).isSameAs(element);
    }

    @Test
    void everyAsyncEventElementIsUsed() {
        Set<AsyncEventType.Element> used = EnumSet.noneOf(AsyncEventType.Element.class);
        Arrays.stream(AsyncEventType.values()).forEach(type -> used.add(type.element()));
        assertThat(used).containsExactlyInAnyOrder(AsyncEventType.Element.values());
    }
}
