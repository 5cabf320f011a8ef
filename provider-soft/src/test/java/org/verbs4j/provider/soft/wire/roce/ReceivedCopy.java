package org.verbs4j.provider.soft.wire.roce;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A copy of a received packet that outlives the handler's call (test programs only: it allocates).
 *
 * @param opcode the opcode
 * @param raw the packet, BTH to ICRC
 * @param payload the payload without pad
 * @param sender where it came from
 */
record ReceivedCopy(Opcode opcode, byte[] raw, byte[] payload, InetSocketAddress sender) {

    static ReceivedCopy of(RocePacket packet) {
        byte[] raw = new byte[packet.length()];
        packet.buffer().get(0, raw);
        int from = packet.payloadOffset();
        byte[] payload = Arrays.copyOfRange(raw, from, from + packet.payloadLength());
        return new ReceivedCopy(packet.opcode(), raw, payload, packet.sender());
    }

    java.nio.ByteBuffer buffer() {
        return java.nio.ByteBuffer.wrap(raw);
    }

    String hex() {
        return HexFormat.of().formatHex(raw);
    }
}
