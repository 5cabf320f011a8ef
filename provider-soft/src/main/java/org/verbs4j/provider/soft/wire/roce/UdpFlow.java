package org.verbs4j.provider.soft.wire.roce;

import java.util.Arrays;

/**
 * The addresses and ports of one packet's IP and UDP headers, which the ICRC covers: four-byte addresses for
 * IPv4, sixteen-byte ones for IPv6. Mutable and reused, so that checking or sealing a packet allocates nothing.
 */
public final class UdpFlow {

    private byte[] source = new byte[4];
    private byte[] destination = new byte[4];
    private int sourcePort;
    private int destinationPort;
    private int identification;

    /**
     * @param sourceAddress the source IP address (4 or 16 bytes; kept, not copied)
     * @param sourcePort the UDP source port
     * @param destinationAddress the destination IP address, of the same family
     * @param destinationPort the UDP destination port
     * @return this flow
     */
    public UdpFlow set(byte[] sourceAddress, int sourcePort, byte[] destinationAddress, int destinationPort) {
        int length = sourceAddress.length;
        if (length != destinationAddress.length || (length != 4 && length != 16)) {
            throw new IllegalArgumentException("addresses of one family, 4 or 16 bytes: "
                    + Arrays.toString(sourceAddress) + ", " + Arrays.toString(destinationAddress));
        }
        this.source = sourceAddress;
        this.destination = destinationAddress;
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.identification = 0;
        return this;
    }

    /**
     * Sets the IPv4 identification, which {@link #set} resets to 0, the value of every packet this layer sends.
     *
     * @param identification the 16-bit identification of the IPv4 header
     * @return this flow
     */
    public UdpFlow identification(int identification) {
        this.identification = identification & 0xFFFF;
        return this;
    }

    /** @return the IPv4 identification */
    public int identification() {
        return identification;
    }

    /** @return whether the addresses are IPv6 ones */
    public boolean ipv6() {
        return source.length == 16;
    }

    byte[] source() {
        return source;
    }

    byte[] destination() {
        return destination;
    }

    int sourcePort() {
        return sourcePort;
    }

    int destinationPort() {
        return destinationPort;
    }
}
