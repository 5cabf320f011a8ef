package org.verbs4j.provider.soft.wire;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import org.verbs4j.Gid;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.wire.roce.ReceiveLoop;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;

/**
 * A soft device's place on the network: a {@link RoceEndpoint} bound to the device's address and the fabric's
 * UDP port, whose {@link ReceiveLoop} (a daemon thread) hands every packet to the device's
 * {@link DatagramArrivals}, and the {@link DatagramSender} that sends through it, to a queue pair or to a
 * multicast group's address (sent through the interface of the device's address, with TTL 64), and the
 * {@link GroupMemberships} of the groups its queue pairs attached to. Opened with the first context of the device;
 * it lives as long as its fabric ({@link #close}) and keeps nothing alive.
 */
public final class NetworkPort {

    private final RoceEndpoint endpoint;
    private final ReceiveLoop loop;
    private final DatagramSender sender;
    private final GroupMemberships groups;
    private final boolean ipv4;

    private NetworkPort(RoceEndpoint endpoint, ReceiveLoop loop, DatagramSender sender, GroupMemberships groups) {
        this.endpoint = endpoint;
        this.loop = loop;
        this.sender = sender;
        this.groups = groups;
        this.ipv4 = endpoint.localAddress().getAddress() instanceof Inet4Address;
    }

    /**
     * Binds {@code address} and starts receiving.
     *
     * @throws IOException if the address cannot be bound
     */
    public static NetworkPort open(WireFabric fabric, NetworkDevice device, InetAddress address) throws IOException {
        int udpPort = fabric.network().udpPort();
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(address, udpPort));
        GroupMemberships groups = new GroupMemberships(fabric, device, address);
        NetworkInterface network = GroupMemberships.interfaceOf(address);
        if (network != null) {
            endpoint.multicastThrough(network);
        }
        ReceiveLoop loop = ReceiveLoop.start(endpoint, new DatagramArrivals(fabric, device, endpoint.localAddress()));
        return new NetworkPort(endpoint, loop, new DatagramSender(endpoint, udpPort), groups);
    }

    /**
     * A queue pair of the device attaches to the multicast group {@code mgid}: the first one joins the group's IP
     * address on the interface of the device's address. Fabric lock held.
     *
     * @throws org.verbs4j.UnsupportedVerbException (EOPNOTSUPP) if {@code mgid} is no IP multicast group or the
     *     interface cannot carry it
     */
    public void attach(Gid mgid) {
        if (!GroupAddress.isGroup(mgid)) {
            throw Failures.unsupported("ibv_attach_mcast", mgid + " is no IP multicast group: a device on the"
                    + " network carries only ::ffff:224.0.0.0/100 (IPv4) and ff00::/8 (IPv6)");
        }
        groups.attach(mgid);
    }

    /** A queue pair of the device detaches from {@code mgid}: the last one leaves the group. Fabric lock held. */
    public void detach(Gid mgid) {
        groups.detach(mgid);
    }

    /** Sends the datagram {@code wqe} of {@code qp}; fabric lock held. @return SUCCESS: what is lost is lost */
    WcStatus send(NetworkQueuePair qp, SendWqe wqe, Sges source, long length) {
        return sender.send(qp, wqe, source, length);
    }

    /**
     * Sends the datagram {@code wqe} of {@code qp} to a multicast group's address, if the group is one of the
     * family of the device's address; one of the other family has no route from here and the datagram is lost
     * (as a network without a route loses it). Fabric lock held. @return SUCCESS
     */
    WcStatus sendToGroup(NetworkQueuePair qp, SendWqe wqe, Sges source, long length) {
        Gid mgid = wqe.ah.destinationGid();
        if (GroupAddress.isGroup(mgid) && GroupAddress.isIpv4Group(mgid) == ipv4) {
            return sender.send(qp, wqe, source, length);
        }
        return WcStatus.SUCCESS;
    }

    /**
     * Leaves every multicast group, closes the socket, unbinding the address, and waits for the receive loop to end.
     * Idempotent.
     */
    public void close() {
        groups.leaveAll();
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
