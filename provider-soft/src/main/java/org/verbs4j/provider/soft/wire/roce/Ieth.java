package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The Invalidate Extended Transport Header (IBTA 9.3.7): the R_Key a SEND with invalidate invalidates. */
public final class Ieth {

    private Ieth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the IETH
     * @param rKey the key to invalidate
     */
    public static void put(ByteBuffer buffer, int at, int rKey) {
        buffer.putInt(at, rKey);
    }

    /**
     * @param buffer the packet
     * @param at the index of the IETH
     * @return the key to invalidate
     */
    public static int rKey(ByteBuffer buffer, int at) {
        return buffer.getInt(at);
    }
}
