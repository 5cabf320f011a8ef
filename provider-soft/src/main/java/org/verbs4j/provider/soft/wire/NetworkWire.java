package org.verbs4j.provider.soft.wire;

import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.Response;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.engine.Wire;

/**
 * The wire of a fabric whose devices live on the network ({@link SoftNetwork}): what stays in the JVM goes
 * through the {@link InJvmWire}, a datagram to a GID that no soft device of the JVM has leaves through the
 * sending device's {@link NetworkPort} as a RoCE v2 packet, and an RC or UC request whose destination GID no
 * soft device of the JVM has goes to the queue pair's {@link NetworkConnection}, which answers later. Used with
 * the fabric lock held; nothing is allocated.
 */
public final class NetworkWire implements Wire {

    private final WireFabric fabric;
    private final Wire inJvm;
    private final NetworkConnections connections;

    public NetworkWire(WireFabric fabric, Wire inJvm) {
        this.fabric = fabric;
        this.inJvm = inJvm;
        this.connections = new NetworkConnections(fabric);
    }

    /** @return the RoCE v2 connections of the queue pairs whose peers are outside the JVM */
    public NetworkConnections connections() {
        return connections;
    }

    @Override
    public int sendRun(QueuePairView qp) {
        return inJvm.sendRun(qp);
    }

    @Override
    public int request(QueuePairView qp, SendWqe wqe, Sges source, long length, Response response) {
        NetworkQueuePair networkQp = (NetworkQueuePair) qp;
        NetworkConnection connection = networkQp.connection();
        if (connection == null && qp.connectedPeer() == null) { // the peer kept in the JVM needs no GID lookup
            connection = connections.of(networkQp);
        }
        return connection == null ? inJvm.request(qp, wqe, source, length, response)
                : connection.request(wqe, source, length, response);
    }

    /**
     * A datagram leaves the JVM if its destination is a single GID of no soft device here, or a multicast group
     * (QPN 0xFFFFFF) that a device on the network sends to.
     */
    @Override
    public WcStatus datagram(QueuePairView qp, SendWqe wqe, Sges source, long length) {
        NetworkPort port = ((NetworkQueuePair) qp).softContext().softDevice().networkPort();
        if (port == null) {
            return inJvm.datagram(qp, wqe, source, length);
        }
        if (length > Datagrams.MTU_BYTES) {
            return WcStatus.LOC_LEN_ERR;
        }
        if (wqe.remoteQpn == Datagrams.MULTICAST_QPN) {
            return multicast(port, (NetworkQueuePair) qp, wqe, source, length);
        }
        return fabric.keepsInJvm(wqe.ah.destinationGid()) ? inJvm.datagram(qp, wqe, source, length)
                : port.send((NetworkQueuePair) qp, wqe, source, length);
    }

    /**
     * To the group's IP address; and, from a device that is no separate host, to the members of the JVM inside
     * it as well (the packet that comes back from the network is then dropped, {@code MulticastArrivals}).
     */
    private WcStatus multicast(NetworkPort port, NetworkQueuePair qp, SendWqe wqe, Sges source, long length) {
        if (fabric.keepsInJvm(wqe.ah.sourceGid())) {
            inJvm.datagram(qp, wqe, source, length);
        }
        return port.sendToGroup(qp, wqe, source, length);
    }

    @Override
    public boolean read(QueuePairView qp, int rkey, long address, long length, Response response) {
        return inJvm.read(qp, rkey, address, length, response);
    }

    @Override
    public void deviceSend(QueuePairView qp, Sges message, long length) {
        inJvm.deviceSend(qp, message, length);
    }
}
