package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEventType;

/**
 * {@link PendingAsyncEvents} with a Java stand-in for {@code ibv_ack_async_event} (no library needed): the
 * Cleaner action of a leaked queue acknowledges the events read for that queue and not acknowledged, then
 * destroys it, since {@code ibv_destroy_qp} (and the CQ, SRQ and WQ destroys) would otherwise wait for
 * them forever on the shared Cleaner thread; every event is acknowledged exactly once.
 */
class PendingAsyncEventsTest {

    private static final long QP = 0x1000;
    private static final long SRQ = 0x2000;
    private static final int QP_FATAL = (int) AsyncEventType.QP_FATAL.value();
    private static final int PORT_ACTIVE = (int) AsyncEventType.PORT_ACTIVE.value();
    private static final int SRQ_LIMIT_REACHED = (int) AsyncEventType.SRQ_LIMIT_REACHED.value();
    private static final List<String> CALLS = new CopyOnWriteArrayList<>();
    private static volatile boolean ackFails;

    static void ack(MemorySegment event) {
        CALLS.add("ack " + Long.toHexString(event.get(JAVA_LONG, 0)) + " type " + event.get(JAVA_INT, 8));
        if (ackFails) {
            throw new IllegalStateException("ack failed");
        }
    }

    private final Arena arena = Arena.ofAuto();
    private PendingAsyncEvents pending;

    @BeforeEach
    void create() throws ReflectiveOperationException {
        CALLS.clear();
        ackFails = false;
        MethodHandle ack = MethodHandles.lookup().findStatic(PendingAsyncEventsTest.class, "ack",
                MethodType.methodType(void.class, MemorySegment.class));
        pending = new PendingAsyncEvents(ack);
    }

    /** An event as {@code ibv_get_async_event} fills it: the element at 0, the type at 8. */
    private MemorySegment event(long element, int type) {
        MemorySegment event = arena.allocate(16, 8);
        event.set(JAVA_LONG, 0, element);
        event.set(JAVA_INT, 8, type);
        pending.add(event);
        return event;
    }

    private Runnable cleanerOf(long queue) {
        return pending.beforeDestroying(queue, () -> CALLS.add("destroy " + Long.toHexString(queue)));
    }

    @Test
    void theEventsOfALeakedQueueAreAcknowledgedBeforeItIsDestroyedAndOnlyThose() {
        event(QP, QP_FATAL);
        MemorySegment srqEvent = event(SRQ, SRQ_LIMIT_REACHED);
        event(1, PORT_ACTIVE);
        event(QP, QP_FATAL);
        cleanerOf(QP).run();
        assertThat(CALLS).containsExactly("ack 1000 type 1", "ack 1000 type 1", "destroy 1000");
        assertThat(pending.size()).as("the SRQ's event and the port's stay pending").isEqualTo(2);
        assertThat(pending.acknowledge(srqEvent)).isTrue();
        assertThat(CALLS).last().isEqualTo("ack 2000 type 15");
    }

    @Test
    void anEventTheApplicationAcknowledgedIsNotAcknowledgedAgain() {
        MemorySegment event = event(SRQ, SRQ_LIMIT_REACHED);
        assertThat(pending.acknowledge(event)).isTrue();
        assertThat(pending.acknowledge(event)).as("a second acknowledgement").isFalse();
        cleanerOf(SRQ).run();
        assertThat(CALLS).containsExactly("ack 2000 type 15", "destroy 2000");
        assertThat(pending.size()).isZero();
    }

    @Test
    void withoutPendingEventsTheQueueIsOnlyDestroyed() {
        cleanerOf(QP).run();
        assertThat(CALLS).containsExactly("destroy 1000");
    }

    @Test
    void aFailedAcknowledgementOnTheCleanerThreadStillDestroysTheQueue() {
        event(QP, QP_FATAL);
        ackFails = true;
        cleanerOf(QP).run();
        assertThat(CALLS).containsExactly("ack 1000 type 1", "destroy 1000");
        assertThat(pending.size()).isZero();
    }
}
