package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.HexFormat;

/**
 * A 128-bit global identifier (C {@code union ibv_gid}), held as two big-endian halves so that it
 * is a value with no array inside.
 *
 * @param high the first 8 bytes of the GID, big-endian (the subnet prefix)
 * @param low the last 8 bytes of the GID, big-endian (the interface id)
 */
public record Gid(long high, long low) {

    /** The all-zero GID, which marks an empty GID table entry. */
    public static final Gid ZERO = new Gid(0, 0);

    private static final ValueLayout.OfLong BIG_ENDIAN_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /**
     * @param raw the 16 raw bytes of the GID, in wire order
     * @return the GID
     * @throws IllegalArgumentException if {@code raw} is not 16 bytes long
     */
    public static Gid ofBytes(byte[] raw) {
        if (raw.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes, not " + raw.length);
        }
        return read(MemorySegment.ofArray(raw), 0);
    }

    /**
     * @param segment memory holding a GID in wire order
     * @param offset where the GID starts
     * @return the GID
     */
    public static Gid read(MemorySegment segment, long offset) {
        return new Gid(segment.get(BIG_ENDIAN_LONG, offset), segment.get(BIG_ENDIAN_LONG, offset + 8));
    }

    /**
     * Writes the 16 raw bytes of this GID, in wire order.
     *
     * @param segment the destination
     * @param offset where to write
     */
    public void write(MemorySegment segment, long offset) {
        segment.set(BIG_ENDIAN_LONG, offset, high);
        segment.set(BIG_ENDIAN_LONG, offset + 8, low);
    }

    /** @return the 16 raw bytes of the GID, in wire order */
    public byte[] toBytes() {
        byte[] raw = new byte[16];
        write(MemorySegment.ofArray(raw), 0);
        return raw;
    }

    /** @return whether this is the all-zero GID */
    public boolean isZero() {
        return high == 0 && low == 0;
    }

    /** @return the GID in the colon-separated form {@code ibv_devinfo} prints, e.g. {@code fe80:0000:...} */
    @Override
    public String toString() {
        String hex = HexFormat.of().formatHex(toBytes());
        StringBuilder text = new StringBuilder(39);
        for (int group = 0; group < 8; group++) {
            text.append(group == 0 ? "" : ":").append(hex, group * 4, group * 4 + 4);
        }
        return text.toString();
    }
}
