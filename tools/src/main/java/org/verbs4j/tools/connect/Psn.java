package org.verbs4j.tools.connect;

import java.util.concurrent.ThreadLocalRandom;

/** Starting packet sequence numbers, random as in the C tools ({@code lrand48() & 0xffffff}). */
public final class Psn {

    /** The PSN field's mask: 24 bits. */
    public static final int MASK = 0xffffff;

    private Psn() {
    }

    /** @return a random 24-bit PSN */
    public static int random() {
        return ThreadLocalRandom.current().nextInt(MASK + 1);
    }
}
