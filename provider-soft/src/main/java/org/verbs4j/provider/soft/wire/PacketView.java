package org.verbs4j.provider.soft.wire;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.verbs4j.provider.soft.engine.Sges;

/**
 * A one-entry list over the whole of a packet buffer, so that the copy routines of the device reach a packet's
 * bytes by offset. A machine of the wire always hands the same buffer, so the list is made again only when the
 * buffer changes (never per packet).
 */
public final class PacketView {

    private final Sges view = new Sges(1);
    private ByteBuffer viewed;

    /** @return a list whose offset 0 is index 0 of {@code buffer}, over its whole capacity */
    public Sges of(ByteBuffer buffer) {
        if (buffer != viewed) {
            view.setResolved(MemorySegment.ofBuffer(buffer.duplicate().clear()), buffer.capacity());
            viewed = buffer;
        }
        return view;
    }
}
