package org.verbs4j.tools.connect;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.Context;
import org.verbs4j.Destination;

/**
 * The queue pairs that tools of this JVM announced on a soft device. The soft device is a device inside
 * one JVM: its queue pairs reach only queue pairs of the same process, so a peer that announced from
 * elsewhere (another JVM, a C tool) cannot be connected, and {@link #check} says so at once instead of
 * letting the first send time out.
 */
public final class SoftPeers {

    /** The provider id of the soft device. */
    public static final String SOFT_PROVIDER = "soft";

    private static final Set<Destination> ANNOUNCED = ConcurrentHashMap.newKeySet();

    private SoftPeers() {
    }

    /**
     * @param context the device of the destination
     * @param destination a queue pair of this JVM that a peer may now connect to
     */
    public static void announce(Context context, Destination destination) {
        if (isSoft(context)) {
            ANNOUNCED.add(key(destination));
        }
    }

    /** @param destination a queue pair announced before, now closed */
    public static void withdraw(Destination destination) {
        ANNOUNCED.remove(key(destination));
    }

    /**
     * @param context the local device
     * @param remote the peer's destination
     * @throws PeerException if the local device is a soft device and the peer is not a queue pair of this JVM
     */
    public static void check(Context context, Destination remote) {
        if (isSoft(context) && !ANNOUNCED.contains(key(remote))) {
            throw new PeerException(String.format("the peer's queue pair 0x%06x is not in this JVM, and %s is a soft"
                    + " device, which exists only inside one JVM: soft peers must share a JVM (run both sides in one"
                    + " process, for example 'verbs4j perf' without a peer address, or use an RDMA device)",
                    remote.qpn(), context.device().name()));
        }
    }

    private static boolean isSoft(Context context) {
        return SOFT_PROVIDER.equals(context.device().providerId());
    }

    private static Destination key(Destination destination) {
        return new Destination(destination.lid(), destination.qpn(), 0, destination.gid());
    }
}
