package org.verbs4j.provider.efa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.efa.raw.EfaSymbol;
import org.verbs4j.provider.efa.raw.Libefa;

/**
 * The EFA area: SRD queue pairs of the efa provider exchanging data through the real libefa, on EFA devices
 * (the emulated ones of the VM, or a real instance's): a receiver on the first device, a sender on the second
 * ({@code VERBS4J_EFA_DEVICE}, {@code VERBS4J_EFA_PEER}; the same device twice on a one-device instance). Covers
 * the pyverbs EFA tests' checks and their gaps: the source GID while the sender's AH is unknown, -ENOENT (read as
 * {@code false}) and the AH number once it is known, unsolicited write-with-immediate, unsignaled requests
 * refused, no SRQ, SRD's state table, the depth helpers. Without EFA devices the tests are aborted, unless
 * {@code verbs4j.test.requireDevice=true}.
 */
class EfaSrdTest {

    private static final int QKEY = 0x11111111;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final long TIMEOUT_NANOS = 20_000_000_000L;
    private static final Set<SendOpsFlag> SEND_OPS = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM,
            SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_WRITE_WITH_IMM, SendOpsFlag.RDMA_READ);

    private final Arena memory = Arena.ofShared();
    private Side receiver;
    private Side sender;

    /** One end: its context, PD, CQ (with the EFA fields the device offers), SRD QP in RTS and a region. */
    private record Side(Context context, ProtectionDomain pd, CompletionQueue cq, QueuePair qp, MemoryRegion mr,
            Gid gid) implements AutoCloseable {

        EfaContext efa() {
            return context.unwrap(EfaContext.class);
        }

        @Override
        public void close() {
            qp.close();
            mr.close();
            cq.close();
            pd.close();
            context.close();
        }
    }

    @BeforeEach
    void openBothSides() {
        List<Device> devices = new EfaProvider().devices();
        Device first = named(devices, System.getenv("VERBS4J_EFA_DEVICE"), 0);
        Device second = named(devices, System.getenv("VERBS4J_EFA_PEER"), 1);
        receiver = side(first);
        sender = side(second);
    }

    @AfterEach
    void closeBothSides() {
        if (sender != null) {
            sender.close();
        }
        if (receiver != null) {
            receiver.close();
        }
        memory.close();
    }

    @Test
    void theDeviceViewHasTheEfaAttributesAndTheApiTheirCapabilities() {
        EfaDeviceAttributes attributes = receiver.efa().attributes();
        assertThat(attributes.maxSqWr()).isPositive();
        assertThat(attributes.maxRqWr()).isPositive();
        assertThat(attributes.maxSqSge()).isPositive();
        assertThat(attributes.maxRqSge()).isPositive();
        assertThat(attributes.inlineBufSize()).isPositive();
        assertThat(attributes.maxRdmaSize()).isPositive();
        assertThat(attributes.caps()).contains(EfaDeviceCap.RDMA_READ, EfaDeviceCap.CQ_WITH_SGID);
        assertThat(receiver.context().capabilities().supports(Capability.CQ_SOURCE_GID)).isTrue();
        assertThat(receiver.context().capabilities().supports(Capability.QP_DRIVER)).isTrue();
        assertThat(receiver.qp().type()).isEqualTo(QpType.DRIVER);
        assertThat(receiver.qp().unwrap(EfaQueuePair.class).options()).isEqualTo(SrdOptions.DEFAULT);
    }

    @Test
    void efaWithdrawsTheTransportsItLacksAndTheCallsAgreeWithIt() {
        Capabilities capabilities = receiver.context().capabilities();
        assertThat(capabilities.supports(Capability.QP_UD)).isTrue();
        assertThat(capabilities.supports(Capability.QP_RC)).isFalse();
        assertThat(capabilities.supports(Capability.QP_UC)).isFalse();
        assertThat(capabilities.supports(Capability.SOLICITED_NOTIFICATION)).isFalse();
        assertThatThrownBy(() -> receiver.context().createQueuePair(QpInitAttributes.builder(QpType.RC, receiver.pd(),
                receiver.cq(), new QpCapabilities(4, 4, 1, 1, 0)).build())).isInstanceOf(UnsupportedVerbException.class);
        if (System.getenv("LD_PRELOAD") != null && System.getenv("LD_PRELOAD").contains("efa-emu")) {
            assertThat(capabilities.supports(Capability.COMPLETION_CHANNEL))
                    .as("the emulated device announces no CQ notifications: libefa refuses a channel").isFalse();
        }
        if (!capabilities.supports(Capability.COMPLETION_CHANNEL)) {
            assertThatThrownBy(() -> receiver.context().createCompletionChannel())
                    .isInstanceOf(UnsupportedVerbException.class).hasMessageContaining("COMPLETION_CHANNEL");
        }
    }

    /** What the emulated device announces (src/test/c/efa_emu.h); on a real instance the values differ. */
    @Test
    void theVendorAttributesAreEveryFieldOfEfadvQueryDevice() {
        Assumptions.assumeTrue(System.getenv("LD_PRELOAD") != null && System.getenv("LD_PRELOAD").contains("efa-emu"),
                "the values asserted are the emulated device's");
        List<String> expected = new java.util.ArrayList<>(List.of("max_sq_wr: 512", "max_rq_wr: 512",
                "max_sq_sge: 2", "max_rq_sge: 3", "inline_buf_size: 32"));
        if (Libefa.get().release() >= 63) {
            expected.add("inline_buf_size_ex: 32");
        }
        expected.add("device_caps: 0x1f (RDMA_READ, RNR_RETRY, CQ_WITH_SGID, RDMA_WRITE, UNSOLICITED_WRITE_RECV)");
        expected.add("max_rdma_size: 1048576");
        assertThat(receiver.context().vendorAttributes()).allSatisfy(a -> assertThat(a.source())
                .isEqualTo("efadv_query_device")).extracting(a -> a.name() + ": " + a.value())
                .containsExactlyElementsOf(expected);
    }

    @Test
    void aSendFromASenderWhoseAhIsUnknownCarriesItsSourceGid() {
        receiveInto(7, 0, 64);
        try (AddressHandle toReceiver = addressOf(sender, receiver)) {
            post(sender, ops -> ops.wrId(1).wrFlags(SIGNALED).send().setUdAddr(toReceiver, receiver.qp().qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 64));
            MemorySegment gid = memory.allocate(16);
            long sent = awaitOne(sender, c -> {
                assertThat(c.readOpcode()).isEqualTo(WcOpcode.SEND);
                assertThat(c.readSourceGid(gid)).as("a send completion carries no source GID").isFalse();
                return c.wrId();
            });
            assertThat(sent).isEqualTo(1L);
            boolean read = awaitOne(receiver, c -> {
                assertThat(c.readOpcode()).isEqualTo(WcOpcode.RECV);
                assertThat(c.readSlid()).as("no AH of the sender: 0xFFFF").isEqualTo(0xFFFF);
                return c.readSourceGid(gid);
            });
            assertThat(read).isTrue();
            assertThat(Gid.read(gid, 0)).isEqualTo(sender.gid());
        }
    }

    @Test
    void onceTheReceiverKnowsTheSenderTheGidIsNotReadAndSlidIsItsAhNumber() {
        try (AddressHandle toReceiver = addressOf(sender, receiver);
                AddressHandle toSender = addressOf(receiver, sender)) {
            int ahn = receiver.efa().queryAh(toSender);
            receiveInto(8, 0, 64);
            post(sender, ops -> ops.wrId(2).wrFlags(SIGNALED).send().setUdAddr(toReceiver, receiver.qp().qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 64));
            awaitOne(sender, c -> c.wrId());
            MemorySegment gid = memory.allocate(16);
            boolean read = awaitOne(receiver, c -> {
                assertThat(c.readSlid()).isEqualTo(ahn);
                return c.readSourceGid(gid);
            });
            assertThat(read).as("efadv_wc_read_sgid gives -ENOENT").isFalse();
        }
    }

    @Test
    void anUnsolicitedWriteWithImmediateConsumesNoReceive() {
        Assumptions.assumeTrue(receiver.efa().attributes().caps().contains(EfaDeviceCap.UNSOLICITED_WRITE_RECV),
                "the device has no UNSOLICITED_WRITE_RECV");
        try (AddressHandle toReceiver = addressOf(sender, receiver)) {
            post(sender, ops -> ops.wrId(3).wrFlags(SIGNALED)
                    .rdmaWriteWithImm(receiver.mr().rkey(), receiver.mr().address(), 0x1234_5678)
                    .setUdAddr(toReceiver, receiver.qp().qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 32));
            awaitOne(sender, c -> c.wrId());
            awaitOne(receiver, c -> {
                assertThat(c.wrId()).isZero();
                assertThat(c.readOpcode()).isEqualTo(WcOpcode.RECV_RDMA_WITH_IMM);
                assertThat(c.readImmData()).isEqualTo(0x1234_5678);
                assertThat(c.readIsUnsolicited()).isTrue();
                assertThat(c.readSlid()).as("no AH of the sender: 0xFFFF").isEqualTo(0xFFFF);
                assertThat(c.readSourceGid(memory.allocate(16)))
                        .as("RECV_RDMA_WITH_IMM holds the write's length, not a source GID").isFalse();
                return null;
            });
        }
    }

    @Test
    void anUnsignaledRequestIsRefusedWithoutSqSigAll() {
        try (AddressHandle toReceiver = addressOf(sender, receiver)) {
            SendOps ops = sender.qp().sendOps();
            ops.start();
            ops.wrId(4).wrFlags(0).send().setUdAddr(toReceiver, receiver.qp().qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 8);
            assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("ibv_wr_complete");
        }
    }

    @Test
    void efaHasNoSharedReceiveQueue() {
        assertThatThrownBy(() -> receiver.context().createSharedReceiveQueue(SrqInitAttributes.basic(receiver.pd(), 4, 1)))
                .isInstanceOf(VerbsException.class);
    }

    @Test
    void srdFollowsItsOwnStateTable() {
        try (QueuePair qp = srd(receiver.context(), receiver.pd(), receiver.cq(), SrdOptions.DEFAULT)) {
            assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1)))
                    .as("RESET to INIT needs the Q_Key").isInstanceOf(VerbsException.class);
            assertThatThrownBy(() -> qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(2)
                    .qkey(QKEY))).as("port 1 only").isInstanceOf(VerbsException.class);
            toRts(qp);
            assertThat(qp.state()).isEqualTo(QpState.RTS);
        }
    }

    @Test
    void theDepthHelpersAnswerFrom63AndRefuseNoReceiveEntry() {
        EfaContext efa = receiver.efa();
        assertThatThrownBy(() -> efa.maxRqDepth(0)).isInstanceOf(InvalidArgumentException.class);
        if (Libefa.get().has(EfaSymbol.EFADV_GET_MAX_SQ_DEPTH)) {
            assertThat(efa.maxSqDepth(new SqDepthRequest(1, 1, 0, false))).isPositive();
            assertThat(efa.maxRqDepth(1)).isPositive();
        } else {
            assertThatThrownBy(() -> efa.maxRqDepth(1)).isInstanceOf(UnsupportedVerbException.class);
        }
    }

    /**
     * {@code efadv_create_driver_qp}: an SRD queue pair without the send-ops API, through SRD's state table to RTS,
     * that receives a send; what the plain {@code ibv_qp_init_attr} cannot carry is refused before the call.
     */
    @Test
    void theFirstCreatorMakesAnSrdQueuePairThatReceives() {
        EfaContext efa = receiver.efa();
        QpCapabilities cap = new QpCapabilities(4, 4, 1, 1, 0);
        try (QueuePair qp = efa.createDriverQueuePair(QpInitAttributes.builder(QpType.DRIVER, receiver.pd(),
                receiver.cq(), cap).build()); AddressHandle toReceiver = addressOf(sender, receiver)) {
            assertThat(qp.type()).isEqualTo(QpType.DRIVER);
            assertThat(qp.qpNum()).isNotEqualTo(receiver.qp().qpNum());
            assertThatThrownBy(qp::sendOps).isInstanceOf(UnsupportedVerbException.class);
            toRts(qp);
            assertThat(qp.state()).isEqualTo(QpState.RTS);
            ReceiveRequest request = new ReceiveRequest(1).wrId(11);
            request.sgList().add(receiver.mr(), 512, 64);
            qp.postReceive(request);
            post(sender, ops -> ops.wrId(12).wrFlags(SIGNALED).send().setUdAddr(toReceiver, qp.qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 32));
            long sent = awaitOne(sender, c -> c.wrId());
            long received = awaitOne(receiver, c -> c.wrId());
            assertThat(sent).isEqualTo(12L);
            assertThat(received).as("the receive posted on the driver queue pair").isEqualTo(11L);
        }
        assertThatThrownBy(() -> efa.createDriverQueuePair(QpInitAttributes.builder(QpType.DRIVER, receiver.pd(),
                receiver.cq(), cap).sendOpsFlags(SEND_OPS).build())).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> efa.createDriverQueuePair(QpInitAttributes.builder(QpType.UD, receiver.pd(),
                receiver.cq(), cap).build())).isInstanceOf(InvalidArgumentException.class);
    }

    /**
     * A driver queue pair ({@code efadv_create_driver_qp}, no {@code ibv_qp_ex}) sends through the legacy
     * {@code ibv_post_send}: a chain of a SEND and a SEND_WITH_IMM reaches the receiver's SRD queue pair byte for
     * byte, from the driver queue pair's number; a chain whose second request libefa refuses (RDMA READ: its
     * legacy post takes SEND and SEND_WITH_IMM only) posts the first and names the second as {@code bad_wr} with
     * libefa's EINVAL; misuse is refused before libefa.
     */
    @Test
    void aDriverQueuePairSendsThroughTheLegacyPost() {
        QpCapabilities cap = new QpCapabilities(4, 4, 1, 1, 0);
        try (QueuePair qp = sender.efa().createDriverQueuePair(QpInitAttributes.builder(QpType.DRIVER, sender.pd(),
                sender.cq(), cap).build()); AddressHandle toReceiver = addressOf(sender, receiver)) {
            toRts(qp);
            SendOps ops = qp.unwrap(EfaQueuePair.class).sendOps();
            MemorySegment data = sender.mr().segment();
            for (int i = 0; i < 128; i++) {
                data.set(JAVA_BYTE, i, (byte) (i * 7 + 3));
            }
            int target = receiver.qp().qpNum();
            receiveInto(21, 0, 64);
            receiveInto(22, 64, 64);
            receiveInto(23, 128, 64);

            ops.start();
            ops.wrId(31).wrFlags(SIGNALED).send().setUdAddr(toReceiver, target, QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address(), 40);
            ops.wrId(32).sendWithImm(0x12345678).setUdAddr(toReceiver, target, QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address() + 40, 56);
            ops.complete();

            long first = awaitOne(sender, c -> c.wrId());
            long second = awaitOne(sender, c -> c.wrId());
            long[] send = awaitOne(receiver, c -> new long[] {c.wrId(), c.readByteLen(), c.readSrcQp()});
            long[] sendImm = awaitOne(receiver, c -> new long[] {c.wrId(), c.readByteLen(), c.readImmData()});
            assertThat(first).isEqualTo(31L);
            assertThat(second).isEqualTo(32L);
            assertThat(send).containsExactly(21, 40, qp.qpNum());
            assertThat(sendImm).containsExactly(22, 56, 0x12345678);
            MemorySegment received = receiver.mr().segment();
            assertThat(received.asSlice(0, 40).toArray(JAVA_BYTE)).isEqualTo(data.asSlice(0, 40).toArray(JAVA_BYTE));
            assertThat(received.asSlice(64, 56).toArray(JAVA_BYTE)).isEqualTo(data.asSlice(40, 56).toArray(JAVA_BYTE));

            ops.start();
            ops.wrId(33).send().setUdAddr(toReceiver, target, QKEY).setSge(sender.mr().lkey(), sender.mr().address(), 8);
            ops.wrId(34).rdmaRead(receiver.mr().rkey(), receiver.mr().address()).setUdAddr(toReceiver, target, QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address() + 512, 8);
            assertThatThrownBy(ops::complete).isInstanceOf(VerbsException.class)
                    .hasMessageContaining("ibv_post_send").hasMessageContaining("request 1 of 2")
                    .satisfies(e -> assertThat(((VerbsException) e).errno()).as("EINVAL").isEqualTo(22));
            long beforeBad = awaitOne(sender, c -> c.wrId());
            long receivedBeforeBad = awaitOne(receiver, c -> c.wrId());
            assertThat(beforeBad).as("the request before bad_wr was posted").isEqualTo(33L);
            assertThat(receivedBeforeBad).isEqualTo(23L);

            ops.start();
            ops.wrId(35).send().setUdAddr(toReceiver, target, QKEY).setSgeList(null);
            assertThatThrownBy(ops::complete).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("ibv_post_send").hasMessageContaining("discarded");
            assertThatThrownBy(() -> ops.sendTso(data, 1)).isInstanceOf(UnsupportedVerbException.class);
            ops.abort();
            assertThat(sender.cq().startPoll()).as("nothing was posted by the refused batches").isFalse();
        }
    }

    /** {@code efadv_query_mr} (rdma-core 50): the interconnect ids the emulated device reports for each access. */
    @Test
    void theMrQueryGivesTheInterconnectIdsOfTheDevice() {
        EfaMrAttributes attributes = receiver.efa().queryMr(receiver.mr());
        if (emulated()) {
            assertThat(attributes).as("src/test/c/efa_emu.h EMU_MR_*_IC_ID")
                    .isEqualTo(new EfaMrAttributes(OptionalInt.of(1), OptionalInt.of(2), OptionalInt.of(3)));
        }
    }

    /**
     * {@code efadv_query_cq} and {@code efadv_query_qp_wqs} (rdma-core 59): the rings libefa shares with the device,
     * read back after a receive is posted and a send completes (layouts of {@code efa_io_defs.h}); before 59 both
     * are unsupported, naming the release.
     */
    @Test
    void theRawRingsHoldWhatWasPostedAndCompleted() {
        if (!Libefa.get().has(EfaSymbol.EFADV_QUERY_CQ)) {
            assertUnsupportedBefore59(() -> sender.efa().queryCq(sender.cq()), "efadv_query_cq");
            assertUnsupportedBefore59(() -> sender.efa().queryQpWqs(sender.qp()), "efadv_query_qp_wqs");
            return;
        }
        receiveInto(9, 128, 64);
        EfaWqRing rq = receiver.efa().queryQpWqs(receiver.qp()).receiveQueue();
        assertThat(rq.entrySize()).as("efa_io_rx_desc").isEqualTo(16);
        assertThat(rq.numEntries()).isGreaterThanOrEqualTo(16);
        assertThat(rq.maxBatch()).isEqualTo(rq.numEntries());
        assertThat(rq.doorbell()).isNotZero();
        MemorySegment rxDesc = ring(rq.buffer(), rq.entrySize());
        assertThat(rxDesc.get(JAVA_LONG_UNALIGNED, 0)).as("buf_addr").isEqualTo(receiver.mr().address() + 128);
        assertThat(Short.toUnsignedInt(rxDesc.get(JAVA_SHORT_UNALIGNED, 10))).as("length").isEqualTo(64);
        assertThat(rxDesc.get(JAVA_INT_UNALIGNED, 12) & 0xFF_FFFF).as("lkey").isEqualTo(receiver.mr().lkey() & 0xFF_FFFF);
        try (AddressHandle toReceiver = addressOf(sender, receiver)) {
            post(sender, ops -> ops.wrId(10).wrFlags(SIGNALED).send().setUdAddr(toReceiver, receiver.qp().qpNum(), QKEY)
                    .setSge(sender.mr().lkey(), sender.mr().address() + 256, 48));
            awaitOne(sender, c -> c.wrId());
        }
        assertSendRing(sender.efa().queryQpWqs(sender.qp()).sendQueue());
        assertSendCompletionRing(sender.efa().queryCq(sender.cq()));
    }

    private void assertSendRing(EfaWqRing sq) {
        assertThat(sq.entrySize()).as("efa_io_tx_wqe").isEqualTo(64);
        assertThat(sq.numEntries()).isGreaterThanOrEqualTo(16);
        assertThat(sq.doorbell()).isNotZero();
        if (emulated()) {
            assertThat(sq.maxBatch()).as("the emulated device's max_tx_batch, 16 x 64 bytes").isEqualTo(16);
        }
        MemorySegment wqe = ring(sq.buffer(), sq.entrySize());
        assertThat(Short.toUnsignedInt(wqe.get(JAVA_SHORT_UNALIGNED, 4))).as("dest_qp_num")
                .isEqualTo(receiver.qp().qpNum() & 0xFFFF);
        assertThat(wqe.get(JAVA_INT_UNALIGNED, 16)).as("qkey").isEqualTo(QKEY);
        assertThat(wqe.get(JAVA_INT_UNALIGNED, 32)).as("sgl[0].length").isEqualTo(48);
        assertThat(wqe.get(JAVA_LONG_UNALIGNED, 40)).as("sgl[0].addr").isEqualTo(sender.mr().address() + 256);
    }

    private void assertSendCompletionRing(EfaCqRing cq) {
        assertThat(cq.entrySize()).as("efa_io_rx_cdesc_ex, a CQ with the source GID").isEqualTo(32);
        assertThat(cq.numEntries()).isGreaterThanOrEqualTo(64);
        assertThat(cq.doorbell()).isPresent();
        MemorySegment cdesc = ring(cq.buffer(), cq.entrySize());
        int flags = Byte.toUnsignedInt(cdesc.get(JAVA_BYTE, 3));
        assertThat(Byte.toUnsignedInt(cdesc.get(JAVA_BYTE, 2))).as("status").isZero();
        assertThat(flags & 1).as("phase of the first pass").isEqualTo(1);
        assertThat((flags >> 1) & 3).as("q_type: send").isEqualTo(1);
        assertThat(Short.toUnsignedInt(cdesc.get(JAVA_SHORT_UNALIGNED, 4))).as("qp_num")
                .isEqualTo(sender.qp().qpNum() & 0xFFFF);
    }

    @SuppressWarnings("restricted")
    private static MemorySegment ring(long address, int entrySize) {
        assertThat(address).isNotZero();
        return MemorySegment.ofAddress(address).reinterpret(entrySize);
    }

    private static void assertUnsupportedBefore59(Executable call, String verb) {
        assertThatThrownBy(call::execute).isInstanceOf(UnsupportedVerbException.class).hasMessageContaining(verb)
                .hasMessageContaining("rdma-core " + Libefa.get().release()).hasMessageContaining("since rdma-core 59");
    }

    private static boolean emulated() {
        return System.getenv("LD_PRELOAD") != null && System.getenv("LD_PRELOAD").contains("efa-emu");
    }

    private Side side(Device device) {
        Context context = device.open();
        ProtectionDomain pd = context.allocateProtectionDomain();
        Set<ExtraCompletionField> fields = EnumSet.of(ExtraCompletionField.SOURCE_GID);
        boolean unsolicited = context.capabilities().supports(Capability.CQ_UNSOLICITED);
        if (unsolicited) {
            fields.add(ExtraCompletionField.UNSOLICITED);
        }
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(64).extraFields(fields).build());
        QueuePair qp = context.unwrap(EfaContext.class).createSrdQueuePair(attributes(pd, cq, unsolicited),
                SrdOptions.DEFAULT);
        toRts(qp);
        MemoryRegion mr = pd.registerMemory(memory.allocate(4096, 4096),
                EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ));
        return new Side(context, pd, cq, qp, mr, context.queryGid(1, 0));
    }

    private static QueuePair srd(Context context, ProtectionDomain pd, CompletionQueue cq, SrdOptions options) {
        return context.unwrap(EfaContext.class).createSrdQueuePair(attributes(pd, cq, false), options);
    }

    private static QpInitAttributes attributes(ProtectionDomain pd, CompletionQueue cq, boolean unsolicited) {
        return QpInitAttributes.builder(QpType.DRIVER, pd, cq, new QpCapabilities(16, 16, 1, 1, 0))
                .sendOpsFlags(SEND_OPS).unsolicitedWriteRecv(unsolicited).build();
    }

    private static void toRts(QueuePair qp) {
        qp.modify(new QpAttributes().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qkey(QKEY));
        qp.modify(new QpAttributes().qpState(QpState.RTR));
        qp.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(0));
    }

    private AddressHandle addressOf(Side from, Side to) {
        return from.pd().createAddressHandle(new AhAttributes(new GlobalRoute(to.gid(), 0, 0, 64, 0), 0, 0, 0, 0, 1));
    }

    private void receiveInto(long wrId, long offset, int length) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(receiver.mr(), offset, length);
        receiver.qp().postReceive(request);
    }

    private static void post(Side side, java.util.function.Consumer<SendOps> builder) {
        SendOps ops = side.qp().sendOps();
        ops.start();
        builder.accept(ops);
        ops.complete();
    }

    /** Waits for one successful completion and reads it inside the poll batch. */
    private static <T> T awaitOne(Side side, java.util.function.Function<CompletionQueue, T> read) {
        CompletionQueue cq = side.cq();
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (!cq.startPoll()) {
            if (System.nanoTime() > deadline) {
                fail("no completion on " + side.context().device().name() + " within 20 s");
            }
            Thread.onSpinWait();
        }
        try {
            assertThat(cq.status()).as("status of wr_id %d", cq.wrId()).isEqualTo(WcStatus.SUCCESS);
            return read.apply(cq);
        } finally {
            cq.endPoll();
        }
    }

    private static Device named(List<Device> devices, String name, int fallback) {
        if (name != null && !name.isBlank()) {
            return devices.stream().filter(d -> d.name().equals(name.strip())).findFirst()
                    .orElseGet(() -> noDevice("no EFA device named " + name + " in " + devices));
        }
        if (devices.isEmpty()) {
            return noDevice("no EFA device: " + new EfaProvider().availability().reason());
        }
        return devices.get(Math.min(fallback, devices.size() - 1));
    }

    private static Device noDevice(String reason) {
        if (Boolean.getBoolean("verbs4j.test.requireDevice")) {
            fail(reason);
        }
        Assumptions.abort(reason);
        return null;
    }
}
