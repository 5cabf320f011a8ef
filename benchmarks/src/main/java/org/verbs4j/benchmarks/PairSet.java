package org.verbs4j.benchmarks;

import java.lang.foreign.Arena;
import java.util.EnumSet;
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
 * Many connected RC pairs (A<sub>i</sub>, B<sub>i</sub>) on one {@code soft0} context, as perftest's
 * {@code -q N}: one protection domain, one registered buffer each side, the A sides sharing one completion queue
 * and the B sides another. A burst streams 64 8-byte SENDs on the next pair in turn (its 64 receives posted as
 * one list, the last SEND signaled, the 65 completions drained), so that every pair is used as often.
 */
final class PairSet implements AutoCloseable {

    /** The messages of one burst, and the depth of every queue. */
    static final int BURST = 64;
    private static final int MESSAGE = 8;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Arena arena = Arena.ofShared();
    private final Context context = Verbs.open("soft0");
    private final ProtectionDomain pd = context.allocateProtectionDomain();
    private final CompletionQueue cqA = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
    private final CompletionQueue cqB = context.createCompletionQueue(CqInitAttributes.builder(1024).build());
    private final MemoryRegion mrA = pd.registerMemory(arena.allocate(BURST * MESSAGE, 64), RcPair.ACCESS);
    private final MemoryRegion mrB = pd.registerMemory(arena.allocate(BURST * MESSAGE, 64), RcPair.ACCESS);
    private final QueuePair[] a;
    private final QueuePair[] b;
    private final SendOps[] ops;
    private final ReceiveRequest receives;
    private int next;

    /** @param pairs the number of connected pairs */
    PairSet(int pairs) {
        a = new QueuePair[pairs];
        b = new QueuePair[pairs];
        ops = new SendOps[pairs];
        for (int i = 0; i < pairs; i++) {
            a[i] = queuePair(cqA);
            b[i] = queuePair(cqB);
            RcPair.connect(context, a[i], b[i]);
            RcPair.connect(context, b[i], a[i]);
            ops[i] = a[i].sendOps();
        }
        receives = receiveList();
    }

    private QueuePair queuePair(CompletionQueue cq) {
        return context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(BURST, BURST, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
    }

    private ReceiveRequest receiveList() {
        ReceiveRequest first = null;
        for (int i = BURST - 1; i >= 0; i--) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(i).next(first);
            request.sgList().add(mrB, (long) i * MESSAGE, MESSAGE);
            first = request;
        }
        return first;
    }

    /** @return the number of pairs */
    int pairs() {
        return a.length;
    }

    /** Streams one burst of 64 SENDs on the next pair and drains its completions. */
    void burst() {
        int i = next;
        next = i + 1 == a.length ? 0 : i + 1;
        b[i].postReceive(receives);
        SendOps sends = ops[i];
        int lkey = mrA.lkey();
        long address = mrA.address();
        sends.start();
        for (int m = 0; m < BURST; m++) {
            sends.wrId(m).wrFlags(m == BURST - 1 ? SIGNALED : 0).send().setSge(lkey, address + (long) m * MESSAGE,
                    MESSAGE);
        }
        sends.complete();
        MessageStream.drain(cqB, BURST);
        MessageStream.drain(cqA, 1);
    }

    @Override
    public void close() {
        for (int i = 0; i < a.length; i++) {
            a[i].close();
            b[i].close();
        }
        mrA.close();
        mrB.close();
        cqA.close();
        cqB.close();
        pd.close();
        context.close();
        arena.close();
    }
}
