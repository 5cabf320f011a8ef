package org.verbs4j.provider.soft.engine;

import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Gid;

/**
 * The fabric as the engine sees it: the lock everything that changes device state holds, the tables of
 * queue pairs, keys and multicast groups, the requester, the wire and the timer. Implemented by the soft
 * fabric alone.
 */
public interface FabricView {

    /** The fabric-wide lock. */
    ReentrantLock lock();

    /** The queue pairs of every device, by QP number. */
    ObjectTable<? extends QueuePairView> queuePairs();

    /** The memory regions and windows of every device, by key. */
    ObjectTable<Object> keys();

    /** The multicast groups. */
    MulticastGroups multicast();

    /** The requester that runs every send queue. */
    Requester requester();

    /** The wire between queue pairs. */
    Wire wire();

    /** Whether a device of the fabric has {@code gid}. */
    boolean ownsGid(Gid gid);

    /** Runs {@code action} on the timer thread after {@code delayNanos}. */
    void schedule(Runnable action, long delayNanos);
}
