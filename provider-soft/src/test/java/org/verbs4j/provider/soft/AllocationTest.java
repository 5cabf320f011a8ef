package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.XrcDomain;

/**
 * The data path (post receive, post send, poll, read fields) allocates nothing in steady state, one
 * request at a time and streamed (lists of receives, batches of sends with one signaled, batches of polls),
 * through XRC (an XRC_SEND queue pair addressing an XRC SRQ through an XRC_RECV queue pair), and with the
 * answers the requester places (RDMA READ responses, atomic acknowledgements) and RNR NAKs.
 */
class AllocationTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int ROUNDS = 50_000;

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(64);
    private final CompletionQueue cqB = rig.cq(64);
    private final QueuePair a = rig.qp(QpType.RC, cqA, 16);
    private final QueuePair b = rig.qp(QpType.RC, cqB, 16);
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(4096);
    private static final int BURST = 8;

    private final ReceiveRequest receive = new ReceiveRequest(1).wrId(7);
    private final ReceiveRequest receives = receiveList();
    private long sink;

    AllocationTest() {
        rig.connectPair(a, b);
        receive.sgList().add(mrB, 0, 64);
    }

    private ReceiveRequest receiveList() {
        ReceiveRequest next = null;
        for (int i = BURST - 1; i >= 0; i--) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(i).next(next);
            request.sgList().add(mrB, 64L * i, 64);
            next = request;
        }
        return next;
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private void rounds(int count) {
        SendOps ops = a.sendOps();
        for (int i = 0; i < count; i++) {
            b.postReceive(receive);
            ops.start();
            ops.wrId(i).wrFlags(SIGNALED).send().setSge(mrA.lkey(), mrA.address(), 8);
            ops.wrId(i).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address() + 1024).setSge(mrA.lkey(), mrA.address(), 8);
            ops.complete();
            sink += drain(cqA) + drain(cqB);
            streamBurst(ops);
        }
    }

    /** A burst as the streaming benchmark sends it: one list of receives, one batch with one signaled send. */
    private void streamBurst(SendOps ops) {
        b.postReceive(receives);
        ops.start();
        for (int i = 0; i < BURST; i++) {
            ops.wrId(i).wrFlags(i == BURST - 1 ? SIGNALED : 0).send().setSge(mrA.lkey(), mrA.address() + 8L * i, 8);
        }
        ops.complete();
        sink += drain(cqA) + drain(cqB);
    }

    private static long drain(CompletionQueue cq) {
        long sum = 0;
        if (cq.startPoll()) {
            do {
                sum += cq.wrId() + cq.status().ordinal() + cq.readByteLen() + cq.readQpNum() + cq.readSrcQp()
                        + cq.readWcFlags() + cq.readOpcode().ordinal() + cq.readCompletionTs();
            } while (cq.nextPoll());
            cq.endPoll();
        }
        return sum;
    }

    /** Reads com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes through reflection. */
    private static long allocatedBytes() throws ReflectiveOperationException {
        Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                .invoke(null);
        Method method = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        return (Long) method.invoke(bean);
    }

    /** Runs {@code rounds} once to warm up, then measures a second run; @return bytes allocated per round */
    private static double allocatedPerRound(IntConsumer rounds) throws ReflectiveOperationException {
        rounds.accept(ROUNDS);
        allocatedBytes();
        long before = allocatedBytes();
        rounds.accept(ROUNDS);
        return (double) (allocatedBytes() - before) / ROUNDS;
    }

    @Test
    void steadyStatePostAndPollAllocateNothing() throws ReflectiveOperationException {
        double perRound = allocatedPerRound(this::rounds);
        assertThat(sink).isNotZero();
        assertThat(perRound).as("bytes allocated per round").isLessThan(1.0);
    }

    @Test
    void steadyStateXrcPostAndPollAllocateNothing() throws ReflectiveOperationException {
        CompletionQueue srqCq = rig.cq(64);
        XrcDomain xrcd = rig.context.openXrcDomain();
        SharedReceiveQueue srq = rig.context.createSharedReceiveQueue(SrqInitAttributes.xrc(rig.pd, xrcd, srqCq,
                16, 1));
        QueuePair receiver = rig.context.createQueuePair(QpInitAttributes.xrcRecv(xrcd).build());
        QueuePair sender = rig.context.createQueuePair(QpInitAttributes.xrcSend(rig.pd, cqA,
                new QpCapabilities(16, 0, 1, 0, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
        rig.connect(receiver, sender, Rig.ALL_ACCESS, 7);
        rig.connect(sender, receiver, Rig.ALL_ACCESS, 7);
        SendOps ops = sender.sendOps();
        int srqNum = srq.srqNum();

        double perRound = allocatedPerRound(count -> {
            for (int i = 0; i < count; i++) {
                srq.postReceive(receive);
                ops.start();
                ops.wrId(i).wrFlags(SIGNALED).send().setXrcSrqn(srqNum).setSge(mrA.lkey(), mrA.address(), 8);
                ops.complete();
                sink += drain(cqA) + drain(srqCq);
            }
        });
        assertThat(sink).isNotZero();
        assertThat(perRound).as("bytes allocated per XRC round").isLessThan(1.0);
    }

    @Test
    void steadyStateResponsesAndRnrAllocateNothing() throws ReflectiveOperationException {
        SendOps ops = a.sendOps();
        double perRound = allocatedPerRound(count -> {
            for (int i = 0; i < count; i++) {
                ops.start();
                ops.wrId(i).wrFlags(SIGNALED).rdmaRead(mrB.rkey(), mrB.address() + 1024)
                        .setSge(mrA.lkey(), mrA.address() + 2048, 8);
                ops.wrId(i).wrFlags(SIGNALED).atomicFetchAdd(mrB.rkey(), mrB.address() + 3072, 1)
                        .setSge(mrA.lkey(), mrA.address() + 2056, 8);
                ops.wrId(i).wrFlags(SIGNALED).atomicCmpSwp(mrB.rkey(), mrB.address() + 3072, 0, 0)
                        .setSge(mrA.lkey(), mrA.address() + 2064, 8);
                ops.wrId(i).wrFlags(SIGNALED).send().setSge(mrA.lkey(), mrA.address(), 8); // RNR NAK: no receive
                ops.complete();
                b.postReceive(receive); // the waiting SEND goes on
                sink += drain(cqA) + drain(cqB);
            }
        });
        assertThat(sink).isNotZero();
        assertThat(perRound).as("bytes allocated per round of responses and RNR").isLessThan(1.0);
    }
}
