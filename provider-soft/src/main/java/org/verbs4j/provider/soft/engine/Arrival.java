package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;

/**
 * One datagram as it reaches UD queue pairs, whichever wire brought it: its payload, the 40-byte global route
 * header the receiver gets before it, and what the receive completion reports. Filled by the wire, read by the
 * {@link DatagramReceiver}; one per wire (or receive loop), reused for every datagram, so nothing is allocated.
 */
public final class Arrival {

    public static final int GRH_BYTES = 40;
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int UDP = 17;

    /** The header the receiver gets, and a one-entry list over it for the copy. */
    public final MemorySegment grh = DeviceMemory.buffer(GRH_BYTES);
    final Sges grhView = new Sges(1);
    /** The payload: a list and where in it the payload starts. */
    Sges payload;
    long payloadStart;
    long length;
    public int qkey;
    int sourceQp;
    int serviceLevel;
    boolean solicited;
    boolean withImmediate;
    int immediate;
    /** The sender's GID, for the completion's SOURCE_GID. */
    Gid sourceGid;

    public Arrival() {
        grhView.setResolved(grh, GRH_BYTES);
    }

    /** Sets the payload: {@code length} bytes of {@code list} from {@code start}. */
    public Arrival payload(Sges list, long start, long bytes) {
        payload = list;
        payloadStart = start;
        length = bytes;
        return this;
    }

    /** Sets what the receive completion reports of the sender. */
    public Arrival sender(int qp, int sl, Gid gid, boolean se) {
        sourceQp = qp;
        serviceLevel = sl;
        sourceGid = gid;
        solicited = se;
        return this;
    }

    /** @return the sender's QPN */
    public int sourceQp() {
        return sourceQp;
    }

    /** @return the sender's GID */
    public Gid sourceGid() {
        return sourceGid;
    }

    /** Sets the immediate data, if the datagram is a SEND_WITH_IMM. */
    public Arrival immediate(boolean present, int value) {
        withImmediate = present;
        immediate = value;
        return this;
    }

    /**
     * Writes the header of a datagram inside the JVM: IPv6 layout, next header UDP, from the sender's address
     * handle (traffic class, flow label, hop limit, source and destination GID).
     */
    public void routeFrom(AddressHandleView ah) {
        GlobalRoute route = ah.attributes().grh();
        grh.set(BE_INT, 0, (6 << 28) | ((route.trafficClass() & 0xff) << 20) | (route.flowLabel() & 0xfffff));
        grh.set(BE_SHORT, 4, (short) length);
        grh.set(ValueLayout.JAVA_BYTE, 6, (byte) UDP);
        grh.set(ValueLayout.JAVA_BYTE, 7, (byte) route.hopLimit());
        ah.sourceGid().write(grh, 8);
        route.dgid().write(grh, 24);
    }
}
