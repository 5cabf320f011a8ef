package org.verbs4j.tools.connect;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.verbs4j.Destination;
import org.verbs4j.Gid;

/**
 * The 52-byte address record of rdma-core's {@code pingpong.c}: {@code "%04x:%06x:%06x:%s"} of LID, QPN,
 * PSN and the 16 raw GID bytes as 32 hexadecimal digits, then a NUL, which is sent too.
 */
public final class PingPongMessage {

    /** The size of one record on the wire, NUL included. */
    public static final int SIZE = 52;

    private static final Pattern RECORD =
            Pattern.compile("([0-9a-fA-F]+):([0-9a-fA-F]+):([0-9a-fA-F]+):([0-9a-fA-F]{32})");

    private PingPongMessage() {
    }

    /**
     * @param destination the address to send
     * @return its 52 bytes
     */
    public static byte[] encode(Destination destination) {
        String text = String.format("%04x:%06x:%06x:%s", destination.lid(), destination.qpn(), destination.psn(),
                HexFormat.of().formatHex(destination.gid().toBytes()));
        byte[] record = new byte[SIZE];
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, record, 0, Math.min(ascii.length, SIZE - 1));
        return record;
    }

    /**
     * @param record the bytes received (up to the first NUL)
     * @return the destination they hold
     * @throws PeerException if they are not such a record
     */
    public static Destination decode(byte[] record) {
        String text = textOf(record);
        Matcher matcher = RECORD.matcher(text);
        if (!matcher.matches()) {
            throw new PeerException("the peer sent a malformed address record: \"" + text + "\"");
        }
        return new Destination(hex(matcher.group(1)), hex(matcher.group(2)), hex(matcher.group(3)),
                Gid.ofBytes(HexFormat.of().parseHex(matcher.group(4))));
    }

    private static String textOf(byte[] record) {
        int end = 0;
        while (end < record.length && record[end] != 0) {
            end++;
        }
        return new String(record, 0, end, StandardCharsets.US_ASCII);
    }

    private static int hex(String digits) {
        return (int) Long.parseLong(digits, 16);
    }
}
