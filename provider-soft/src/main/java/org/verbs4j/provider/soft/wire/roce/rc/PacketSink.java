package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;

/**
 * Where a machine puts the packets it builds: usually a {@link org.verbs4j.provider.soft.wire.roce.RoceEndpoint}
 * bound to the peer's address, which seals the ICRC and sends the datagram.
 */
@FunctionalInterface
public interface PacketSink {

    /**
     * Sends a packet. A packet that cannot be sent counts as lost: the transport's retransmission covers it, so
     * this method reports no failure.
     *
     * @param packet the packet, big-endian, BTH at index 0, with four bytes of room for the ICRC after
     *     {@code length}; valid only during the call (the machine reuses it)
     * @param length the length of the headers, the payload and the pad
     */
    void send(ByteBuffer packet, int length);
}
