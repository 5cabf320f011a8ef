package org.verbs4j.provider.soft.wire;

import java.util.List;
import org.verbs4j.SendFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.AddressHandleView;
import org.verbs4j.provider.soft.engine.Arrival;
import org.verbs4j.provider.soft.engine.DatagramReceiver;
import org.verbs4j.provider.soft.engine.FabricView;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.SendOpcode;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.engine.Sges;

/**
 * The in-JVM wire's datagram routing: to one queue pair by number, whose device must own the destination
 * GID, or to every member of a multicast group; each queue pair it reaches receives the datagram with a
 * {@link DatagramReceiver}. Used under the fabric lock.
 */
final class Datagrams {

    /** The largest UD message: the port's MTU (4096). */
    static final long MTU_BYTES = 4096;
    static final int GRH_BYTES = Arrival.GRH_BYTES;
    static final int MULTICAST_QPN = 0xffffff;

    private static final int CONTROLLED_QKEY = 0x80000000;
    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();

    private final FabricView fabric;
    private final DatagramReceiver receiver;
    private final Arrival arrival = new Arrival();

    Datagrams(FabricView fabric) {
        this.fabric = fabric;
        this.receiver = new DatagramReceiver(fabric);
    }

    /** @return the sender's status: SUCCESS, or LOC_LEN_ERR for a datagram longer than the MTU */
    WcStatus send(QueuePairView sender, SendWqe wqe, Sges source, long length) {
        if (length > MTU_BYTES) {
            return WcStatus.LOC_LEN_ERR;
        }
        AddressHandleView ah = wqe.ah;
        Arrival datagram = arrival.payload(source, 0, length)
                .sender(sender.qpNum(), ah.attributes().sl(), ah.sourceGid(), (wqe.flags & SOLICITED) != 0)
                .immediate(wqe.opcode == SendOpcode.SEND_WITH_IMM, wqe.immData);
        datagram.qkey = qkey(sender, wqe);
        datagram.routeFrom(ah);
        if (wqe.remoteQpn == MULTICAST_QPN) {
            List<QueuePairView> members = fabric.multicast().members(ah.destinationGid());
            for (int i = 0; members != null && i < members.size(); i++) {
                QueuePairView member = members.get(i);
                if (member != sender || !sender.blocksSelfMulticast()) {
                    receiver.receive(member, datagram);
                }
            }
        } else {
            QueuePairView destination = fabric.queuePairs().get(wqe.remoteQpn);
            if (destination != null && destination.softContext().ownsGid(ah.destinationGid())) {
                receiver.receive(destination, datagram);
            }
        }
        return WcStatus.SUCCESS;
    }

    /** @return the Q_Key a datagram carries: the request's, or the sender's own if the request's has the high bit */
    static int qkey(QueuePairView sender, SendWqe wqe) {
        return (wqe.remoteQkey & CONTROLLED_QKEY) != 0 ? sender.qkey() : wqe.remoteQkey;
    }
}
