package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Packets Linux's rxe really sent ({@code rxe-packets.txt}, with how they were captured): the codecs decode them
 * and the ICRC, computed independently of rxe, matches theirs; a flipped bit anywhere the ICRC covers fails.
 */
class RxeCapturedPacketsTest {

    /** One captured packet: its name and its line of the fixture file. */
    private record Captured(String name, String[] fields) {

        /** @return a fresh flow (checking a packet writes the recovered IPv4 identification into it) */
        UdpFlow flow() {
            try {
                return new UdpFlow().set(InetAddress.getByName(fields[1]).getAddress(), Integer.parseInt(fields[2]),
                        InetAddress.getByName(fields[3]).getAddress(), Integer.parseInt(fields[4]));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }

        /** @return a fresh copy of the packet */
        ByteBuffer packet() {
            return ByteBuffer.wrap(HexFormat.of().parseHex(fields[5]));
        }
    }

    private static List<Captured> captured() throws IOException {
        try (InputStream in = RxeCapturedPacketsTest.class.getResourceAsStream("rxe-packets.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.split("\\s*\\|\\s*")).map(f -> new Captured(f[0], f)).toList();
        }
    }

    @Test
    void theFixturesAreThere() throws IOException {
        assertThat(captured()).extracting(Captured::name)
                .contains("ud-echo-ipv4", "ud-first-ipv4", "rc-send-last-ipv4", "rc-ack-ipv4");
    }

    @Test
    void everyCapturedPacketHasTheIcrcThisLayerComputes() throws IOException {
        Icrc icrc = new Icrc();
        for (Captured c : captured()) {
            ByteBuffer packet = c.packet();
            UdpFlow flow = c.flow();
            assertThat(icrc.matches(packet, 0, packet.capacity(), flow)).as(c.name()).isTrue();
            int covered = packet.capacity() - 4;
            int exact = icrc.compute(packet, 0, covered, flow);
            assertThat(Integer.reverseBytes(packet.getInt(covered))).as(c.name()).isEqualTo(exact);
        }
    }

    @Test
    void aFlippedBitFailsTheIcrc() throws IOException {
        Icrc icrc = new Icrc();
        for (Captured c : captured()) {
            ByteBuffer packet = c.packet();
            int last = packet.capacity() - 1;
            for (int index : new int[] {0, 5, 9, 12, last / 2, last - 4, last}) {
                packet.put(index, (byte) (packet.get(index) ^ 0x04));
                assertThat(icrc.matches(packet, 0, packet.capacity(), c.flow())).as(c.name() + " byte " + index)
                        .isFalse();
                packet.put(index, (byte) (packet.get(index) ^ 0x04));
            }
        }
    }

    @Test
    void theCodecsDecodeRxesUdSend() throws IOException {
        Captured echo = captured().stream().filter(c -> c.name().equals("ud-echo-ipv4")).findFirst().orElseThrow();
        ByteBuffer p = echo.packet();
        assertThat(Opcode.of(Bth.opcode(p, 0))).isEqualTo(Opcode.UD_SEND_ONLY);
        assertThat(Bth.pad(p, 0)).isEqualTo(3);
        assertThat(Bth.pKey(p, 0)).isEqualTo(RoceV2.DEFAULT_PKEY);
        assertThat(Bth.transportVersion(p, 0)).isZero();
        assertThat(Bth.destQp(p, 0)).isEqualTo(0x38F6);
        assertThat(Bth.psn(p, 0)).isEqualTo(0x41E107);
        assertThat(Bth.ackRequest(p, 0)).isFalse();
        assertThat(Deth.qKey(p, 12)).isEqualTo(UdPingpongPeer.QKEY);
        assertThat(Deth.sourceQp(p, 12)).isEqualTo(0x11);
        int payload = p.capacity() - Opcode.UD_SEND_ONLY.headerBytes() - Bth.pad(p, 0) - RoceV2.ICRC_BYTES;
        assertThat(payload).isEqualTo(61);
        assertThat(p.get(20 + 60)).isEqualTo((byte) 60);
    }

    private static ByteBuffer packetNamed(String name) throws IOException {
        return captured().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().packet();
    }

    @Test
    void theCodecsDecodeRxesLastSendPacket() throws IOException {
        ByteBuffer p = packetNamed("rc-send-last-ipv4");
        assertThat(Opcode.of(Bth.opcode(p, 0))).isEqualTo(Opcode.RC_SEND_LAST);
        assertThat(Bth.pad(p, 0)).isEqualTo(3);
        assertThat(Bth.ackRequest(p, 0)).isTrue();
        assertThat(Bth.destQp(p, 0)).isEqualTo(0x9B96);
        assertThat(Bth.psn(p, 0)).isEqualTo(0x9A68BA);
        assertThat(p.capacity() - RoceV2.BTH_BYTES - 3 - RoceV2.ICRC_BYTES).isEqualTo(2501 - 2 * 1024);
        assertThat(p.get(RoceV2.BTH_BYTES + 452)).isEqualTo((byte) 0x7B);
        assertThat(p.get(RoceV2.BTH_BYTES + 453)).isZero();
    }

    @Test
    void theCodecsDecodeRxesAcknowledgement() throws IOException {
        ByteBuffer p = packetNamed("rc-ack-ipv4");
        assertThat(Opcode.of(Bth.opcode(p, 0))).isEqualTo(Opcode.RC_ACKNOWLEDGE);
        assertThat(p.capacity()).isEqualTo(Opcode.RC_ACKNOWLEDGE.headerBytes() + RoceV2.ICRC_BYTES);
        int syndrome = Aeth.syndrome(p, Opcode.RC_ACKNOWLEDGE.offsetOf(ExtensionHeader.AETH));
        assertThat(AckType.of(syndrome)).isEqualTo(AckType.ACK);
        assertThat(Aeth.value(syndrome)).isEqualTo(Aeth.UNLIMITED_CREDITS);
        assertThat(Aeth.msn(p, 12)).isEqualTo(1);
        assertThat(Bth.psn(p, 0)).isEqualTo(0x68B02A);
        assertThat(Bth.destQp(p, 0)).isEqualTo(0x9B96);
    }
}
