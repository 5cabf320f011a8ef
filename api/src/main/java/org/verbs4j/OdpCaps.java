package org.verbs4j;

/**
 * The on-demand paging capabilities of a device (C {@code odp_caps} and {@code xrc_odp_caps} of
 * {@code struct ibv_device_attr_ex}).
 *
 * @param generalCaps the {@link OdpCapFlag} bits (C {@code odp_caps.general_caps})
 * @param rcOdpCaps the {@link OdpTransportCap} bits of RC (C {@code per_transport_caps.rc_odp_caps})
 * @param ucOdpCaps the {@link OdpTransportCap} bits of UC (C {@code per_transport_caps.uc_odp_caps})
 * @param udOdpCaps the {@link OdpTransportCap} bits of UD (C {@code per_transport_caps.ud_odp_caps})
 * @param xrcOdpCaps the {@link OdpTransportCap} bits of XRC (C {@code xrc_odp_caps})
 */
public record OdpCaps(long generalCaps, int rcOdpCaps, int ucOdpCaps, int udOdpCaps, int xrcOdpCaps) {

    /** No on-demand paging at all. */
    public static final OdpCaps NONE = new OdpCaps(0, 0, 0, 0, 0);

    /**
     * @param flag a general capability
     * @return whether {@link #generalCaps()} has it
     */
    public boolean has(OdpCapFlag flag) {
        return Flags.isSet(generalCaps, flag);
    }

    /**
     * @param cap an operation
     * @return whether RC supports it on on-demand memory ({@link #rcOdpCaps()})
     */
    public boolean rcHas(OdpTransportCap cap) {
        return Flags.isSet(rcOdpCaps, cap);
    }
}
