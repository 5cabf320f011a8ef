package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.GlobalRoute;
import org.verbs4j.QpType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * Unreliable datagram delivery: to one queue pair by number or to every member of a multicast group.
 * A datagram reaches a UD queue pair in RTR or later whose Q_Key matches and whose device owns the
 * destination GID, and that has a receive posted; anything else is dropped without a trace, as on the
 * wire. The receiver gets a 40-byte global route header (IPv6 layout, next header UDP) before the
 * payload. Used under the fabric lock.
 */
final class Datagrams {

    /** The largest UD message: the port's MTU (4096). */
    static final long MTU_BYTES = 4096;
    static final int GRH_BYTES = 40;
    static final int MULTICAST_QPN = 0xffffff;

    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int UDP = 17;
    private static final int CONTROLLED_QKEY = 0x80000000;

    private final SoftFabric fabric;
    private final MemorySegment grh = DeviceMemory.buffer(GRH_BYTES);
    private final Sges grhView = new Sges(1);
    private final LocalAccess localAccess;

    Datagrams(SoftFabric fabric) {
        this.fabric = fabric;
        this.localAccess = new LocalAccess(fabric.keys());
    }

    WcStatus send(SoftQueuePair sender, SendWqe wqe, Sges source, long length) {
        if (length > MTU_BYTES) {
            return WcStatus.LOC_LEN_ERR;
        }
        int qkey = (wqe.remoteQkey & CONTROLLED_QKEY) != 0 ? sender.qkey() : wqe.remoteQkey;
        SoftAddressHandle ah = wqe.ah;
        if (wqe.remoteQpn == MULTICAST_QPN) {
            List<SoftQueuePair> members = fabric.multicast().members(ah.destinationGid());
            for (int i = 0; members != null && i < members.size(); i++) {
                SoftQueuePair member = members.get(i);
                if (member != sender || !sender.blocksSelfMulticast()) {
                    deliver(sender, member, wqe, source, length, qkey);
                }
            }
        } else {
            SoftQueuePair receiver = fabric.queuePairs().get(wqe.remoteQpn);
            if (receiver != null && receiver.softContext().ownsGid(ah.destinationGid())) {
                deliver(sender, receiver, wqe, source, length, qkey);
            }
        }
        return WcStatus.SUCCESS;
    }

    private void deliver(SoftQueuePair sender, SoftQueuePair receiver, SendWqe wqe, Sges source, long length,
                         int qkey) {
        if (receiver.isClosed() || receiver.type() != QpType.UD || !receiver.canReceive()
                || receiver.qkey() != qkey) {
            return;
        }
        ReceiveQueue queue = receiver.receiveQueue();
        if (queue.isEmpty()) {
            return;
        }
        Sges target = queue.headSges();
        WcStatus status = localAccess.check(target, receiver.softPd(), true);
        if (status != WcStatus.SUCCESS) {
            long wrId = receiver.takeReceive();
            receiver.completeReceive(receiver.startReceive(wrId, status, WcOpcode.RECV));
            receiver.enterError(null);
            return;
        }
        if (GRH_BYTES + length > target.totalLength()) {
            return;
        }
        writeGrh(wqe.ah, length);
        LocalAccess.copy(grhView, 0, target, 0, GRH_BYTES);
        LocalAccess.copy(source, 0, target, GRH_BYTES, length);
        long wrId = receiver.takeReceive();
        Completion c = receiver.startReceive(wrId, WcStatus.SUCCESS, WcOpcode.RECV)
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
