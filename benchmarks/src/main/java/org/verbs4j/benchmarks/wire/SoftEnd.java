package org.verbs4j.benchmarks.wire;

import java.lang.foreign.Arena;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;

/**
 * One JVM's soft device in the wire benchmark: soft0 (bound to its address by {@code verbs4j.soft.addresses}), a
 * UD queue pair and an RC queue pair, each with a completion queue of its own (the UD one with a completion
 * channel), and one registered buffer of {@link #BUFFER_BYTES} that every request reads from or lands in.
 */
final class SoftEnd implements AutoCloseable {

    /** The GID index of the device's address (index 0 is the link-local GID). */
    static final int GID_INDEX = 1;
    /** The depth of the UD receive queue. */
    static final int UD_RECEIVES = 1024;
    /** The largest message: one 64 KiB RDMA WRITE. */
    static final int BUFFER_BYTES = 64 * 1024;
    static final Set<AccessFlag> ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE);
    static final ConnectRecipe RECIPE = new ConnectRecipe(1, Mtu.MTU_4096, 0, GID_INDEX, 64, ACCESS,
            ConnectRecipe.QKEY, 14, 1);

    final Arena arena = Arena.ofShared();
    final Context context = Verbs.open("soft0");
    final ProtectionDomain pd = context.allocateProtectionDomain();
    final CompletionChannel udEvents = context.createCompletionChannel();
    final CompletionQueue udCq = context.createCompletionQueue(CqInitAttributes.builder(4 * UD_RECEIVES)
            .channel(udEvents).build());
    final CompletionQueue rcCq = context.createCompletionQueue(CqInitAttributes.builder(256).build());
    final QueuePair ud = context.createQueuePair(QpInitAttributes.builder(QpType.UD, pd, udCq,
            new QpCapabilities(256, UD_RECEIVES, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
    final QueuePair rc = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, rcCq,
            new QpCapabilities(64, 64, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.RDMA_WRITE)).build());
    final MemoryRegion buffer = pd.registerMemory(arena.allocate(BUFFER_BYTES, 4096), ACCESS);

    SoftEnd() {
        RECIPE.toInit(ud);
        RECIPE.connect(ud, 0, Destination.NONE);
        RECIPE.toInit(rc);
    }

    /** @return the GID of this device's address */
    Gid gid() {
        return context.queryGid(1, GID_INDEX);
    }

    /** Connects the RC queue pair to the peer's, PSN 0 both ways. */
    void connectRc(int remoteQpn, Gid remoteGid) {
        RECIPE.toRtr(rc, new Destination(0, remoteQpn, 0, remoteGid), 1);
        RECIPE.toRts(rc, 0, 1);
    }

    @Override
    public void close() {
        ud.close();
        rc.close();
        buffer.close();
        udCq.close();
        udEvents.close();
        rcCq.close();
        pd.close();
        context.close();
        arena.close();
    }
}
