package org.verbs4j.provider.soft.wire.roce.cm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The CM MADs Linux's kernel CM sent over rxe ({@code rxe-cm-mads.txt}) and those of rdma_cm exchanges between rxe and
 * the soft device ({@code rxe-cm-exchanges.txt}), each file saying how they were captured.
 */
final class CapturedMads {

    /** The MADs of rdma_cm exchanges between rxe and the soft device, both ways ({@code soft-cm}, {@code soft-udp}). */
    static final String EXCHANGES = "rxe-cm-exchanges.txt";

    private static final List<String> FIXTURES = List.of("rxe-cm-mads.txt", EXCHANGES);

    /** Where the MAD starts in a UD packet: after the BTH and the DETH. */
    static final int MAD_AT = 20;

    private CapturedMads() {
    }

    /**
     * @param name a packet's name in the fixture
     * @return the packet, BTH at index 0, ICRC included
     */
    static ByteBuffer packet(String name) {
        for (String fixture : FIXTURES) {
            for (String line : lines(fixture)) {
                String[] fields = line.split(" \\| ");
                if (fields[0].equals(name)) {
                    return ByteBuffer.wrap(HexFormat.of().parseHex(fields[5]));
                }
            }
        }
        throw new AssertionError("no packet " + name + " in " + String.join(" or ", FIXTURES));
    }

    /** @return the names of the packets of {@code fixture}, in its order */
    static List<String> names(String fixture) {
        return Arrays.stream(lines(fixture)).filter(l -> !l.startsWith("#") && !l.isBlank())
                .map(l -> l.split(" \\| ")[0]).toList();
    }

    private static String[] lines(String fixture) {
        try (InputStream in = CapturedMads.class.getResourceAsStream(fixture)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n");
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
