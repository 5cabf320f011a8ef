package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
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
     * Reads a GID written as text: the form {@link #toString()} and {@code ibv_devinfo} print
     * ({@code fe80:0000:0000:0000:0202:c9ff:fe00:0001}), any IPv6 literal ({@code fe80::1}), or an
     * IPv4 literal, which becomes the IPv4-mapped GID RoCE v2 uses ({@code ::ffff:192.0.2.1}).
     * Nothing is looked up: a host name is refused.
     *
     * @param text the GID as text
     * @return the GID
     * @throws IllegalArgumentException if {@code text} is not an IPv6 or IPv4 literal
     */
    public static Gid parse(String text) {
        try {
            return of(InetAddress.ofLiteral(text.strip()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a GID: write it as an IPv6 address"
                    + " (fe80::1 or eight groups of four hex digits) or an IPv4 address", e);
        }
    }

    /**
     * The GID of an IP address, as RoCE v2 derives GIDs from the addresses of its network device: an
     * IPv6 address is its own GID, an IPv4 address a.b.c.d gives {@code ::ffff:a.b.c.d}.
     *
     * @param address an IPv4 or IPv6 address
     * @return its GID
     */
    public static Gid of(InetAddress address) {
        byte[] raw = address.getAddress();
        if (address instanceof Inet4Address) {
            return new Gid(0, 0xffff_0000_0000L | Integer.toUnsignedLong(MemorySegment.ofArray(raw)
                    .get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0)));
        }
        return ofBytes(raw);
    }

    /**
     * The IP address this GID stands for: an IPv4-mapped GID ({@code ::ffff:a.b.c.d}) gives the IPv4
     * address, any other GID the IPv6 address with the same 16 bytes.
     *
     * @return the address; nothing is looked up
     */
    public InetAddress toInetAddress() {
        try {
            return InetAddress.getByAddress(toBytes());
        } catch (UnknownHostException e) {
            throw new AssertionError("16 bytes are always an IPv6 address", e);
        }
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
