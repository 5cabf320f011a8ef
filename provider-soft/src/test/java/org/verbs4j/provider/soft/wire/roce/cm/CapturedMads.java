package org.verbs4j.provider.soft.wire.roce.cm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** The CM MADs Linux's kernel CM sent over rxe ({@code rxe-cm-mads.txt}, with how they were captured). */
final class CapturedMads {

    /** Where the MAD starts in a UD packet: after the BTH and the DETH. */
    static final int MAD_AT = 20;

    private CapturedMads() {
    }

    /**
     * @param name a packet's name in the fixture
     * @return the packet, BTH at index 0, ICRC included
     */
    static ByteBuffer packet(String name) {
        try (InputStream in = CapturedMads.class.getResourceAsStream("rxe-cm-mads.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                String[] fields = line.split(" \\| ");
                if (fields[0].equals(name)) {
                    return ByteBuffer.wrap(HexFormat.of().parseHex(fields[5]));
                }
            }
            throw new AssertionError("no packet " + name + " in rxe-cm-mads.txt");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * @param packet a captured packet
     * @return its MAD alone, 256 bytes
     */
    static byte[] mad(ByteBuffer packet) {
        byte[] mad = new byte[Mad.BYTES];
        packet.get(MAD_AT, mad);
        return mad;
    }
}
