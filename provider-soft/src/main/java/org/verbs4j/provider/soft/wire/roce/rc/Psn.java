package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.provider.soft.wire.roce.Bth;

/** Packet sequence numbers: 24-bit counters that wrap, compared within half their range (IBTA 9.7.1). */
public final class Psn {

    private Psn() {
    }

    /**
     * @param psn a PSN
     * @param packets how many packets further, may be negative
     * @return the PSN that many packets later, wrapped to 24 bits
     */
    public static int add(int psn, int packets) {
        return psn + packets & Bth.MASK_24;
    }

    /**
     * @param a a PSN
     * @param b another
     * @return the signed distance from {@code b} to {@code a}: positive when {@code a} comes later
     */
    public static int diff(int a, int b) {
        return (a - b) << 8 >> 8;
    }
}
