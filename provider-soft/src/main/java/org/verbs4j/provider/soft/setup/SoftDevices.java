package org.verbs4j.provider.soft.setup;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.provider.soft.SoftFabric;
import org.verbs4j.provider.soft.wire.SoftNetwork;

/**
 * Soft devices of their own, apart from the soft provider's (which the settings {@code verbs4j.soft.*} configure
 * once per JVM): what a test builds to put soft devices on addresses of its choosing, and to release them again.
 * Devices of one {@code SoftDevices} share a fabric, as the provider's do; devices of two never meet inside the JVM,
 * only over the network, as two hosts.
 *
 * <pre>{@code
 * try (SoftDevices hosts = SoftDevices.builder().address("127.0.0.1").address("127.0.0.2").udpPort(4791)
 *         .separateHosts(true).open()) {
 *     Device soft0 = hosts.devices().get(0); // bound to 127.0.0.1 when its first context opens
 * }
 * }</pre>
 *
 * <p>{@link #close} unbinds the devices' addresses and ends their receive loops; close their contexts first, since
 * what those still send to the network afterwards is lost. A device of closed {@code SoftDevices} opens no context
 * ({@code ENODEV}).
 */
public final class SoftDevices implements AutoCloseable {

    private final SoftFabric fabric;

    private SoftDevices(SoftFabric fabric) {
        this.fabric = fabric;
    }

    /** @return a builder of one device inside the JVM on UDP port 4791, until told otherwise */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the devices, {@code soft0} first */
    public List<Device> devices() {
        return fabric.publicDevices();
    }

    /** @return the connection manager of these devices: rdma_cm's semantics for their addresses */
    public ConnectionManager connectionManager() {
        return fabric.connectionManager();
    }

    /** Unbinds the devices' addresses and ends their receive loops. Idempotent. */
    @Override
    public void close() {
        fabric.close();
    }

    /** What {@link SoftDevices} to open. Not thread-safe. */
    public static final class Builder {

        private final List<InetAddress> addresses = new ArrayList<>();
        private int devices = 1;
        private int udpPort = 4791;
        private int minAckTimeout;
        private boolean separateHosts;

        private Builder() {
        }

        /**
         * @param count how many devices ({@code soft0} to {@code soft<count-1>}); at least as many as addresses
         * @return this builder
         */
        public Builder devices(int count) {
            if (count < 0) {
                throw new IllegalArgumentException("devices: " + count + " is negative");
            }
            this.devices = count;
            return this;
        }

        /**
         * Binds the next device without an address (soft0 first) to {@code literal}, adding a device if needed.
         *
         * @param literal a literal IPv4 or IPv6 address, not the wildcard
         * @return this builder
         */
        public Builder address(String literal) {
            addresses.add(SoftNetwork.literal(String.valueOf(literal).strip(), "address"));
            devices = Math.max(devices, addresses.size());
            return this;
        }

        /**
         * @param port the UDP port of every device's endpoint and of its peers (RoCE v2's 4791 by default)
         * @return this builder
         */
        public Builder udpPort(int port) {
            this.udpPort = port;
            return this;
        }

        /**
         * @param code the least local ACK timeout code RC queue pairs use on the network (0, the default, to 31)
         * @return this builder
         */
        public Builder minAckTimeout(int code) {
            this.minAckTimeout = code;
            return this;
        }

        /**
         * @param separate whether each device with an address reaches the others, and itself, only over the network
         * @return this builder
         */
        public Builder separateHosts(boolean separate) {
            this.separateHosts = separate;
            return this;
        }

        /**
         * @return the devices; each binds its address when its first context opens
         * @throws IllegalArgumentException if a value is out of range
         */
        public SoftDevices open() {
            if (devices < addresses.size()) {
                throw new IllegalArgumentException("devices: " + devices + " for " + addresses.size() + " addresses");
            }
            return new SoftDevices(SoftFabric.open(SoftNetwork.of(addresses, udpPort, minAckTimeout, separateHosts),
                    devices));
        }
    }
}
