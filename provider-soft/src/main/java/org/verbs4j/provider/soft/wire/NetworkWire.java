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

    /** A datagram leaves the JVM if its destination is a single GID of no soft device here. */
    @Override
    public WcStatus datagram(QueuePairView qp, SendWqe wqe, Sges source, long length) {
        NetworkPort port = ((NetworkQueuePair) qp).softContext().softDevice().networkPort();
        if (port == null || wqe.remoteQpn == Datagrams.MULTICAST_QPN || fabric.keepsInJvm(wqe.ah.destinationGid())) {
            return inJvm.datagram(qp, wqe, source, length);
        }
        return length > Datagrams.MTU_BYTES ? WcStatus.LOC_LEN_ERR
                : port.send((NetworkQueuePair) qp, wqe, source, length);
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
