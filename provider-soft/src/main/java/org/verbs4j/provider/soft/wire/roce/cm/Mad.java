package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The common MAD header (IBTA 13.4.2), 24 bytes: base version (1), management class (1), class version (1),
 * method (1), status (2), class specific (2), transaction ID (8), attribute ID (2), reserved (2), attribute
 * modifier (4). A CM MAD is always {@link #BYTES} long, its message after the header.
 */
public final class Mad {

    /** Every MAD's length on the wire. */
    public static final int BYTES = 256;

    /** The header's length: where the class's data starts. */
    public static final int HEADER_BYTES = 24;

    /** The base version of every MAD. */
    public static final int BASE_VERSION = 1;

    /** The management class of communication management. */
    public static final int CM_CLASS = 0x07;

    /** The class version Linux's CM speaks. */
    public static final int CM_CLASS_VERSION = 2;

    /** The method of every CM message: Send, which expects no response method. */
    public static final int METHOD_SEND = 0x03;

    private Mad() {
    }

    /**
     * Writes a CM Send header with status 0 and attribute modifier 0.
     *
     * @param buffer the packet
     * @param at the index of the MAD
     * @param attribute the message
     * @param transactionId the transaction ID: the sender's for a request, the request's for its answers
     */
    public static void putCm(ByteBuffer buffer, int at, CmAttribute attribute, long transactionId) {
        buffer.put(at, (byte) BASE_VERSION);
        buffer.put(at + 1, (byte) CM_CLASS);
        buffer.put(at + 2, (byte) CM_CLASS_VERSION);
        buffer.put(at + 3, (byte) METHOD_SEND);
        buffer.putInt(at + 4, 0);
        buffer.putLong(at + 8, transactionId);
        buffer.putShort(at + 16, (short) attribute.id());
        buffer.putShort(at + 18, (short) 0);
        buffer.putInt(at + 20, 0);
    }

    /**
     * @param buffer the packet
     * @param at the index of the MAD
     * @return whether the header is a CM Send of the base and class versions above
     */
    public static boolean isCmSend(ByteBuffer buffer, int at) {
        return baseVersion(buffer, at) == BASE_VERSION && managementClass(buffer, at) == CM_CLASS
                && classVersion(buffer, at) == CM_CLASS_VERSION && method(buffer, at) == METHOD_SEND;
    }

    /** @return the base version */
    public static int baseVersion(ByteBuffer buffer, int at) {
        return buffer.get(at) & 0xFF;
    }

    /** @return the management class */
    public static int managementClass(ByteBuffer buffer, int at) {
        return buffer.get(at + 1) & 0xFF;
    }

    /** @return the class version */
    public static int classVersion(ByteBuffer buffer, int at) {
        return buffer.get(at + 2) & 0xFF;
    }

    /** @return the method */
    public static int method(ByteBuffer buffer, int at) {
        return buffer.get(at + 3) & 0xFF;
    }

    /** @return the status */
    public static int status(ByteBuffer buffer, int at) {
        return buffer.getShort(at + 4) & 0xFFFF;
    }

    /** @return the transaction ID */
    public static long transactionId(ByteBuffer buffer, int at) {
        return buffer.getLong(at + 8);
    }

    /** @return the attribute ID */
    public static int attributeId(ByteBuffer buffer, int at) {
        return buffer.getShort(at + 16) & 0xFFFF;
    }

    /** @return the attribute modifier */
    public static int attributeModifier(ByteBuffer buffer, int at) {
        return buffer.getInt(at + 20);
    }
}
