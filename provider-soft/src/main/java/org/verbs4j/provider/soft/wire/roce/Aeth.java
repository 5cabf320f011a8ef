package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/**
 * The ACK Extended Transport Header (IBTA 9.3.5): a syndrome byte and the 24-bit Message Sequence Number.
 * The syndrome's bits 6 and 5 are its {@link AckType}, its low five bits a credit count, an RNR timer code or a
 * {@link NakCode}; bit 7 is reserved.
 */
public final class Aeth {

    /** The credit count that means "no end-to-end flow control" (what rxe always sends). */
    public static final int UNLIMITED_CREDITS = 0x1F;

    private Aeth() {
    }

    /**
     * @param buffer the packet
     * @param at the index of the AETH
     * @param syndrome the syndrome byte ({@link #ack}, {@link #rnrNak}, {@link #nak})
     * @param msn the message sequence number
     */
    public static void put(ByteBuffer buffer, int at, int syndrome, int msn) {
        buffer.putInt(at, (syndrome & 0xFF) << 24 | msn & Bth.MASK_24);
    }

    /**
     * @param buffer the packet
     * @param at the index of the AETH
     * @return the syndrome byte
     */
    public static int syndrome(ByteBuffer buffer, int at) {
        return buffer.get(at) & 0xFF;
    }

    /**
     * @param buffer the packet
     * @param at the index of the AETH
     * @return the message sequence number
     */
    public static int msn(ByteBuffer buffer, int at) {
        return buffer.getInt(at) & Bth.MASK_24;
    }

    /**
     * @param credits the credit count, 0 to 31
     * @return the syndrome of an ACK
     */
    public static int ack(int credits) {
        return AckType.ACK.syndromeBits() | credits & 0x1F;
    }

    /**
     * @param timer the RNR timer code, 0 to 31 (IBTA Table 45)
     * @return the syndrome of an RNR NAK
     */
    public static int rnrNak(int timer) {
        return AckType.RNR_NAK.syndromeBits() | timer & 0x1F;
    }

    /**
     * @param code the reason
     * @return the syndrome of a NAK
     */
    public static int nak(NakCode code) {
        return AckType.NAK.syndromeBits() | code.code();
    }

    /**
     * @param syndrome a syndrome byte
     * @return its low five bits: credit count, RNR timer code or NAK code
     */
    public static int value(int syndrome) {
        return syndrome & 0x1F;
    }
}
