package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The Datagram Extended Transport Header (IBTA 9.3.2): Q_Key (4), reserved (1), source QP (3). */
public final class Deth {

    private Deth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the DETH
     * @param qKey the queue key the receiving UD queue pair must have
     * @param sourceQp the sender's queue pair number
     */
    public static void put(ByteBuffer buffer, int at, int qKey, int sourceQp) {
        buffer.putInt(at, qKey);
        buffer.putInt(at + 4, sourceQp & Bth.MASK_24);
    }

    /**
     * @param buffer the packet
     * @param at the index of the DETH
     * @return the Q_Key
     */
    public static int qKey(ByteBuffer buffer, int at) {
        return buffer.getInt(at);
    }

    /**
     * @param buffer the packet
     * @param at the index of the DETH
     * @return the source queue pair number
     */
    public static int sourceQp(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 4) & Bth.MASK_24;
    }
}
