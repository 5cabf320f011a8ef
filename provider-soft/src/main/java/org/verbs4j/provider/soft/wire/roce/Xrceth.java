package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/**
 * The XRC Extended Transport Header (IBTA XRC annex): a reserved byte, then the 24-bit number of the XRC shared
 * receive queue a request goes to. Every request packet of XRC carries it; responses do not.
 */
public final class Xrceth {

    private Xrceth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the XRCETH
     * @param srqNumber the XRC SRQ number (its low 24 bits are sent)
     */
    public static void put(ByteBuffer buffer, int at, int srqNumber) {
        buffer.putInt(at, srqNumber & Bth.MASK_24);
    }

    /**
     * @param buffer the packet
     * @param at the index of the XRCETH
     * @return the XRC SRQ number
     */
    public static int srqNumber(ByteBuffer buffer, int at) {
        return buffer.getInt(at) & Bth.MASK_24;
    }
}
