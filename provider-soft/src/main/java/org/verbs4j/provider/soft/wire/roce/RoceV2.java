package org.verbs4j.provider.soft.wire.roce;

/** The fixed numbers of RoCE v2 (IBTA Annex A17): its UDP port and the sizes around every packet. */
public final class RoceV2 {

    /** The UDP destination port IANA assigned to RoCE v2. */
    public static final int UDP_PORT = 4791;

    /** The length of the Base Transport Header. */
    public static final int BTH_BYTES = 12;

    /** The length of the Invariant CRC that ends every packet. */
    public static final int ICRC_BYTES = 4;

    /** The only transport header version defined (BTH TVer). */
    public static final int TRANSPORT_VERSION = 0;

    /** The default partition key, full membership: the one rxe's port has at index 0. */
    public static final int DEFAULT_PKEY = 0xFFFF;

    private RoceV2() {
    }
}
