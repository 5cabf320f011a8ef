package org.verbs4j.provider.soft.wire;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.verbs4j.AhAttributes;
import org.verbs4j.QpType;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;
import org.verbs4j.provider.soft.wire.roce.rc.PacketSink;

/**
 * The RoCE v2 connections of the fabric's RC and UC queue pairs whose peer is outside the JVM: a queue pair gets
 * its {@link NetworkConnection} when it first sends or receives, if its device has a {@link NetworkPort} and the
 * destination GID of its path is no soft device's of this JVM; its packets leave through that port to the
 * destination's address. One {@link ConnectionTimer} drives the retransmissions and RNR waits of them all.
 * Fabric lock held.
 */
public final class NetworkConnections {

    private static final Set<QpType> CONNECTED = EnumSet.of(QpType.RC, QpType.UC, QpType.XRC_SEND, QpType.XRC_RECV);

    private final WireFabric fabric;
    private final ConnectionTimer timer;
    private final LocalAccess localAccess;
    private UnaryOperator<PacketSink> interposer = UnaryOperator.identity();
    private long socketErrors;

    NetworkConnections(WireFabric fabric) {
        this.fabric = fabric;
        this.timer = new ConnectionTimer(fabric.lock());
        this.localAccess = new LocalAccess(fabric.keys());
    }

    /**
     * @return the connection of {@code qp}, made now if it needs one, or {@code null} if its peer is in the JVM
     *     (or it is no RC, UC or XRC queue pair of a device on the network)
     */
    NetworkConnection of(NetworkQueuePair qp) {
        NetworkConnection connection = qp.connection();
        if (connection != null) {
            return connection;
        }
        NetworkPort port = qp.softContext().softDevice().networkPort();
        AhAttributes path = qp.path();
        if (port == null || path == null || !CONNECTED.contains(qp.type()) || fabric.keepsInJvm(path.grh().dgid())) {
            return null;
        }
        connection = new NetworkConnection(qp, this, sink(port.endpoint(), path));
        qp.connection(connection);
        timer.add(connection);
        return connection;
    }

    private PacketSink sink(RoceEndpoint endpoint, AhAttributes path) {
        InetSocketAddress peer = new InetSocketAddress(path.grh().dgid().toInetAddress(),
                fabric.network().udpPort());
        return interposer.apply((packet, length) -> {
            try {
                endpoint.send(packet, length, peer);
            } catch (IOException e) {
                socketErrors++; // lost, as the network may lose it: the transport resends
            }
        });
    }

    /**
     * Puts {@code around} around the packet path of the connections made from now on (tests: a lossy link).
     */
    public void interpose(UnaryOperator<PacketSink> around) {
        interposer = around;
    }

    WireFabric fabric() {
        return fabric;
    }

    /** @return the checker of the scatter lists of the requests handed to the connections ahead of the engine */
    LocalAccess localAccess() {
        return localAccess;
    }

    ConnectionTimer timer() {
        return timer;
    }

    void stopped(NetworkConnection connection) {
        timer.remove(connection);
    }

    /** @return how many packets a socket error lost */
    long socketErrors() {
        return socketErrors;
    }
}
