package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
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
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.generic.objects.AllocatedBytes;

/**
 * The SRQ limit event through the async event path, and a data path (polling, posting, requesting
 * notification) that allocates nothing.
 */
class EventsAndDataPathTest extends OpenDeviceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /**
     * What makes an SRQ limit event: RC queue pairs a and b connected to each other, b receiving from an SRQ
     * with 10 receives posted and its limit armed at 7, and 4 messages sent from a to b, which leave 6.
     */
    private record SrqLimit(ProtectionDomain pd, CompletionQueue cq, SharedReceiveQueue srq, MemoryRegion region,
            QueuePair a, QueuePair b) {

        static SrqLimit trigger(Context context, Arena arena) {
            int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
            ProtectionDomain pd = context.allocateProtectionDomain();
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(64).build());
            SharedReceiveQueue srq = context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 32, 1));
            MemoryRegion region = pd.registerMemory(arena.allocate(64 * 1024, 4096), Loopback.ACCESS);
            QueuePair a = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(16, 0, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
            QueuePair b = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(16, 0, 1, 1, 0)).srq(srq).build());
            Loopback.connect(a, b, Loopback.gid(context, gidIndex), gidIndex);
            Loopback.connect(b, a, Loopback.gid(context, gidIndex), gidIndex);
            for (int i = 0; i < 10; i++) {
                ReceiveRequest request = new ReceiveRequest(1).wrId(100 + i);
                request.sgList().add(region, i * 1024L, 1024);
                srq.postReceive(request);
            }
            srq.armLimit(7);
            assertThat(srq.query().srqLimit()).isEqualTo(7);
            a.sendOps().start();
            for (int i = 0; i < 4; i++) {
                a.sendOps().wrId(i).wrFlags((int) SendFlag.SIGNALED.value()).send()
                        .setSge(region.lkey(), region.address() + 32 * 1024, 16);
            }
            a.sendOps().complete();
            return new SrqLimit(pd, cq, srq, region, a, b);
        }

        /** @return the limit event, read from the context and not acknowledged */
        AsyncEvent readEvent(Context context) {
            AsyncEvent event = context.getAsyncEvent(TIMEOUT);
            assertThat(event).isNotNull();
            assertThat(event.type()).isEqualTo(AsyncEventType.SRQ_LIMIT_REACHED);
            assertThat(event.srq()).isSameAs(srq);
            return event;
        }
    }

    @Test
    void theSrqLimitEventArrivesForTheRightQueueAndIsAcknowledged() throws Exception {
        SrqLimit limit = SrqLimit.trigger(context, arena);
        AsyncEvent event = limit.readEvent(context);
        context.ackAsyncEvent(event);
        assertThat(limit.srq().query().srqLimit()).as("the limit is one-shot").isZero();
        drain(limit.cq(), 8);
        limit.a().close();
        limit.b().close();
        limit.srq().close();
        limit.region().close();
        limit.cq().close();
        limit.pd().close();
    }

    /**
     * ibv_destroy_srq waits until every event read for the SRQ is acknowledged: the safety net acknowledges
     * the limit event of a leaked SRQ before destroying it, or the shared Cleaner thread would wait forever
     * and nothing leaked afterwards, here the SRQ's PD and context, would be destroyed.
     */
    @Test
    void aLeakedContextWithAnUnacknowledgedEventIsStillDestroyedByTheSafetyNet() throws Exception {
        Map<String, Long> before = RdmaResources.ownedByThisProcess();
        AtomicReference<List<Object>> held = new AtomicReference<>(leakAnUnacknowledgedSrqEvent(arena));
        Map<String, Long> leaked = RdmaResources.ownedByThisProcess();
        held.set(null); // from here on nothing reaches them: only the safety net can destroy them
        assertThat(leaked.get("ctx")).as("rxe shows the leaked context").isEqualTo(before.get("ctx") + 1);
        assertThat(leaked.get("qp")).as("rxe shows the leaked QPs").isEqualTo(before.get("qp") + 2);
        assertThat(RdmaResources.awaitCounts(before, Duration.ofMinutes(2)))
                .as("objects of this process in rdma resource show, 2 minutes after the leak").isEqualTo(before);
    }

    /** @return a second context with the objects of an SRQ limit event, and the event, read and not acknowledged */
    private static List<Object> leakAnUnacknowledgedSrqEvent(Arena arena) {
        Context leaked = RealDevice.require().open();
        SrqLimit limit = SrqLimit.trigger(leaked, arena);
        return List.of(leaked, limit, limit.readEvent(leaked));
    }

    private static void drain(CompletionQueue cq, int expected) throws InterruptedException {
        int seen = 0;
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (seen < expected && System.nanoTime() < deadline) {
            if (cq.startPoll()) {
                do {
                    assertThat(cq.status()).isEqualTo(WcStatus.SUCCESS);
                    seen++;
                } while (cq.nextPoll());
                cq.endPoll();
            } else {
                Thread.sleep(1);
            }
        }
        assertThat(seen).isEqualTo(expected);
    }

    @Test
    void pollingAnEmptyQueueAllocatesNothing() throws Exception {
        try (CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16)
                .wcFlags(EnumSet.of(CompletionField.BYTE_LEN)).build())) {
            int empty = 0;
            for (int i = 0; i < 200_000; i++) {
                empty += cq.startPoll() ? 0 : 1;
            }
            long before = AllocatedBytes.ofCurrentThread();
            for (int i = 0; i < 100_000; i++) {
                empty += cq.startPoll() ? 0 : 1;
            }
            long allocated = AllocatedBytes.ofCurrentThread() - before;
            assertThat(empty).isEqualTo(300_000);
            assertThat(allocated).as("bytes allocated by 100000 empty polls").isLessThan(10_000);
        }
    }

    @Test
    void requestingNotificationAllocatesNothing() throws Exception {
        try (CompletionChannel channel = context.createCompletionChannel()) {
            CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).channel(channel).build());
            for (int i = 0; i < 20_000; i++) {
                cq.requestNotification(i % 2 == 0);
            }
            long before = AllocatedBytes.ofCurrentThread();
            for (int i = 0; i < 10_000; i++) {
                cq.requestNotification(i % 2 == 0);
            }
            long allocated = AllocatedBytes.ofCurrentThread() - before;
            assertThat(allocated).as("bytes allocated by 10000 ibv_req_notify_cq").isLessThan(10_000);
            assertThat(cq.unacknowledgedEvents()).isZero();
            cq.close();
        }
    }

    @Test
    void postingReceivesAndSendsAndPollingTheirCompletionsAllocatesNothing() throws Exception {
        int gidIndex = RealDevice.gidIndex(context.queryGidTable(1));
        ProtectionDomain pd = context.allocateProtectionDomain();
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(64).build());
        MemoryRegion region = pd.registerMemory(arena.allocate(4096, 4096), Loopback.ACCESS);
        QueuePair sender = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(4, 4, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
        QueuePair receiver = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(4, 4, 1, 1, 0)).build());
        Loopback.connect(sender, receiver, Loopback.gid(context, gidIndex), gidIndex);
        Loopback.connect(receiver, sender, Loopback.gid(context, gidIndex), gidIndex);
        ReceiveRequest request = new ReceiveRequest(1).wrId(1);
        request.sgList().add(region, 2048, 64);
        exchange(receiver, request, sender, region, cq, 3_000);
        long before = AllocatedBytes.ofCurrentThread();
        exchange(receiver, request, sender, region, cq, 1_000);
        long allocated = AllocatedBytes.ofCurrentThread() - before;
        assertThat(allocated).as("bytes allocated by 1000 exchanges of post_recv, ibv_wr_start/send/set_sge/"
                + "complete and the polls of both completions").isLessThan(10_000);
        receiver.close();
        sender.close();
        region.close();
        cq.close();
        pd.close();
    }

    /** One receive posted, one signaled SEND posted, and both completions polled, {@code count} times. */
    private static void exchange(QueuePair receiver, ReceiveRequest request, QueuePair sender, MemoryRegion region,
            CompletionQueue cq, int count) {
        SendOps ops = sender.sendOps();
        long deadline = System.nanoTime() + TIMEOUT.toNanos() * 6;
        for (int i = 0; i < count; i++) {
            receiver.postReceive(request);
            ops.start();
            ops.wrId(2).wrFlags((int) SendFlag.SIGNALED.value()).send().setSge(region.lkey(), region.address(), 64);
            ops.complete();
            int seen = 0;
            while (seen < 2) {
                if (cq.startPoll()) {
                    do {
                        if (cq.status() != WcStatus.SUCCESS) {
                            throw new AssertionError("completion " + cq.wrId() + " failed: " + cq.status());
                        }
                        seen++;
                    } while (cq.nextPoll());
                    cq.endPoll();
                } else if (System.nanoTime() > deadline) {
                    throw new AssertionError("no completion within " + TIMEOUT.multipliedBy(6));
                }
            }
        }
    }
}
