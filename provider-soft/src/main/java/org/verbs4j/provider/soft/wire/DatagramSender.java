package org.verbs4j.provider.soft.wire;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.verbs4j.SendFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.SendOpcode;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.BthFlags;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * Turns a UD send request into a RoCE v2 packet, as rxe's requester does: BTH (UD SEND only, with or without
 * immediate data, the SE bit of a solicited request, the default P_Key, the destination QPN and the queue pair's
 * next PSN), DETH (the Q_Key and the sender's QPN), ImmDt, the payload gathered from the request's SGE list, pad
 * and ICRC; sent to the address of the address handle's destination GID. One packet buffer per device, used with
 * the fabric lock held; nothing is allocated. A socket error loses the datagram, as the network may.
 */
final class DatagramSender {

    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();
    private static final int LARGEST = Opcode.UD_SEND_ONLY_WITH_IMMEDIATE.headerBytes() + (int) Datagrams.MTU_BYTES
            + 3 + RoceV2.ICRC_BYTES;

    private final RoceEndpoint endpoint;
    private final int udpPort;
    private final ByteBuffer packet = ByteBuffer.allocateDirect(LARGEST);
    private final Sges packetView = new Sges(1);
    private long socketErrors;

    DatagramSender(RoceEndpoint endpoint, int udpPort) {
        this.endpoint = endpoint;
        this.udpPort = udpPort;
        packetView.setResolved(MemorySegment.ofBuffer(packet), LARGEST);
    }

    /** @return SUCCESS (a datagram is never acknowledged) */
    WcStatus send(NetworkQueuePair qp, SendWqe wqe, Sges source, long length) {
        int bytes = (int) length;
        int payloadAt = headers(qp, wqe, bytes);
        LocalAccess.copy(source, 0, packetView, payloadAt, length);
        int end = payloadAt + bytes;
        for (int pad = Bth.padFor(bytes); pad > 0; pad--) {
            packet.put(end++, (byte) 0);
        }
        try {
            endpoint.send(packet, end, wqe.ah.networkDestination(udpPort));
        } catch (IOException e) {
            socketErrors++;
        }
        return WcStatus.SUCCESS;
    }

    /** Writes the headers. @return the index of the payload */
    private int headers(NetworkQueuePair qp, SendWqe wqe, int bytes) {
        boolean immediate = wqe.opcode == SendOpcode.SEND_WITH_IMM;
        Opcode opcode = immediate ? Opcode.UD_SEND_ONLY_WITH_IMMEDIATE : Opcode.UD_SEND_ONLY;
        int flags = (wqe.flags & SOLICITED) != 0 ? BthFlags.SOLICITED : 0;
        packet.clear();
        Bth.put(packet, 0, opcode, flags, Bth.padFor(bytes), RoceV2.DEFAULT_PKEY, wqe.remoteQpn,
                qp.requesterState().nextDatagramPsn());
        Deth.put(packet, opcode.offsetOf(ExtensionHeader.DETH), Datagrams.qkey(qp, wqe), qp.qpNum());
        if (immediate) {
            ImmDt.put(packet, opcode.offsetOf(ExtensionHeader.IMMDT), wqe.immData);
        }
        return opcode.headerBytes();
    }

    /** @return how many datagrams a socket error lost */
    long socketErrors() {
        return socketErrors;
    }
}
