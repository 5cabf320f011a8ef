package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;

/** Where a requester reads the bytes of the messages it sends: the work requests' gather lists. */
@FunctionalInterface
public interface PayloadSource {

    /**
     * Copies a slice of a message into a packet, without allocating.
     *
     * @param wrId the work request
     * @param offset the slice's offset in the message
     * @param packet the packet being built
     * @param at where the slice goes in {@code packet}
     * @param length the slice's length
     */
    void copy(long wrId, long offset, ByteBuffer packet, int at, int length);
}
