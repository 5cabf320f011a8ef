package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * The ICRC's masking and the recovery of an IPv4 identification, on packets made here; packets captured from rxe
 * are checked by {@link RxeCapturedPacketsTest}.
 */
class IcrcTest {

    private static final byte[] JAVA = {10, 79, 0, 2};
    private static final byte[] RXE = {10, 79, 0, 1};

    private final Icrc icrc = new Icrc();
    private final ByteBuffer packet = ByteBuffer.allocate(256);
    private final UdpFlow flow = new UdpFlow().set(JAVA, RoceV2.UDP_PORT, RXE, RoceV2.UDP_PORT);

    private int udSend(int payload) {
        int pad = Bth.padFor(payload);
        Bth.put(packet, 0, Opcode.UD_SEND_ONLY, 0, pad, RoceV2.DEFAULT_PKEY, 0x11, 0x123456);
        Deth.put(packet, 12, 0x11111111, 0x89FA);
        for (int i = 0; i < payload + pad; i++) {
            packet.put(20 + i, (byte) (i < payload ? i * 7 : 0));
        }
        return 20 + payload + pad;
    }

    @Test
    void theIcrcIsTheCrc32OfTheMaskedHeadersAndThePacket() {
        int covered = udSend(61);
        byte[] input = new byte[8 + 28 + covered];
        java.util.Arrays.fill(input, 0, 8, (byte) -1);
        int headers = MaskedHeaders.write(new byte[MaskedHeaders.MAX_BYTES], flow, covered + 4);
        assertThat(headers).isEqualTo(28);
        byte[] ipUdp = {0x45, -1, 0, (byte) (28 + covered + 4), 0, 0, 0x40, 0, -1, 17, -1, -1,
            10, 79, 0, 2, 10, 79, 0, 1,
            0x12, (byte) 0xB7, 0x12, (byte) 0xB7, 0, (byte) (8 + covered + 4), -1, -1};
        System.arraycopy(ipUdp, 0, input, 8, 28);
        packet.get(0, input, 36, covered);
        input[36 + 4] = -1;
        CRC32 reference = new CRC32();
        reference.update(input);
        assertThat(icrc.compute(packet, 0, covered, flow)).isEqualTo((int) reference.getValue());
    }

    @Test
    void overIpv6TheTrafficClassFlowLabelAndHopLimitAreMasked() {
        byte[] source = ipv6(2);
        byte[] destination = ipv6(1);
        UdpFlow ipv6Flow = new UdpFlow().set(source, 50000, destination, RoceV2.UDP_PORT);
        int covered = udSend(61);
        byte[] input = new byte[8 + 48 + covered];
        java.util.Arrays.fill(input, 0, 8, (byte) -1);
        assertThat(MaskedHeaders.write(new byte[MaskedHeaders.MAX_BYTES], ipv6Flow, covered + 4)).isEqualTo(48);
        int udpLength = 8 + covered + 4;
        byte[] ipv6Header = {0x6F, -1, -1, -1, (byte) (udpLength >> 8), (byte) udpLength, 17, -1};
        System.arraycopy(ipv6Header, 0, input, 8, 8);
        System.arraycopy(source, 0, input, 16, 16);
        System.arraycopy(destination, 0, input, 32, 16);
        byte[] udp = {(byte) 0xC3, 0x50, 0x12, (byte) 0xB7, (byte) (udpLength >> 8), (byte) udpLength, -1, -1};
        System.arraycopy(udp, 0, input, 48, 8);
        packet.get(0, input, 56, covered);
        input[56 + 4] = -1;
        CRC32 reference = new CRC32();
        reference.update(input);
        assertThat(icrc.compute(packet, 0, covered, ipv6Flow)).isEqualTo((int) reference.getValue());
    }

    /** @return fd79::{@code last} */
    private static byte[] ipv6(int last) {
        byte[] address = new byte[16];
        address[0] = (byte) 0xFD;
        address[1] = 0x79;
        address[15] = (byte) last;
        return address;
    }

    @Test
    void sealWritesTheCrcLeastSignificantByteFirst() {
        int covered = udSend(8);
        icrc.seal(packet, 0, covered, flow);
        int value = icrc.compute(packet, 0, covered, flow);
        assertThat(packet.get(covered) & 0xFF).isEqualTo(value & 0xFF);
        assertThat(packet.get(covered + 3) & 0xFF).isEqualTo(value >>> 24);
        assertThat(icrc.matches(packet, 0, covered + 4, flow)).isTrue();
    }

    @Test
    void congestionBitsAreMaskedButTheDestinationQpIsNot() {
        int covered = udSend(16);
        icrc.seal(packet, 0, covered, flow);
        Bth.putCongestion(packet, 0, true, true);
        assertThat(icrc.matches(packet, 0, covered + 4, flow)).isTrue();
        packet.put(7, (byte) 0x12);
        assertThat(icrc.matches(packet, 0, covered + 4, new UdpFlow().set(JAVA, RoceV2.UDP_PORT, RXE, RoceV2.UDP_PORT)))
                .isFalse();
    }

    @Test
    void theAddressesAndPortsAreCovered() {
        int covered = udSend(16);
        icrc.seal(packet, 0, covered, flow);
        assertThat(icrc.matches(packet, 0, covered + 4, new UdpFlow().set(JAVA, 4792, RXE, RoceV2.UDP_PORT))).isFalse();
        byte[] other = {10, 79, 0, 3};
        UdpFlow ipv6 = new UdpFlow().set(new byte[16], 1, new byte[16], 1);
        UdpFlow otherSource = new UdpFlow().set(other, RoceV2.UDP_PORT, RXE, RoceV2.UDP_PORT);
        assertThat(icrc.matches(packet, 0, covered + 4, otherSource)).isFalse();
        assertThat(icrc.matches(packet, 0, covered + 4, ipv6)).isFalse();
    }

    @Test
    void anUnknownIpv4IdentificationIsRecovered() {
        int covered = udSend(61);
        icrc.seal(packet, 0, covered, new UdpFlow().set(JAVA, 50000, RXE, RoceV2.UDP_PORT).identification(0xBEEF));
        UdpFlow received = new UdpFlow().set(JAVA, 50000, RXE, RoceV2.UDP_PORT);
        assertThat(icrc.matches(packet, 0, covered + 4, received)).isTrue();
        assertThat(received.identification()).isEqualTo(0xBEEF);
    }

    @Test
    void aCorruptedPayloadFailsEvenWithTheIdentificationFree() {
        int covered = udSend(61);
        icrc.seal(packet, 0, covered, new UdpFlow().set(JAVA, 50000, RXE, RoceV2.UDP_PORT).identification(0x0102));
        packet.put(30, (byte) (packet.get(30) ^ 0x10));
        UdpFlow received = new UdpFlow().set(JAVA, 50000, RXE, RoceV2.UDP_PORT);
        assertThat(icrc.matches(packet, 0, covered + 4, received)).isFalse();
    }
}
