package org.verbs4j.provider.soft.wire;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.Arrival;
import org.verbs4j.provider.soft.engine.DatagramReceiver;
import org.verbs4j.provider.soft.engine.MulticastGroups;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.PacketHandler;
import org.verbs4j.provider.soft.wire.roce.RocePacket;

/**
 * What a device on the network does with the packets the endpoint of one multicast group hands over, as rxe's
 * {@code rxe_rcv_mcast_pkt} does: a UD SEND to QPN 0xFFFFFF goes, under the fabric lock, to every queue pair of
 * the device attached to the group, each checking its state and Q_Key ({@link DatagramReceiver}); its global
 * route header names the group as the destination. The device's own packets come back too (the host loops its
 * multicast back), to every attached queue pair but the sender if that one blocks its own multicast. A packet from
 * a device of this JVM that is no separate host is dropped: it reached the JVM's members inside the JVM. Other
 * packets are counted and dropped. Runs in the group's receive loop; nothing is allocated per packet.
 */
final class MulticastArrivals implements PacketHandler {

    private final ReentrantLock lock;
    private final WireFabric fabric;
    private final MulticastGroups groups;
    private final NetworkDevice device;
    private final Gid mgid;
    private final Gid localGid;
    private final DatagramReceiver receiver;
    private final DatagramReader reader = new DatagramReader();
    private long unhandled;

    MulticastArrivals(WireFabric fabric, NetworkDevice device, Gid mgid) {
        this.lock = fabric.lock();
        this.fabric = fabric;
        this.groups = fabric.multicast();
        this.device = device;
        this.mgid = mgid;
        this.localGid = Gid.of(device.networkPort().endpoint().localAddress().getAddress());
        this.receiver = new DatagramReceiver(fabric);
    }

    @Override
    public void onPacket(RocePacket packet) {
        Opcode opcode = packet.opcode();
        if ((opcode != Opcode.UD_SEND_ONLY && opcode != Opcode.UD_SEND_ONLY_WITH_IMMEDIATE)
                || Bth.destQp(packet.buffer(), 0) != Datagrams.MULTICAST_QPN) {
            unhandled++;
            return;
        }
        Arrival arrival = reader.read(packet, mgid);
        if (fabric.keepsInJvm(arrival.sourceGid())) {
            return;
        }
        lock.lock();
        try {
            deliver(arrival);
        } finally {
            lock.unlock();
        }
    }

    private void deliver(Arrival arrival) {
        List<? extends QueuePairView> members = groups.members(mgid);
        for (int i = 0; members != null && i < members.size(); i++) {
            QueuePairView member = members.get(i);
            if (((NetworkContext) member.softContext()).softDevice() == device && !blocksOwn(member, arrival)) {
                receiver.receive(member, arrival);
            }
        }
    }

    /** @return whether {@code arrival} is the member's own datagram and it blocks its own multicast */
    private boolean blocksOwn(QueuePairView member, Arrival arrival) {
        return member.blocksSelfMulticast() && arrival.sourceQp() == member.qpNum()
                && arrival.sourceGid().equals(localGid);
    }

    /** @return how many packets were no multicast datagrams */
    long unhandled() {
        return unhandled;
    }
}
