package org.verbs4j.tools.connect;

import org.verbs4j.Gid;

/**
 * A GID as the C tools print it: {@code inet_ntop(AF_INET6, ...)}, with the longest run of zero groups
 * as {@code ::} and an IPv4-mapped or IPv4-compatible GID ending in dotted decimal
 * ({@code ::ffff:192.168.1.5}).
 */
public final class GidText {

    private GidText() {
    }

    /**
     * @param gid a GID
     * @return its text as glibc's {@code inet_ntop} writes it
     */
    public static String of(Gid gid) {
        byte[] raw = gid.toBytes();
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = (raw[2 * i] & 0xff) << 8 | raw[2 * i + 1] & 0xff;
        }
        return format(words, raw);
    }

    private static String format(int[] words, byte[] raw) {
        int[] run = longestZeroRun(words);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i >= run[0] && i < run[0] + run[1]) {
                if (i == run[0]) {
                    text.append(':');
                }
                continue;
            }
            if (i != 0) {
                text.append(':');
            }
            if (i == 6 && endsInIpv4(run, words)) {
                return text.append(ipv4(raw)).toString();
            }
            text.append(Integer.toHexString(words[i]));
        }
        return run[0] + run[1] == 8 ? text.append(':').toString() : text.toString();
    }

    /** @return {start, length} of the first longest run of at least two zero groups, or {-1, 0} */
    private static int[] longestZeroRun(int[] words) {
        int bestStart = -1;
        int bestLength = 0;
        for (int i = 0; i < 8; i++) {
            int length = 0;
            while (i + length < 8 && words[i + length] == 0) {
                length++;
            }
            if (length > bestLength) {
                bestStart = i;
                bestLength = length;
            }
            i += length;
        }
        return bestLength < 2 ? new int[] {-1, 0} : new int[] {bestStart, bestLength};
    }

    private static boolean endsInIpv4(int[] run, int[] words) {
        return run[0] == 0 && (run[1] == 6 || run[1] == 7 && words[7] != 1 || run[1] == 5 && words[5] == 0xffff);
    }

    private static String ipv4(byte[] raw) {
        return (raw[12] & 0xff) + "." + (raw[13] & 0xff) + "." + (raw[14] & 0xff) + "." + (raw[15] & 0xff);
    }
}
