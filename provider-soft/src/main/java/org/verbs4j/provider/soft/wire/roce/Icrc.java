package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The Invariant CRC of a RoCE v2 packet (IBTA 7.8.1 and Annex A17.4.1), computed as Linux's rxe computes and
 * checks it: CRC-32 (the Ethernet polynomial, as {@link CRC32}) over eight bytes of ones standing for the
 * masked LRH, the {@linkplain MaskedHeaders masked IP and UDP headers}, the BTH with its byte 4 (resv8a: FECN,
 * BECN and six reserved bits) set to ones, the extended headers, the payload and the pad. The four bytes
 * that end the packet are the CRC's value least significant byte first.
 *
 * <p>Not thread-safe: one per thread; it allocates nothing.
 */
public final class Icrc {

    private static final byte[] MASKED_LRH = {-1, -1, -1, -1, -1, -1, -1, -1};
    private static final int RESV8A = 4;
    private static final int IPV4_UDP_BYTES = 20 + 8;

    private final CRC32 crc = new CRC32();
    private final Ipv4Identification identification = new Ipv4Identification();
    private final byte[] scratch = new byte[MaskedHeaders.MAX_BYTES + RoceV2.BTH_BYTES];

    /**
     * @param packet the packet, BTH first, big-endian
     * @param at the index of the BTH
     * @param covered the length from the BTH to the ICRC, which it excludes
     * @param flow the packet's addresses and ports
     * @return the ICRC
     */
    public int compute(ByteBuffer packet, int at, int covered, UdpFlow flow) {
        crc.reset();
        crc.update(MASKED_LRH);
        int headers = MaskedHeaders.write(scratch, flow, covered + RoceV2.ICRC_BYTES);
        packet.get(at, scratch, headers, RoceV2.BTH_BYTES);
        scratch[headers + RESV8A] = -1;
        crc.update(scratch, 0, headers + RoceV2.BTH_BYTES);
        updateRange(packet, at + RoceV2.BTH_BYTES, covered - RoceV2.BTH_BYTES);
        return (int) crc.getValue();
    }

    /**
     * Writes the ICRC after the covered bytes.
     *
     * @param packet the packet, BTH first, with four bytes of room after the covered ones
     * @param at the index of the BTH
     * @param covered the length from the BTH to the ICRC
     * @param flow the packet's addresses and ports
     */
    public void seal(ByteBuffer packet, int at, int covered, UdpFlow flow) {
        packet.putInt(at + covered, Integer.reverseBytes(compute(packet, at, covered, flow)));
    }

    /**
     * Checks a received packet. For IPv4 the identification the sender chose is unknown to a Java socket: when the
     * ICRC does not match with the flow's identification, the one that explains the difference is recovered
     * ({@link Ipv4Identification}) and written into the flow.
     *
     * @param packet the packet, BTH first
     * @param at the index of the BTH
     * @param length the packet's length, ICRC included
     * @param flow the packet's addresses and ports
     * @return whether the packet ends with the ICRC of its content
     */
    public boolean matches(ByteBuffer packet, int at, int length, UdpFlow flow) {
        int covered = length - RoceV2.ICRC_BYTES;
        int difference = Integer.reverseBytes(packet.getInt(at + covered)) ^ compute(packet, at, covered, flow);
        if (difference == 0 || flow.ipv6()) {
            return difference == 0;
        }
        int bytesAfter = MASKED_LRH.length + IPV4_UDP_BYTES + covered - Ipv4Identification.OFFSET - 2;
        int found = identification.solve(difference, bytesAfter);
        if (found >= 0) {
            flow.identification(flow.identification() ^ found);
        }
        return found >= 0;
    }

    private void updateRange(ByteBuffer packet, int from, int length) {
        int position = packet.position();
        int limit = packet.limit();
        packet.limit(from + length).position(from);
        crc.update(packet);
        packet.limit(limit).position(position);
    }
}
