package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEvent;
import org.verbs4j.CompletionField;
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
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;

/** Test scaffolding: a context on soft0 with a protection domain, and helpers to build and connect QPs. */
final class Rig implements AutoCloseable {

    static final Set<AccessFlag> ALL_ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
            AccessFlag.REMOTE_READ, AccessFlag.REMOTE_ATOMIC);
    static final Set<SendOpsFlag> RC_OPS = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM,
            SendOpsFlag.SEND_WITH_INV, SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_WRITE_WITH_IMM,
            SendOpsFlag.RDMA_READ, SendOpsFlag.ATOMIC_CMP_AND_SWP, SendOpsFlag.ATOMIC_FETCH_AND_ADD,
            SendOpsFlag.LOCAL_INV, SendOpsFlag.BIND_MW);
    static final Set<CompletionField> ALL_FIELDS = EnumSet.of(CompletionField.BYTE_LEN, CompletionField.IMM,
            CompletionField.QP_NUM, CompletionField.SRC_QP, CompletionField.SLID, CompletionField.SL,
            CompletionField.DLID_PATH_BITS, CompletionField.COMPLETION_TIMESTAMP,
            CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK, CompletionField.TM_INFO);

    final Arena arena = Arena.ofShared();
    final Context context;
    final ProtectionDomain pd;

    Rig() {
        this(0);
    }

    /** @param device the index of the soft device: 0 for soft0, 1 for soft1 (the surefire run has two) */
    Rig(int device) {
        this(new SoftProvider().devices().get(device));
    }

    /** @param device a soft device, of the provider or of {@code SoftDevices} */
    Rig(Device device) {
        context = device.open();
        pd = context.allocateProtectionDomain();
    }

    CompletionQueue cq(int cqe) {
        return context.createCompletionQueue(CqInitAttributes.builder(cqe).wcFlags(ALL_FIELDS).build());
    }

    MemoryRegion region(int bytes) {
        return region(bytes, ALL_ACCESS);
    }

    MemoryRegion region(int bytes, Set<AccessFlag> access) {
        return pd.registerMemory(arena.allocate(bytes, 8), access);
    }

    QueuePair qp(QpType type, CompletionQueue cq, int depth) {
        Set<SendOpsFlag> ops = type == QpType.RC ? RC_OPS : type == QpType.UC
                ? EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM, SendOpsFlag.RDMA_WRITE,
                        SendOpsFlag.RDMA_WRITE_WITH_IMM)
                : EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.SEND_WITH_IMM);
        return context.createQueuePair(QpInitAttributes.builder(type, pd, cq,
                new QpCapabilities(depth, depth, 4, 4, 64)).sendOpsFlags(ops).build());
    }

    AhAttributes addressOf(Context target) {
        return AhAttributes.global(target.queryGid(1, 0), 0, 1);
    }

    /**
     * Moves a connected QP to RTS towards {@code remote}, RC attributes as pyverbs sets them (RNR timer 1, 16 reads
     * each way): an XRC_SEND queue pair takes the requester's of them, an XRC_RECV queue pair the responder's.
     */
    void connect(QueuePair qp, QueuePair remote, Set<AccessFlag> access, int rnrRetry) {
        recipe().withAccess(access).withRnrRetry(rnrRetry).connectFromReset(qp, 0, destination(remote), 16);
    }

    void connectPair(QueuePair a, QueuePair b) {
        connect(a, b, ALL_ACCESS, 7);
        connect(b, a, ALL_ACCESS, 7);
    }

    void toRtsUd(QueuePair qp, int qkey) {
        new ConnectRecipe(1, Mtu.MTU_1024, 0, 0, 64, Set.of(), qkey, 14, 1)
                .connectFromReset(qp, 0, Destination.NONE, 0);
    }

    /** @return the recipe of these tests: port 1, GID 0, MTU 1024, hop limit 64, RNR timer 1 */
    static ConnectRecipe recipe() {
        return ConnectRecipe.pingPong(1, Mtu.MTU_1024, 0, 0).withHopLimit(64).withMinRnrTimer(1);
    }

    /** Posts one signaled request on {@code qp}, its one SGE in {@code mr}, its operation set by {@code operation}. */
    static void postSignaled(QueuePair qp, MemoryRegion mr, long wrId, long offset, int length,
                             Consumer<SendOps> operation) {
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags((int) SendFlag.SIGNALED.value());
        operation.accept(ops);
        ops.setSge(mr.lkey(), mr.address() + offset, length);
        ops.complete();
    }

    /** @return {@code qp} at PSN 0 through GID 0 of its device */
    static Destination destination(QueuePair qp) {
        return new Destination(0, qp.qpNum(), 0, qp.context().queryGid(1, 0));
    }

    static void postRecv(QueuePair qp, long wrId, MemoryRegion mr, long offset, int length) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(mr, offset, length);
        qp.postReceive(request);
    }

    /** @return the next completion of {@code cq}, waiting at most 5 s */
    static Wc poll(CompletionQueue cq) {
        Wc wc = pollWithin(cq, Duration.ofSeconds(5));
        if (wc == null) {
            throw new AssertionError("no completion within 5 s");
        }
        return wc;
    }

    /**
     * @return the next completion of {@code cq}, or null if none came within {@code limit}; yields between polls,
     *     since a device's receive loop in this JVM may need the processor
     */
    static Wc pollWithin(CompletionQueue cq, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (cq.startPoll()) {
                Wc wc = Wc.read(cq);
                cq.endPoll();
                return wc;
            }
            Thread.yield();
        }
        return null;
    }

    /** @return whether the queue is empty */
    static boolean empty(CompletionQueue cq) {
        if (cq.startPoll()) {
            cq.endPoll();
            return false;
        }
        return true;
    }

    static void fill(MemorySegment segment, int seed) {
        for (long i = 0; i < segment.byteSize(); i++) {
            segment.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + seed));
        }
    }

    /** Acknowledges the asynchronous events left (so that no destroy waits for them), then frees the memory. */
    @Override
    public void close() {
        AsyncEvent event;
        while ((event = context.getAsyncEvent(Duration.ZERO)) != null) {
            context.ackAsyncEvent(event);
        }
        arena.close();
    }
}
