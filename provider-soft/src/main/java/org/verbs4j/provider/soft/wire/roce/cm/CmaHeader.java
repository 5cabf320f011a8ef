package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The header rdma_cm puts at the start of a REQ's private data (Linux's {@code struct cma_hdr}, IBTA annex A11), 36
 * bytes: version (1, always 0), IP version (upper four bits: 4 or 6), the sender's port (2), the sender's IP
 * address (16) and the receiver's (16). An IPv4 address sits in the last four of its sixteen bytes, after zeros.
 * The consumer's private data follows.
 */
public final class CmaHeader {

    /** The header's length. */
    public static final int BYTES = 36;

    private static final int FLOW_LABEL_MASK = 0xFFFFF;

    /** The only version rdma_cm sends. */
    public static final int VERSION = 0;

    private CmaHeader() {
    }

    /**
     * Writes the header.
     *
     * @param b the packet
     * @param at the index of the header (the private data's)
     * @param sourcePort the sender's port
     * @param source the sender's address, 4 or 16 bytes
     * @param destination the receiver's address, as long as {@code source}
     */
    public static void put(ByteBuffer b, int at, int sourcePort, byte[] source, byte[] destination) {
        b.put(at, (byte) VERSION);
        b.put(at + 1, (byte) ((source.length == 4 ? 4 : 6) << 4));
        b.putShort(at + 2, (short) sourcePort);
        putAddress(b, at + 4, source);
        putAddress(b, at + 20, destination);
    }

    private static void putAddress(ByteBuffer b, int at, byte[] address) {
        for (int i = 0; i < 16 - address.length; i++) {
            b.put(at + i, (byte) 0);
        }
        b.put(at + 16 - address.length, address);
    }

    /** @return the version */
    public static int version(ByteBuffer b, int at) {
        return b.get(at) & 0xFF;
    }

    /** @return the IP version, 4 or 6 */
    public static int ipVersion(ByteBuffer b, int at) {
        return (b.get(at + 1) & 0xF0) >>> 4;
    }

    /** @return the sender's port */
    public static int sourcePort(ByteBuffer b, int at) {
        return b.getShort(at + 2) & 0xFFFF;
    }

    /** @return the index of the sender's address: its last four bytes for IPv4 */
    public static int sourceAddress(int at) {
        return at + 4;
    }

    /** @return the index of the receiver's address: its last four bytes for IPv4 */
    public static int destinationAddress(int at) {
        return at + 20;
    }

    /**
     * @param b the packet
     * @param at the index of an address field
     * @param into 4 bytes for an IPv4 address (the field's last four), 16 for IPv6
     */
    public static void address(ByteBuffer b, int at, byte[] into) {
        b.get(at + 16 - into.length, into);
    }

    /**
     * The flow label of an rdma_cm path over RoCE v2, as Linux's {@code cma_get_roce_udp_flow_label} derives it
     * when the source address carries none: {@code (sourcePort × 31 + destinationPort) & 0xFFFFF}.
     *
     * @param sourcePort the rdma_cm source port
     * @param destinationPort the rdma_cm destination port
     * @return the 20-bit flow label
     */
    public static int roceFlowLabel(int sourcePort, int destinationPort) {
        return (sourcePort * 31 + destinationPort) & FLOW_LABEL_MASK;
    }
}
