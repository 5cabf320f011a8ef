package org.verbs4j.provider.soft.wire;

import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.Arrival;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.RocePacket;

/**
 * Reads a received UD SEND into an {@link Arrival}: the Q_Key and source QPN of its DETH, the SE bit, the
 * immediate data, the header {@link NetworkRoute} rebuilds from the IP header, and the sender's GID (its IP address
 * as RoCE v2 maps it). One per receive loop; reused for every packet, nothing is allocated per packet.
 */
final class DatagramReader {

    private final Arrival arrival = new Arrival();
    private final Sges packetView = new Sges(1);
    private ByteBuffer viewed;
    private InetSocketAddress lastSender;
    private Gid lastSenderGid;

    /**
     * @param destination the GID the packet was sent to: the device's, or the multicast group's
     * @return the arrival, valid until the next packet
     */
    Arrival read(RocePacket packet, Gid destination) {
        ByteBuffer buffer = packet.buffer();
        boolean immediate = packet.opcode() == Opcode.UD_SEND_ONLY_WITH_IMMEDIATE;
        int deth = packet.offsetOf(ExtensionHeader.DETH);
        Gid source = senderGid(packet.sender());
        arrival.payload(view(buffer), packet.payloadOffset(), packet.payloadLength())
                .sender(Deth.sourceQp(buffer, deth), 0, source, Bth.solicited(buffer, 0))
                .immediate(immediate, immediate ? ImmDt.immediate(buffer, packet.offsetOf(ExtensionHeader.IMMDT)) : 0);
        arrival.qkey = Deth.qKey(buffer, deth);
        NetworkRoute.write(arrival.grh, source, destination, packet.length(), packet.ipv4Identification());
        return arrival;
    }

    /** @return the GID of the sender's address; the socket hands the same address object for the same sender */
    Gid senderGid(InetSocketAddress sender) {
        if (sender != lastSender) {
            lastSenderGid = Gid.of(sender.getAddress());
            lastSender = sender;
        }
        return lastSenderGid;
    }

    /**
     * @return a list over the whole receive buffer (the endpoint's, always the same one): over its capacity, not
     *     its limit, which is the first packet's length
     */
    private Sges view(ByteBuffer buffer) {
        if (buffer != viewed) {
            packetView.setResolved(MemorySegment.ofBuffer(buffer.duplicate().clear()), buffer.capacity());
            viewed = buffer;
        }
        return packetView;
    }
}
