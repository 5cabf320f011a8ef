package org.verbs4j.provider.soft.wire.roce;

/** The single-bit BTH fields a sender chooses, as bits to OR together for {@link Bth#put}. */
public final class BthFlags {

    /** Solicited Event (SE): the receiver raises a solicited completion event. */
    public static final int SOLICITED = 0x80;

    /** MigReq (M): the migration state of the sender's path (1 when no alternate path was loaded). */
    public static final int MIGRATED = 0x40;

    /** AckReq (A): the responder must acknowledge this packet (byte 8 of the BTH, so a bit of its own here). */
    public static final int ACK_REQUEST = 0x100;

    private BthFlags() {
    }
}
