package org.verbs4j.provider.soft.wire;

import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.Arrival;
import org.verbs4j.provider.soft.engine.DatagramReceiver;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.ImmDt;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.PacketHandler;
import org.verbs4j.provider.soft.wire.roce.RocePacket;
import org.verbs4j.provider.soft.wire.roce.Transport;
import org.verbs4j.provider.soft.wire.roce.cm.Gsi;
import org.verbs4j.provider.soft.wire.roce.cm.Mad;

/**
 * What a device on the network does with the packets its receive loop hands over: a UD SEND (with or without
 * immediate data) goes, under the fabric lock, to the device's queue pair its BTH names, as an {@link Arrival}:
 * the Q_Key and source QPN of its DETH, the SE bit, the immediate data, the header {@link NetworkRoute} rebuilds
 * from the IP header, and the sender's GID (its IP address as RoCE v2 maps it). RC, UC and XRC packets go to the
 * {@link ConnectedArrivals}, CM MADs to QP 1 to the device's {@link MadReceiver} (its CM); other packets
 * (multicast) are counted and dropped. Runs in the receive loop's thread; nothing is allocated per packet (but per MAD).
 */
public final class DatagramArrivals implements PacketHandler {

    private final ReentrantLock lock;
    private final ObjectTable<? extends NetworkQueuePair> queuePairs;
    private final NetworkDevice device;
    private final DatagramReceiver receiver;
    private final Arrival arrival = new Arrival();
    private final ConnectedArrivals connected;
    private final Gid localGid;
    private final Sges packetView = new Sges(1);
    private ByteBuffer viewed;
    private InetSocketAddress lastSender;
    private Gid lastSenderGid;
    private long unhandled;

    DatagramArrivals(WireFabric fabric, NetworkDevice device, InetSocketAddress local) {
        this.lock = fabric.lock();
        this.queuePairs = fabric.queuePairs();
        this.device = device;
        this.receiver = new DatagramReceiver(fabric);
        this.localGid = Gid.of(local.getAddress());
        this.connected = new ConnectedArrivals(fabric, device, ((NetworkWire) fabric.wire()).connections());
    }

    @Override
    public void onPacket(RocePacket packet) {
        Opcode opcode = packet.opcode();
        if (opcode != null && opcode.transport() != Transport.UD) {
            connected.onPacket(packet);
            return;
        }
        if (opcode != Opcode.UD_SEND_ONLY && opcode != Opcode.UD_SEND_ONLY_WITH_IMMEDIATE) {
            unhandled++;
            return;
        }
        if (Bth.destQp(packet.buffer(), 0) == Gsi.QPN) {
            toGsi(packet);
            return;
        }
        describe(packet, opcode == Opcode.UD_SEND_ONLY_WITH_IMMEDIATE);
        lock.lock();
        try {
            NetworkQueuePair destination = queuePairs.get(Bth.destQp(packet.buffer(), 0));
            if (destination != null && destination.softContext().softDevice() == device) {
                receiver.receive(destination, arrival);
            }
        } finally {
            lock.unlock();
        }
    }

    /** A MAD to QP 1 goes to the device's IB CM, if the connection manager made it and the Q_Key is the GSI's. */
    private void toGsi(RocePacket packet) {
        MadReceiver cm = device.cmWire();
        ByteBuffer buffer = packet.buffer();
        if (cm == null || packet.payloadLength() < Mad.BYTES
                || Deth.qKey(buffer, packet.offsetOf(ExtensionHeader.DETH)) != Gsi.Q_KEY) {
            unhandled++;
            return;
        }
        cm.onMad(buffer, packet.payloadOffset(), senderGid(packet.sender()));
    }

    /** Fills the arrival from the packet. */
    private void describe(RocePacket packet, boolean immediate) {
        ByteBuffer buffer = packet.buffer();
        int deth = packet.offsetOf(ExtensionHeader.DETH);
        Gid source = senderGid(packet.sender());
        arrival.payload(view(buffer), packet.payloadOffset(), packet.payloadLength())
                .sender(Deth.sourceQp(buffer, deth), 0, source, Bth.solicited(buffer, 0))
                .immediate(immediate, immediate ? ImmDt.immediate(buffer, packet.offsetOf(ExtensionHeader.IMMDT)) : 0);
        arrival.qkey = Deth.qKey(buffer, deth);
        NetworkRoute.write(arrival.grh, source, localGid, packet.length(), packet.ipv4Identification());
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

    /** @return the GID of the sender's address; the socket hands the same address object for the same sender */
    private Gid senderGid(InetSocketAddress sender) {
        if (sender != lastSender) {
            lastSenderGid = Gid.of(sender.getAddress());
            lastSender = sender;
        }
        return lastSenderGid;
    }

    /** @return how many packets were not datagrams for this device's queue pairs to take */
    long unhandled() {
        return unhandled;
    }
}
