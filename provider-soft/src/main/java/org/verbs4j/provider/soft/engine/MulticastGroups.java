package org.verbs4j.provider.soft.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.verbs4j.Gid;

/** The multicast groups of the fabric and the UD queue pairs attached to each; used under the fabric lock. */
public final class MulticastGroups {

    private final Map<Gid, List<QueuePairView>> groups = new HashMap<>();

    /** @return whether the queue pair was not attached yet */
    public boolean attach(Gid gid, QueuePairView qp) {
        List<QueuePairView> members = groups.computeIfAbsent(gid, key -> new ArrayList<>());
        if (members.contains(qp)) {
            return false;
        }
        if (members.size() >= WorkLimits.MAX_MCAST_QP_ATTACH) {
            throw Failures.noMemory("ibv_attach_mcast", "the group has " + members.size() + " members already");
        }
        return members.add(qp);
    }

    /** @return whether the queue pair was attached */
    public boolean detach(Gid gid, QueuePairView qp) {
        List<QueuePairView> members = groups.get(gid);
        if (members == null || !members.remove(qp)) {
            return false;
        }
        if (members.isEmpty()) {
            groups.remove(gid);
        }
        return true;
    }

    /** @return the members of the group, or {@code null} */
    public List<QueuePairView> members(Gid gid) {
        return groups.get(gid);
    }
}
