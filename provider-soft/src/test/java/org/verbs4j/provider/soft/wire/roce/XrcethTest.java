package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The XRCETH of the IBTA XRC annex (a reserved byte, then the 24-bit XRC SRQ number, right after the BTH) against
 * bytes laid out by hand, alone and in whole XRC request headers.
 */
class XrcethTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void writesAReservedZeroByteAndTheSrqNumberBigEndian() {
        ByteBuffer b = ByteBuffer.wrap(HEX.parseHex("eeeeeeeeeeee"));
        Xrceth.put(b, 1, 0xFF12_3456);
        assertThat(HEX.formatHex(b.array())).isEqualTo("ee00123456ee");
    }

    @Test
    void readsTheLow24BitsAndIgnoresTheReservedByte() {
        assertThat(Xrceth.srqNumber(ByteBuffer.wrap(HEX.parseHex("eeab00ff01")), 1)).isEqualTo(0x00FF01);
        assertThat(Xrceth.srqNumber(ByteBuffer.wrap(HEX.parseHex("00fedcba")), 0)).isEqualTo(0xFEDCBA);
    }

    @Test
    void anXrcSendOnlyWithImmediateIsBthXrcethImmDtThenPayload() {
        ByteBuffer b = ByteBuffer.allocate(24);
        Opcode opcode = Opcode.XRC_SEND_ONLY_WITH_IMMEDIATE;
        Bth.put(b, 0, opcode, BthFlags.ACK_REQUEST, 0, RoceV2.DEFAULT_PKEY, 0x000102, 7);
        Xrceth.put(b, opcode.offsetOf(ExtensionHeader.XRCETH), 0x0A0B0C);
        ImmDt.put(b, opcode.offsetOf(ExtensionHeader.IMMDT), 0xCAFEF00D);
        b.putInt(opcode.headerBytes(), 0x11223344);
        assertThat(HEX.formatHex(b.array())).isEqualTo("a500ffff" + "00000102" + "80000007" + "000a0b0c"
                + "cafef00d" + "11223344");
    }

    @Test
    void anXrcRdmaReadRequestIsBthXrcethThenReth() {
        ByteBuffer b = ByteBuffer.allocate(32);
        Opcode opcode = Opcode.XRC_RDMA_READ_REQUEST;
        Bth.put(b, 0, opcode, BthFlags.ACK_REQUEST, 0, RoceV2.DEFAULT_PKEY, 0x11, 0x20);
        Xrceth.put(b, opcode.offsetOf(ExtensionHeader.XRCETH), 5);
        Reth.put(b, opcode.offsetOf(ExtensionHeader.RETH), 0x0102030405060708L, 0x99, 0x40);
        assertThat(HEX.formatHex(b.array())).isEqualTo("ac00ffff" + "00000011" + "80000020" + "00000005"
                + "0102030405060708" + "00000099" + "00000040");
        assertThat(opcode.headerBytes()).isEqualTo(b.capacity());
    }
}
