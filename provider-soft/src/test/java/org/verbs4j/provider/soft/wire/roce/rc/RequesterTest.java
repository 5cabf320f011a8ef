package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicAckEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;

/** The requester's answers to acknowledgements, NAKs, READ responses and timers, one rule at a time. */
class RequesterTest {

    private static final int MTU = 256;
    private static final int PSN = 0xFF_FFF0;
    private static final int TIMEOUT = 10;

    private final TestHost host = new TestHost(0, 0);
    private final CapturedPackets wire = new CapturedPackets();
    private Requester requester = requester(Transport.RC, 1, 3, 3);

    @ParameterizedTest
    @CsvSource({"REMOTE_ACCESS_ERROR, REM_ACCESS_ERR", "INVALID_REQUEST, REM_INV_REQ_ERR",
        "REMOTE_OPERATIONAL_ERROR, REM_OP_ERR"})
    void aNakCompletesTheRequestWithItsErrorAndFlushesTheRest(NakCode code, WcStatus status) {
        send(1, 10);
        send(2, 10);
        respond(Aeth.nak(code), PSN, 0);

        assertThat(host.sendCompletions).containsExactly(
                new TestHost.SendCompletion(1, WcOpcode.SEND, status, 10),
                new TestHost.SendCompletion(2, WcOpcode.SEND, WcStatus.WR_FLUSH_ERR, 10));
        assertThat(requester.failed()).isTrue();
        assertThat(requester.deadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void anAckCompletesEveryRequestUpToItsPsn() {
        send(1, MTU * 2);
        send(2, 10);
        send(3, 10);
        respond(Aeth.ack(Aeth.UNLIMITED_CREDITS), PSN + 2, 2);

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::wrId).containsExactly(1L, 2L);
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status).containsOnly(WcStatus.SUCCESS);
        assertThat(requester.deadline()).as("PSN %d is still unacknowledged", PSN + 3)
                .isEqualTo(1_000 + AckTimeout.nanos(TIMEOUT));
    }

    @Test
    void anRnrNakWaitsItsTimerThenResendsFromItsPsn() {
        send(1, 10);
        send(2, MTU * 2);
        wire.clear();
        respond(Aeth.rnrNak(14), PSN + 1, 1);

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::wrId).containsExactly(1L);
        assertThat(requester.deadline()).isEqualTo(1_000 + RnrNakTimer.nanos(14));
        requester.onTimer(1_000 + RnrNakTimer.nanos(14) - 1);
        assertThat(wire.size()).isZero();
        requester.onTimer(1_000 + RnrNakTimer.nanos(14));
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_SEND_FIRST, Opcode.RC_SEND_LAST);
        assertThat(wire.psns()).containsExactly(PSN + 1, PSN + 2);
    }

    @Test
    void rnrRetryZeroFailsAtTheFirstRnrNak() {
        requester = requester(Transport.RC, 1, 3, 0);
        send(1, 10);
        respond(Aeth.rnrNak(1), PSN, 0);

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.RNR_RETRY_EXC_ERR);
    }

    @Test
    void rnrRetryThreeFailsAtTheFourthRnrNak() {
        send(1, 10);
        long now = 1_000;
        for (int i = 0; i < 3; i++) {
            respond(Aeth.rnrNak(1), PSN, 0, now);
            now = requester.deadline();
            requester.onTimer(now);
        }
        assertThat(host.sendCompletions).isEmpty();
        respond(Aeth.rnrNak(1), PSN, 0, now);
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.RNR_RETRY_EXC_ERR);
    }

    @Test
    void rnrRetrySevenRetriesWithoutLimit() {
        requester = requester(Transport.RC, 1, 3, 7);
        send(1, 10);
        long now = 1_000;
        for (int i = 0; i < 50; i++) {
            respond(Aeth.rnrNak(1), PSN, 0, now);
            now = requester.deadline();
            requester.onTimer(now);
        }
        assertThat(host.sendCompletions).isEmpty();
        assertThat(wire.size()).isEqualTo(51);
    }

    @Test
    void aSequenceErrorNakAcknowledgesWhatPrecedesItAndResendsFromItsPsn() {
        send(1, 10);
        send(2, MTU * 3);
        wire.clear();
        respond(Aeth.nak(NakCode.PSN_SEQUENCE_ERROR), PSN + 2, 1);

        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::wrId).containsExactly(1L);
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_SEND_MIDDLE, Opcode.RC_SEND_LAST);
        assertThat(wire.psns()).containsExactly(PSN + 2, PSN + 3);
        int at = Opcode.RC_SEND_MIDDLE.headerBytes();
        assertThat(wire.get(0).get(at)).isEqualTo(host.outgoing.get(2L)[MTU]);
    }

    @Test
    void theAckTimeoutResendsFromTheOldestUnacknowledgedPsnAndRetryCountBoundsIt() {
        send(1, 10);
        send(2, 10);
        respond(Aeth.ack(Aeth.UNLIMITED_CREDITS), PSN, 1);
        wire.clear();
        for (int attempt = 1; attempt <= 3; attempt++) {
            long deadline = requester.deadline();
            requester.onTimer(deadline);
            assertThat(wire.psns()).as("attempt %d", attempt).containsOnly(PSN + 1).hasSize(attempt);
            assertThat(requester.deadline()).isEqualTo(deadline + AckTimeout.nanos(TIMEOUT));
        }
        requester.onTimer(requester.deadline());
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.SUCCESS, WcStatus.RETRY_EXC_ERR);
        assertThat(wire.size()).isEqualTo(3);
    }

    @Test
    void theLocalAckTimeoutIsFourMicrosecondsTimesTwoToTheTimeout() {
        assertThat(AckTimeout.nanos(1)).isEqualTo(8_192);
        assertThat(AckTimeout.nanos(14)).isEqualTo(67_108_864);
        assertThat(AckTimeout.nanos(0)).isEqualTo(AckTimeout.INFINITE);
    }

    @Test
    void theInitiatorDepthBoundsTheReadsInFlight() {
        host.readInto.put(1L, new byte[300]);
        host.readInto.put(2L, new byte[8]);
        requester.nextSlot().read(1, 300, 0x1000, 9);
        requester.post(0);
        requester.nextSlot().read(2, 8, 0x2000, 9);
        requester.post(0);
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST);

        byte[] data = SegmentationTest.message(300);
        readResponse(Opcode.RC_RDMA_READ_RESPONSE_FIRST, PSN, data, 0, MTU);
        assertThat(wire.size()).isOne();
        readResponse(Opcode.RC_RDMA_READ_RESPONSE_LAST, PSN + 1, data, MTU, 300 - MTU);

        assertThat(host.readInto.get(1L)).isEqualTo(data);
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::opcode)
                .containsExactly(WcOpcode.RDMA_READ);
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_RDMA_READ_REQUEST);
        assertThat(wire.psn(1)).isEqualTo(PSN + 2);
    }

    @Test
    void anAckPastAReadMeansItsResponseWasLostAndTheReadIsAskedAgain() {
        requester = requester(Transport.RC, 2, 3, 3);
        host.readInto.put(1L, new byte[8]);
        requester.nextSlot().read(1, 8, 0x1000, 9);
        requester.post(0);
        send(2, 10);
        wire.clear();
        respond(Aeth.ack(Aeth.UNLIMITED_CREDITS), PSN + 1, 2);

        assertThat(host.sendCompletions).isEmpty();
        assertThat(wire.opcodes()).containsExactly(Opcode.RC_RDMA_READ_REQUEST, Opcode.RC_SEND_ONLY);
    }

    @Test
    void anAtomicAcknowledgementPlacesTheOriginalValue() {
        requester.nextSlot().compareSwap(4, 0x3000, 9, 1, 2);
        requester.post(0);
        ByteBuffer ack = ByteBuffer.allocate(Opcode.RC_ATOMIC_ACKNOWLEDGE.headerBytes() + RoceV2.ICRC_BYTES);
        Bth.put(ack, 0, Opcode.RC_ATOMIC_ACKNOWLEDGE, 0, 0, RoceV2.DEFAULT_PKEY, 0x11, PSN);
        Aeth.put(ack, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), 1);
        AtomicAckEth.put(ack, Opcode.RC_ATOMIC_ACKNOWLEDGE.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH), 77);
        requester.onResponse(ack, ack.capacity(), 1_000);

        assertThat(host.atomicResults).containsEntry(4L, 77L);
        assertThat(host.sendCompletions).containsExactly(
                new TestHost.SendCompletion(4, WcOpcode.COMP_SWAP, WcStatus.SUCCESS, 8));
    }

    @Test
    void ucCompletesOnceSentAndRefusesReads() {
        requester = requester(Transport.UC, 1, 3, 3);
        send(1, 10);
        assertThat(host.sendCompletions).extracting(TestHost.SendCompletion::status).containsExactly(WcStatus.SUCCESS);
        assertThat(requester.deadline()).isEqualTo(Long.MAX_VALUE);

        requester.nextSlot().read(2, 8, 0x1000, 9);
        assertThatThrownBy(() -> requester.post(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ibv_post_send").hasMessageContaining("RDMA_READ on UC");
    }

    @Test
    void aFullSendQueueIsRefused() {
        for (int i = 0; i < 4; i++) {
            send(i, 1);
        }
        assertThatThrownBy(requester::nextSlot).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("send queue is full");
    }

    private void send(long wrId, int length) {
        host.outgoing.put(wrId, SegmentationTest.message(length));
        requester.nextSlot().send(wrId, length);
        requester.post(0);
    }

    private void respond(int syndrome, int psn, int msn) {
        respond(syndrome, psn, msn, 1_000);
    }

    private void respond(int syndrome, int psn, int msn, long now) {
        ByteBuffer ack = ByteBuffer.allocate(Opcode.RC_ACKNOWLEDGE.headerBytes() + RoceV2.ICRC_BYTES);
        Bth.put(ack, 0, Opcode.RC_ACKNOWLEDGE, 0, 0, RoceV2.DEFAULT_PKEY, 0x11, psn & Bth.MASK_24);
        Aeth.put(ack, RoceV2.BTH_BYTES, syndrome, msn);
        requester.onResponse(ack, ack.capacity(), now);
    }

    private void readResponse(Opcode opcode, int psn, byte[] data, int from, int length) {
        int pad = Bth.padFor(length);
        ByteBuffer packet = ByteBuffer.allocate(opcode.headerBytes() + length + pad + RoceV2.ICRC_BYTES);
        Bth.put(packet, 0, opcode, 0, pad, RoceV2.DEFAULT_PKEY, 0x11, psn & Bth.MASK_24);
        if (opcode.carries(ExtensionHeader.AETH)) {
            Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), 1);
        }
        packet.put(opcode.headerBytes(), data, from, length);
        requester.onResponse(packet, packet.capacity(), 1_000);
    }

    private Requester requester(Transport transport, int maxReadAtomic, int retryCount, int rnrRetry) {
        wire.clear();
        RequesterConfig config = new RequesterConfig(transport, 0x11, PSN, MTU, maxReadAtomic, TIMEOUT, retryCount,
                rnrRetry, 4);
        return new Requester(config, wire, host, host);
    }
}
