package org.verbs4j.tck.remote;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.Device;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.tck.SoftProviders;

/** A device's context, protection domain, completion queue and a region of {@code arena}; closes them in order. */
final class Host implements AutoCloseable {

    static final int REGION_SIZE = 32_768;
    static final Set<AccessFlag> ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
            AccessFlag.REMOTE_READ, AccessFlag.REMOTE_ATOMIC);

    final Context context;
    final ProtectionDomain pd;
    final CompletionQueue cq;
    final MemoryRegion mr;
    /** The region's memory as this JVM allocated it. */
    final MemorySegment memory;
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    Host(Device device, Arena arena) {
        context = track(device.open());
        pd = track(context.allocateProtectionDomain());
        cq = track(context.createCompletionQueue(CqInitAttributes.builder(64).build()));
        memory = arena.allocate(REGION_SIZE, 8);
        mr = track(pd.registerMemory(memory, ACCESS));
    }

    <T extends AutoCloseable> T track(T resource) {
        resources.push(resource);
        return resource;
    }

    QueuePair queuePair(QpType type, Object qpContext) {
        EnumSet<SendOpsFlag> ops = type == QpType.RC ? EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM,
                SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_READ, SendOpsFlag.ATOMIC_CMP_AND_SWP,
                SendOpsFlag.ATOMIC_FETCH_AND_ADD) : EnumSet.of(SendOpsFlag.SEND);
        return track(context.createQueuePair(QpInitAttributes.builder(type, pd, cq, new QpCapabilities(16, 16, 1, 1,
                0)).sendOpsFlags(ops).qpContext(qpContext).build()));
    }

    /** Moves {@code qp} to RTS towards {@code peer} of {@code remote} over the RoCE v2 GID. */
    void connect(QueuePair qp, Host remote, QueuePair peer) {
        recipe().connectFromReset(qp, 0,
                Destination.of(remote.context, 1, SoftProviders.WIRE_GID_INDEX, peer.qpNum(), 0), 4);
    }

    void toRtsUd(QueuePair qp) {
        recipe().connectFromReset(qp, 0, Destination.NONE, 0);
    }

    private static ConnectRecipe recipe() {
        return new ConnectRecipe(1, Mtu.MTU_1024, 0, SoftProviders.WIRE_GID_INDEX, 64, ACCESS, ConnectRecipe.QKEY,
                14, 12);
    }

    @Override
    public void close() {
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                throw new IllegalStateException("closing a test resource failed", e);
            }
        }
    }
}
