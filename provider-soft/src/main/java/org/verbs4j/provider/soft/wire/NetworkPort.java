package org.verbs4j.provider.soft.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.ReceiveLoop;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;

/**
 * A soft device's place on the network: a {@link RoceEndpoint} bound to the device's address and the fabric's
 * UDP port, whose {@link ReceiveLoop} (a daemon thread) hands every packet to the device's
 * {@link DatagramArrivals}, and the {@link DatagramSender} that sends through it. Opened with the first context
 * of the device; it lives as long as its fabric ({@link #close}) and keeps nothing alive.
 */
public final class NetworkPort {

    private final RoceEndpoint endpoint;
    private final ReceiveLoop loop;
    private final DatagramSender sender;

    private NetworkPort(RoceEndpoint endpoint, ReceiveLoop loop, DatagramSender sender) {
        this.endpoint = endpoint;
        this.loop = loop;
        this.sender = sender;
    }

    /**
     * Binds {@code address} and starts receiving.
     *
     * @throws IOException if the address cannot be bound
     */
    public static NetworkPort open(WireFabric fabric, NetworkDevice device, InetAddress address) throws IOException {
        int udpPort = fabric.network().udpPort();
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(address, udpPort));
        ReceiveLoop loop = ReceiveLoop.start(endpoint, new DatagramArrivals(fabric, device, endpoint.localAddress()));
        return new NetworkPort(endpoint, loop, new DatagramSender(endpoint, udpPort));
    }

    /** Sends the datagram {@code wqe} of {@code qp}; fabric lock held. @return SUCCESS: what is lost is lost */
    WcStatus send(NetworkQueuePair qp, SendWqe wqe, Sges source, long length) {
        return sender.send(qp, wqe, source, length);
    }

    /** Closes the socket, unbinding the address, and waits for the receive loop to end. Idempotent. */
    public void close() {
        try {
            loop.close();
        } catch (IOException e) {
            // closing a datagram channel reports nothing the port could act on: the address is released either way
        }
    }

    /** @return the endpoint (its address and its drop counters) */
    public RoceEndpoint endpoint() {
        return endpoint;
    }
}
