package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * Where a connection puts the MADs it builds: usually a UD packet to the peer's GSI (QP 1, Q_Key
 * {@link Gsi#Q_KEY}) through a {@link org.verbs4j.provider.soft.wire.roce.RoceEndpoint}.
 */
@FunctionalInterface
public interface MadSink {

    /**
     * Sends a MAD. One that cannot be sent counts as lost: retransmission covers it.
     *
     * @param mad the MAD, {@link Mad#BYTES} bytes from index 0; valid only during the call
     * @param peerGid the GID of the port that receives it (for RoCE v2: its IP address, IPv4 as ::ffff:a.b.c.d)
     */
    void send(ByteBuffer mad, byte[] peerGid);
}
