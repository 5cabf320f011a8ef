package org.verbs4j.provider.soft.engine;

import java.net.InetSocketAddress;
import org.verbs4j.AhAttributes;
import org.verbs4j.Gid;

/** An address handle as the engine sees it. Implemented by the soft address handle alone. */
public interface AddressHandleView {

    /** Its attributes. */
    AhAttributes attributes();

    /** The destination GID of its route. */
    Gid destinationGid();

    /** The source GID of its route. */
    Gid sourceGid();

    /** The IP address of its destination GID with the peers' RoCE v2 UDP port {@code udpPort}; made once. */
    InetSocketAddress networkDestination(int udpPort);
}
