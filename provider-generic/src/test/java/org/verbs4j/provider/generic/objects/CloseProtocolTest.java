package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.provider.generic.GenericProvider;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeDevice;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;

/**
 * The close protocol of {@link NativeResource} on a CQ of a stand-in device ({@code src/test/c/standin_close.c}),
 * whose {@code start_poll} can sleep inside the native call or open a batch, and which records its calls: a close
 * against another thread's call in flight or open batch waits for it, at most the close timeout, then fails with
 * {@link BusyException}, leaving the queue open and the other thread's call or batch untouched; a close from the
 * batch's own thread is refused at once; a stray {@code endPoll} calls nothing native. Stand-in queues are never
 * destroyed (their destroy function is libibverbs', which would free memory it never allocated), so a close here
 * must never get as far as destroying: the tests show it does not while another thread is inside.
 */
@SuppressWarnings("restricted")
class CloseProtocolTest {

    private static final List<Object> NEVER_DESTROYED = new CopyOnWriteArrayList<>();
    private static final int FIND_NOTHING = 0;
    private static final int FIND_ONE = 1;
    private static final int SLEEP_THEN_NOTHING = 2;
    private static final long TIMEOUT_MILLIS = 150;
    private static final Executor OWN_THREAD = task -> Thread.ofPlatform().daemon().start(task);
    private static SymbolLookup library;
    private static NativeContext context;

    @BeforeAll
    static void buildTheStandIn() throws Throwable {
        library = StandInLibrary.build("verbs4j-standin-close", "standin_close.c");
        MemorySegment pointer = (MemorySegment) handle("standin_close_context", FunctionDescriptor.of(ADDRESS))
                .invokeExact();
        var constructor = NativeContext.class.getDeclaredConstructor(Ibverbs.class, ListedDevice.class,
                MemorySegment.class, boolean.class);
        constructor.setAccessible(true);
        ListedDevice device = new ListedDevice(new NativeDevice("standin-close", 0, NodeType.CA, TransportType.IB),
                GenericProvider.ID, DirectVerbs.GENERIC);
        context = keep(constructor.newInstance(Ibverbs.get(), device, pointer, false));
    }

    @AfterEach
    void defaultTimeout() {
        System.clearProperty(CloseWait.PROPERTY);
    }

    private static MethodHandle handle(String name, FunctionDescriptor descriptor) {
        return Linker.nativeLinker().downcallHandle(library.findOrThrow(name), descriptor);
    }

    private static <T> T keep(T object) {
        NEVER_DESTROYED.add(object);
        return object;
    }

    private static CompletionQueue cq(int mode, int sleepMillis) throws Throwable {
        handle("standin_close_set", FunctionDescriptor.ofVoid(JAVA_INT, JAVA_INT)).invokeExact(mode, sleepMillis);
        return keep(context.createCompletionQueue(CqInitAttributes.builder(8).build()));
    }

    private static long record(String name) throws Throwable {
        return (long) handle(name, FunctionDescriptor.of(JAVA_LONG)).invokeExact();
    }

    private static void timeout(long millis) {
        System.setProperty(CloseWait.PROPERTY, Long.toString(millis));
    }

    @Test
    void aCloseWaitsForAStartPollInFlightThenFailsWithBusyWhileTheCallIsStillInside() throws Throwable {
        CompletionQueue cq = cq(SLEEP_THEN_NOTHING, 1000);
        CompletableFuture<Boolean> poller = CompletableFuture.supplyAsync(cq::startPoll, OWN_THREAD);
        while (record("standin_close_entered") == 0) {
            Thread.onSpinWait();
        }
        timeout(TIMEOUT_MILLIS);
        long start = System.nanoTime();
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class)
                .hasMessageContaining("ibv_destroy_cq").hasMessageContaining("another thread");
        long gaveUp = System.nanoTime();
        assertThat(gaveUp - start).as("the close waited the timeout")
                .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS));
        assertThat(poller.get(10, TimeUnit.SECONDS)).as("the call in flight found nothing").isFalse();
        assertThat(record("standin_close_returned_ns")).as("start_poll returned after the close gave up")
                .isGreaterThan(gaveUp);
        assertThat(cq.isClosed()).isFalse();
        assertThat(cq.startPoll()).as("the queue works after the failed close").isFalse();
    }

    @Test
    void aCloseAgainstAnotherThreadsOpenBatchFailsWithBusyAndTheBatchGoesOn() throws Throwable {
        CompletionQueue cq = cq(FIND_ONE, 0);
        CountDownLatch opened = new CountDownLatch(1);
        CountDownLatch closeFailed = new CountDownLatch(1);
        CompletableFuture<Long> batch = CompletableFuture.supplyAsync(() -> {
            assertThat(cq.startPoll()).isTrue();
            opened.countDown();
            await(closeFailed);
            long wrId = cq.wrId();
            cq.endPoll();
            return wrId;
        }, OWN_THREAD);
        assertThat(opened.await(10, TimeUnit.SECONDS)).isTrue();
        timeout(TIMEOUT_MILLIS);
        long start = System.nanoTime();
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class).hasMessageContaining("poll batch");
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS));
        closeFailed.countDown();
        assertThat(batch.get(10, TimeUnit.SECONDS)).as("the batch read its completion after the close").isEqualTo(7);
        assertThat(record("standin_close_end_polls")).as("its end_poll").isEqualTo(1);
        assertThat(cq.isClosed()).isFalse();
    }

    @Test
    void aCloseFromTheBatchsOwnThreadIsRefusedAtOnce() throws Throwable {
        CompletionQueue cq = cq(FIND_ONE, 0);
        timeout(TimeUnit.SECONDS.toMillis(30));
        assertThat(cq.startPoll()).isTrue();
        long start = System.nanoTime();
        assertThatThrownBy(cq::close).isInstanceOf(BusyException.class).hasMessageContaining("endPoll");
        assertThat(System.nanoTime() - start).as("without waiting").isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(cq.wrId()).isEqualTo(7);
        cq.endPoll();
        assertThat(record("standin_close_end_polls")).isEqualTo(1);
    }

    @Test
    void aStrayEndPollCallsNothingNative() throws Throwable {
        CompletionQueue cq = cq(FIND_NOTHING, 0);
        assertThat(cq.startPoll()).isFalse();
        cq.endPoll();
        cq.endPoll();
        assertThat(record("standin_close_end_polls")).as("end_poll calls").isZero();
    }

    @Test
    void anotherThreadsEndPollLeavesTheOwnersBatchOpen() throws Throwable {
        CompletionQueue cq = cq(FIND_ONE, 0);
        assertThat(cq.startPoll()).isTrue();
        CompletableFuture.runAsync(cq::endPoll, OWN_THREAD).get(10, TimeUnit.SECONDS);
        assertThat(record("standin_close_end_polls")).as("end_poll calls of the other thread").isZero();
        assertThat(cq.wrId()).isEqualTo(7);
        cq.endPoll();
        assertThat(record("standin_close_end_polls")).isEqualTo(1);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
