package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import jdk.net.ExtendedSocketOptions;

/**
 * One UDP socket that sends and receives RoCE v2 packets: an unconnected {@link DatagramChannel} bound to one
 * address (never the wildcard: the ICRC covers the destination address, so the receiver must know it), with
 * don't-fragment set, so that Linux gives every datagram it sends the IPv4 identification 0 that its ICRC assumes
 * (see {@link MaskedHeaders}; the identification of a received IPv4 packet is recovered from its ICRC).
 *
 * <p>Receiving belongs to one thread at a time (a {@link ReceiveLoop}); sending may come from any thread, one at a
 * time. Datagrams with a bad ICRC or malformed headers are counted in {@link #drops()} and dropped, as are those
 * whose handler throws (the first such failure is logged as a warning). Neither direction allocates per packet:
 * the buffers, the ICRC calculators and the address bytes are reused.
 *
 * <p>An endpoint of a multicast group ({@link #openGroup}) is bound to the group's address, the destination its
 * packets' ICRC covers, and has joined the group on one interface (IGMP or MLD); it receives only.
 */
public final class RoceEndpoint implements AutoCloseable {

    /** The largest datagram received whole: a 4096-byte path MTU with every header fits many times over. */
    private static final int RECEIVE_BYTES = 1 << 16;
    /** The socket's receive buffer asked for, capped by the kernel at net.core.rmem_max: where a burst waits. */
    private static final int RECEIVE_BUFFER_BYTES = 4 << 20;
    /** The TTL (hop limit) of multicast packets: RoCE v2's, which rdma_cm gives a multicast group's route. */
    private static final int MULTICAST_HOP_LIMIT = 64;

    private static final System.Logger LOG = System.getLogger("org.verbs4j.provider.soft.wire");

    private final DatagramChannel channel;
    private final InetSocketAddress local;
    private final byte[] localAddress;
    private final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(RECEIVE_BYTES);
    private final RocePacket received = new RocePacket(receiveBuffer);
    private final Icrc receiveIcrc = new Icrc();
    private final UdpFlow receiveFlow = new UdpFlow();
    private final AddressBytes senders = new AddressBytes();
    private final Icrc sendIcrc = new Icrc();
    private final UdpFlow sendFlow = new UdpFlow();
    private final AddressBytes destinations = new AddressBytes();
    private final DropCounters drops = new DropCounters();

    private RoceEndpoint(DatagramChannel channel, InetSocketAddress local) {
        this.channel = channel;
        this.local = local;
        this.localAddress = local.getAddress().getAddress();
    }

    /**
     * Opens an endpoint.
     *
     * @param address the local IP address and UDP port ({@link RoceV2#UDP_PORT} to meet other RoCE v2 devices;
     *     0 for any free port, between endpoints that know each other's ports)
     * @return the endpoint, bound
     * @throws IOException if the socket cannot be opened or bound
     * @throws IllegalArgumentException if the address is the wildcard or unresolved
     */
    public static RoceEndpoint open(InetSocketAddress address) throws IOException {
        if (address.isUnresolved() || address.getAddress().isAnyLocalAddress()) {
            throw new IllegalArgumentException("a RoCE endpoint needs a specific local address, not " + address);
        }
        DatagramChannel channel = DatagramChannel.open(familyOf(address));
        try {
            if (channel.supportedOptions().contains(ExtendedSocketOptions.IP_DONTFRAGMENT)) {
                channel.setOption(ExtendedSocketOptions.IP_DONTFRAGMENT, true);
            }
            channel.setOption(StandardSocketOptions.SO_RCVBUF, RECEIVE_BUFFER_BYTES);
            channel.setOption(StandardSocketOptions.IP_MULTICAST_TTL, MULTICAST_HOP_LIMIT);
            channel.bind(address);
            return new RoceEndpoint(channel, (InetSocketAddress) channel.getLocalAddress());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Opens an endpoint that receives the packets sent to a multicast group: bound to the group's address and
     * {@code port} (shared: every endpoint of the group on this host receives each packet) and joined to the group
     * on {@code network}.
     *
     * @param group an IPv4 or IPv6 multicast address
     * @param network the interface that carries the group
     * @return the endpoint, bound and joined
     * @throws IOException if the socket cannot be opened, bound or joined
     */
    public static RoceEndpoint openGroup(InetAddress group, int port, NetworkInterface network) throws IOException {
        if (!group.isMulticastAddress()) {
            throw new IllegalArgumentException(group + " is no multicast address");
        }
        InetSocketAddress address = new InetSocketAddress(scoped(group, network), port);
        DatagramChannel channel = DatagramChannel.open(familyOf(address));
        try {
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.setOption(StandardSocketOptions.SO_RCVBUF, RECEIVE_BUFFER_BYTES);
            channel.bind(address);
            channel.join(group, network);
            return new RoceEndpoint(channel, new InetSocketAddress(group, port));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** @return an IPv6 group of link-local scope with the interface as its scope (which binding it needs) */
    private static InetAddress scoped(InetAddress group, NetworkInterface network) throws IOException {
        if (group instanceof Inet6Address && group.isMCLinkLocal()) {
            return Inet6Address.getByAddress(null, group.getAddress(), network);
        }
        return group;
    }

    /**
     * Sends the packets to multicast groups through {@code network}.
     *
     * @throws IOException if the socket refuses the interface
     */
    public void multicastThrough(NetworkInterface network) throws IOException {
        channel.setOption(StandardSocketOptions.IP_MULTICAST_IF, network);
    }

    /** @return the bound address and port */
    public InetSocketAddress localAddress() {
        return local;
    }

    /** @return the datagrams dropped so far, by reason */
    public DropCounters drops() {
        return drops;
    }

    /** @return whether the endpoint is open */
    public boolean isOpen() {
        return channel.isOpen();
    }

    /**
     * Seals a packet with its ICRC and sends it.
     *
     * @param packet the packet, BTH at index 0, big-endian, with four bytes of room after {@code covered}
     * @param covered the length of headers, payload and pad
     * @param destination the peer's address and UDP port
     * @throws IOException if the socket fails or is closed
     */
    public void send(ByteBuffer packet, int covered, InetSocketAddress destination) throws IOException {
        synchronized (sendIcrc) {
            byte[] to = destinations.of(destination.getAddress());
            sendFlow.set(localAddress, local.getPort(), to, destination.getPort());
            sendIcrc.seal(packet, 0, covered, sendFlow);
            packet.limit(covered + RoceV2.ICRC_BYTES).position(0);
            channel.send(packet, destination);
        }
    }

    /**
     * Waits for one datagram and hands it to the handler if it is a sound packet, else counts and drops it.
     *
     * @param handler receives the packet
     * @throws IOException if the socket fails or is closed (then {@link java.nio.channels.ClosedChannelException})
     */
    public void receive(PacketHandler handler) throws IOException {
        receiveBuffer.clear();
        SocketAddress from = channel.receive(receiveBuffer);
        InetSocketAddress sender = (InetSocketAddress) from;
        int length = receiveBuffer.position();
        receiveBuffer.limit(length).position(0);
        DropReason problem = check(sender, length);
        if (problem != null) {
            drops.add(problem);
            return;
        }
        received.set(length, Opcode.of(Bth.opcode(receiveBuffer, 0)), sender, receiveFlow.identification());
        deliver(handler);
    }

    private DropReason check(InetSocketAddress sender, int length) {
        if ((sender.getAddress() instanceof Inet6Address) != (localAddress.length == 16)) {
            return DropReason.WRONG_FAMILY;
        }
        receiveFlow.set(senders.of(sender.getAddress()), sender.getPort(), localAddress, local.getPort());
        return PacketCheck.problem(receiveBuffer, length, receiveFlow, receiveIcrc);
    }

    private void deliver(PacketHandler handler) {
        try {
            handler.onPacket(received);
        } catch (RuntimeException e) {
            drops.add(DropReason.HANDLER_FAILED);
            reportFirst(e);
        }
    }

    /** A handler that throws is a defect of the device: the first such failure is logged, the rest counted. */
    private void reportFirst(RuntimeException e) {
        if (drops.count(DropReason.HANDLER_FAILED) == 1) {
            LOG.log(System.Logger.Level.WARNING, "a RoCE v2 packet to " + local + " was dropped: its handler failed"
                    + " (later failures are only counted)", e);
        }
    }

    private static ProtocolFamily familyOf(InetSocketAddress address) {
        boolean ipv6 = address.getAddress() instanceof Inet6Address;
        return ipv6 ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET;
    }

    /**
     * Closes the socket; a thread blocked in {@link #receive} gets
     * {@link java.nio.channels.AsynchronousCloseException}.
     */
    @Override
    public void close() throws IOException {
        channel.close();
    }
}
