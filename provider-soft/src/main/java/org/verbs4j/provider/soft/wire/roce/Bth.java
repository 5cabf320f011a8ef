package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/**
 * The Base Transport Header (IBTA 9.2), 12 bytes, read and written in place at an absolute index of a
 * big-endian buffer, so that neither allocates:
 * <pre>
 * byte 0      OpCode
 * byte 1      SE(7) M(6) PadCnt(5-4) TVer(3-0)
 * bytes 2-3   P_Key
 * byte 4      FECN(7) BECN(6) resv6 (the ICRC masks this whole byte, "resv8a")
 * bytes 5-7   DestQP
 * byte 8      AckReq(7) resv7
 * bytes 9-11  PSN
 * </pre>
 */
public final class Bth {

    /** The mask of the 24-bit queue pair numbers and packet sequence numbers. */
    public static final int MASK_24 = 0xFF_FFFF;

    private Bth() {
    }

    /**
     * Writes a whole BTH; FECN and BECN are written clear and TVer is 0.
     *
     * @param buffer the packet
     * @param at the index of the BTH
     * @param opcode the opcode
     * @param flags {@link BthFlags} ORed: solicited event, migration state, acknowledge request
     * @param pad the pad count, 0 to 3 ({@link #padFor(int)})
     * @param pKey the partition key
     * @param destQp the destination queue pair number
     * @param psn the packet sequence number
     */
    public static void put(ByteBuffer buffer, int at, Opcode opcode, int flags, int pad, int pKey, int destQp,
            int psn) {
        buffer.put(at, (byte) opcode.code());
        buffer.put(at + 1, (byte) ((flags & (BthFlags.SOLICITED | BthFlags.MIGRATED)) | (pad & 3) << 4));
        buffer.putShort(at + 2, (short) pKey);
        buffer.putInt(at + 4, destQp & MASK_24);
        buffer.putInt(at + 8, ((flags & BthFlags.ACK_REQUEST) != 0 ? 0x8000_0000 : 0) | psn & MASK_24);
    }

    /**
     * @param payloadBytes the payload length
     * @return the pad count that brings it to a multiple of four bytes
     */
    public static int padFor(int payloadBytes) {
        return -payloadBytes & 3;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the opcode byte
     */
    public static int opcode(ByteBuffer buffer, int at) {
        return buffer.get(at) & 0xFF;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the solicited event bit (SE)
     */
    public static boolean solicited(ByteBuffer buffer, int at) {
        return (buffer.get(at + 1) & BthFlags.SOLICITED) != 0;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the migration state bit (M)
     */
    public static boolean migrated(ByteBuffer buffer, int at) {
        return (buffer.get(at + 1) & BthFlags.MIGRATED) != 0;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the pad count (PadCnt)
     */
    public static int pad(ByteBuffer buffer, int at) {
        return buffer.get(at + 1) >> 4 & 3;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the transport header version (TVer)
     */
    public static int transportVersion(ByteBuffer buffer, int at) {
        return buffer.get(at + 1) & 0x0F;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the partition key
     */
    public static int pKey(ByteBuffer buffer, int at) {
        return buffer.getShort(at + 2) & 0xFFFF;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the forward explicit congestion bit
     */
    public static boolean fecn(ByteBuffer buffer, int at) {
        return (buffer.get(at + 4) & 0x80) != 0;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the backward explicit congestion bit
     */
    public static boolean becn(ByteBuffer buffer, int at) {
        return (buffer.get(at + 4) & 0x40) != 0;
    }

    /**
     * Sets or clears the congestion bits, which switches in the path may change: the ICRC does not cover them.
     *
     * @param buffer the packet
     * @param at the index of the BTH
     * @param fecn the forward explicit congestion notification
     * @param becn the backward explicit congestion notification
     */
    public static void putCongestion(ByteBuffer buffer, int at, boolean fecn, boolean becn) {
        int rest = buffer.get(at + 4) & 0x3F;
        buffer.put(at + 4, (byte) (rest | (fecn ? 0x80 : 0) | (becn ? 0x40 : 0)));
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the destination queue pair number
     */
    public static int destQp(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 4) & MASK_24;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the acknowledge request bit (A)
     */
    public static boolean ackRequest(ByteBuffer buffer, int at) {
        return buffer.get(at + 8) < 0;
    }

    /**
     * @param buffer the packet
     * @param at the index of the BTH
     * @return the packet sequence number
     */
    public static int psn(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 8) & MASK_24;
    }
}
