package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.AckType;
import org.verbs4j.provider.soft.wire.roce.Aeth;
import org.verbs4j.provider.soft.wire.roce.AtomicAckEth;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.BthFlags;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The responder's answers, one rule at a time: requests come from a real {@link Requester} (captured), and are
 * handed to the responder in the order, number and shape each test needs.
 */
class ResponderTest {

    private static final int MTU = 256;
    private static final int PSN = 500;

    private final TestHost sender = new TestHost(0, 0);
    private final CapturedPackets requests = new CapturedPackets();
    private final CapturedPackets answers = new CapturedPackets();
    private final TestHost target = new TestHost(1 << 16, 1024);
    private Requester requester = requester(Transport.RC);
    private Responder responder = responder(Transport.RC, Set.of(RemoteAccess.values()));

    @Test
    void aPacketAheadOfTheExpectedPsnGetsOneSequenceErrorNakUntilTheExpectedArrives() {
        target.postReceives(3);
        send(1, MTU * 3);
        deliver(1);
        deliver(2);

        assertThat(answers.opcodes()).containsExactly(Opcode.RC_ACKNOWLEDGE);
        assertThat(answers.ackType(0)).isEqualTo(AckType.NAK);
        assertThat(NakCode.of(answers.aethValue(0))).isEqualTo(NakCode.PSN_SEQUENCE_ERROR);
        assertThat(answers.psn(0)).isEqualTo(PSN);

        deliver(0);
        assertThat(answers.size()).as("the in-order packet asks for no ACK").isEqualTo(1);
        deliver(2);
        deliver(2);
        assertThat(answers.size()).as("the in-order packet ended the NAK state: a new gap gets one new NAK")
                .isEqualTo(2);
        assertThat(answers.psn(1)).isEqualTo(PSN + 1);
        deliver(1);
        deliver(2);
        assertThat(target.receives).hasSize(1);
        assertThat(answers.ackType(2)).isEqualTo(AckType.ACK);
        assertThat(answers.psn(2)).isEqualTo(PSN + 2);
    }

    @Test
    void aSendWithoutAReceiveGetsAnRnrNakWithMinRnrTimerAndIsTakenOnceOneIsPosted() {
        send(1, 10);
        deliver(0);

        assertThat(answers.ackType(0)).isEqualTo(AckType.RNR_NAK);
        assertThat(answers.aethValue(0)).isEqualTo(12);
        assertThat(answers.psn(0)).isEqualTo(PSN);
        assertThat(responder.expectedPsn()).isEqualTo(PSN);

        target.postReceives(1);
        deliver(0);
        assertThat(answers.ackType(1)).isEqualTo(AckType.ACK);
        assertThat(target.receives).hasSize(1);
    }

    @Test
    void aWriteWithABadRKeyGetsARemoteAccessNakAndStopsTheResponder() {
        sender.outgoing.put(1L, new byte[8]);
        requester.nextSlot().write(1, 8, TestHost.BASE, TestHost.RKEY + 1);
        requester.post(0);
        deliver(0);

        assertNak(NakCode.REMOTE_ACCESS_ERROR, PSN);
        assertThat(responder.failed()).isTrue();
        target.postReceives(1);
        send(2, 4);
        deliver(1);
        assertThat(answers.size()).as("a stopped responder answers nothing").isEqualTo(1);
    }

    @Test
    void aWriteBeyondTheRegionGetsARemoteAccessNak() {
        sender.outgoing.put(1L, new byte[16]);
        requester.nextSlot().write(1, 16, TestHost.BASE + (1 << 16) - 8, TestHost.RKEY);
        requester.post(0);
        deliver(0);

        assertNak(NakCode.REMOTE_ACCESS_ERROR, PSN);
    }

    @Test
    void aReadTheQueuePairDoesNotAllowGetsAnInvalidRequestNak() {
        responder = responder(Transport.RC, Set.of(RemoteAccess.WRITE));
        requester.nextSlot().read(1, 8, TestHost.BASE, TestHost.RKEY);
        requester.post(0);
        deliver(0);

        assertNak(NakCode.INVALID_REQUEST, PSN);
    }

    @Test
    void aMiddlePacketShorterThanTheMtuGetsAnInvalidRequestNak() {
        target.postReceives(1);
        send(1, MTU * 3);
        deliver(0);
        ByteBuffer middle = requests.get(1);
        ByteBuffer shortened = ByteBuffer.allocate(middle.capacity() - 4).put(0, middle, 0, middle.capacity() - 4);
        responder.onRequest(shortened, shortened.capacity());

        assertNak(NakCode.INVALID_REQUEST, PSN + 1);
        assertThat(target.receives).singleElement().extracting(TestHost.Received::status)
                .isEqualTo(WcStatus.REM_INV_REQ_ERR);
    }

    @Test
    void aSendLongerThanTheReceiveGetsAnInvalidRequestNakAndALocalLengthError() {
        target.postReceives(1);
        send(1, 1024 + MTU);
        for (int i = 0; i < 5; i++) {
            deliver(i);
        }

        assertNak(NakCode.INVALID_REQUEST, PSN + 4);
        assertThat(target.receives).singleElement().extracting(TestHost.Received::status)
                .isEqualTo(WcStatus.LOC_LEN_ERR);
    }

    @Test
    void aMisalignedAtomicGetsAnInvalidRequestNak() {
        requester.nextSlot().fetchAdd(1, TestHost.BASE + 4, TestHost.RKEY, 1);
        requester.post(0);
        deliver(0);

        assertNak(NakCode.INVALID_REQUEST, PSN);
        assertThat(target.atomicsExecuted).isZero();
    }

    @Test
    void aDuplicateSendIsAcknowledgedAgainNotExecutedAgain() {
        target.postReceives(2);
        send(1, 20);
        deliver(0);
        deliver(0);

        assertThat(target.receives).hasSize(1);
        assertThat(answers.opcodes()).containsExactly(Opcode.RC_ACKNOWLEDGE, Opcode.RC_ACKNOWLEDGE);
        assertThat(answers.psns()).containsExactly(PSN, PSN);
        assertThat(Aeth.msn(answers.get(1), RoceV2.BTH_BYTES)).isEqualTo(1);
    }

    @Test
    void aDuplicateReadIsAnsweredAgainFromTheDuplicatesPsn() {
        for (int i = 0; i < 1000; i++) {
            target.memory[i] = (byte) i;
        }
        requester.nextSlot().read(1, 1000, TestHost.BASE, TestHost.RKEY);
        requester.post(0);
        deliver(0);
        assertThat(answers.opcodes()).containsExactly(Opcode.RC_RDMA_READ_RESPONSE_FIRST,
                Opcode.RC_RDMA_READ_RESPONSE_MIDDLE, Opcode.RC_RDMA_READ_RESPONSE_MIDDLE,
                Opcode.RC_RDMA_READ_RESPONSE_LAST);
        ByteBuffer third = answers.get(2);
        answers.clear();

        ByteBuffer again = requests.get(0);
        Bth.put(again, 0, Opcode.RC_RDMA_READ_REQUEST, BthFlags.ACK_REQUEST, 0, RoceV2.DEFAULT_PKEY, 0x11, PSN + 2);
        responder.onRequest(again, again.capacity());

        assertThat(answers.opcodes()).containsExactly(Opcode.RC_RDMA_READ_RESPONSE_FIRST,
                Opcode.RC_RDMA_READ_RESPONSE_LAST);
        assertThat(answers.psns()).containsExactly(PSN + 2, PSN + 3);
        int at = Opcode.RC_RDMA_READ_RESPONSE_FIRST.headerBytes();
        int middleAt = Opcode.RC_RDMA_READ_RESPONSE_MIDDLE.headerBytes();
        assertThat(answers.get(0).slice(at, MTU)).isEqualTo(third.slice(middleAt, MTU));
        assertThat(responder.expectedPsn()).isEqualTo(PSN + 4);
    }

    @Test
    void aDuplicateAtomicReplaysTheValueOfItsFirstExecution() {
        requester.nextSlot().fetchAdd(1, TestHost.BASE + 8, TestHost.RKEY, 5);
        requester.post(0);
        deliver(0);
        deliver(0);

        assertThat(target.atomicsExecuted).isOne();
        assertThat(target.longAt(TestHost.BASE + 8)).isEqualTo(5);
        assertThat(answers.opcodes()).containsExactly(Opcode.RC_ATOMIC_ACKNOWLEDGE, Opcode.RC_ATOMIC_ACKNOWLEDGE);
        int at = Opcode.RC_ATOMIC_ACKNOWLEDGE.offsetOf(ExtensionHeader.ATOMIC_ACK_ETH);
        assertThat(AtomicAckEth.original(answers.get(1), at)).isZero();
        assertThat(answers.psns()).containsExactly(PSN, PSN);
    }

    @Test
    void onlyPacketsAskingForAnAcknowledgementGetOneWhichCoversThoseBefore() {
        target.postReceives(2);
        send(1, MTU * 3);
        send(2, 4);
        for (int i = 0; i < 4; i++) {
            deliver(i);
        }

        assertThat(answers.psns()).containsExactly(PSN + 2, PSN + 3);
        assertThat(answers.opcodes()).containsOnly(Opcode.RC_ACKNOWLEDGE);
        assertThat(Aeth.msn(answers.get(1), RoceV2.BTH_BYTES)).isEqualTo(2);
    }

    @Test
    void immediateDataInvalidateAndTheSolicitedBitReachTheReceiveCompletions() {
        target.postReceives(3);
        sender.outgoing.put(1L, new byte[300]);
        requester.nextSlot().send(1, 300).immediate(0x0A0B0C0D).solicited();
        requester.post(0);
        sender.outgoing.put(2L, new byte[4]);
        requester.nextSlot().send(2, 4).invalidate(0x777);
        requester.post(0);
        sender.outgoing.put(3L, new byte[600]);
        requester.nextSlot().write(3, 600, TestHost.BASE, TestHost.RKEY).immediate(9);
        requester.post(0);
        for (int i = 0; i < requests.size(); i++) {
            deliver(i);
        }

        assertThat(target.receives).usingRecursiveFieldByFieldElementComparator().containsExactly(
                new TestHost.Received(WcStatus.SUCCESS, WcOpcode.RECV, new byte[300], true, 0x0A0B0C0D, false, 0),
                new TestHost.Received(WcStatus.SUCCESS, WcOpcode.RECV, new byte[4], false, 0, true, 0x777),
                new TestHost.Received(WcStatus.SUCCESS, WcOpcode.RECV_RDMA_WITH_IMM, new byte[0], true, 9, false,
                        0));
        assertThat(Bth.solicited(requests.get(1), 0)).as("on the last packet of the solicited SEND").isTrue();
        assertThat(Bth.solicited(requests.get(0), 0)).isFalse();
        assertThat(target.solicited).containsExactly(true, false, false);
        assertThat(target.byteLengths).as("a WRITE with immediate reports the WRITE's length").containsExactly(300, 4,
                600);
    }

    @Test
    void ucAnswersNothingDropsABrokenMessageAndResumesAtTheNextFirstPacket() {
        requester = requester(Transport.UC);
        responder = responder(Transport.UC, Set.of(RemoteAccess.values()));
        target.postReceives(2);
        send(1, MTU * 2);
        send(2, MTU * 2);
        deliver(1);
        deliver(2);
        deliver(3);

        assertThat(answers.size()).isZero();
        assertThat(target.receives).singleElement().extracting(TestHost.Received::data)
                .isEqualTo(sender.outgoing.get(2L));
        assertThat(target.receives.getFirst().opcode()).isEqualTo(WcOpcode.RECV);
    }

    @Test
    void ucWithoutAReceiveDropsTheMessageSilently() {
        requester = requester(Transport.UC);
        responder = responder(Transport.UC, Set.of(RemoteAccess.values()));
        send(1, 10);
        deliver(0);

        assertThat(answers.size()).isZero();
        assertThat(responder.expectedPsn()).isEqualTo(PSN);
    }

    private void assertNak(NakCode code, int psn) {
        assertThat(answers.opcode(answers.size() - 1)).isEqualTo(Opcode.RC_ACKNOWLEDGE);
        assertThat(answers.ackType(answers.size() - 1)).isEqualTo(AckType.NAK);
        assertThat(NakCode.of(answers.aethValue(answers.size() - 1))).isEqualTo(code);
        assertThat(answers.psn(answers.size() - 1)).isEqualTo(psn);
        assertThat(responder.failed()).isTrue();
    }

    private void send(long wrId, int length) {
        byte[] message = new byte[length];
        java.util.Arrays.fill(message, (byte) wrId);
        sender.outgoing.put(wrId, message);
        requester.nextSlot().send(wrId, length);
        requester.post(0);
    }

    private void deliver(int i) {
        ByteBuffer packet = requests.get(i);
        responder.onRequest(packet, packet.capacity());
    }

    private Requester requester(Transport transport) {
        requests.clear();
        RequesterConfig config = new RequesterConfig(transport, 0x22, PSN, MTU, 4, 14, 7, 7, 16);
        return new Requester(config, requests, sender, sender);
    }

    private Responder responder(Transport transport, Set<RemoteAccess> access) {
        return new Responder(new ResponderConfig(transport, 0x11, PSN, MTU, 2, 12, access), answers, target);
    }
}
