package org.verbs4j.provider.soft;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;

/**
 * Asks the host's IP routing whether a soft device on the network reaches an address: a UDP socket bound to the
 * device's address connects to it (which sends nothing), as rdma_cm's address resolution asks the kernel for a
 * route. A loopback address reaches no other host's, and a host without a route to a network reaches none of it.
 */
final class IpRoutes {

    private IpRoutes() {
    }

    /** @return whether the host routes packets from {@code source} to {@code destination} */
    static boolean routable(InetAddress source, InetAddress destination) {
        try (DatagramChannel channel = DatagramChannel.open()) {
            channel.bind(new InetSocketAddress(source, 0));
            channel.connect(new InetSocketAddress(destination, 9));
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
