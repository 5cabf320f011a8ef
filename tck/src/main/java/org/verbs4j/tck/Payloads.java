package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Test payloads, written into registered memory and compared byte for byte. */
public final class Payloads {

    private Payloads() {
    }

    /**
     * @param seed distinguishes payloads of one test
     * @param length the length
     * @return a payload in which neighbouring bytes and payloads of other seeds differ
     */
    public static byte[] pattern(int seed, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (seed * 131 + i * 7 + (i >>> 8) + 1);
        }
        return bytes;
    }

    /**
     * @param segment the destination
     * @param offset where to write
     * @param bytes what to write
     */
    public static void write(MemorySegment segment, long offset, byte[] bytes) {
        MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, offset, bytes.length);
    }

    /**
     * Fails at the first byte of {@code segment} at {@code offset} that differs from {@code expected}.
     *
     * @param segment the memory to check
     * @param offset where the payload starts
     * @param expected the expected bytes
     * @param what what the payload is, for the failure message
     */
    public static void assertPayload(MemorySegment segment, long offset, byte[] expected, String what) {
        for (int i = 0; i < expected.length; i++) {
            byte actual = segment.get(ValueLayout.JAVA_BYTE, offset + i);
            if (actual != expected[i]) {
                fail(what + ": byte " + i + " of " + expected.length + " differs: expected 0x"
                        + Integer.toHexString(expected[i] & 0xff) + ", got 0x" + Integer.toHexString(actual & 0xff));
            }
        }
    }
}
