package org.verbs4j.provider.soft;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;
import org.verbs4j.AhAttributes;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.cm.UdParam;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * The multicast groups one identifier joined, and the attachment of its QP to them (librdmacm attaches the
 * QP of the identifier when the join completes and detaches it on leave). Used under the manager's lock.
 */
final class CmMulticast {

    private final Map<InetAddress, Gid> groups = new HashMap<>();

    /**
     * Joins {@code group}, attaching {@code qp} if there is one. On a device on the network the group's GID is
     * the one RoCE v2 gives it (the kernel's rdma_cm does so over rxe: {@code ::ffff:a.b.c.d} for an IPv4 group,
     * the IPv6 address itself), and no SA is asked; inside the JVM the GID is the one IB
     * gives it ({@code ff0e::ffff:a.b.c.d}).
     *
     * @param local the identifier's local address, whose family gives the source GID index
     * @param onNetwork whether the identifier's device is on the network
     * @return the datagram parameters of the MULTICAST_JOIN event
     */
    UdParam join(SoftQueuePair qp, InetAddress group, InetAddress local, boolean onNetwork) {
        if (!group.isMulticastAddress()) {
            throw Failures.invalid("rdma_join_multicast", group + " is not a multicast address");
        }
        if (groups.containsKey(group)) {
            throw SoftConnectionManager.failure("rdma_join_multicast", Errno.EADDRINUSE, "already joined " + group);
        }
        Gid mgid = onNetwork ? Gid.of(group) : CmAddresses.multicastGid(group);
        if (qp != null) {
            qp.attachMulticast(mgid, 0);
        }
        groups.put(group, mgid);
        return new UdParam(null, AhAttributes.global(mgid, CmAddresses.gidIndexOf(local), 1), UdParam.MULTICAST_QPN,
                CmQpAttributes.UDP_QKEY);
    }

    void leave(SoftQueuePair qp, InetAddress group) {
        Gid mgid = groups.remove(group);
        if (mgid == null) {
            throw SoftConnectionManager.failure("rdma_leave_multicast", Errno.EADDRNOTAVAIL,
                    "the identifier has not joined " + group);
        }
        detach(qp, mgid);
    }

    /** Detaches {@code qp} from every group, which stay joined (before the QP is destroyed). */
    void detachAll(SoftQueuePair qp) {
        groups.values().forEach(mgid -> detach(qp, mgid));
    }

    /** Leaves every group (the identifier is destroyed). */
    void leaveAll(SoftQueuePair qp) {
        detachAll(qp);
        groups.clear();
    }

    private static void detach(SoftQueuePair qp, Gid mgid) {
        if (qp != null && !qp.isClosed()) {
            qp.detachMulticast(mgid, 0);
        }
    }
}
