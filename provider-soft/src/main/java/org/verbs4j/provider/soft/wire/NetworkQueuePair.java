package org.verbs4j.provider.soft.wire;

import org.verbs4j.provider.soft.engine.QueuePairView;

/**
 * A queue pair as the wire sees it: the engine's view, and the network connection of an RC, UC or XRC queue pair
 * whose peer is outside the JVM. Implemented by the soft queue pair alone.
 */
public interface NetworkQueuePair extends QueuePairView {

    @Override
    WireFabric fabric();

    @Override
    NetworkContext softContext();

    /** Its network connection, or null. */
    NetworkConnection connection();

    /** Records the network connection opened for it. */
    void connection(NetworkConnection opened);
}
