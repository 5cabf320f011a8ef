package org.verbs4j.provider.soft.wire.roce;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The 52-byte address record rdma-core's {@code ibv_*_pingpong} tools exchange over TCP: {@code
 * "%04x:%06x:%06x:%s"} of LID, QPN, PSN and the 16 GID bytes in hex, then a NUL.
 *
 * @param lid the LID (0 on RoCE)
 * @param qpn the queue pair number
 * @param psn the first packet sequence number
 * @param gid the 16 GID bytes
 */
record PingpongRecord(int lid, int qpn, int psn, byte[] gid) {

    /** The record's length on the wire, NUL included. */
    static final int BYTES = 52;

    /** @return the record as sent */
    byte[] encode() {
        String text = String.format("%04x:%06x:%06x:%s", lid, qpn, psn, HexFormat.of().formatHex(gid));
        byte[] bytes = new byte[BYTES];
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, bytes, 0, ascii.length);
        return bytes;
    }

    /**
     * @param bytes a record as received
     * @return its fields
     * @throws IllegalArgumentException if it is not a record
     */
    static PingpongRecord decode(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.US_ASCII).replace("\0", "");
        String[] fields = text.split(":");
        if (fields.length != 4 || fields[3].length() != 32) {
            throw new IllegalArgumentException("not a pingpong record: " + text);
        }
        return new PingpongRecord(Integer.parseInt(fields[0], 16), Integer.parseInt(fields[1], 16),
                Integer.parseInt(fields[2], 16), HexFormat.of().parseHex(fields[3]));
    }
}
