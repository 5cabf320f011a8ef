package org.verbs4j.provider.soft.wire.roce;

/** The NAK codes in the low five bits of a NAK syndrome (IBTA 9.7.5.2.1 to 9.7.5.2.5). */
public enum NakCode {
    /** PSN sequence error: the requester resends from the PSN of the NAK. */
    PSN_SEQUENCE_ERROR,
    /** Invalid request: an opcode, length or sequence the responder does not accept. */
    INVALID_REQUEST,
    /** Remote access error: a bad R_Key, address or access right. */
    REMOTE_ACCESS_ERROR,
    /** Remote operational error: the responder could not complete the request. */
    REMOTE_OPERATIONAL_ERROR,
    /** Invalid RD request (Reliable Datagram only). */
    INVALID_RD_REQUEST;

    private static final NakCode[] BY_CODE = values();

    /**
     * @param code the low five bits of a NAK syndrome
     * @return the NAK code, or null for a reserved one
     */
    public static NakCode of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** @return the code on the wire */
    public int code() {
        return ordinal();
    }
}
