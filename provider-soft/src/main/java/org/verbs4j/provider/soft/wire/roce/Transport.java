package org.verbs4j.provider.soft.wire.roce;

/** The transport service an opcode belongs to: the top three bits of the BTH opcode (IBTA 9.2, Table 38). */
public enum Transport {
    /** Reliable Connection. */
    RC(0),
    /** Unreliable Connection. */
    UC(1),
    /** Reliable Datagram (no opcode of it is supported here, as in rxe). */
    RD(2),
    /** Unreliable Datagram. */
    UD(3),
    /** Extended Reliable Connection (the IBTA XRC annex): RC's operations and sequencing, with an XRCETH. */
    XRC(5);

    private final int code;

    Transport(int code) {
        this.code = code;
    }

    /** @return the opcode bits of this transport, already shifted into place */
    public int opcodeBase() {
        return code << 5;
    }

    /** @return whether it acknowledges, retries and NAKs as RC does (RC and XRC) */
    public boolean reliable() {
        return this == RC || this == XRC;
    }
}
