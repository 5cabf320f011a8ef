package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicAckEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Reth;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The requester with many requests on the wire, as rxe's: the PSN window, the initiator depth, fences, going back
 * from the middle of the requests in flight, and completions in order.
 */
class RequesterPipelineTest {

    private static final int MTU = 256;
    private static final int PSN = 0xFF_FFF0;
    private static final int TIMEOUT = 10;
    private static final int RETRIES = 3;

    private final TestHost host = new TestHost(0, 0);
    private final CapturedPackets wire = new CapturedPackets();
    private Requester requester = requester(4, 256);

    @Test
    void everyPostedRequestIsOnTheWireBeforeAnyAcknowledgementAndTheyCompleteInOrder() {
        for (int i = 0; i < 32; i++) {
            send(i, MTU * 2);
        }
        assertThat(wire.psns()).containsExactlyElementsOf(psns(0, 64));

        ack(PSN + 31);
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 16));
        ack(PSN + 63);
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 32));
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status).containsOnly(WcStatus.SUCCESS);
        assertThat(requester.deadline()).as("nothing is unacknowledged").isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void atMostMaxUnackedPsnsAreUnacknowledgedAndAnAckOpensTheWindow() {
        for (int i = 0; i < 150; i++) {
            send(i, 1);
        }
        assertThat(wire.psns()).containsExactlyElementsOf(psns(0, Requester.MAX_UNACKED_PSNS));

        ack(PSN + 9);
        assertThat(wire.psns()).containsExactlyElementsOf(psns(0, Requester.MAX_UNACKED_PSNS + 10));
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 10));
    }

    @Test
    void aFencedRequestWaitsUntilTheReadsAndAtomicsBeforeItCompleted() {
        host.readInto.put(1L, new byte[8]);
        requester.nextSlot().read(1, 8, 0x1000, 9);
        requester.post(0);
        send(2, 10);
        requester.nextSlot().fetchAdd(3, 0x2000, 9, 1);
        requester.post(0);
        host.outgoing.put(4L, SegmentationTest.message(10));
        requester.nextSlot().send(4, 10).fence();
        requester.post(0);
        send(5, 10);
        assertThat(wire.opcodes()).as("the fenced SEND and the SEND after it wait")
                .containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_SEND_ONLY, Opcode.RC_FETCH_ADD);

        readResponse(PSN, new byte[8]);
        ack(PSN + 1);
        assertThat(completedIds()).containsExactly(1L, 2L);
        assertThat(wire.size()).as("the atomic is still outstanding").isEqualTo(3);

        atomicAck(PSN + 2, 41);
        assertThat(host.atomicResults).containsEntry(3L, 41L);
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_SEND_ONLY,
                Opcode.RC_FETCH_ADD, Opcode.RC_SEND_ONLY, Opcode.RC_SEND_ONLY);
        assertThat(wire.psns()).containsExactlyElementsOf(psns(0, 5));
    }

    @Test
    void anUnfencedRequestPassesAnOutstandingRead() {
        host.readInto.put(1L, new byte[8]);
        requester.nextSlot().read(1, 8, 0x1000, 9);
        requester.post(0);
        send(2, 10);

        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_SEND_ONLY);
    }

    @Test
    void aSequenceErrorNakInTheMiddleOfAMessageResendsFromThereAndEverythingAfter() {
        for (int i = 0; i < 4; i++) {
            send(i, MTU * 3);
        }
        wire.clear();
        respond(Aeth.nak(NakCode.PSN_SEQUENCE_ERROR), PSN + 4);

        assertThat(completedIds()).containsExactly(0L);
        assertThat(wire.psns()).containsExactlyElementsOf(psns(4, 12));
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_SEND_MIDDLE, Opcode.RC_SEND_LAST,
                Opcode.RC_SEND_FIRST, Opcode.RC_SEND_MIDDLE, Opcode.RC_SEND_LAST,
                Opcode.RC_SEND_FIRST, Opcode.RC_SEND_MIDDLE, Opcode.RC_SEND_LAST);
        assertThat(wire.get(0).get(Opcode.RC_SEND_MIDDLE.headerBytes())).isEqualTo(host.outgoing.get(1L)[MTU]);
    }

    @Test
    void theAckTimeoutResendsAReadFromWhereItsResponseStoppedAndTheRequestsAfterIt() {
        byte[] data = SegmentationTest.message(MTU * 3);
        host.readInto.put(1L, new byte[MTU * 3]);
        requester.nextSlot().read(1, MTU * 3, 0x1000, 9);
        requester.post(0);
        send(2, 10);
        readPart(Opcode.RC_RDMA_READ_RESPONSE_FIRST, PSN, data, 0);
        wire.clear();
        requester.onTimer(requester.deadline());

        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_SEND_ONLY);
        assertThat(wire.psns()).containsExactly(PSN + 1, PSN + 3);
        assertThat(Reth.virtualAddress(wire.get(0), RoceV2.BTH_BYTES)).isEqualTo(0x1000 + MTU);
        assertThat(Reth.dmaLength(wire.get(0), RoceV2.BTH_BYTES)).isEqualTo(2L * MTU);

        readPart(Opcode.RC_RDMA_READ_RESPONSE_MIDDLE, PSN + 1, data, MTU);
        readPart(Opcode.RC_RDMA_READ_RESPONSE_LAST, PSN + 2, data, 2 * MTU);
        ack(PSN + 3);
        assertThat(host.readInto.get(1L)).isEqualTo(data);
        assertThat(completedIds()).containsExactly(1L, 2L);
    }

    @Test
    void anRnrNakAmongManyInFlightWaitsThenResendsFromThatRequest() {
        for (int i = 0; i < 5; i++) {
            send(i, 10);
        }
        wire.clear();
        respond(Aeth.rnrNak(14), PSN + 2);
        assertThat(completedIds()).containsExactly(0L, 1L);
        requester.onTimer(requester.deadline());

        assertThat(wire.psns()).containsExactlyElementsOf(psns(2, 5));
        ack(PSN + 4);
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 5));
    }

    @Test
    void retryCountBoundsTheTimeoutsOfAStalledPipelineThenTheRestIsFlushedInOrder() {
        for (int i = 0; i < 4; i++) {
            send(i, 10);
        }
        ack(PSN);
        for (int attempt = 1; attempt <= RETRIES; attempt++) {
            wire.clear();
            requester.onTimer(requester.deadline());
            assertThat(wire.psns()).as("attempt %d", attempt).containsExactlyElementsOf(psns(1, 4));
        }
        requester.onTimer(requester.deadline());

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status).containsExactly(
                WcStatus.SUCCESS, WcStatus.RETRY_EXC_ERR, WcStatus.WR_FLUSH_ERR, WcStatus.WR_FLUSH_ERR);
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 4));
    }

    @Test
    void aRemoteErrorAmongManyInFlightCompletesWhatPrecedesItThenFailsAndFlushesInOrder() {
        for (int i = 0; i < 5; i++) {
            send(i, 10);
        }
        respond(Aeth.nak(NakCode.REMOTE_ACCESS_ERROR), PSN + 2);

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status).containsExactly(
                WcStatus.SUCCESS, WcStatus.SUCCESS, WcStatus.REM_ACCESS_ERR, WcStatus.WR_FLUSH_ERR,
                WcStatus.WR_FLUSH_ERR);
        assertThat(completedIds()).containsExactlyElementsOf(ids(0, 5));
    }

    @Test
    void theSendQueueDepthBoundsThePostedRequests() {
        requester = requester(1, 3);
        for (int i = 0; i < 3; i++) {
            send(i, 1);
        }
        assertThat(requester.hasRoom()).isFalse();
        ack(PSN);
        assertThat(requester.hasRoom()).isTrue();
    }

    private void send(long wrId, int length) {
        host.outgoing.put(wrId, SegmentationTest.message(length));
        requester.nextSlot().send(wrId, length);
        requester.post(0);
    }

    private void ack(int psn) {
        respond(Aeth.ack(Aeth.UNLIMITED_CREDITS), psn);
    }

    private void respond(int syndrome, int psn) {
        ByteBuffer ack = ByteBuffer.allocate(Opcode.RC_ACKNOWLEDGE.headerBytes() + RoceV2.ICRC_BYTES);
        Bth.put(ack, 0, Opcode.RC_ACKNOWLEDGE, 0, 0, RoceV2.DEFAULT_PKEY, 0x11, psn & Bth.MASK_24);
        Aeth.put(ack, RoceV2.BTH_BYTES, syndrome, 0);
        requester.onResponse(ack, ack.capacity(), 1_000);
    }

    private void atomicAck(int psn, long original) {
        ByteBuffer ack = ByteBuffer.allocate(Opcode.RC_ATOMIC_ACKNOWLEDGE.headerBytes() + RoceV2.ICRC_BYTES);
        Bth.put(ack, 0, Opcode.RC_ATOMIC_ACKNOWLEDGE, 0, 0, RoceV2.DEFAULT_PKEY, 0x11, psn & Bth.MASK_24);
        Aeth.put(ack, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), 0);
        AtomicAckEth.put(ack, Opcode.RC_ATOMIC_ACKNOWLEDGE.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH), original);
        requester.onResponse(ack, ack.capacity(), 1_000);
    }

    private void readResponse(int psn, byte[] data) {
        readPacket(Opcode.RC_RDMA_READ_RESPONSE_ONLY, psn, data, 0, data.length);
    }

    private void readPart(Opcode opcode, int psn, byte[] data, int from) {
        readPacket(opcode, psn, data, from, MTU);
    }

    private void readPacket(Opcode opcode, int psn, byte[] data, int from, int length) {
        int pad = Bth.padFor(length);
        ByteBuffer packet = ByteBuffer.allocate(opcode.headerBytes() + length + pad + RoceV2.ICRC_BYTES);
        Bth.put(packet, 0, opcode, 0, pad, RoceV2.DEFAULT_PKEY, 0x11, psn & Bth.MASK_24);
        if (opcode.carries(ExtensionHeader.AETH)) {
            Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), 0);
        }
        packet.put(opcode.headerBytes(), data, from, length);
        requester.onResponse(packet, packet.capacity(), 1_000);
    }

    private List<Long> completedIds() {
        return host.sendCompletions.stream().map(TestHost.SendCompletion::wrId).toList();
    }

    private static List<Integer> psns(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> (PSN + i) & Bth.MASK_24).toList();
    }

    private static List<Long> ids(int from, int to) {
        return LongStream.range(from, to).boxed().toList();
    }

    private Requester requester(int maxReadAtomic, int depth) {
        wire.clear();
        RequesterConfig config = new RequesterConfig(Transport.RC, 0x11, PSN, MTU, maxReadAtomic, TIMEOUT, RETRIES, 3,
                depth);
        return new Requester(config, wire, host, host);
    }
}
