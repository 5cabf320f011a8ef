package org.verbs4j.tck;

import java.lang.foreign.Arena;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.verbs4j.Device;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.remote.RemotePeer;
import org.verbs4j.tck.remote.TwoHosts;

/**
 * The whole kit with the two ends of every two-sided test in two processes: the requester on this JVM's soft0, a
 * host of its own on 127.0.0.1, the responder (its context and everything on it, and the connection-management
 * area's server) on soft0 of a peer JVM on 127.0.0.2, reached through a {@link RemotePeer}. Every packet between the
 * ends crosses the RoCE v2 wire between the two processes; the kit reads the responder's memory through the shared
 * files both map (Surefire's two-process execution). The kit uses GID 1, the address's, as {@link SoftWireTckTest}.
 */
class SoftTwoProcessTckTest extends SoftWireTckTest {

    private RemotePeer peer;

    @Override
    protected VerbsProvider provider() {
        TwoHosts.localDevice();
        return SoftProviders.onTheWire();
    }

    @Override
    protected Optional<Device> responderDevice() {
        return Optional.of(peer().devices().getFirst());
    }

    @Override
    protected Arena memoryArena() {
        return peer().sharedArena();
    }

    @Override
    protected ConnectionManager responderConnectionManager() {
        return peer().connectionManager();
    }

    private synchronized RemotePeer peer() {
        if (peer == null) {
            peer = TwoHosts.startPeer();
        }
        return peer;
    }

    @AfterAll
    synchronized void closePeer() {
        if (peer != null) {
            peer.close();
        }
    }
}
