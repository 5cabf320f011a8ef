package org.verbs4j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.EnumSet;
import java.util.Locale;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;

/**
 * The heap the soft device takes per queue pair and per completion-queue entry (it takes no native memory): the
 * used heap after full collections, before and after creating {@value #QUEUE_PAIRS} connected RC queue pairs
 * (in pairs, the capabilities of {@link PairSet} and of {@link RcPair}), and before and after creating a
 * completion queue of {@value #LARGE_CQE} entries, less one of {@value #SMALL_CQE}.
 *
 * <p>Usage: {@code MemoryFootprint} (run it with a fixed heap, e.g. {@code -Xms1g -Xmx1g}).
 */
public final class MemoryFootprint {

    static final int QUEUE_PAIRS = 2048;
    static final int SMALL_CQE = 16;
    static final int LARGE_CQE = 1 << 15;

    private MemoryFootprint() {
    }

    /** @param args none */
    public static void main(String[] args) throws Exception {
        try (Context context = Verbs.open("soft0")) {
            ProtectionDomain pd = context.allocateProtectionDomain();
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
            System.out.printf(Locale.ROOT, "MemoryFootprint on %s, %s %s%n", Machine.cpu(),
                    System.getProperty("java.vm.name"), System.getProperty("java.vm.version"));
            for (QpCapabilities cap : new QpCapabilities[] {new QpCapabilities(64, 64, 1, 1, 0),
                    new QpCapabilities(RcPair.QUEUE_DEPTH, RcPair.QUEUE_DEPTH, 1, 1, 64)}) {
                System.out.printf(Locale.ROOT, "per connected RC queue pair (%s): %,.0f bytes%n", cap,
                        perQueuePair(context, pd, cq, cap));
            }
            System.out.printf(Locale.ROOT, "per completion-queue entry: %.1f bytes%n", perCqe(context));
            cq.close();
            pd.close();
        }
    }

    private static double perQueuePair(Context context, ProtectionDomain pd, CompletionQueue cq, QpCapabilities cap) {
        QueuePair[] qps = new QueuePair[QUEUE_PAIRS];
        long before = usedHeap();
        for (int i = 0; i < QUEUE_PAIRS; i++) {
            qps[i] = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq, cap)
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE)).build());
        }
        for (int i = 0; i < QUEUE_PAIRS; i += 2) {
            RcPair.connect(context, qps[i], qps[i + 1]);
            RcPair.connect(context, qps[i + 1], qps[i]);
        }
        double perQp = (usedHeap() - before) / (double) QUEUE_PAIRS;
        for (QueuePair qp : qps) {
            qp.close();
        }
        return perQp;
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
