package org.verbs4j.provider.soft.wire.roce;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * A received packet that passed the checks, as a {@link PacketHandler} sees it: a view of the endpoint's receive
 * buffer (BTH at index 0), valid only during the handler's call. Reused for every packet.
 */
public final class RocePacket {

    private final ByteBuffer buffer;
    private int length;
    private Opcode opcode;
    private InetSocketAddress sender;
    private int identification;

    RocePacket(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    void set(int length, Opcode opcode, InetSocketAddress sender, int identification) {
        this.length = length;
        this.opcode = opcode;
        this.sender = sender;
        this.identification = identification;
    }

    /** @return the buffer, big-endian, with the BTH at index 0; read it with absolute indexes */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** @return the packet's length, ICRC included */
    public int length() {
        return length;
    }

    /** @return the opcode */
    public Opcode opcode() {
        return opcode;
    }

    /** @return the IP address and UDP port it came from */
    public InetSocketAddress sender() {
        return sender;
    }

    /** @return the IPv4 identification of the packet's IP header, as its ICRC gave it (0 for IPv6) */
    public int ipv4Identification() {
        return identification;
    }

    /**
     * @param header a header the opcode carries
     * @return its index in {@link #buffer()}
     */
    public int offsetOf(ExtensionHeader header) {
        return opcode.offsetOf(header);
    }

    /** @return the index of the payload */
    public int payloadOffset() {
        return opcode.headerBytes();
    }

    /** @return the payload length, without pad */
    public int payloadLength() {
        return length - opcode.headerBytes() - Bth.pad(buffer, 0) - RoceV2.ICRC_BYTES;
    }
}
