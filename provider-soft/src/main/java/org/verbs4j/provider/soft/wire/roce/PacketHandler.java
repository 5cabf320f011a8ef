package org.verbs4j.provider.soft.wire.roce;

/** Receives each packet that passed the checks, in the receiving thread. */
@FunctionalInterface
public interface PacketHandler {

    /**
     * Handles a packet. What it throws is counted as {@link DropReason#HANDLER_FAILED}, never propagated.
     *
     * @param packet the packet, valid only during this call
     */
    void onPacket(RocePacket packet);
}
