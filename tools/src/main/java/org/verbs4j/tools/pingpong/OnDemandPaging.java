package org.verbs4j.tools.pingpong;

import org.verbs4j.DeviceAttributes;
import org.verbs4j.OdpCapFlag;
import org.verbs4j.OdpCaps;
import org.verbs4j.OdpTransportCap;

/**
 * {@code -o} and {@code -O}: whether the device pages memory on demand for the run, read from its
 * {@code odp_caps} and refused with the C tools' messages, as {@code ibv_rc_pingpong} and
 * {@code ibv_srq_pingpong} check before they register.
 */
final class OnDemandPaging {

    private OnDemandPaging() {
    }

    /**
     * @param attributes the device's attributes
     * @param settings the run
     * @throws PingPongFailure if the device lacks what the run needs
     */
    static void check(DeviceAttributes attributes, PingPongSettings settings) {
        OdpCaps caps = attributes.odpCaps();
        boolean srq = settings.transport() == Transport.SRQ;
        OdpTransportCap receive = srq ? OdpTransportCap.SRQ_RECV : OdpTransportCap.RECV;
        if (!caps.has(OdpCapFlag.SUPPORT) || !caps.rcHas(OdpTransportCap.SEND) || !caps.rcHas(receive)) {
            throw new PingPongFailure(srq
                    ? "The device isn't ODP capable or does not support RC send, receive and srq with ODP"
                    : "The device isn't ODP capable or does not support RC send and receive with ODP");
        }
        if (settings.memory() == BufferMemory.IMPLICIT_ON_DEMAND && !caps.has(OdpCapFlag.SUPPORT_IMPLICIT)) {
            throw new PingPongFailure("The device doesn't support implicit ODP");
        }
    }
}
