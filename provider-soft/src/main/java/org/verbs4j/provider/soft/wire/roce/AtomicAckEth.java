package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The Atomic ACK Extended Transport Header (IBTA 9.3.6): the remote value before the atomic operation. */
public final class AtomicAckEth {

    private AtomicAckEth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicAckETH
     * @param original the original value
     */
    public static void put(ByteBuffer buffer, int at, long original) {
        buffer.putLong(at, original);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicAckETH
     * @return the original value
     */
    public static long original(ByteBuffer buffer, int at) {
        return buffer.getLong(at);
    }
}
