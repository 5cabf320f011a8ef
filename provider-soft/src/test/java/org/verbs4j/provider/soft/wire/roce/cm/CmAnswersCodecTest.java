package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The REP, RTU, DREQ, DREP and REJ that rxe's kernel CM sent to the Java side of {@code run-roce-wire.sh cm}: decoded
 * field by field (the expected values read off the captured hex at the offsets of IBTA tables 108 to 113), and each
 * written again with those values is the captured MAD byte for byte.
 */
class CmAnswersCodecTest {

    private static final int AT = CapturedMads.MAD_AT;

    @Test
    void decodesTheReply() {
        ByteBuffer p = CapturedMads.packet("rep-ucmatose");
        assertThat(Mad.isCmSend(p, AT)).isTrue();
        assertThat(CmAttribute.of(Mad.attributeId(p, AT))).isEqualTo(CmAttribute.REP);
        assertThat(Mad.transactionId(p, AT)).isEqualTo(0x15fd0f10L);
        assertThat(CmMessage.localCommId(p, AT)).isEqualTo(0xbbbcd2de);
        assertThat(CmMessage.remoteCommId(p, AT)).isEqualTo(0x15fd0f10);
        assertThat(CmRep.localQKey(p, AT)).isZero();
        assertThat(CmRep.localQpn(p, AT)).isEqualTo(0x11);
        assertThat(CmRep.startingPsn(p, AT)).isEqualTo(0xac9db8);
        assertThat(CmRep.responderResources(p, AT)).isEqualTo(1);
        assertThat(CmRep.initiatorDepth(p, AT)).isEqualTo(1);
        assertThat(CmRep.targetAckDelay(p, AT)).isEqualTo(15);
        assertThat(CmRep.failoverAccepted(p, AT)).isZero();
        assertThat(CmRep.endToEndFlowControl(p, AT)).isFalse();
        assertThat(CmRep.rnrRetryCount(p, AT)).isEqualTo(7);
        assertThat(CmRep.srq(p, AT)).isFalse();
        assertThat(CmRep.localCaGuid(p, AT)).isEqualTo(0x48f333fffe437874L);
    }

    @Test
    void writesTheCapturedReplyByteForByte() {
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.REP, 0x15fd0f10L);
        CmMessage.commIds(written, AT, 0xbbbcd2de, 0x15fd0f10);
        CmRep.localQpn(written, AT, 0x11);
        CmRep.startingPsn(written, AT, 0xac9db8);
        CmRep.responderResources(written, AT, 1);
        CmRep.initiatorDepth(written, AT, 1);
        CmRep.targetAckDelay(written, AT, 15);
        CmRep.rnrRetryCount(written, AT, 7);
        CmRep.localCaGuid(written, AT, 0x48f333fffe437874L);
        assertSameMad(written, "rep-ucmatose");
    }

    @Test
    void decodesAndWritesTheDisconnectionRequest() {
        ByteBuffer p = CapturedMads.packet("dreq-ucmatose");
        assertThat(CmAttribute.of(Mad.attributeId(p, AT))).isEqualTo(CmAttribute.DREQ);
        assertThat(CmMessage.localCommId(p, AT)).isEqualTo(0xbbbcd2de);
        assertThat(CmMessage.remoteCommId(p, AT)).isEqualTo(0x15fd0f10);
        assertThat(CmDreq.remoteQpn(p, AT)).isEqualTo(0xfb56);
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.DREQ, 0x2ded2bcbbL);
        CmMessage.commIds(written, AT, 0xbbbcd2de, 0x15fd0f10);
        CmDreq.remoteQpn(written, AT, 0xfb56);
        assertSameMad(written, "dreq-ucmatose");
    }

    @Test
    void writesTheReadyToUseAndTheDisconnectionReply() {
        ByteBuffer rtu = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(rtu, AT, CmAttribute.RTU, 0x2ded2bcb8L);
        CmMessage.commIds(rtu, AT, 0xb8bcd2de, 0xa2c04387);
        assertSameMad(rtu, "rtu-ucmatose");
        ByteBuffer drep = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(drep, AT, CmAttribute.DREP, 0x2ded2bcb8L);
        CmMessage.commIds(drep, AT, 0xb8bcd2de, 0xa2c04387);
        assertSameMad(drep, "drep-ucmatose");
    }

    @Test
    void decodesAndWritesTheKernelsRejectOfAnUnlistenedPort() {
        ByteBuffer p = CapturedMads.packet("rej-no-listener");
        assertThat(CmAttribute.of(Mad.attributeId(p, AT))).isEqualTo(CmAttribute.REJ);
        assertThat(Mad.transactionId(p, AT)).isEqualTo(0xca763cc9L);
        assertThat(CmMessage.localCommId(p, AT)).isZero();
        assertThat(CmMessage.remoteCommId(p, AT)).isEqualTo(0xca763cc9);
        assertThat(CmRej.messageRejected(p, AT)).isEqualTo(CmRej.REQ);
        assertThat(CmRej.rejectedInfoLength(p, AT)).isZero();
        assertThat(CmRej.reason(p, AT)).isEqualTo(RejectReason.INVALID_SERVICE_ID.code());
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.REJ, 0xca763cc9L);
        CmMessage.commIds(written, AT, 0, 0xca763cc9);
        CmRej.put(written, AT, CmRej.REQ, RejectReason.INVALID_SERVICE_ID.code(), 0);
        assertSameMad(written, "rej-no-listener");
    }

    @Test
    void theMachineAnswersRxesDreqWithTheDrepRxeExpects() {
        ByteBuffer dreq = CapturedMads.packet("dreq-ucmatose");
        ByteBuffer[] sent = new ByteBuffer[1];
        CmConnection connection = new CmConnection(0x15fd0f10, CmPair.GID_B, CmPair.GID_A, 1, CmTimeouts.RDMA_CM,
                (mad, to) -> sent[0] = copy(mad), (c, e) -> { });
        connection.connect(ServiceId.of(ServiceId.PORT_SPACE_TCP, 7471),
                new QueuePairInfo(0xfb56, 1, 1, 1, 7, 7, 3), new byte[0], 0);
        connection.onMad(CapturedMads.packet("rep-ucmatose"), AT, 1);
        assertThat(CmAttribute.of(Mad.attributeId(sent[0], 0))).isEqualTo(CmAttribute.RTU);
        connection.onMad(dreq, AT, 2);
        ByteBuffer drep = sent[0];
        assertThat(CmAttribute.of(Mad.attributeId(drep, 0))).isEqualTo(CmAttribute.DREP);
        assertThat(Mad.transactionId(drep, 0)).isEqualTo(Mad.transactionId(dreq, AT));
        assertThat(CmMessage.localCommId(drep, 0)).isEqualTo(0x15fd0f10);
        assertThat(CmMessage.remoteCommId(drep, 0)).isEqualTo(0xbbbcd2de);
        assertThat(connection.state()).isEqualTo(CmState.TIMEWAIT);
    }

    private static ByteBuffer copy(ByteBuffer mad) {
        byte[] bytes = new byte[Mad.BYTES];
        mad.get(0, bytes);
        return ByteBuffer.wrap(bytes);
    }

    private static void assertSameMad(ByteBuffer written, String captured) {
        assertThat(HexFormat.of().formatHex(CmReqCodecTest.bytes(written, AT, Mad.BYTES)))
                .isEqualTo(HexFormat.of().formatHex(CapturedMads.mad(CapturedMads.packet(captured))));
    }
}
