package org.verbs4j.provider.soft.engine;

import org.verbs4j.Gid;

/** A device context as the engine sees it. Implemented by the soft context alone. */
public interface ContextView {

    /** The peers the context has heard from, for the source GIDs of received datagrams. */
    KnownPeers knownPeers();

    /** Whether {@code gid} is in the GID table of the context's device. */
    boolean ownsGid(Gid gid);
}
