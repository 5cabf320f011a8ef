package org.verbs4j.provider.soft.wire;

import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.RocePacket;

/**
 * What a device on the network does with the RC and UC packets its receive loop hands over: under the fabric
 * lock, the packet goes to the {@link NetworkConnection} of the device's queue pair its BTH names, if that queue
 * pair receives (RTR or later) and its peer is outside the JVM; requests reach its responder, acknowledgements
 * and READ responses its requester. Other packets are counted and dropped. Runs in the receive loop's thread;
 * nothing is allocated per packet.
 */
final class ConnectedArrivals {

    private final ReentrantLock lock;
    private final ObjectTable<? extends NetworkQueuePair> queuePairs;
    private final NetworkDevice device;
    private final NetworkConnections connections;
    private long unhandled;

    ConnectedArrivals(WireFabric fabric, NetworkDevice device, NetworkConnections connections) {
        this.lock = fabric.lock();
        this.queuePairs = fabric.queuePairs();
        this.device = device;
        this.connections = connections;
    }

    void onPacket(RocePacket packet) {
        ByteBuffer buffer = packet.buffer();
        lock.lock();
        try {
            NetworkQueuePair qp = queuePairs.get(Bth.destQp(buffer, 0));
            NetworkConnection connection = qp == null || qp.isClosed() || qp.softContext().softDevice() != device
                    || !qp.canReceive() ? null : connections.of(qp);
            if (connection == null) {
                unhandled++;
                return;
            }
            connection.onPacket(buffer, packet.length(), System.nanoTime());
        } finally {
            lock.unlock();
        }
    }

    /** @return how many packets no connected queue pair of this device took */
    long unhandled() {
        return unhandled;
    }
}
