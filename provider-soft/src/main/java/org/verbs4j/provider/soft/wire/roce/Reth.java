package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The RDMA Extended Transport Header (IBTA 9.3.3): virtual address (8), R_Key (4), DMA length (4). */
public final class Reth {

    private Reth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the RETH
     * @param virtualAddress the remote address
     * @param rKey the remote key
     * @param dmaLength the length of the whole RDMA operation
     */
    public static void put(ByteBuffer buffer, int at, long virtualAddress, int rKey, int dmaLength) {
        buffer.putLong(at, virtualAddress);
        buffer.putInt(at + 8, rKey);
        buffer.putInt(at + 12, dmaLength);
    }

    /**
     * @param buffer the packet
     * @param at the index of the RETH
     * @return the virtual address
     */
    public static long virtualAddress(ByteBuffer buffer, int at) {
        return buffer.getLong(at);
    }

    /**
     * @param buffer the packet
     * @param at the index of the RETH
     * @return the R_Key
     */
    public static int rKey(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 8);
    }

    /**
     * @param buffer the packet
     * @param at the index of the RETH
     * @return the DMA length, unsigned
     */
    public static long dmaLength(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 12) & 0xFFFF_FFFFL;
    }
}
