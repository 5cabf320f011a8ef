package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.Mtu;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;

/** Helpers for two RC queue pairs of one device connected to each other (rxe loops them back). */
final class Loopback {

    static final Set<AccessFlag> ACCESS =
            EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ);
    static final int PORT = 1;

    private Loopback() {
    }

    /** Moves {@code qp} from RESET to RTS towards {@code peer}: MTU 1024, PSN 0, one read each way, hop limit 64. */
    static void connect(QueuePair qp, QueuePair peer, Gid peerGid, int gidIndex) {
        ConnectRecipe.pingPong(PORT, Mtu.MTU_1024, 0, gidIndex).withHopLimit(64).withAccess(ACCESS)
                .connectFromReset(qp, 0, new Destination(0, peer.qpNum(), 0, peerGid), 1);
        assertThat(qp.state()).isEqualTo(QpState.RTS);
    }

    /**
     * Polls until a completion is current, then leaves the batch open.
     *
     * @return whether one arrived within the timeout
     */
    static boolean awaitCompletion(CompletionQueue cq, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (cq.startPoll()) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }

    static Gid gid(Context context, int gidIndex) {
        return context.queryGid(PORT, gidIndex);
    }
}
