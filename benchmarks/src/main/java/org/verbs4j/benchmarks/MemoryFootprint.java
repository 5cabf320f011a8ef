package org.verbs4j.benchmarks;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.EnumSet;
import java.util.Locale;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;

/**
 * The heap the soft device takes per queue pair and per completion-queue entry (it takes no native memory): the
 * used heap after full collections, before and after creating {@value #QUEUE_PAIRS} connected RC queue pairs
 * (in pairs, the capabilities of {@link PairSet} and of {@link RcPair}), once idle and once more after a full
 * queue of 8-byte SENDs went each way on every pair (the last one signaled, the receives posted as one list),
 * so that every slot of their queues was used; and before and after creating a completion queue of
 * {@value #LARGE_CQE} entries, less one of {@value #SMALL_CQE}.
 *
 * <p>Usage: {@code MemoryFootprint} (run it with a fixed heap, e.g. {@code -Xms1g -Xmx1g}).
 */
public final class MemoryFootprint {

    static final int QUEUE_PAIRS = 2048;
    static final int SMALL_CQE = 16;
    static final int LARGE_CQE = 1 << 15;
    private static final int MESSAGE = 8;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private MemoryFootprint() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        try (Context context = Verbs.open("soft0"); Arena arena = Arena.ofShared()) {
            ProtectionDomain pd = context.allocateProtectionDomain();
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
            MemoryRegion mr = pd.registerMemory(arena.allocate(MESSAGE, Long.BYTES), RcPair.ACCESS);
            System.out.printf(Locale.ROOT, "MemoryFootprint on %s, %s %s%n", Machine.cpu(),
                    System.getProperty("java.vm.name"), System.getProperty("java.vm.version"));
            for (QpCapabilities cap : new QpCapabilities[] {new QpCapabilities(64, 64, 1, 1, 0),
                    new QpCapabilities(RcPair.QUEUE_DEPTH, RcPair.QUEUE_DEPTH, 1, 1, 64)}) {
                double[] perQp = perQueuePair(context, pd, cq, cap, mr);
                System.out.printf(Locale.ROOT, "per connected RC queue pair (%s): %,.0f bytes idle, %,.0f bytes after"
                        + " a full queue each way%n", cap, perQp[0], perQp[1]);
            }
            System.out.printf(Locale.ROOT, "per completion-queue entry: %.1f bytes%n", perCqe(context));
            mr.close();
            cq.close();
            pd.close();
        }
    }

    /** @return the heap per queue pair, idle and after a full queue each way */
    private static double[] perQueuePair(Context context, ProtectionDomain pd, CompletionQueue cq, QpCapabilities cap,
                                         MemoryRegion mr) {
        QueuePair[] qps = new QueuePair[QUEUE_PAIRS];
        ReceiveRequest receives = receiveList(cap.maxRecvWr(), mr);
        long before = usedHeap();
        for (int i = 0; i < QUEUE_PAIRS; i++) {
            qps[i] = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq, cap)
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE)).build());
        }
        for (int i = 0; i < QUEUE_PAIRS; i += 2) {
            RcPair.connect(context, qps[i], qps[i + 1]);
            RcPair.connect(context, qps[i + 1], qps[i]);
        }
        double idle = (usedHeap() - before) / (double) QUEUE_PAIRS;
        for (int i = 0; i < QUEUE_PAIRS; i++) {
            fill(qps[i], qps[i ^ 1], cap.maxSendWr(), receives, mr, cq);
        }
        double used = (usedHeap() - before) / (double) QUEUE_PAIRS;
        for (QueuePair qp : qps) {
            qp.close();
        }
        return new double[] {idle, used};
    }

    private static ReceiveRequest receiveList(int depth, MemoryRegion mr) {
        ReceiveRequest first = null;
        for (int i = 0; i < depth; i++) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(i).next(first);
            request.sgList().add(mr, 0, MESSAGE);
            first = request;
        }
        return first;
    }

    /** Streams {@code depth} SENDs from {@code sender} into as many receives of {@code receiver}, and drains them. */
    private static void fill(QueuePair sender, QueuePair receiver, int depth, ReceiveRequest receives, MemoryRegion mr,
                             CompletionQueue cq) {
        receiver.postReceive(receives);
        SendOps ops = sender.sendOps();
        ops.start();
        for (int m = 0; m < depth; m++) {
            ops.wrId(m).wrFlags(m == depth - 1 ? SIGNALED : 0).send().setSge(mr.lkey(), mr.address(), MESSAGE);
        }
        ops.complete();
        MessageStream.drain(cq, depth + 1);
    }

    private static double perCqe(Context context) {
        long before = usedHeap();
        CompletionQueue small = context.createCompletionQueue(CqInitAttributes.builder(SMALL_CQE).build());
        long afterSmall = usedHeap();
        CompletionQueue large = context.createCompletionQueue(CqInitAttributes.builder(LARGE_CQE).build());
        long afterLarge = usedHeap();
        double perEntry = ((afterLarge - afterSmall) - (afterSmall - before)) / (double) (large.cqe() - small.cqe());
        large.close();
        small.close();
        return perEntry;
    }

    /** @return the used heap after full collections, once it stops shrinking */
    private static long usedHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long now = memory.getHeapMemoryUsage().getUsed();
            if (now >= used) {
                return now;
            }
            used = now;
        }
        return used;
    }
}
