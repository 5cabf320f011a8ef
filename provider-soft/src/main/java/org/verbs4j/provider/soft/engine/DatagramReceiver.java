package org.verbs4j.provider.soft.engine;

import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.QpType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The responder's side of unreliable datagrams: a datagram ({@link Arrival}) reaches a UD queue pair in RTR or
 * later whose Q_Key matches and that has a receive posted; anything else is dropped without a trace, as on the
 * wire. The receiver gets the arrival's 40-byte global route header before the payload. Used under the fabric
 * lock.
 */
public final class DatagramReceiver {

    private static final int GRH_BYTES = Arrival.GRH_BYTES;

    private final LocalAccess localAccess;

    public DatagramReceiver(FabricView fabric) {
        this.localAccess = new LocalAccess(fabric.keys());
    }

    /** Receives {@code datagram} at {@code receiver}. */
    public void receive(QueuePairView receiver, Arrival datagram) {
        if (receiver.isClosed() || receiver.type() != QpType.UD || !receiver.canReceive()
                || receiver.qkey() != datagram.qkey || receiver.receiveQueue().isEmpty()) {
            return;
        }
        Sges target = receiver.receiveQueue().headSges();
        WcStatus status = localAccess.check(target, receiver.softPd(), true);
        if (status != WcStatus.SUCCESS) {
            receiver.completeReceive(receiver.startReceive(receiver.takeReceive(), status, WcOpcode.RECV));
            receiver.enterError(null);
        } else if (GRH_BYTES + datagram.length <= target.totalLength()) {
            LocalAccess.copy(datagram.grhView, 0, target, 0, GRH_BYTES);
            LocalAccess.copy(datagram.payload, datagram.payloadStart, target, GRH_BYTES, datagram.length);
            complete(receiver, datagram);
        }
    }

    /** Consumes the receive request the datagram landed in and completes it. */
    private static void complete(QueuePairView receiver, Arrival datagram) {
        Completion c = receiver.startReceive(receiver.takeReceive(), WcStatus.SUCCESS, WcOpcode.RECV)
                .fromSender(GRH_BYTES + datagram.length, datagram.sourceQp, datagram.serviceLevel, 0);
        c.solicited = datagram.solicited;
        c.wcFlags = (int) WcFlag.GRH.value();
        if (datagram.withImmediate) {
            c.wcFlags |= (int) WcFlag.WITH_IMM.value();
            c.immOrInvalidatedRkey = datagram.immediate;
        }
        Gid sourceGid = datagram.sourceGid;
        if (receiver.softRecvCq().wants(ExtraCompletionField.SOURCE_GID)
                && !receiver.softContext().knownPeers().contains(sourceGid)) {
            c.hasSourceGid = true;
            c.sourceGidHigh = sourceGid.high();
            c.sourceGidLow = sourceGid.low();
        }
        receiver.completeReceive(c);
    }
}
