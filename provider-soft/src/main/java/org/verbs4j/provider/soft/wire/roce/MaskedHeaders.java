package org.verbs4j.provider.soft.wire.roce;

/**
 * The IP and UDP headers as the ICRC sees them (IBTA Annex A17.4.1): every field a router may change is
 * replaced by ones, the rest is what the sender put on the wire.
 *
 * <p>IPv4: TOS, TTL and header checksum masked. The rest is fixed by how this layer sends, which is why Java can
 * compute it without seeing the header: version 4 with no options, total length from the UDP length,
 * don't-fragment set (rxe sets it, and so does this layer's socket), protocol 17, the two addresses, and
 * the identification: 0 in this layer's packets (Linux gives every datagram of an unconnected socket with
 * don't-fragment the identification 0), recovered from the ICRC in rxe's ({@link Ipv4Identification}).
 * IPv6: traffic class, flow label and hop limit masked; payload length, next header 17 and the addresses remain.
 * UDP: the checksum masked; ports and length remain.
 */
final class MaskedHeaders {

    /** The longest result: an IPv6 header and a UDP header. */
    static final int MAX_BYTES = 40 + 8;

    private static final int PROTOCOL_UDP = 17;

    private MaskedHeaders() {
    }

    /**
     * Writes the masked headers of a flow at the start of {@code out}.
     *
     * @param out at least {@link #MAX_BYTES} bytes
     * @param flow the addresses and ports
     * @param udpPayload the UDP payload length: the whole RoCE packet, ICRC included
     * @return the number of bytes written
     */
    static int write(byte[] out, UdpFlow flow, int udpPayload) {
        int udpLength = 8 + udpPayload;
        int ipBytes = flow.ipv6() ? ipv6(out, flow, udpLength) : ipv4(out, flow, udpLength);
        putShort(out, ipBytes, flow.sourcePort());
        putShort(out, ipBytes + 2, flow.destinationPort());
        putShort(out, ipBytes + 4, udpLength);
        putShort(out, ipBytes + 6, 0xFFFF);
        return ipBytes + 8;
    }

    private static int ipv4(byte[] out, UdpFlow flow, int udpLength) {
        out[0] = 0x45;
        out[1] = (byte) 0xFF;
        putShort(out, 2, 20 + udpLength);
        putShort(out, 4, flow.identification());
        putShort(out, 6, 0x4000);
        out[8] = (byte) 0xFF;
        out[9] = PROTOCOL_UDP;
        putShort(out, 10, 0xFFFF);
        System.arraycopy(flow.source(), 0, out, 12, 4);
        System.arraycopy(flow.destination(), 0, out, 16, 4);
        return 20;
    }

    private static int ipv6(byte[] out, UdpFlow flow, int udpLength) {
        out[0] = 0x6F;
        out[1] = (byte) 0xFF;
        out[2] = (byte) 0xFF;
        out[3] = (byte) 0xFF;
        putShort(out, 4, udpLength);
        out[6] = PROTOCOL_UDP;
        out[7] = (byte) 0xFF;
        System.arraycopy(flow.source(), 0, out, 8, 16);
        System.arraycopy(flow.destination(), 0, out, 24, 16);
        return 40;
    }

    private static void putShort(byte[] out, int at, int value) {
        out[at] = (byte) (value >> 8);
        out[at + 1] = (byte) value;
    }
}
