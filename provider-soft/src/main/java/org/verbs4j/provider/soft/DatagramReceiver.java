package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.QpType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The responder's side of unreliable datagrams: a datagram reaches a UD queue pair in RTR or later whose
 * Q_Key matches and that has a receive posted; anything else is dropped without a trace, as on the wire.
 * The receiver gets a 40-byte global route header (IPv6 layout, next header UDP), built from the sender's
 * address handle, before the payload. Used under the fabric lock.
 */
final class DatagramReceiver {

    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int UDP = 17;
    private static final int GRH_BYTES = Datagrams.GRH_BYTES;

    private final MemorySegment grh = DeviceMemory.buffer(GRH_BYTES);
    private final Sges grhView = new Sges(1);
    private final LocalAccess localAccess;

    DatagramReceiver(SoftFabric fabric) {
        this.localAccess = new LocalAccess(fabric.keys());
    }

    /**
     * Receives the datagram {@code wqe} of {@code sender} at {@code receiver}.
     *
     * @param qkey the Q_Key the datagram carries
     */
    void receive(SoftQueuePair sender, SoftQueuePair receiver, SendWqe wqe, Sges source, long length, int qkey) {
        if (receiver.isClosed() || receiver.type() != QpType.UD || !receiver.canReceive()
                || receiver.qkey() != qkey || receiver.receiveQueue().isEmpty()) {
            return;
        }
        Sges target = receiver.receiveQueue().headSges();
        WcStatus status = localAccess.check(target, receiver.softPd(), true);
        if (status != WcStatus.SUCCESS) {
            receiver.completeReceive(receiver.startReceive(receiver.takeReceive(), status, WcOpcode.RECV));
            receiver.enterError(null);
        } else if (GRH_BYTES + length <= target.totalLength()) {
            writeGrh(wqe.ah, length);
            LocalAccess.copy(grhView, 0, target, 0, GRH_BYTES);
            LocalAccess.copy(source, 0, target, GRH_BYTES, length);
            complete(sender, receiver, wqe, length);
        }
    }

    /** Consumes the receive request the datagram landed in and completes it. */
    private static void complete(SoftQueuePair sender, SoftQueuePair receiver, SendWqe wqe, long length) {
        Completion c = receiver.startReceive(receiver.takeReceive(), WcStatus.SUCCESS, WcOpcode.RECV)
                .fromSender(GRH_BYTES + length, sender.qpNum(), wqe.ah.attributes().sl(), wqe.flags);
        c.wcFlags = (int) WcFlag.GRH.value();
        if (wqe.opcode == SendOpcode.SEND_WITH_IMM) {
            c.wcFlags |= (int) WcFlag.WITH_IMM.value();
            c.immOrInvalidatedRkey = wqe.immData;
        }
        Gid sourceGid = wqe.ah.sourceGid();
        if (receiver.softRecvCq().wants(ExtraCompletionField.SOURCE_GID)
                && !receiver.softContext().knownPeers().contains(sourceGid)) {
            c.hasSourceGid = true;
            c.sourceGidHigh = sourceGid.high();
            c.sourceGidLow = sourceGid.low();
        }
        receiver.completeReceive(c);
    }

    private void writeGrh(SoftAddressHandle ah, long length) {
        GlobalRoute route = ah.attributes().grh();
        grh.set(BE_INT, 0, (6 << 28) | ((route.trafficClass() & 0xff) << 20) | (route.flowLabel() & 0xfffff));
        grh.set(BE_SHORT, 4, (short) length);
        grh.set(ValueLayout.JAVA_BYTE, 6, (byte) UDP);
        grh.set(ValueLayout.JAVA_BYTE, 7, (byte) route.hopLimit());
        ah.sourceGid().write(grh, 8);
        route.dgid().write(grh, 24);
        grhView.setResolved(grh, GRH_BYTES);
    }
}
