package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The Immediate Data Extended Transport Header (IBTA 9.3.4): four bytes the receiver's completion reports. */
public final class ImmDt {

    private ImmDt() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the ImmDt
     * @param immediate the immediate data
     */
    public static void put(ByteBuffer buffer, int at, int immediate) {
        buffer.putInt(at, immediate);
    }

    /**
     * @param buffer the packet
     * @param at the index of the ImmDt
     * @return the immediate data, in wire order
     */
    public static int immediate(ByteBuffer buffer, int at) {
        return buffer.getInt(at);
    }
}
