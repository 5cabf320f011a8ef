package org.verbs4j.benchmarks;

import java.lang.foreign.Arena;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.WcStatus;

/** Two connected RC queue pairs on {@code soft0}, each with its completion queue and a registered buffer. */
final class RcPair implements AutoCloseable {

    static final Set<AccessFlag> ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
            AccessFlag.REMOTE_READ);

    /** The depth of the send and receive queues. */
    static final int QUEUE_DEPTH = 256;

    final Arena arena = Arena.ofShared();
    final Context context;
    final ProtectionDomain pd;
    final CompletionQueue cqA;
    final CompletionQueue cqB;
    final QueuePair a;
    final QueuePair b;
    final MemoryRegion mrA;
    final MemoryRegion mrB;

    RcPair(int bufferBytes) {
        context = Verbs.open("soft0");
        pd = context.allocateProtectionDomain();
        cqA = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
        cqB = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
        QpCapabilities cap = new QpCapabilities(QUEUE_DEPTH, QUEUE_DEPTH, 1, 1, 64);
        Set<SendOpsFlag> ops = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE);
        a = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cqA, cap).sendOpsFlags(ops).build());
        b = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cqB, cap).sendOpsFlags(ops).build());
        mrA = pd.registerMemory(arena.allocate(bufferBytes, 64), ACCESS);
        mrB = pd.registerMemory(arena.allocate(bufferBytes, 64), ACCESS);
        connect(context, a, b);
        connect(context, b, a);
    }

    /** The shared connect recipe: GRH from GID 0, MTU 4096, RNR timer 1, 16 reads each way, PSN 0. */
    static void connect(Context context, QueuePair qp, QueuePair remote) {
        ConnectRecipe recipe = new ConnectRecipe(1, Mtu.MTU_4096, 0, 0, 64, ACCESS, ConnectRecipe.QKEY, 14, 1);
        recipe.connectFromReset(qp, 0, Destination.of(context, 1, 0, remote.qpNum(), 0), 16);
    }

    /**
     * Waits for one completion and returns its work request id.
     *
     * @throws IllegalStateException if the completion is an error: the benchmark must not time flushes
     */
    static long pollOne(CompletionQueue cq) {
        while (!cq.startPoll()) {
            Thread.onSpinWait();
        }
        long wrId = cq.wrId();
        WcStatus status = cq.status();
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw errorCompletion(wrId, status);
        }
        return wrId;
    }

    /** @return the failure of a benchmark that polled an error completion: it must not time flushes */
    static IllegalStateException errorCompletion(long wrId, WcStatus status) {
        return new IllegalStateException("completion of wr_id " + wrId + " has status " + status);
    }

    @Override
    public void close() {
        a.close();
        b.close();
        mrA.close();
        mrB.close();
        cqA.close();
        cqB.close();
        pd.close();
        context.close();
        arena.close();
    }
}
