package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.EventChannel;

/** What the README's client and server share: the expected next event, a QP with a buffer, a completion. */
final class CmExample implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    final ProtectionDomain pd;
    final CompletionQueue cq;
    final Arena arena = Arena.ofShared();
    final MemorySegment buffer = arena.allocate(64);
    final MemoryRegion mr;
    final QueuePair qp;

    /** A QP on {@code id}, with its CQ and a 64-byte registered buffer. */
    CmExample(CmId id) {
        Context context = id.context().orElseThrow();
        pd = context.allocateProtectionDomain();
        cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
        mr = pd.registerMemory(buffer, EnumSet.of(AccessFlag.LOCAL_WRITE));
        qp = id.createQueuePair(QpInitAttributes.builder(id.qpType(), pd, cq, new QpCapabilities(16, 16, 1, 1, 0))
                .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
    }

    static CmEvent next(EventChannel events, CmEventType expected) {
        CmEvent event = events.getEvent(TIMEOUT);
        if (event == null || event.type() != expected) {
            throw new IllegalStateException("expected " + expected + ", got " + event);
        }
        event.ack();
        return event;
    }

    WcStatus awaitCompletion() {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no completion within " + TIMEOUT);
            }
            Thread.onSpinWait();
        }
        WcStatus status = cq.status();
        cq.endPoll();
        return status;
    }

    @Override
    public void close() {
        mr.close();
        cq.close();
        pd.close();
        arena.close();
    }
}
