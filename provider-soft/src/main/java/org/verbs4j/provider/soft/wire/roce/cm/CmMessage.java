package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * The two fields every CM message but REQ starts with (IBTA tables 107 to 113): the sender's communication ID and
 * the receiver's, which names the receiver's connection. Also the private data of RTU and DREP, which carry
 * nothing else.
 */
public final class CmMessage {

    /** The private data's length in RTU and DREP. */
    public static final int SHORT_PRIVATE_DATA_BYTES = 224;

    private static final int M = Mad.HEADER_BYTES;

    private CmMessage() {
    }

    /**
     * @param b the packet
     * @param at the index of the MAD
     * @return the sender's communication ID
     */
    public static int localCommId(ByteBuffer b, int at) {
        return b.getInt(at + M);
    }

    /**
     * @param b the packet
     * @param at the index of the MAD
     * @return the receiver's communication ID (0 in a REJ of a REQ whose sender's ID was not known)
     */
    public static int remoteCommId(ByteBuffer b, int at) {
        return b.getInt(at + M + 4);
    }

    /**
     * @param b the packet
     * @param at the index of the MAD
     * @param local the sender's communication ID
     * @param remote the receiver's communication ID
     */
    public static void commIds(ByteBuffer b, int at, int local, int remote) {
        b.putInt(at + M, local);
        b.putInt(at + M + 4, remote);
    }

    /**
     * @param at the index of the MAD
     * @return the index of the private data of an RTU or DREP
     */
    public static int shortPrivateData(int at) {
        return at + M + 8;
    }
}
