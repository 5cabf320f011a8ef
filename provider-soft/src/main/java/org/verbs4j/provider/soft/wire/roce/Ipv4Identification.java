package org.verbs4j.provider.soft.wire.roce;

import java.util.Arrays;

/**
 * Recovers the IPv4 identification of a received packet from its ICRC. The identification is the one field of an
 * IPv4 header that the ICRC covers and a Java socket cannot see; rxe draws it per destination
 * ({@code __ip_select_ident}), so it is not 0 as in this layer's own packets. The CRC being linear, the packet's
 * ICRC differs from the ICRC computed with identification 0 by the contribution of the real identification's
 * sixteen bits, and that contribution determines them. A packet passes if some identification explains the
 * difference: for IPv4 packets whose identification is not 0 the check is thus 16 bits strong instead of 32
 * (a corrupted packet passes with probability 2^-16); IPv6 has no identification and keeps all 32.
 *
 * <p>Not thread-safe; allocates nothing after construction.
 */
final class Ipv4Identification {

    /** The identification's offset in the ICRC's input: the eight bytes of the masked LRH, then four of IPv4. */
    static final int OFFSET = 8 + 4;

    /** The zero-seeded CRC of the two identification bytes with only bit i set (bit 0 the least significant). */
    private static final int[] BIT_CRCS = bitCrcs();

    private final int[] pivots = new int[32];
    private final int[] combinations = new int[32];

    /**
     * @param difference the packet's ICRC XOR the ICRC computed with identification 0 (both as {@link Icrc} returns)
     * @param bytesAfter how many bytes of the ICRC's input follow the identification
     * @return the identification, or -1 if none explains the difference
     */
    int solve(int difference, int bytesAfter) {
        Arrays.fill(pivots, 0);
        int factor = Crc32Math.zeroBytesFactor(bytesAfter);
        for (int bit = 0; bit < 16; bit++) {
            insert(Crc32Math.multiply(factor, BIT_CRCS[bit]), 1 << bit);
        }
        return reduce(difference);
    }

    private void insert(int vector, int combination) {
        for (int bit = 31; bit >= 0 && vector != 0; bit--) {
            if ((vector >>> bit & 1) == 0) {
                continue;
            }
            if (pivots[bit] == 0) {
                pivots[bit] = vector;
                combinations[bit] = combination;
                return;
            }
            vector ^= pivots[bit];
            combination ^= combinations[bit];
        }
    }

    private int reduce(int difference) {
        int identification = 0;
        for (int bit = 31; bit >= 0 && difference != 0; bit--) {
            if ((difference >>> bit & 1) == 0) {
                continue;
            }
            if (pivots[bit] == 0) {
                return -1;
            }
            difference ^= pivots[bit];
            identification ^= combinations[bit];
        }
        return identification;
    }

    private static int[] bitCrcs() {
        int[] crcs = new int[16];
        for (int bit = 0; bit < 16; bit++) {
            int value = 1 << bit;
            crcs[bit] = Crc32Math.zeroSeeded(new byte[] {(byte) (value >> 8), (byte) value}, 0, 2);
        }
        return crcs;
    }
}
