package org.verbs4j.provider.soft;

import java.util.List;
import org.verbs4j.WcStatus;

/**
 * The in-JVM wire's datagram routing: to one queue pair by number, whose device must own the destination
 * GID, or to every member of a multicast group; each queue pair it reaches receives the datagram with a
 * {@link DatagramReceiver}. Used under the fabric lock.
 */
final class Datagrams {

    /** The largest UD message: the port's MTU (4096). */
    static final long MTU_BYTES = 4096;
    static final int GRH_BYTES = 40;
    static final int MULTICAST_QPN = 0xffffff;

    private static final int CONTROLLED_QKEY = 0x80000000;

    private final SoftFabric fabric;
    private final DatagramReceiver receiver;

    Datagrams(SoftFabric fabric) {
        this.fabric = fabric;
        this.receiver = new DatagramReceiver(fabric);
    }

    /** @return the sender's status: SUCCESS, or LOC_LEN_ERR for a datagram longer than the MTU */
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
                    receiver.receive(sender, member, wqe, source, length, qkey);
                }
            }
        } else {
            SoftQueuePair destination = fabric.queuePairs().get(wqe.remoteQpn);
            if (destination != null && destination.softContext().ownsGid(ah.destinationGid())) {
                receiver.receive(sender, destination, wqe, source, length, qkey);
            }
        }
        return WcStatus.SUCCESS;
    }
}
