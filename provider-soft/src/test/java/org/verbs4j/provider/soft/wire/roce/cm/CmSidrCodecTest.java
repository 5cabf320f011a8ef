package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * SIDR_REQ and SIDR_REP against MADs laid out by hand from IBTA tables 119 and 120 (as Linux's ibta_vol1_c12.h
 * places the fields): the MAD header, then request ID, P_Key, service ID and private data; request ID, status,
 * additional information length, QPN (24 bits, then a reserved byte), service ID, Q_Key, 72 bytes of information,
 * private data.
 */
class CmSidrCodecTest {

    private static final String HEADER_REQ = "01070203" + "00000000" + "00000000cafe0001" + "0017" + "0000"
            + "00000000";
    private static final String HEADER_REP = HEADER_REQ.replace("0017", "0018");
    private static final long SERVICE = 0x0000_0000_0111_0bb8L;

    @Test
    void writesAndReadsTheSidrRequest() {
        ByteBuffer b = ByteBuffer.allocate(Mad.BYTES);
        Mad.putCm(b, 0, CmAttribute.SIDR_REQ, 0xcafe0001L);
        CmSidrReq.put(b, 0, 0x11223344, 0xffff, SERVICE);
        b.put(CmSidrReq.privateData(0), new byte[] {0x00, 0x40, 0x0b, (byte) 0xb9});
        String expected = HEADER_REQ + "11223344" + "ffff" + "0000" + "0000000001110bb8" + "00400bb9"
                + "00".repeat(CmSidrReq.PRIVATE_DATA_BYTES - 4);
        assertThat(HexFormat.of().formatHex(b.array())).isEqualTo(expected);
        assertThat(CmSidrReq.requestId(b, 0)).isEqualTo(0x11223344);
        assertThat(CmSidrReq.partitionKey(b, 0)).isEqualTo(0xffff);
        assertThat(CmSidrReq.serviceId(b, 0)).isEqualTo(SERVICE);
        assertThat(ServiceId.portSpace(SERVICE)).isEqualTo(ServiceId.PORT_SPACE_UDP);
        assertThat(ServiceId.port(SERVICE)).isEqualTo(3000);
    }

    @Test
    void writesAndReadsTheSidrReply() {
        ByteBuffer b = ByteBuffer.allocate(Mad.BYTES);
        Mad.putCm(b, 0, CmAttribute.SIDR_REP, 0xcafe0001L);
        CmSidrRep.put(b, 0, 0x11223344, CmSidrRep.SUCCESS, 0xabcdef, SERVICE, 0x01234567);
        b.put(CmSidrRep.privateData(0), new byte[] {7});
        String expected = HEADER_REP + "11223344" + "00" + "00" + "0000" + "abcdef" + "00" + "0000000001110bb8"
                + "01234567" + "00".repeat(72) + "07" + "00".repeat(CmSidrRep.PRIVATE_DATA_BYTES - 1);
        assertThat(HexFormat.of().formatHex(b.array())).isEqualTo(expected);
        assertThat(CmSidrRep.requestId(b, 0)).isEqualTo(0x11223344);
        assertThat(CmSidrRep.status(b, 0)).isEqualTo(CmSidrRep.SUCCESS);
        assertThat(CmSidrRep.additionalInfoLength(b, 0)).isZero();
        assertThat(CmSidrRep.qpn(b, 0)).isEqualTo(0xabcdef);
        assertThat(CmSidrRep.serviceId(b, 0)).isEqualTo(SERVICE);
        assertThat(CmSidrRep.qKey(b, 0)).isEqualTo(0x01234567);
        assertThat(CmAttribute.of(0x17)).isEqualTo(CmAttribute.SIDR_REQ);
        assertThat(CmAttribute.of(0x18)).isEqualTo(CmAttribute.SIDR_REP);
    }
}
