package org.verbs4j.provider.generic.objects;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The Cleaner action of a leaked completion queue, with Java stand-ins for {@code ibv_ack_cq_events} and
 * {@code ibv_destroy_cq} (no library needed): outstanding events are acknowledged before the queue is
 * destroyed, since {@code ibv_destroy_cq} would otherwise wait for them forever on the Cleaner thread.
 */
class CqSafetyNetTest {

    private static final long CQ = 0x1000;
    private static final List<String> CALLS = new CopyOnWriteArrayList<>();

    static void ack(MemorySegment cq, int count) {
        CALLS.add("ack " + Long.toHexString(cq.address()) + " " + count);
    }

    static int destroy(MemorySegment cq) {
        CALLS.add("destroy " + Long.toHexString(cq.address()));
        return 0;
    }

    private static Runnable safetyNet(AtomicInteger unacknowledged) throws ReflectiveOperationException {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle ack = lookup.findStatic(CqSafetyNetTest.class, "ack",
                MethodType.methodType(void.class, MemorySegment.class, int.class));
        MethodHandle destroy = lookup.findStatic(CqSafetyNetTest.class, "destroy",
                MethodType.methodType(int.class, MemorySegment.class));
        return NativeCompletionQueue.safetyNet(ack, destroy, CQ, unacknowledged);
    }

    @Test
    void outstandingEventsAreAcknowledgedBeforeTheQueueIsDestroyed() throws ReflectiveOperationException {
        CALLS.clear();
        AtomicInteger unacknowledged = new AtomicInteger(3);
        safetyNet(unacknowledged).run();
        assertThat(CALLS).containsExactly("ack 1000 3", "destroy 1000");
        assertThat(unacknowledged).hasValue(0);
    }

    @Test
    void withNoOutstandingEventsTheQueueIsOnlyDestroyed() throws ReflectiveOperationException {
        CALLS.clear();
        safetyNet(new AtomicInteger()).run();
        assertThat(CALLS).containsExactly("destroy 1000");
    }
}
