package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/** Bit fields inside one byte, numbered as the IBTA's Byte[Bit] tables number them: bit 7 is the first on the wire. */
final class Bits {

    private Bits() {
    }

    /**
     * @param buffer the message
     * @param index the byte
     * @param shift how far the field's lowest bit sits from bit 0
     * @param width the field's width in bits
     * @return the field
     */
    static int get(ByteBuffer buffer, int index, int shift, int width) {
        return (buffer.get(index) >>> shift) & mask(width);
    }

    /**
     * Sets a field and keeps the byte's other bits.
     *
     * @param buffer the message
     * @param index the byte
     * @param shift how far the field's lowest bit sits from bit 0
     * @param width the field's width in bits
     * @param value the field's value; bits beyond the width are dropped
     */
    static void put(ByteBuffer buffer, int index, int shift, int width, int value) {
        int field = mask(width) << shift;
        int kept = buffer.get(index) & ~field;
        buffer.put(index, (byte) (kept | ((value << shift) & field)));
    }

    /**
     * @param buffer the message
     * @param index the first of three bytes
     * @return the 24-bit big-endian number there
     */
    static int get24(ByteBuffer buffer, int index) {
        return (buffer.getShort(index) & 0xFFFF) << 8 | (buffer.get(index + 2) & 0xFF);
    }

    /**
     * @param buffer the message
     * @param index the first of three bytes
     * @param value the 24-bit number, big-endian
     */
    static void put24(ByteBuffer buffer, int index, int value) {
        buffer.putShort(index, (short) (value >>> 8));
        buffer.put(index + 2, (byte) value);
    }

    private static int mask(int width) {
        return (1 << width) - 1;
    }
}
