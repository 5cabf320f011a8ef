package org.verbs4j.provider.soft.wire.roce.cm;

/** The CM messages (IBTA table 104) this package speaks, by attribute ID. */
public enum CmAttribute {
    /** Connection request. */
    REQ(0x10),
    /** Message receipt acknowledgement: the answer will take longer. */
    MRA(0x11),
    /** Reject. */
    REJ(0x12),
    /** Reply to a request. */
    REP(0x13),
    /** Ready to use. */
    RTU(0x14),
    /** Disconnection request. */
    DREQ(0x15),
    /** Reply to a disconnection request. */
    DREP(0x16),
    /** Service ID resolution request (UD). */
    SIDR_REQ(0x17),
    /** Service ID resolution response (UD). */
    SIDR_REP(0x18);

    private static final int FIRST = 0x10;
    private static final CmAttribute[] BY_OFFSET = values();

    private final int id;

    CmAttribute(int id) {
        this.id = id;
    }

    /** @return the attribute ID in the MAD header */
    public int id() {
        return id;
    }

    /**
     * @param id an attribute ID
     * @return its message, or null if this package does not speak it (LAP, APR, ClassPortInfo)
     */
    public static CmAttribute of(int id) {
        int offset = id - FIRST;
        return offset >= 0 && offset < BY_OFFSET.length ? BY_OFFSET[offset] : null;
    }
}
