package org.verbs4j.examples;

import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.Mtu;
import org.verbs4j.QueuePair;

/**
 * Moves queue pairs from RESET to RTS with the values of rdma-core's {@code ibv_rc_pingpong}, through the api's
 * {@link ConnectRecipe}. Two processes would exchange each queue pair's {@link Destination} (number, PSN, LID
 * and GID) first; the examples connect queue pairs of one device, so they read them directly.
 */
final class Connect {

    /** The port every example uses. */
    static final int PORT = 1;
    /** The GID index every example sends from (a RoCE device needs a global route). */
    static final int GID_INDEX = 0;
    /** The Q_Key of the UD example. */
    static final int QKEY = ConnectRecipe.QKEY;

    private Connect() {
    }

    /**
     * @param qp an RC queue pair in RESET
     * @param remoteQpn the number of the peer queue pair
     * @param remoteGid the GID of the peer's port
     */
    static void rc(QueuePair qp, int remoteQpn, Gid remoteGid) {
        // @start region=rc-connect
        ConnectRecipe recipe = ConnectRecipe.pingPong(PORT, Mtu.MTU_1024, 0, GID_INDEX)
                .withAccess(EnumSet.of(AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ));
        Destination peer = new Destination(0, remoteQpn, 0, remoteGid); // LID, QPN, PSN, GID
        recipe.connectFromReset(qp, 0, peer, 1); // INIT, RTR, RTS; own PSN 0, one RDMA read each way
        // @end
    }

    /** @param qp a UD queue pair in RESET, moved to RTS with the Q_Key {@link #QKEY} */
    static void ud(QueuePair qp) {
        ConnectRecipe.pingPong(PORT, Mtu.MTU_1024, 0, GID_INDEX).connectFromReset(qp, 0, Destination.NONE, 0);
    }
}
