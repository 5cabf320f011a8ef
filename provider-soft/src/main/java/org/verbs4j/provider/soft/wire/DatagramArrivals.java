package org.verbs4j.provider.soft.wire;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.Arrival;
import org.verbs4j.provider.soft.engine.DatagramReceiver;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.PacketHandler;
import org.verbs4j.provider.soft.wire.roce.RocePacket;
import org.verbs4j.provider.soft.wire.roce.Transport;
import org.verbs4j.provider.soft.wire.roce.cm.Gsi;
import org.verbs4j.provider.soft.wire.roce.cm.Mad;

/**
 * What a device on the network does with the packets its receive loop hands over: a UD SEND (with or without
 * immediate data) goes, under the fabric lock, to the device's queue pair its BTH names, as an {@link Arrival}
 * ({@link DatagramReader}). RC, UC and XRC packets go to the {@link ConnectedArrivals}, CM MADs to QP 1 to the
 * device's {@link MadReceiver} (its CM); other packets are counted and dropped (multicast arrives at the
 * endpoints of the groups, {@link MulticastArrivals}). Runs in the receive loop's thread; nothing is allocated per
 * packet (but per MAD).
 */
public final class DatagramArrivals implements PacketHandler {

    private final ReentrantLock lock;
    private final ObjectTable<? extends NetworkQueuePair> queuePairs;
    private final NetworkDevice device;
    private final DatagramReceiver receiver;
    private final DatagramReader reader = new DatagramReader();
    private final ConnectedArrivals connected;
    private final Gid localGid;
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
        Arrival arrival = reader.read(packet, localGid);
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
        cm.onMad(buffer, packet.payloadOffset(), reader.senderGid(packet.sender()));
    }

    /** @return how many packets were not datagrams for this device's queue pairs to take */
    long unhandled() {
        return unhandled;
    }
}
