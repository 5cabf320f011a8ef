package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Every header codec against bytes laid out by hand from the IBTA figures, read and written at an offset. */
class HeaderCodecTest {

    private static final int AT = 3;

    private static ByteBuffer at(String hex) {
        byte[] bytes = HexFormat.of().parseHex("eeeeee" + hex);
        return ByteBuffer.wrap(bytes);
    }

    private static String written(int length, java.util.function.Consumer<ByteBuffer> writer) {
        ByteBuffer buffer = ByteBuffer.allocate(AT + length);
        writer.accept(buffer);
        return HexFormat.of().formatHex(buffer.array(), AT, AT + length);
    }

    @Test
    void bthReadsEveryField() {
        ByteBuffer b = at("04f2fffec0123456 80abcdef".replace(" ", ""));
        assertThat(Bth.opcode(b, AT)).isEqualTo(0x04);
        assertThat(Bth.solicited(b, AT)).isTrue();
        assertThat(Bth.migrated(b, AT)).isTrue();
        assertThat(Bth.pad(b, AT)).isEqualTo(3);
        assertThat(Bth.transportVersion(b, AT)).isEqualTo(2);
        assertThat(Bth.pKey(b, AT)).isEqualTo(0xFFFE);
        assertThat(Bth.fecn(b, AT)).isTrue();
        assertThat(Bth.becn(b, AT)).isTrue();
        assertThat(Bth.destQp(b, AT)).isEqualTo(0x123456);
        assertThat(Bth.ackRequest(b, AT)).isTrue();
        assertThat(Bth.psn(b, AT)).isEqualTo(0xABCDEF);
    }

    @Test
    void bthWritesEveryField() {
        assertThat(written(12, b -> Bth.put(b, AT, Opcode.RC_SEND_ONLY, BthFlags.SOLICITED | BthFlags.ACK_REQUEST, 2,
                0xFFFF, 0xA12345, 0x1FFFFFF))).isEqualTo("04a0ffff00a1234580ffffff");
        assertThat(written(12, b -> Bth.put(b, AT, Opcode.UD_SEND_ONLY, BthFlags.MIGRATED, 0, 0x8001, 1, 0)))
                .isEqualTo("644080010000000100000000");
    }

    @Test
    void congestionBitsChangeOnlyByteFour() {
        ByteBuffer b = at("0400ffff00000011 00000001".replace(" ", ""));
        Bth.putCongestion(b, AT, true, false);
        assertThat(HexFormat.of().formatHex(b.array(), AT, AT + 12)).isEqualTo("0400ffff8000001100000001");
        assertThat(Bth.destQp(b, AT)).isEqualTo(0x11);
    }

    @Test
    void padBringsPayloadsToWholeWords() {
        assertThat(Bth.padFor(0)).isZero();
        assertThat(Bth.padFor(61)).isEqualTo(3);
        assertThat(Bth.padFor(62)).isEqualTo(2);
        assertThat(Bth.padFor(1023)).isEqualTo(1);
    }

    @Test
    void reth() {
        String hex = "00007f00deadbeef" + "12345678" + "00010000";
        ByteBuffer b = at(hex);
        assertThat(Reth.virtualAddress(b, AT)).isEqualTo(0x00007F00DEADBEEFL);
        assertThat(Reth.rKey(b, AT)).isEqualTo(0x12345678);
        assertThat(Reth.dmaLength(b, AT)).isEqualTo(65536);
        assertThat(written(16, w -> Reth.put(w, AT, 0x00007F00DEADBEEFL, 0x12345678, 65536))).isEqualTo(hex);
    }

    @Test
    void aethSyndromes() {
        assertThat(Aeth.ack(Aeth.UNLIMITED_CREDITS)).isEqualTo(0x1F);
        assertThat(Aeth.rnrNak(14)).isEqualTo(0x2E);
        assertThat(Aeth.nak(NakCode.PSN_SEQUENCE_ERROR)).isEqualTo(0x60);
        assertThat(Aeth.nak(NakCode.REMOTE_ACCESS_ERROR)).isEqualTo(0x62);
        assertThat(AckType.of(0x1F)).isEqualTo(AckType.ACK);
        assertThat(AckType.of(0x2E)).isEqualTo(AckType.RNR_NAK);
        assertThat(AckType.of(0x40)).isEqualTo(AckType.RESERVED);
        assertThat(AckType.of(0x61)).isEqualTo(AckType.NAK);
        assertThat(NakCode.of(Aeth.value(0x61))).isEqualTo(NakCode.INVALID_REQUEST);
        assertThat(NakCode.of(Aeth.value(0x7F))).isNull();
        assertThat(Aeth.value(0x2E)).isEqualTo(14);
    }

    @Test
    void aethFields() {
        ByteBuffer b = at("63000102");
        assertThat(Aeth.syndrome(b, AT)).isEqualTo(0x63);
        assertThat(Aeth.msn(b, AT)).isEqualTo(0x102);
        assertThat(written(4, w -> Aeth.put(w, AT, Aeth.nak(NakCode.REMOTE_OPERATIONAL_ERROR), 0x1000102)))
                .isEqualTo("63000102");
    }

    @Test
    void immDtAndIeth() {
        assertThat(ImmDt.immediate(at("cafef00d"), AT)).isEqualTo(0xCAFEF00D);
        assertThat(written(4, w -> ImmDt.put(w, AT, 0xCAFEF00D))).isEqualTo("cafef00d");
        assertThat(Ieth.rKey(at("00abcdef"), AT)).isEqualTo(0xABCDEF);
        assertThat(written(4, w -> Ieth.put(w, AT, 0xABCDEF))).isEqualTo("00abcdef");
    }

    @Test
    void atomicEth() {
        String hex = "0000000010002000" + "0badcafe" + "0000000000000001" + "ffffffffffffffff";
        ByteBuffer b = at(hex);
        assertThat(AtomicEth.virtualAddress(b, AT)).isEqualTo(0x10002000L);
        assertThat(AtomicEth.rKey(b, AT)).isEqualTo(0x0BADCAFE);
        assertThat(AtomicEth.swapOrAdd(b, AT)).isEqualTo(1);
        assertThat(AtomicEth.compare(b, AT)).isEqualTo(-1);
        assertThat(written(28, w -> AtomicEth.put(w, AT, 0x10002000L, 0x0BADCAFE, 1, -1))).isEqualTo(hex);
    }

    @Test
    void atomicAckEth() {
        assertThat(AtomicAckEth.original(at("8000000000000002"), AT)).isEqualTo(0x8000000000000002L);
        assertThat(written(8, w -> AtomicAckEth.put(w, AT, 0x8000000000000002L))).isEqualTo("8000000000000002");
    }

    @Test
    void deth() {
        ByteBuffer b = at("11111111" + "ff000123");
        assertThat(Deth.qKey(b, AT)).isEqualTo(0x11111111);
        assertThat(Deth.sourceQp(b, AT)).isEqualTo(0x123);
        assertThat(written(8, w -> Deth.put(w, AT, 0x11111111, 0xFF000123))).isEqualTo("1111111100000123");
    }
}
