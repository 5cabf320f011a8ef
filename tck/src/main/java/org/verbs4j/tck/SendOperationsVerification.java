package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.DeviceLimits;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.Gid;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpCreateFlag;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Extended queue pairs ({@code ibv_create_qp_ex(3)}) and the send-ops API ({@code ibv_wr_post(3)}), with
 * the traffic scenarios of rdma-core's {@code test_qpex.py}: every payload is checked byte for byte.
 */
@TckArea("extended QP and send operations")
public abstract class SendOperationsVerification extends AreaVerification {

    private static final int SIZE = 1024;

    /** Creates the area. */
    protected SendOperationsVerification() {
    }

    private Duration timeout() {
        return environment().completionTimeout();
    }

    /** ibv_create_qp_ex. */
    @Nested
    @DisplayName("ibv_create_qp_ex")
    class Creation {

        private QpInitAttributes.Builder rc(QpCapabilities cap) {
            CompletionQueue cq = completionQueue(64);
            return QpInitAttributes.builder(QpType.RC, protectionDomain(), cq, cap)
                    .sendOpsFlags(Set.of(SendOpsFlag.SEND));
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3): the actual caps are at least the requested ones")
        void capsAreAtLeastRequested() {
            QpCapabilities requested = new QpCapabilities(17, 9, 2, 3, 0);
            QpInitAttributes attributes = rc(requested).build();
            loopback().requireType(attributes);
            QpCapabilities actual = queuePair(attributes).capabilities();
            assertAll(() -> assertTrue(actual.maxSendWr() >= 17, "max_send_wr " + actual.maxSendWr()),
                    () -> assertTrue(actual.maxRecvWr() >= 9, "max_recv_wr " + actual.maxRecvWr()),
                    () -> assertTrue(actual.maxSendSge() >= 2, "max_send_sge " + actual.maxSendSge()),
                    () -> assertTrue(actual.maxRecvSge() >= 3, "max_recv_sge " + actual.maxRecvSge()));
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3): caps above the device limits (max_qp_wr, max_sge) are refused (EINVAL)")
        void capsAboveTheLimitsAreRefused() {
            DeviceLimits limits = context().queryDevice().limits();
            loopback().requireType(rc(Loopback.defaultCapabilities()).build());
            QpInitAttributes tooDeep = rc(new QpCapabilities(limits.maxQpWr() + 1, 1, 1, 1, 0)).build();
            QpInitAttributes tooWide = rc(new QpCapabilities(1, 1, limits.maxSge() + 1, 1, 0)).build();
            assertAll(() -> assertThrows(InvalidArgumentException.class, () -> queuePair(tooDeep), "max_send_wr"),
                    () -> assertThrows(InvalidArgumentException.class, () -> queuePair(tooWide), "max_send_sge"));
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3): a new QP is in RESET, has a QP number and keeps its attributes")
        void newQueuePairIsInReset() {
            Object qpContext = new Object();
            QpInitAttributes attributes = rc(Loopback.defaultCapabilities()).qpContext(qpContext).build();
            loopback().requireType(attributes);
            QueuePair first = queuePair(attributes);
            QueuePair second = queuePair(attributes);
            assertAll(() -> assertEquals(QpState.RESET, first.state()),
                    () -> assertNotEquals(first.qpNum(), second.qpNum(), "qp_num of two QPs"),
                    () -> assertEquals(QpType.RC, first.type()),
                    () -> assertSame(qpContext, first.qpContext(), "qp_context"),
                    () -> assertSame(attributes.pd(), first.protectionDomain(), "pd"),
                    () -> assertSame(attributes.sendCq(), first.sendCq(), "send_cq"),
                    () -> assertSame(attributes.recvCq(), first.recvCq(), "recv_cq"));
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) NOTES: ibv_qp_to_qp_ex needs IBV_QP_INIT_ATTR_SEND_OPS_FLAGS")
        void sendOpsNeedSendOpsFlags() {
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, protectionDomain(), completionQueue(8),
                    Loopback.defaultCapabilities()).build();
            loopback().requireType(attributes);
            QueuePair qp = queuePair(attributes);
            assertThrows(UnsupportedVerbException.class, qp::sendOps);
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) send_ops_flags: a builder that was not requested is refused (EINVAL)")
        void onlyRequestedBuildersMayBeCalled() {
            QpInitAttributes attributes = rc(Loopback.defaultCapabilities()).build();
            loopback().requireType(attributes);
            SendOps ops = queuePair(attributes).sendOps();
            ops.start();
            try {
                assertThrows(InvalidArgumentException.class, () -> ops.rdmaWrite(1, 0),
                        "IBV_QP_EX_WITH_RDMA_WRITE was not requested");
            } finally {
                ops.abort();
            }
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) send_ops_flags: a QP type that cannot do an operation is refused at creation")
        void udCannotDoRdma() {
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.UD, protectionDomain(), completionQueue(8),
                    Loopback.defaultCapabilities()).sendOpsFlags(Set.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_READ))
                    .build();
            loopback().requireType(QpInitAttributes.builder(QpType.UD, protectionDomain(), completionQueue(8),
                    Loopback.defaultCapabilities()).sendOpsFlags(Set.of(SendOpsFlag.SEND)).build());
            assertThrows(UnsupportedVerbException.class, () -> track(context().createQueuePair(attributes)),
                    "ibv_wr_post(3): RDMA_READ is an RC/XRC operation; the QP does not support all requested "
                            + "work request types, so creation fails");
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) create_flags: a UD QP with SOURCE_QPN is created (in RESET), or "
                + "QP_SOURCE_QPN unsupported")
        void sourceQpn() {
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.UD, protectionDomain(), completionQueue(8),
                    Loopback.defaultCapabilities()).createFlags(Set.of(QpCreateFlag.SOURCE_QPN)).sourceQpn(0x1234)
                    .build();
            assertEquals(QpState.RESET, requireAndCreate(Capability.QP_SOURCE_QPN,
                    "ibv_create_qp_ex(IBV_QP_CREATE_SOURCE_QPN)", () -> context().createQueuePair(attributes)).state());
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) qp_type: UC, or QP_UC unsupported")
        void unreliableConnected() {
            optionalType(QpType.UC, Capability.QP_UC);
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) qp_type: RAW_PACKET, or QP_RAW_PACKET unsupported")
        void rawPacket() {
            optionalType(QpType.RAW_PACKET, Capability.QP_RAW_PACKET);
        }

        @Test
        @DisplayName("ibv_create_qp_ex(3) qp_type: DRIVER, or QP_DRIVER unsupported")
        void driver() {
            optionalType(QpType.DRIVER, Capability.QP_DRIVER);
        }

        private void optionalType(QpType type, Capability capability) {
            QpInitAttributes attributes = QpInitAttributes.builder(type, protectionDomain(), completionQueue(8),
                    loopback().capabilities()).build();
            assertEquals(type, requireAndCreate(capability, "ibv_create_qp_ex(" + type.cName() + ")",
                    () -> context().createQueuePair(attributes)).type());
        }
    }

    /** RC traffic, test_qpex.py. */
    @Nested
    @DisplayName("RC traffic")
    class RcTraffic {

        @Test
        @DisplayName("test_qpex rc_send: SEND and receive, payload byte for byte, opcodes, byte_len and qp_num")
        void sendAndReceive() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = payload(pairs.pd(), 1);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.receive(pairs.responder(), 7, target, 0, SIZE);
            WorkRequests.send(pairs.requester(), 8, source, 0, SIZE);
            Completion sent = Completions.awaitOne(pairs.requesterCq(), timeout(), "the SEND");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the receive");
            assertAll(() -> assertEquals(new Expect(8, WcStatus.SUCCESS, WcOpcode.SEND), Expect.of(sent)),
                    () -> assertEquals(new Expect(7, WcStatus.SUCCESS, WcOpcode.RECV), Expect.of(received)),
                    () -> assertEquals(SIZE, received.byteLen(), "byte_len"),
                    () -> assertEquals(pairs.responder().qpNum(), received.qpNum(), "qp_num of the receive"),
                    () -> assertEquals(pairs.requester().qpNum(), sent.qpNum(), "qp_num of the send"),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(1, SIZE), "received SEND"));
        }

        @Test
        @DisplayName("test_qpex rc_send_imm: SEND_WITH_IMM arrives as RECV with IBV_WC_WITH_IMM and the immediate data")
        void sendWithImmediate() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = payload(pairs.pd(), 2);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, SIZE);
            WorkRequests.sendWithImm(pairs.requester(), 2, 0xcafe_f00d, source, 0, SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the SEND_WITH_IMM");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the receive");
            assertAll(() -> assertEquals(WcOpcode.RECV, received.opcode(), "ibv_wr_post(3) errata: RECV, not "
                            + "RECV_RDMA_WITH_IMM"),
                    () -> assertTrue(received.has(WcFlag.WITH_IMM), "IBV_WC_WITH_IMM"),
                    () -> assertEquals(0xcafe_f00d, received.immData(), "imm_data"),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(2, SIZE), "received SEND"));
        }

        @Test
        @DisplayName("test_qpex rc_rdma_write: RDMA_WRITE places the payload and consumes no receive")
        void rdmaWrite() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = payload(pairs.pd(), 3);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.receive(pairs.responder(), 30, inbox, 0, SIZE);
            WorkRequests.rdmaWrite(pairs.requester(), 3, target.rkey(), target.address(), source, 0, SIZE);
            Completion written = Completions.awaitOne(pairs.requesterCq(), timeout(), "the RDMA_WRITE");
            assertAll(() -> assertEquals(new Expect(3, WcStatus.SUCCESS, WcOpcode.RDMA_WRITE), Expect.of(written)),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(3, SIZE), "RDMA-written"));
            Completions.assertNone(pairs.responderCq(), Duration.ofMillis(50), "an RDMA_WRITE completes no receive");
            WorkRequests.send(pairs.requester(), 31, source, 0, SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the SEND after the RDMA_WRITE");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the receive");
            assertAll(() -> assertEquals(new Expect(30, WcStatus.SUCCESS, WcOpcode.RECV), Expect.of(received),
                            "the receive posted before the RDMA_WRITE takes the SEND after it"),
                    () -> assertEquals(SIZE, received.byteLen(), "byte_len of the SEND"));
        }

        @Test
        @DisplayName("test_qpex rc_rdma_write_imm: RDMA_WRITE_WITH_IMM places the payload and completes "
                + "RECV_RDMA_WITH_IMM")
        void rdmaWriteWithImmediate() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = payload(pairs.pd(), 4);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.receive(pairs.responder(), 40, target, 0, 0);
            WorkRequests.rdmaWriteWithImm(pairs.requester(), 4, target.rkey(), target.address(), 0x1234_5678,
                    source, 0, SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the RDMA_WRITE_WITH_IMM");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the immediate data");
            assertAll(() -> assertEquals(new Expect(40, WcStatus.SUCCESS, WcOpcode.RECV_RDMA_WITH_IMM),
                            Expect.of(received)),
                    () -> assertEquals(0x1234_5678, received.immData(), "imm_data"),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(4, SIZE), "RDMA-written"));
        }

        @Test
        @DisplayName("test_qpex rc_rdma_read: RDMA_READ fetches the remote payload")
        void rdmaRead() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion remote = payload(pairs.responderPd(), 5);
            MemoryRegion local = openMemoryRegion(pairs.pd(), SIZE);
            WorkRequests.rdmaRead(pairs.requester(), 5, remote.rkey(), remote.address(), local, 0, SIZE);
            Completion read = Completions.awaitOne(pairs.requesterCq(), timeout(), "the RDMA_READ");
            assertAll(() -> assertEquals(new Expect(5, WcStatus.SUCCESS, WcOpcode.RDMA_READ), Expect.of(read)),
                    () -> Payloads.assertPayload(local.segment(), 0, Payloads.pattern(5, SIZE), "RDMA-read"));
        }

        @Test
        @DisplayName("test_qpex rc_rdma_write_zero_length, rc_rdma_read_zero_size: zero-length RDMA succeeds")
        void zeroLengthRdma() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion remote = openMemoryRegion(pairs.responderPd(), 64);
            MemoryRegion local = openMemoryRegion(pairs.pd(), 64);
            WorkRequests.rdmaWrite(pairs.requester(), 1, remote.rkey(), remote.address(), local, 0, 0);
            WorkRequests.rdmaRead(pairs.requester(), 2, remote.rkey(), remote.address(), local, 0, 0);
            List<Completion> done = Completions.await(pairs.requesterCq(), 2, timeout(), "zero-length write and read");
            assertEquals(List.of(WcStatus.SUCCESS, WcStatus.SUCCESS), done.stream().map(Completion::status).toList());
        }

        @Test
        @DisplayName("test_atomic cmp_swp: ATOMIC_CMP_AND_SWP swaps when equal and returns the original value")
        void compareAndSwap() {
            QueuePairs pairs = atomicPairs();
            MemoryRegion remote = openMemoryRegion(pairs.responderPd(), 16);
            MemoryRegion local = openMemoryRegion(pairs.pd(), 16);
            remote.segment().set(ValueLayout.JAVA_LONG, 0, 5);
            remote.segment().set(ValueLayout.JAVA_LONG, 8, 6);
            WorkRequests.compareAndSwap(pairs.requester(), 1, remote.rkey(), remote.address(), 5, 9, local, 0);
            WorkRequests.compareAndSwap(pairs.requester(), 2, remote.rkey(), remote.address() + 8, 5, 9, local, 8);
            List<Completion> done = Completions.await(pairs.requesterCq(), 2, timeout(), "two compare-and-swaps");
            assertAll(() -> assertEquals(WcOpcode.COMP_SWAP, done.getFirst().opcode()),
                    () -> assertEquals(9, remote.segment().get(ValueLayout.JAVA_LONG, 0), "swapped when equal"),
                    () -> assertEquals(5, local.segment().get(ValueLayout.JAVA_LONG, 0), "original value returned"),
                    () -> assertEquals(6, remote.segment().get(ValueLayout.JAVA_LONG, 8), "kept when not equal"),
                    () -> assertEquals(6, local.segment().get(ValueLayout.JAVA_LONG, 8), "original value returned"));
        }

        @Test
        @DisplayName("test_atomic fetch_add: ATOMIC_FETCH_AND_ADD adds and returns the original value")
        void fetchAndAdd() {
            QueuePairs pairs = atomicPairs();
            MemoryRegion remote = openMemoryRegion(pairs.responderPd(), 8);
            MemoryRegion local = openMemoryRegion(pairs.pd(), 8);
            remote.segment().set(ValueLayout.JAVA_LONG, 0, 40);
            WorkRequests.fetchAndAdd(pairs.requester(), 1, remote.rkey(), remote.address(), 2, local, 0);
            Completion done = Completions.awaitOne(pairs.requesterCq(), timeout(), "the fetch-and-add");
            assertAll(() -> assertEquals(WcOpcode.FETCH_ADD, done.opcode()),
                    () -> assertEquals(42, remote.segment().get(ValueLayout.JAVA_LONG, 0), "remote value"),
                    () -> assertEquals(40, local.segment().get(ValueLayout.JAVA_LONG, 0), "original value"));
        }

        @Test
        @DisplayName("ibv_wr_post(3) ibv_wr_set_sge_list: a SEND gathers several SGEs into one message")
        void gatherList() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = payload(pairs.pd(), 6);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, SIZE);
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSgeList(new ScatterGatherList(2)
                    .add(source, 0, SIZE / 2).add(source, SIZE / 2, SIZE / 2));
            ops.complete();
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the SEND");
            assertEquals(SIZE, Completions.awaitOne(pairs.responderCq(), timeout(), "the receive").byteLen());
            Payloads.assertPayload(target.segment(), 0, Payloads.pattern(6, SIZE), "gathered SEND");
        }

        @Test
        @DisplayName("ibv_wr_post(3) ibv_wr_set_inline_data: inline data is copied at once and delivered")
        void inlineData() {
            MemorySegment data = memory(64);
            Payloads.write(data, 0, Payloads.pattern(7, 64));
            assertInlineDelivered(inlinePairs(), ops -> ops.setInlineData(data),
                    () -> Payloads.write(data, 0, new byte[64]),
                    Payloads.pattern(7, 64), "inline SEND (the buffer was cleared after the setter)");
        }

        @Test
        @DisplayName("ibv_wr_set_inline_data: the data may be heap memory (MemorySegment.ofArray)")
        void inlineDataFromTheHeap() {
            byte[] array = Payloads.pattern(8, 40);
            MemorySegment data = MemorySegment.ofArray(array);
            assertInlineDelivered(inlinePairs(), ops -> ops.setInlineData(data), () -> Arrays.fill(array, (byte) 0),
                    Payloads.pattern(8, 40), "inline SEND from a heap array (cleared after the setter)");
        }

        @Test
        @DisplayName("ibv_wr_set_inline_data_list: the pieces are copied at once and arrive in order, heap ones too")
        void inlineDataList() {
            byte[] expected = Payloads.pattern(9, 48);
            MemorySegment first = memory(16);
            Payloads.write(first, 0, Arrays.copyOfRange(expected, 0, 16));
            byte[] middle = Arrays.copyOfRange(expected, 16, 40);
            MemorySegment last = memory(8);
            Payloads.write(last, 0, Arrays.copyOfRange(expected, 40, 48));
            List<MemorySegment> pieces = List.of(first, MemorySegment.ofArray(middle), last);
            assertInlineDelivered(inlinePairs(), ops -> ops.setInlineDataList(pieces), () -> {
                Payloads.write(first, 0, new byte[16]);
                Arrays.fill(middle, (byte) 0);
                Payloads.write(last, 0, new byte[8]);
            }, expected, "inline SEND of three pieces (cleared after the setter)");
        }

        @Test
        @DisplayName("ibv_wr_set_inline_data: data of a closed arena fails ibv_wr_complete, naming the setter; "
                + "the batch is discarded and the queue pair goes on")
        void inlineDataOfAClosedArena() {
            InlinePairs inline = inlinePairs();
            Arena arena = Arena.ofShared();
            MemorySegment closed = arena.allocate(16);
            arena.close();
            SendOps ops = inline.requester().sendOps();
            ops.start();
            ops.wrId(1).wrFlags((int) (SendFlag.SIGNALED.value() | SendFlag.INLINE.value())).send()
                    .setInlineData(closed);
            InvalidArgumentException failure = assertThrows(InvalidArgumentException.class, ops::complete,
                    "ibv_wr_complete after inline data of a closed arena");
            assertTrue(failure.getMessage().contains("ibv_wr_set_inline_data"),
                    "the failure names the setter: " + failure.getMessage());
            Completions.assertNone(inline.requester().sendCq(), Duration.ofMillis(50), "the discarded request");
            MemorySegment data = memory(16);
            Payloads.write(data, 0, Payloads.pattern(10, 16));
            assertInlineDelivered(inline, o -> o.setInlineData(data), () -> { }, Payloads.pattern(10, 16),
                    "an inline SEND after the discarded batch");
        }

        /** An RC pair whose requester was replaced by one with {@code max_inline_data} 64. */
        private record InlinePairs(QueuePairs pairs, QueuePair requester) {
        }

        private InlinePairs inlinePairs() {
            QueuePairs pairs = loopback().rc();
            QpInitAttributes inlineAttributes = inlineAttributes(pairs);
            requireCapability(Capability.INLINE_DATA, "ibv_create_qp_ex(max_inline_data 64)",
                    () -> context().createQueuePair(inlineAttributes));
            return new InlinePairs(pairs, inlineRequester(pairs));
        }

        /**
         * Sends {@code expected} inline from {@code inline}'s requester: {@code setData} sets the data,
         * {@code clear} overwrites the caller's buffers right after it (the data was copied), then the receiver
         * must hold {@code expected}.
         */
        private void assertInlineDelivered(InlinePairs inline, UnaryOperator<SendOps> setData, Runnable clear,
                                           byte[] expected, String what) {
            MemoryRegion target = openMemoryRegion(inline.pairs().responderPd(), 64);
            WorkRequests.receive(inline.pairs().responder(), 1, target, 0, 64);
            SendOps ops = inline.requester().sendOps();
            ops.start();
            setData.apply(ops.wrId(1).wrFlags((int) (SendFlag.SIGNALED.value() | SendFlag.INLINE.value())).send());
            clear.run();
            ops.complete();
            Completions.awaitSuccess(inline.requester().sendCq(), timeout(), what);
            assertEquals(expected.length,
                    Completions.awaitOne(inline.pairs().responderCq(), timeout(), "the receive").byteLen(),
                    "byte_len of the receive");
            Payloads.assertPayload(target.segment(), 0, expected, what);
        }

        @Test
        @DisplayName("ibv_post_send(3): completions of one work queue are returned once each, in posting order")
        void completionsInPostingOrder() {
            QueuePairs pairs = loopback().rc();
            int count = 32;
            MemoryRegion source = openMemoryRegion(pairs.pd(), 64 * count);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 64 * count);
            for (int i = 0; i < count; i++) {
                Payloads.write(source.segment(), 64L * i, Payloads.pattern(100 + i, 64));
                WorkRequests.receive(pairs.responder(), 1000 + i, target, 64L * i, 64);
            }
            for (int i = 0; i < count; i++) {
                WorkRequests.send(pairs.requester(), i, source, 64L * i, 64);
            }
            List<Completion> sent = Completions.await(pairs.requesterCq(), count, timeout(), count + " SENDs");
            List<Completion> received = Completions.await(pairs.responderCq(), count, timeout(), count + " receives");
            assertAll(() -> Completions.assertEachOnce(sent, "send completions"),
                    () -> Completions.assertEachOnce(received, "receive completions"),
                    () -> assertEquals(LongStream.range(0, count).boxed().toList(),
                            sent.stream().map(Completion::wrId).toList(),
                            "wr_ids of the send completions, which must come in posting order"),
                    () -> assertEquals(LongStream.range(1000, 1000 + count).boxed().toList(),
                            received.stream().map(Completion::wrId).toList(),
                            "wr_ids of the receive completions, which must come in posting order"));
            for (int i = 0; i < count; i++) {
                Payloads.assertPayload(target.segment(), 64L * i, Payloads.pattern(100 + i, 64), "message " + i);
            }
            Completions.assertNone(pairs.requesterCq(), Duration.ofMillis(50), "every request completes exactly once");
            Completions.assertNone(pairs.responderCq(), Duration.ZERO, "every receive completes exactly once");
        }

        @Test
        @DisplayName("ibv_post_send(3): an unsignaled request generates no completion, sq_sig_all signals every one")
        void signaling() {
            QueuePairs plain = loopback().rc();
            QueuePairs all = loopback().rc(builder -> builder.sqSigAll(true));
            for (QueuePairs pairs : List.of(plain, all)) {
                MemoryRegion source = openMemoryRegion(pairs.pd(), 8);
                MemoryRegion target = openMemoryRegion(pairs.responderPd(), 8);
                WorkRequests.receive(pairs.responder(), 1, target, 0, 8);
                WorkRequests.send(pairs.requester(), 1, 0, source, 0, 8);
                Completions.awaitSuccess(pairs.responderCq(), timeout(), "the receive");
            }
            Completions.assertNone(plain.requesterCq(), Duration.ofMillis(50), "the SEND was not signaled");
            assertEquals(1, Completions.awaitOne(all.requesterCq(), timeout(), "the SEND of an sq_sig_all QP").wrId());
        }

        @Test
        @DisplayName("ibv_wr_post(3): ibv_wr_abort discards the batch: nothing is sent")
        void abortDiscardsTheBatch() {
            QueuePairs pairs = loopback().rc();
            MemoryRegion source = openMemoryRegion(pairs.pd(), 8);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 8);
            WorkRequests.receive(pairs.responder(), 1, target, 0, 8);
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(source.lkey(), source.address(), 8);
            ops.abort();
            Completions.assertNone(pairs.responderCq(), Duration.ofMillis(100), "the SEND was aborted");
            Completions.assertNone(pairs.requesterCq(), Duration.ZERO, "the SEND was aborted");
        }

        private QueuePairs atomicPairs() {
            loopback().requireAtomics();
            return loopback().rc();
        }

        private QpInitAttributes inlineAttributes(QueuePairs pairs) {
            return QpInitAttributes.builder(QpType.RC, pairs.pd(), completionQueue(16),
                    new QpCapabilities(16, 16, 1, 1, 64)).sendOpsFlags(Set.of(SendOpsFlag.SEND)).build();
        }

        private QueuePair inlineRequester(QueuePairs pairs) {
            QueuePair inline = queuePair(inlineAttributes(pairs));
            assertTrue(inline.capabilities().maxInlineData() >= 64, "max_inline_data");
            pairs.responder().modify(new QpAttributes().qpState(QpState.RESET));
            loopback().toRts(pairs.responder(), inline);
            loopback().toRts(inline, pairs.responder());
            return inline;
        }
    }

    /** UD traffic, test_qpex.py ud_*. */
    @Nested
    @DisplayName("UD traffic")
    class UdTraffic {

        @Test
        @DisplayName("test_qpex ud_send: the payload arrives after the 40-byte GRH, with src_qp and IBV_WC_GRH")
        void udSend() {
            QueuePairs pairs = loopback().ud();
            AddressHandle ah = toResponder(pairs);
            MemoryRegion source = payload(pairs.pd(), 8);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), Loopback.GRH_SIZE + SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, Loopback.GRH_SIZE + SIZE);
            WorkRequests.sendUd(pairs.requester(), 2, ah, pairs.responder().qpNum(), source, 0, SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the UD SEND");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the UD receive");
            assertAll(() -> assertEquals(new Expect(1, WcStatus.SUCCESS, WcOpcode.RECV), Expect.of(received)),
                    () -> assertEquals(Loopback.GRH_SIZE + SIZE, received.byteLen(), "byte_len includes the GRH"),
                    () -> assertEquals(pairs.requester().qpNum(), received.srcQp(), "src_qp"),
                    () -> assertTrue(received.has(WcFlag.GRH), "IBV_WC_GRH"),
                    () -> Payloads.assertPayload(target.segment(), Loopback.GRH_SIZE, Payloads.pattern(8, SIZE),
                            "UD payload after the GRH"));
        }

        @Test
        @DisplayName("test_qpex ud_send_imm: a UD SEND_WITH_IMM carries the immediate data")
        void udSendWithImmediate() {
            QueuePairs pairs = loopback().ud();
            AddressHandle ah = toResponder(pairs);
            MemoryRegion source = payload(pairs.pd(), 9);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), Loopback.GRH_SIZE + SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, Loopback.GRH_SIZE + SIZE);
            SendOps ops = pairs.requester().sendOps();
            ops.start();
            ops.wrId(2).wrFlags((int) SendFlag.SIGNALED.value()).sendWithImm(0x0bad_cafe)
                    .setUdAddr(ah, pairs.responder().qpNum(), Loopback.QKEY)
                    .setSge(source.lkey(), source.address(), SIZE);
            ops.complete();
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the UD SEND_WITH_IMM");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the UD receive");
            assertAll(() -> assertTrue(received.has(WcFlag.WITH_IMM), "IBV_WC_WITH_IMM"),
                    () -> assertEquals(0x0bad_cafe, received.immData(), "imm_data"),
                    () -> Payloads.assertPayload(target.segment(), Loopback.GRH_SIZE, Payloads.pattern(9, SIZE),
                            "UD payload after the GRH"));
        }

        @Test
        @DisplayName("test_qpex ud_zero_size: a zero-byte UD SEND succeeds")
        void udZeroSize() {
            QueuePairs pairs = loopback().ud();
            AddressHandle ah = toResponder(pairs);
            MemoryRegion source = openMemoryRegion(pairs.pd(), Loopback.GRH_SIZE);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), Loopback.GRH_SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, Loopback.GRH_SIZE);
            WorkRequests.sendUd(pairs.requester(), 2, ah, pairs.responder().qpNum(), source, 0, 0);
            assertEquals(WcStatus.SUCCESS, Completions.awaitOne(pairs.requesterCq(), timeout(), "the SEND").status());
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the UD receive");
            assertAll(() -> assertEquals(WcStatus.SUCCESS, received.status()),
                    () -> assertEquals(Loopback.GRH_SIZE, received.byteLen(), "byte_len of a zero-byte message"));
        }

        @Test
        @DisplayName("ibv_create_ah_from_wc(3): the receiver of a UD SEND replies through an address handle made "
                + "from the completion and its GRH (ibv_init_ah_from_wc's attributes, the sender's GID as destination)")
        void replyThroughAddressFromCompletion() {
            QueuePairs pairs = loopback().ud();
            AddressHandle ah = toResponder(pairs);
            MemoryRegion source = payload(pairs.pd(), 10);
            MemoryRegion replySource = payload(pairs.responderPd(), 10);
            MemoryRegion request = openMemoryRegion(pairs.responderPd(), Loopback.GRH_SIZE + SIZE);
            MemoryRegion reply = openMemoryRegion(pairs.pd(), Loopback.GRH_SIZE + SIZE);
            WorkRequests.receive(pairs.responder(), 1, request, 0, Loopback.GRH_SIZE + SIZE);
            WorkRequests.receive(pairs.requester(), 3, reply, 0, Loopback.GRH_SIZE + SIZE);
            WorkRequests.sendUd(pairs.requester(), 2, ah, pairs.responder().qpNum(), source, 0, SIZE);
            Completions.awaitSuccess(pairs.requesterCq(), timeout(), "the UD SEND");
            int port = loopback().addressOf(Side.RESPONDER).portNum();
            ReplyPath path = CurrentCompletion.apply(pairs.responderCq(), timeout(), "the UD receive",
                    cq -> new ReplyPath(track(pairs.responderPd().createAddressHandleFromCompletion(cq,
                            request.segment(), port)),
                            context(Side.RESPONDER).initAhFromCompletion(port, cq, request.segment()), cq.readSrcQp()));
            WorkRequests.sendUd(pairs.responder(), 4, path.ah(), path.srcQp(), replySource, 0, SIZE);
            Completions.awaitSuccess(pairs.responderCq(), timeout(), "the reply's SEND");
            Completion received = Completions.awaitOne(pairs.requesterCq(), timeout(), "the reply");
            AhAttributes made = path.ah().attributes();
            Gid sender = loopback().addressOf(Side.REQUESTER).grh().dgid();
            Gid receiver = loopback().addressOf(Side.RESPONDER).grh().dgid();
            assertAll(() -> assertEquals(made, path.initialized(), "ibv_init_ah_from_wc gives the handle's attributes"),
                    () -> assertTrue(made.isGlobal(), "is_global"),
                    () -> assertEquals(sender, made.grh().dgid(), "dgid: the sender's GID"),
                    () -> assertEquals(receiver, context(Side.RESPONDER).queryGid(port, made.grh().sgidIndex()),
                            "sgid_index: the GID the message was sent to"),
                    () -> assertEquals(port, made.portNum(), "port_num"),
                    () -> assertEquals(new Expect(3, WcStatus.SUCCESS, WcOpcode.RECV), Expect.of(received)),
                    () -> assertEquals(pairs.responder().qpNum(), received.srcQp(), "the reply's src_qp"),
                    () -> Payloads.assertPayload(reply.segment(), Loopback.GRH_SIZE, Payloads.pattern(10, SIZE),
                            "the reply's payload"));
        }

        @Test
        @DisplayName("ibv_create_ah_from_wc(3) misuse: a GRH under 40 bytes, none for a completion with IBV_WC_GRH, "
                + "a send's completion, or no completion current: InvalidArgumentException naming the verb")
        void addressFromCompletionMisuse() {
            QueuePairs pairs = loopback().ud();
            AddressHandle ah = toResponder(pairs);
            MemoryRegion source = openMemoryRegion(pairs.pd(), Loopback.GRH_SIZE + SIZE);
            MemoryRegion request = openMemoryRegion(pairs.responderPd(), Loopback.GRH_SIZE + SIZE);
            WorkRequests.receive(pairs.responder(), 1, request, 0, Loopback.GRH_SIZE + SIZE);
            WorkRequests.sendUd(pairs.requester(), 2, ah, pairs.responder().qpNum(), source, 0, SIZE);
            int port = loopback().addressOf(Side.RESPONDER).portNum();
            ProtectionDomain pd = pairs.pd();
            ProtectionDomain receiverPd = pairs.responderPd();
            List<InvalidArgumentException> failures = new ArrayList<>();
            CurrentCompletion.apply(pairs.requesterCq(), timeout(), "the UD SEND", cq -> failures.add(
                    assertThrows(InvalidArgumentException.class,
                            () -> pd.createAddressHandleFromCompletion(cq, source.segment(), port), "a send")));
            CurrentCompletion.apply(pairs.responderCq(), timeout(), "the UD receive", cq -> failures.addAll(List.of(
                    assertThrows(InvalidArgumentException.class, () -> receiverPd.createAddressHandleFromCompletion(cq,
                            request.segment().asSlice(0, Loopback.GRH_SIZE - 1), port), "39 bytes"),
                    assertThrows(InvalidArgumentException.class,
                            () -> receiverPd.createAddressHandleFromCompletion(cq, null, port), "no GRH"))));
            failures.add(assertThrows(InvalidArgumentException.class,
                    () -> receiverPd.createAddressHandleFromCompletion(pairs.responderCq(), request.segment(), port),
                    "no batch"));
            assertEquals(List.of("ibv_create_ah_from_wc"),
                    failures.stream().map(InvalidArgumentException::operation).distinct().toList(), failures.toString());
        }

        /** @return an address handle of the sender's domain towards the responder's port and GID */
        private AddressHandle toResponder(QueuePairs pairs) {
            return track(pairs.pd().createAddressHandle(loopback().addressOf(Side.RESPONDER)));
        }

        private record ReplyPath(AddressHandle ah, AhAttributes initialized, int srcQp) {
        }
    }

    /** UC traffic. */
    @Nested
    @DisplayName("UC traffic")
    class UcTraffic {

        @Test
        @DisplayName("ibv_wr_post(3) UC: SEND and RDMA_WRITE deliver their payloads byte for byte")
        void sendAndWrite() {
            QueuePairs pairs = loopback().uc(builder -> builder);
            MemoryRegion source = payload(pairs.pd(), 10);
            MemoryRegion target = openMemoryRegion(pairs.responderPd(), 2 * SIZE);
            WorkRequests.receive(pairs.responder(), 1, target, 0, SIZE);
            // The WRITE first: a UC requester completes a request once it is sent, so only the SEND's receive
            // completion, which the responder makes after the WRITE before it, tells that the WRITE landed.
            WorkRequests.rdmaWrite(pairs.requester(), 2, target.rkey(), target.address() + SIZE, source, 0, SIZE);
            WorkRequests.send(pairs.requester(), 1, source, 0, SIZE);
            List<Completion> sent = Completions.await(pairs.requesterCq(), 2, timeout(), "the UC RDMA_WRITE and SEND");
            Completion received = Completions.awaitOne(pairs.responderCq(), timeout(), "the UC receive");
            assertAll(() -> assertEquals(List.of(WcStatus.SUCCESS, WcStatus.SUCCESS),
                            sent.stream().map(Completion::status).toList()),
                    () -> assertEquals(new Expect(1, WcStatus.SUCCESS, WcOpcode.RECV), Expect.of(received)),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(10, SIZE), "UC SEND"),
                    () -> Payloads.assertPayload(target.segment(), SIZE, Payloads.pattern(10, SIZE), "UC RDMA_WRITE"));
        }
    }

    /** The operations of test_qpex that rdma-core 45 completed: ATOMIC_WRITE and FLUSH. */
    @Nested
    @DisplayName("ATOMIC_WRITE and FLUSH")
    class AtomicWriteAndFlush {

        private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

        @Test
        @DisplayName("test_qpex rc_atomic_write: ATOMIC_WRITE stores the 8 bytes at the remote address, byte for byte")
        void atomicWrite() {
            QueuePairs pairs = pairsWith(SendOpsFlag.ATOMIC_WRITE, Capability.ATOMIC_WRITE, Set.of());
            MemoryRegion remote = openMemoryRegion(pairs.responderPd(), 16);
            MemorySegment value = memory(Long.BYTES);
            byte[] pattern = Payloads.pattern(21, Long.BYTES);
            Payloads.write(value, 0, pattern);
            post(pairs.requester(), 1, ops -> ops.atomicWrite(remote.rkey(), remote.address() + 8, value));
            Completion done = Completions.awaitOne(pairs.requesterCq(), timeout(), "the ATOMIC_WRITE");
            assertAll(() -> assertEquals(new Expect(1, WcStatus.SUCCESS, WcOpcode.ATOMIC_WRITE), Expect.of(done)),
                    () -> Payloads.assertPayload(remote.segment(), 8, pattern, "atomically written"),
                    () -> Payloads.assertPayload(remote.segment(), 0, new byte[8], "the 8 bytes before the target"));
        }

        @Test
        @DisplayName("test_qpex rc_flush: FLUSH of a range, then of the whole MR, succeeds after an RDMA_WRITE")
        void flushRangeThenRegion() {
            QueuePairs pairs = flushPairs();
            MemoryRegion source = payload(pairs.pd(), 22);
            MemoryRegion target = globalFlushTarget(pairs.responderPd());
            WorkRequests.rdmaWrite(pairs.requester(), 1, target.rkey(), target.address(), source, 0, SIZE);
            post(pairs.requester(), 2,
                    ops -> ops.flush(target.rkey(), target.address(), SIZE, FlushType.GLOBAL, FlushLevel.RANGE));
            post(pairs.requester(), 3,
                    ops -> ops.flush(target.rkey(), target.address(), SIZE, FlushType.GLOBAL, FlushLevel.MR));
            List<Completion> done = Completions.await(pairs.requesterCq(), 3, timeout(), "the write and two FLUSHes");
            assertAll(() -> assertEquals(List.of(new Expect(1, WcStatus.SUCCESS, WcOpcode.RDMA_WRITE),
                            new Expect(2, WcStatus.SUCCESS, WcOpcode.FLUSH),
                            new Expect(3, WcStatus.SUCCESS, WcOpcode.FLUSH)), done.stream().map(Expect::of).toList()),
                    () -> Payloads.assertPayload(target.segment(), 0, Payloads.pattern(22, SIZE), "written, flushed"));
        }

        @Test
        @DisplayName("test_qpex rc_flush_type_violate: FLUSH PERSISTENT to a GLOBAL-only MR completes REM_ACCESS_ERR")
        void flushTypeViolation() {
            QueuePairs pairs = flushPairs();
            MemoryRegion target = globalFlushTarget(pairs.responderPd());
            post(pairs.requester(), 4,
                    ops -> ops.flush(target.rkey(), target.address(), SIZE, FlushType.PERSISTENT, FlushLevel.RANGE));
            Completion done = Completions.awaitOne(pairs.requesterCq(), timeout(), "the FLUSH PERSISTENT");
            assertAll(() -> assertEquals(4, done.wrId(), "wr_id"),
                    () -> assertEquals(WcStatus.REM_ACCESS_ERR, done.status(), "status"));
        }

        private QueuePairs flushPairs() {
            return pairsWith(SendOpsFlag.FLUSH, Capability.FLUSH,
                    EnumSet.of(AccessFlag.FLUSH_GLOBAL, AccessFlag.FLUSH_PERSISTENT));
        }

        /** A region that grants FLUSH_GLOBAL only (pyverbs registers no PERSISTENT region without pmem). */
        private MemoryRegion globalFlushTarget(ProtectionDomain pd) {
            return memoryRegion(pd, SIZE,
                    EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE, AccessFlag.FLUSH_GLOBAL));
        }

        /** Gates {@code capability}, then connects an RC pair that may post RDMA_WRITE and {@code op}. */
        private QueuePairs pairsWith(SendOpsFlag op, Capability capability, Set<AccessFlag> qpAccess) {
            QpInitAttributes probe = QpInitAttributes.builder(QpType.RC, protectionDomain(), completionQueue(4),
                    Loopback.defaultCapabilities()).sendOpsFlags(EnumSet.of(op)).build();
            requireCapability(capability, "ibv_create_qp_ex(" + op.cName() + ")",
                    () -> context().createQueuePair(probe));
            return loopback().withQpAccess(qpAccess)
                    .rc(builder -> builder.sendOpsFlags(EnumSet.of(SendOpsFlag.RDMA_WRITE, op)));
        }

        private void post(QueuePair qp, long wrId, Consumer<SendOps> builder) {
            SendOps ops = qp.sendOps();
            ops.start();
            builder.accept(ops.wrId(wrId).wrFlags(SIGNALED));
            ops.complete();
        }
    }

    private MemoryRegion payload(ProtectionDomain pd, int seed) {
        MemoryRegion mr = openMemoryRegion(pd, SIZE);
        Payloads.write(mr.segment(), 0, Payloads.pattern(seed, SIZE));
        return mr;
    }

    /** The fields every completion check starts with. */
    private record Expect(long wrId, WcStatus status, WcOpcode opcode) {
        static Expect of(Completion completion) {
            return new Expect(completion.wrId(), completion.status(), completion.opcode());
        }
    }
}
