package org.verbs4j.provider.soft.engine;

import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.Gid;

/**
 * The GIDs a context has address handles for: a receive from a sender outside this set carries the
 * sender's GID (the EFA-style "source GID of an unknown address handle").
 */
public final class KnownPeers {

    private final ConcurrentHashMap<Gid, Integer> handles = new ConcurrentHashMap<>();

    public void add(Gid gid) {
        handles.merge(gid, 1, Integer::sum);
    }

    public void remove(Gid gid) {
        handles.computeIfPresent(gid, (key, count) -> count == 1 ? null : count - 1);
    }

    boolean contains(Gid gid) {
        return handles.containsKey(gid);
    }
}
