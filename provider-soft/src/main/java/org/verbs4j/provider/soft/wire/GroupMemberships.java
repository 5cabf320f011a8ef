package org.verbs4j.provider.soft.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.HashMap;
import java.util.Map;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.wire.roce.ReceiveLoop;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;

/**
 * The IP multicast groups a device on the network has joined, as rxe's device does for the groups its queue
 * pairs attach to: the first queue pair of the device that attaches to a group opens a {@link RoceEndpoint} of
 * the group on the interface of the device's address (the host joins it: IGMP or MLD) with its own
 * {@link ReceiveLoop}, whose {@link MulticastArrivals} deliver each packet to the device's queue pairs attached
 * to the group; the last one to detach closes it (the host leaves). Used under the fabric lock.
 */
final class GroupMemberships {

    private final WireFabric fabric;
    private final NetworkDevice device;
    private final InetAddress address;
    private final Map<Gid, Membership> joined = new HashMap<>();

    GroupMemberships(WireFabric fabric, NetworkDevice device, InetAddress address) {
        this.fabric = fabric;
        this.device = device;
        this.address = address;
    }

    /** One queue pair of the device attaches to {@code mgid}; the first one joins the group. */
    void attach(Gid mgid) {
        Membership membership = joined.get(mgid);
        if (membership == null) {
            membership = new Membership(open(mgid));
            joined.put(mgid, membership);
        }
        membership.queuePairs++;
    }

    /** One queue pair of the device detaches from {@code mgid}; the last one leaves the group. */
    void detach(Gid mgid) {
        Membership membership = joined.get(mgid);
        if (membership != null && --membership.queuePairs == 0) {
            joined.remove(mgid);
            close(membership.loop);
        }
    }

    /** The device's port closes: every group is left, under the fabric lock. */
    void leaveAll() {
        fabric.lock().lock();
        try {
            joined.values().forEach(membership -> close(membership.loop));
            joined.clear();
        } finally {
            fabric.lock().unlock();
        }
    }

    private ReceiveLoop open(Gid mgid) {
        InetAddress group = GroupAddress.of(mgid);
        NetworkInterface network = carrier("ibv_attach_mcast");
        try {
            RoceEndpoint endpoint = RoceEndpoint.openGroup(group, fabric.network().udpPort(), network);
            return ReceiveLoop.start(endpoint, new MulticastArrivals(fabric, device, mgid));
        } catch (IOException | RuntimeException e) {
            throw Failures.unsupported("ibv_attach_mcast", "the host cannot join " + group.getHostAddress()
                    + " on " + network.getName() + ", the interface of " + address.getHostAddress() + ": " + e);
        }
    }

    /**
     * @return the interface of the device's address, if it carries multicast: it says so (IFF_MULTICAST) or it is
     *     the loopback, whose transmit is its receive (Linux delivers a group joined on it without the flag)
     */
    NetworkInterface carrier(String verb) {
        try {
            NetworkInterface network = interfaceOf(address);
            if (network == null || !network.isUp() || !(network.supportsMulticast() || network.isLoopback())) {
                throw Failures.unsupported(verb, "the interface of " + address.getHostAddress()
                        + (network == null ? " is not found" : ", " + network.getName() + ", is down or carries no"
                        + " multicast"));
            }
            return network;
        } catch (SocketException e) {
            throw Failures.unsupported(verb, "the interface of " + address.getHostAddress() + ": " + e);
        }
    }

    /**
     * @return the interface {@code address} is on, or null: an address of 127.0.0.0/8 other than the one
     *     configured is on the loopback too
     * @throws SocketException if the interfaces cannot be listed
     */
    static NetworkInterface interfaceOf(InetAddress address) throws SocketException {
        NetworkInterface network = NetworkInterface.getByInetAddress(address);
        if (network == null && address.isLoopbackAddress()) {
            network = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
        }
        return network;
    }

    /** Stops the loop without waiting for it: it may be waiting for the fabric lock, held here. */
    private static void close(ReceiveLoop loop) {
        try {
            loop.stop();
        } catch (IOException e) {
            // the endpoint is closed, the host has left the group: nothing is left to undo
        }
    }

    /** A group joined, and how many queue pairs of the device are attached to it. */
    private static final class Membership {

        final ReceiveLoop loop;
        int queuePairs;

        Membership(ReceiveLoop loop) {
            this.loop = loop;
        }
    }
}
