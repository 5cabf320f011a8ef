package org.verbs4j.provider.soft.wire.roce;

/** What an AETH says, from bits 6 and 5 of its syndrome (IBTA 9.7.5.2, Table 43). */
public enum AckType {
    /** A positive acknowledgement; the low five bits are the credit count. */
    ACK,
    /** Receiver not ready; the low five bits are the RNR timer code. */
    RNR_NAK,
    /** A reserved syndrome, which a requester treats as malformed. */
    RESERVED,
    /** A negative acknowledgement; the low five bits are a {@link NakCode}. */
    NAK;

    private static final AckType[] BY_BITS = values();

    /**
     * @param syndrome the AETH syndrome byte
     * @return its type
     */
    public static AckType of(int syndrome) {
        return BY_BITS[syndrome >> 5 & 3];
    }

    /** @return this type's bits 6 and 5 of a syndrome */
    int syndromeBits() {
        return ordinal() << 5;
    }
}
