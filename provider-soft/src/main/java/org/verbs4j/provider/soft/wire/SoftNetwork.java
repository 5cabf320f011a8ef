package org.verbs4j.provider.soft.wire;

import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.verbs4j.Errno;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * Which soft devices live on the network, from the settings ({@link SoftSettings}: system properties, else
 * environment variables) {@value #ADDRESSES_PROPERTY} (a comma-separated list of IP addresses, literal, one per
 * device in order: the first is soft0's) and {@value #PORT_PROPERTY} (the UDP port of every RoCE v2 endpoint,
 * default 4791), or from {@link #of} (a fabric built for tests). A device with an address
 * binds it and speaks RoCE v2 to every GID that no soft device of the JVM has; one without stays inside the
 * JVM. Without the first property (the default) no device does. {@value #MIN_ACK_TIMEOUT_PROPERTY} (default 0) is
 * the least local ACK timeout code its RC queue pairs use on the network, for hosts too slow for the attribute an
 * application sets (an emulated machine): a finite {@code timeout} below it counts as it.
 * {@value #SEPARATE_HOSTS_PROPERTY} ({@code true}; default {@code false}) makes every device with an address a host
 * of its own: traffic between such devices of this JVM, and a device's loopback to itself, goes through RoCE v2
 * packets on the UDP socket as between hosts, instead of meeting inside the JVM.
 */
public final class SoftNetwork {

    /** The system property with the devices' IP addresses. */
    public static final String ADDRESSES_PROPERTY = "verbs4j.soft.addresses";
    /** The system property with the UDP port of the devices' endpoints and of their peers. */
    static final String PORT_PROPERTY = "verbs4j.soft.udp-port";
    /** The system property with the least local ACK timeout code of RC queue pairs on the network. */
    static final String MIN_ACK_TIMEOUT_PROPERTY = "verbs4j.soft.min-ack-timeout";
    /** The system property that makes each device with an address a separate host, even to the devices of its JVM. */
    static final String SEPARATE_HOSTS_PROPERTY = "verbs4j.soft.separate-hosts";

    private final List<InetAddress> addresses;
    private final int udpPort;
    private final int minAckTimeout;
    private final boolean separateHosts;

    private SoftNetwork(List<InetAddress> addresses, int udpPort, int minAckTimeout, boolean separateHosts) {
        this.addresses = addresses;
        this.udpPort = udpPort;
        this.minAckTimeout = minAckTimeout;
        this.separateHosts = separateHosts;
        if (minAckTimeout < 0 || minAckTimeout > 31) {
            throw new IllegalArgumentException(MIN_ACK_TIMEOUT_PROPERTY + ": " + minAckTimeout + " is not in [0, 31]");
        }
    }

    /** @return the configuration the settings give: system properties, else environment variables */
    public static SoftNetwork fromSettings() {
        String addresses = SoftSettings.text(ADDRESSES_PROPERTY);
        return new SoftNetwork(parse(addresses == null ? "" : addresses),
                (int) SoftSettings.number(PORT_PROPERTY, RoceV2.UDP_PORT),
                (int) SoftSettings.number(MIN_ACK_TIMEOUT_PROPERTY, 0), SoftSettings.flag(SEPARATE_HOSTS_PROPERTY));
    }

    /**
     * @param addresses the devices' addresses in order (soft0's first); devices beyond them stay inside the JVM
     * @param udpPort the UDP port of every endpoint, local and remote (1 to 65535)
     * @param minAckTimeout the least local ACK timeout code of RC queue pairs on the network (0 to 31)
     * @param separateHosts whether each device with an address reaches the others of its fabric only by the network
     * @return the configuration
     */
    public static SoftNetwork of(List<InetAddress> addresses, int udpPort, int minAckTimeout, boolean separateHosts) {
        if (udpPort < 1 || udpPort > 0xffff) {
            throw new IllegalArgumentException(PORT_PROPERTY + ": " + udpPort + " is no UDP port");
        }
        return new SoftNetwork(List.copyOf(addresses), udpPort, minAckTimeout, separateHosts);
    }

    /** @return whether any device lives on the network */
    public boolean configured() {
        return !addresses.isEmpty();
    }

    /** @return the address of device {@code index}, or {@code null} if it stays inside the JVM */
    public InetAddress address(int index) {
        return index < addresses.size() ? addresses.get(index) : null;
    }

    /** @return whether a device with an address reaches the devices of its JVM, and itself, only over the network */
    public boolean separateHosts() {
        return separateHosts;
    }

    /** @return the UDP port of every endpoint, local and remote */
    public int udpPort() {
        return udpPort;
    }

    /** @return the least local ACK timeout code of RC queue pairs on the network (0: none) */
    int minAckTimeout() {
        return minAckTimeout;
    }

    private static List<InetAddress> parse(String text) {
        List<InetAddress> parsed = new ArrayList<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                parsed.add(literal(part.strip(), ADDRESSES_PROPERTY));
            }
        }
        return List.copyOf(parsed);
    }

    /**
     * @param text a literal IPv4 or IPv6 address, never looked up by name
     * @param setting what gave it, for the message
     * @return the address
     * @throws IllegalArgumentException if {@code text} is no literal address, or the wildcard
     */
    public static InetAddress literal(String text, String setting) {
        if (!text.matches("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
            throw new IllegalArgumentException(setting + ": '" + text + "' is not a literal IP address");
        }
        try {
            InetAddress address = InetAddress.getByName(text);
            if (address.isAnyLocalAddress()) {
                throw new IllegalArgumentException(setting + ": the wildcard " + text + " is no device's address");
            }
            return address;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(setting + ": '" + text + "' is not an IP address", e);
        }
    }

    /**
     * A device on the network could not bind its address ({@code EADDRNOTAVAIL}, or {@code EADDRINUSE} when the
     * UDP port is taken).
     */
    public static VerbsException openFailed(String device, InetAddress address, Exception cause) {
        Errno errno = cause instanceof BindException && String.valueOf(cause.getMessage()).contains("in use")
                ? Errno.EADDRINUSE : Errno.EADDRNOTAVAIL;
        return VerbsEvents.failed(VerbsException.of("ibv_open_device", errno.code(), device + " cannot bind "
                + address.getHostAddress() + " (" + ADDRESSES_PROPERTY + "): " + cause));
    }
}
