package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.Opcode;

/**
 * The REQ that rping's kernel CM sent over rxe: decoded field by field (the expected values read off the captured
 * hex at the offsets of IBTA table 106), and a REQ written with those values is the captured MAD byte for byte.
 */
class CmReqCodecTest {

    private static final int AT = CapturedMads.MAD_AT;
    private static final byte[] RXE_GID = HexFormat.of().parseHex("00000000000000000000ffff0a4f0001");
    private static final byte[] JAVA_GID = HexFormat.of().parseHex("00000000000000000000ffff0a4f0002");

    @Test
    void theUdPacketGoesToTheGsi() {
        ByteBuffer p = CapturedMads.packet("req-rping");
        assertThat(Opcode.of(Bth.opcode(p, 0))).isEqualTo(Opcode.UD_SEND_ONLY);
        assertThat(Bth.destQp(p, 0)).isEqualTo(Gsi.QPN);
        assertThat(Deth.qKey(p, 12)).isEqualTo(Gsi.Q_KEY);
        assertThat(Deth.sourceQp(p, 12)).isEqualTo(Gsi.QPN);
        assertThat(p.capacity()).isEqualTo(AT + Mad.BYTES + 4);
    }

    @Test
    void decodesTheMadHeader() {
        ByteBuffer p = CapturedMads.packet("req-rping");
        assertThat(Mad.isCmSend(p, AT)).isTrue();
        assertThat(Mad.status(p, AT)).isZero();
        assertThat(Mad.transactionId(p, AT)).isEqualTo(0x0000_0002_9c6e_af94L);
        assertThat(CmAttribute.of(Mad.attributeId(p, AT))).isEqualTo(CmAttribute.REQ);
        assertThat(Mad.attributeModifier(p, AT)).isZero();
    }

    @Test
    void decodesTheRequest() {
        ByteBuffer p = CapturedMads.packet("req-rping");
        assertThat(CmReq.localCommId(p, AT)).isEqualTo(0x94af6e9c);
        assertThat(CmReq.serviceId(p, AT)).isEqualTo(ServiceId.of(ServiceId.PORT_SPACE_TCP, 7174));
        assertThat(CmReq.localCaGuid(p, AT)).isEqualTo(0x305c70fffefce1d5L);
        assertThat(CmReq.localQKey(p, AT)).isZero();
        assertThat(CmReq.localQpn(p, AT)).isEqualTo(0x11);
        assertThat(CmReq.responderResources(p, AT)).isEqualTo(1);
        assertThat(CmReq.initiatorDepth(p, AT)).isEqualTo(1);
        assertThat(CmReq.remoteCmResponseTimeout(p, AT)).isEqualTo(20);
        assertThat(CmReq.transportServiceType(p, AT)).isEqualTo(CmReq.TRANSPORT_RC);
        assertThat(CmReq.endToEndFlowControl(p, AT)).isFalse();
        assertThat(CmReq.startingPsn(p, AT)).isEqualTo(0xc98a54);
        assertThat(CmReq.localCmResponseTimeout(p, AT)).isEqualTo(20);
        assertThat(CmReq.retryCount(p, AT)).isEqualTo(7);
        assertThat(CmReq.partitionKey(p, AT)).isEqualTo(0xFFFF);
        assertThat(CmReq.pathMtu(p, AT)).isEqualTo(3);
        assertThat(CmReq.rnrRetryCount(p, AT)).isEqualTo(7);
        assertThat(CmReq.maxCmRetries(p, AT)).isEqualTo(15);
        assertThat(CmReq.srq(p, AT)).isFalse();
    }

    @Test
    void decodesThePrimaryPath() {
        ByteBuffer p = CapturedMads.packet("req-rping");
        assertThat(CmReq.primaryLocalLid(p, AT)).isEqualTo(0xFFFF);
        assertThat(CmReq.primaryRemoteLid(p, AT)).isEqualTo(0xFFFF);
        assertThat(bytes(p, CmReq.primaryLocalGid(AT), 16)).isEqualTo(RXE_GID);
        assertThat(bytes(p, CmReq.primaryRemoteGid(AT), 16)).isEqualTo(JAVA_GID);
        assertThat(CmReq.primaryFlowLabel(p, AT)).isEqualTo(0xfe033);
        assertThat(CmReq.primaryPacketRate(p, AT)).isZero();
        assertThat(CmReq.primaryTrafficClass(p, AT)).isZero();
        assertThat(CmReq.primaryHopLimit(p, AT)).isEqualTo(64);
        assertThat(CmReq.primarySl(p, AT)).isZero();
        assertThat(CmReq.primarySubnetLocal(p, AT)).isFalse();
        assertThat(CmReq.primaryLocalAckTimeout(p, AT)).isEqualTo(17);
    }

    @Test
    void decodesRdmaCmsHeader() {
        ByteBuffer p = CapturedMads.packet("req-rping");
        int h = CmReq.privateData(AT);
        assertThat(CmaHeader.version(p, h)).isEqualTo(CmaHeader.VERSION);
        assertThat(CmaHeader.ipVersion(p, h)).isEqualTo(4);
        assertThat(CmaHeader.sourcePort(p, h)).isEqualTo(0x8233);
        byte[] address = new byte[4];
        CmaHeader.address(p, CmaHeader.sourceAddress(h), address);
        assertThat(address).containsExactly(10, 79, 0, 1);
        CmaHeader.address(p, CmaHeader.destinationAddress(h), address);
        assertThat(address).containsExactly(10, 79, 0, 2);
    }

    @Test
    void writesTheCapturedRequestByteForByte() {
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.REQ, 0x0000_0002_9c6e_af94L);
        CmReq.localCommId(written, AT, 0x94af6e9c);
        CmReq.serviceId(written, AT, ServiceId.of(ServiceId.PORT_SPACE_TCP, 7174));
        CmReq.localCaGuid(written, AT, 0x305c70fffefce1d5L);
        CmReq.localQpn(written, AT, 0x11);
        CmReq.responderResources(written, AT, 1);
        CmReq.initiatorDepth(written, AT, 1);
        CmReq.remoteCmResponseTimeout(written, AT, 20);
        CmReq.startingPsn(written, AT, 0xc98a54);
        CmReq.localCmResponseTimeout(written, AT, 20);
        CmReq.retryCount(written, AT, 7);
        CmReq.partitionKey(written, AT, 0xFFFF);
        CmReq.pathMtu(written, AT, 3);
        CmReq.rnrRetryCount(written, AT, 7);
        CmReq.maxCmRetries(written, AT, 15);
        CmReq.primaryLids(written, AT, 0xFFFF, 0xFFFF);
        written.put(CmReq.primaryLocalGid(AT), RXE_GID).put(CmReq.primaryRemoteGid(AT), JAVA_GID);
        CmReq.primaryFlowLabel(written, AT, 0xfe033);
        CmReq.primaryHopLimit(written, AT, 64);
        CmReq.primaryLocalAckTimeout(written, AT, 17);
        CmaHeader.put(written, CmReq.privateData(AT), 0x8233, new byte[] {10, 79, 0, 1}, new byte[] {10, 79, 0, 2});
        assertThat(HexFormat.of().formatHex(bytes(written, AT, Mad.BYTES)))
                .isEqualTo(HexFormat.of().formatHex(CapturedMads.mad(CapturedMads.packet("req-rping"))));
    }

    @Test
    void ucmatosesRequestCarriesItsPortAndQueuePair() {
        ByteBuffer p = CapturedMads.packet("req-ucmatose");
        assertThat(ServiceId.portSpace(CmReq.serviceId(p, AT))).isEqualTo(ServiceId.PORT_SPACE_TCP);
        assertThat(ServiceId.port(CmReq.serviceId(p, AT))).isEqualTo(7471);
        assertThat(CmReq.localQpn(p, AT)).isEqualTo(0x13);
        assertThat(CmReq.localCommId(p, AT)).isEqualTo(0x96af6e9c);
    }

    static byte[] bytes(ByteBuffer b, int at, int length) {
        byte[] out = new byte[length];
        b.get(at, out);
        return out;
    }
}
