package org.verbs4j.provider.soft.wire.roce;

import java.nio.ByteBuffer;

/** The checks a received datagram passes before it is handed on, in the order rxe's receive path makes them. */
final class PacketCheck {

    private PacketCheck() {
    }

    /**
     * @param packet the datagram, BTH at index 0
     * @param length its length
     * @param flow its addresses and ports
     * @param icrc the calculator of this thread
     * @return why it must be dropped, or null if it is sound
     */
    static DropReason problem(ByteBuffer packet, int length, UdpFlow flow, Icrc icrc) {
        if (length < RoceV2.BTH_BYTES + RoceV2.ICRC_BYTES) {
            return DropReason.TOO_SHORT;
        }
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        if (opcode == null) {
            return DropReason.UNKNOWN_OPCODE;
        }
        if (Bth.transportVersion(packet, 0) != RoceV2.TRANSPORT_VERSION) {
            return DropReason.BAD_TRANSPORT_VERSION;
        }
        if (length < opcode.headerBytes() + Bth.pad(packet, 0) + RoceV2.ICRC_BYTES) {
            return DropReason.TRUNCATED;
        }
        return icrc.matches(packet, 0, length, flow) ? null : DropReason.BAD_ICRC;
    }
}
