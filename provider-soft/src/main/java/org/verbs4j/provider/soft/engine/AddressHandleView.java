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

    /** The UDP address of its destination on the network, with the fabric's {@code udpPort}. */
    InetSocketAddress networkDestination(int udpPort);
}
