package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/**
 * The Atomic Extended Transport Header (IBTA 9.3.5): virtual address (8), R_Key (4), swap or add data (8),
 * compare data (8).
 */
public final class AtomicEth {

    private AtomicEth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicETH
     * @param virtualAddress the remote address, 8-byte aligned
     * @param rKey the remote key
     * @param swapOrAdd the value to swap in (compare and swap) or to add (fetch and add)
     * @param compare the value to compare with (compare and swap; 0 for fetch and add)
     */
    public static void put(ByteBuffer buffer, int at, long virtualAddress, int rKey, long swapOrAdd, long compare) {
        buffer.putLong(at, virtualAddress);
        buffer.putInt(at + 8, rKey);
        buffer.putLong(at + 12, swapOrAdd);
        buffer.putLong(at + 20, compare);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicETH
     * @return the virtual address
     */
    public static long virtualAddress(ByteBuffer buffer, int at) {
        return buffer.getLong(at);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicETH
     * @return the R_Key
     */
    public static int rKey(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 8);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicETH
     * @return the swap or add data
     */
    public static long swapOrAdd(ByteBuffer buffer, int at) {
        return buffer.getLong(at + 12);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AtomicETH
     * @return the compare data
     */
    public static long compare(ByteBuffer buffer, int at) {
        return buffer.getLong(at + 20);
    }
}
