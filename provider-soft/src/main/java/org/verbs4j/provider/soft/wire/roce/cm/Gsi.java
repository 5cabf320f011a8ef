package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/** The general services interface: queue pair 1, which carries the CM's MADs in UD packets (IBTA 13.5.1). */
public final class Gsi {

    /** The queue pair number of the GSI on every port. */
    public static final int QPN = 1;

    /** The Q_Key every GSI queue pair has, and the DETH of every packet to one carries. */
    public static final int Q_KEY = 0x8001_0000;

    /** Where the MAD starts in a GSI packet: after the BTH and the DETH. */
    public static final int MAD_AT = RoceV2.BTH_BYTES + 8;

    /** The bytes a GSI packet takes, its ICRC included. */
    public static final int PACKET_BYTES = MAD_AT + Mad.BYTES + RoceV2.ICRC_BYTES;

    private Gsi() {
    }

    /**
     * Writes a UD SEND from QP 1 to QP 1 carrying {@code mad} into {@code packet} (at least {@link #PACKET_BYTES}).
     *
     * @param psn the packet's sequence number
     * @return the bytes the ICRC covers, to seal and send
     */
    public static int packet(ByteBuffer packet, ByteBuffer mad, int psn) {
        packet.clear();
        Bth.put(packet, 0, Opcode.UD_SEND_ONLY, 0, 0, RoceV2.DEFAULT_PKEY, QPN, psn);
        Deth.put(packet, RoceV2.BTH_BYTES, Q_KEY, QPN);
        packet.put(MAD_AT, mad, 0, Mad.BYTES);
        return MAD_AT + Mad.BYTES;
    }
}
