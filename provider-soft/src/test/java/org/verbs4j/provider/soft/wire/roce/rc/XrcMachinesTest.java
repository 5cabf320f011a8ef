package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.AckType;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.NakCode;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Transport;
import org.verbs4j.provider.soft.wire.roce.Xrceth;

/**
 * XRC through the machines (the IBTA XRC annex): an XRC_SEND requester puts the request's XRC SRQ number in the
 * XRCETH of every request packet, the XRC_RECV responder delivers to that SRQ when the target may, and answers with
 * XRC's response opcodes; sequencing, RNR and NAKs are RC's.
 */
class XrcMachinesTest {

    private static final int MTU = 256;
    private static final int PSN = 900;
    private static final int SRQ = 0x00ABCD;

    private final TestHost initiator = new TestHost(0, 0);
    private final TestHost target = new TestHost(1 << 12, 1024);
    private final CapturedPackets requests = new CapturedPackets();
    private final CapturedPackets answers = new CapturedPackets();
    private final Requester requester = new Requester(new RequesterConfig(Transport.XRC, 0x22, PSN, MTU, 4, 14, 7, 7,
            16), requests, initiator, initiator);
    private final Responder responder = new Responder(new ResponderConfig(Transport.XRC, 0x11, PSN, MTU, 2, 12,
            Set.of(RemoteAccess.values())), answers, target);

    @Test
    void aSendOfThreePacketsNamesItsSrqInEveryPacketAndIsAcknowledgedWithAnXrcAck() {
        target.xrcSrqs.add(SRQ);
        target.postReceives(1);
        byte[] message = send(1, MTU * 2 + 10);
        exchange();

        assertThat(requests.opcodes()).containsExactly(Opcode.XRC_SEND_FIRST, Opcode.XRC_SEND_MIDDLE,
                Opcode.XRC_SEND_LAST);
        for (int i = 0; i < 3; i++) {
            assertThat(Xrceth.srqNumber(requests.get(i), 12)).isEqualTo(SRQ);
            assertThat(requests.get(i).get(12)).as("the reserved byte").isZero();
        }
        assertThat(target.deliveredTo).as("resolved once, at the first packet").containsExactly(SRQ);
        assertThat(target.receives).singleElement().extracting(TestHost.Received::data).isEqualTo(message);
        assertThat(answers.opcodes()).containsExactly(Opcode.XRC_ACKNOWLEDGE);
        assertThat(answers.ackType(0)).isEqualTo(AckType.ACK);
        assertThat(initiator.sendCompletions).singleElement().isEqualTo(
                new TestHost.SendCompletion(1, WcOpcode.SEND, WcStatus.SUCCESS, MTU * 2 + 10));
    }

    @Test
    void readAndAtomicCarryTheXrcethBeforeTheirHeadersAndGetXrcResponses() {
        target.xrcSrqs.add(SRQ);
        byte[] data = new byte[300];
        Arrays.fill(data, (byte) 0x5A);
        System.arraycopy(data, 0, target.memory, 0, data.length);
        initiator.readInto.put(1L, new byte[300]);
        requester.nextSlot().read(1, 300, TestHost.BASE, TestHost.RKEY).xrcSrq(SRQ);
        requester.post(0);
        requester.nextSlot().fetchAdd(2, TestHost.BASE + 512, TestHost.RKEY, 5).xrcSrq(SRQ);
        requester.post(0);
        exchange();

        assertThat(requests.opcodes()).containsExactly(Opcode.XRC_RDMA_READ_REQUEST, Opcode.XRC_FETCH_ADD);
        assertThat(Xrceth.srqNumber(requests.get(1), 12)).isEqualTo(SRQ);
        assertThat(requests.get(1).getLong(Opcode.XRC_FETCH_ADD.offsetOf(ExtensionHeader.ATOMIC_ETH)))
                .isEqualTo(TestHost.BASE + 512);
        assertThat(answers.opcodes()).containsExactly(Opcode.XRC_RDMA_READ_RESPONSE_FIRST,
                Opcode.XRC_RDMA_READ_RESPONSE_LAST, Opcode.XRC_ATOMIC_ACKNOWLEDGE);
        assertThat(initiator.readInto.get(1L)).isEqualTo(data);
        assertThat(target.longAt(TestHost.BASE + 512)).isEqualTo(5);
        assertThat(initiator.atomicResults).containsEntry(2L, 0L);
        assertThat(initiator.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
    }

    @Test
    void anSrqTheTargetMayNotDeliverToGetsAnInvalidRequestNak() {
        target.postReceives(1);
        send(1, 10);
        exchange();

        assertThat(target.deliveredTo).containsExactly(SRQ);
        assertThat(target.receives).isEmpty();
        assertThat(answers.opcodes()).containsExactly(Opcode.XRC_ACKNOWLEDGE);
        assertThat(answers.ackType(0)).isEqualTo(AckType.NAK);
        assertThat(NakCode.of(answers.aethValue(0))).isEqualTo(NakCode.INVALID_REQUEST);
        assertThat(responder.failed()).isTrue();
        assertThat(initiator.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.REM_INV_REQ_ERR);
    }

    @Test
    void anSrqWithoutAReceiveGetsAnRnrNak() {
        target.xrcSrqs.add(SRQ);
        send(1, 10);
        exchange();

        assertThat(answers.opcodes()).containsExactly(Opcode.XRC_ACKNOWLEDGE);
        assertThat(answers.ackType(0)).isEqualTo(AckType.RNR_NAK);
        assertThat(responder.failed()).isFalse();
        assertThat(initiator.sendCompletions).isEmpty();
    }

    @Test
    void anRcAcknowledgementDoesNotAnswerAnXrcRequest() {
        target.xrcSrqs.add(SRQ);
        target.postReceives(1);
        send(1, 10);
        ByteBuffer request = requests.get(0);
        responder.onRequest(request, request.capacity());
        ByteBuffer ack = answers.get(0);
        ack.put(0, (byte) Opcode.RC_ACKNOWLEDGE.code());
        requester.onResponse(ack, ack.capacity(), 1_000);

        assertThat(initiator.sendCompletions).as("an RC opcode is no answer on XRC").isEmpty();
        ack.put(0, (byte) Opcode.XRC_ACKNOWLEDGE.code());
        requester.onResponse(ack, ack.capacity(), 2_000);
        assertThat(initiator.sendCompletions).extracting(TestHost.SendCompletion::status)
                .containsExactly(WcStatus.SUCCESS);
    }

    private byte[] send(long wrId, int length) {
        byte[] message = new byte[length];
        Arrays.fill(message, (byte) (wrId + 3));
        initiator.outgoing.put(wrId, message);
        requester.nextSlot().send(wrId, length).xrcSrq(SRQ);
        requester.post(0);
        return message;
    }

    /** Hands every request to the responder, then every answer to the requester. */
    private void exchange() {
        for (int i = 0; i < requests.size(); i++) {
            responder.onRequest(requests.get(i), requests.get(i).capacity());
        }
        for (int i = 0; i < answers.size(); i++) {
            requester.onResponse(answers.get(i), answers.get(i).capacity(), 1_000);
        }
    }
}
