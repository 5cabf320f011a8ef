package org.verbs4j.tools.connect;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.Context;
import org.verbs4j.Destination;

/**
 * The queue pairs that tools of this JVM announced on a soft device. A soft device inside one JVM reaches only
 * queue pairs of the same process, so a peer that announced from elsewhere (another JVM, a C tool) cannot be
 * connected, and {@link #check} says so at once instead of letting the first send time out. A soft device bound
 * to an address (the system property {@value #ADDRESSES_PROPERTY} or the environment variable
 * {@value #ADDRESSES_VARIABLE}, one address per device in order) reaches other processes and hosts over RoCE v2.
 */
public final class SoftPeers {

    /** The provider id of the soft device. */
    public static final String SOFT_PROVIDER = "soft";

    /** The soft provider's system property with the addresses its devices bind, soft0's first. */
    public static final String ADDRESSES_PROPERTY = "verbs4j.soft.addresses";
    /** The environment variable that stands for {@value #ADDRESSES_PROPERTY} when the property is not set. */
    public static final String ADDRESSES_VARIABLE = "VERBS4J_SOFT_ADDRESSES";

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
     * @throws PeerException if the local device is a soft device inside the JVM and the peer is not a queue pair of
     *     this JVM
     */
    public static void check(Context context, Destination remote) {
        if (!isSoft(context) || ANNOUNCED.contains(key(remote)) || onNetwork(context)) {
            return;
        }
        String device = context.device().name();
        throw new PeerException(String.format("the peer's queue pair 0x%06x is not in this JVM, and %s is a soft"
                + " device which exists only inside one JVM unless -D%s or %s binds it to an address: soft peers must"
                + " share a JVM (run both sides in one process, for example 'verbs4j perf' without a peer address,"
                + " bind the soft device to an address, or use an RDMA device)", remote.qpn(), device,
                ADDRESSES_PROPERTY, ADDRESSES_VARIABLE));
    }

    /** @return whether the soft device of {@code context} is bound to an address ({@value #ADDRESSES_PROPERTY}) */
    private static boolean onNetwork(Context context) {
        String name = context.device().name();
        String setting = System.getProperty(ADDRESSES_PROPERTY, System.getenv(ADDRESSES_VARIABLE));
        String[] addresses = (setting == null ? "" : setting).split(",");
        if (!name.matches("soft[0-9]+")) {
            return false;
        }
        int index = Integer.parseInt(name.substring("soft".length()));
        return index < addresses.length && !addresses[index].isBlank();
    }

    private static boolean isSoft(Context context) {
        return SOFT_PROVIDER.equals(context.device().providerId());
    }

    private static Destination key(Destination destination) {
        return new Destination(destination.lid(), destination.qpn(), 0, destination.gid());
    }
}
