package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.CompletionQueue;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * Registered memory against the requests that use it: which arenas ibv_reg_mr takes, ibv_dereg_mr waiting for
 * the request that executes, and an arena closed by another thread while a request copies from or to it.
 */
class MemoryLifetimeTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    /** Large enough that copying it takes milliseconds, so that a close can land inside the copy. */
    private static final int LARGE = 64 << 20;
    private static final int ATTEMPTS = 50;
    private static final int PIECES = 4;
    /** The close's delay after the first post starts; later ones aim at half the previous post's time. */
    private static final long FIRST_DELAY_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final long MIN_DELAY_NANOS = TimeUnit.MICROSECONDS.toNanos(10);
    private static final long MAX_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(16);
    private final CompletionQueue cqB = rig.cq(16);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @Test
    void memoryOfAConfinedArenaIsRefusedBecauseTheDeviceReachesItFromOtherThreads() {
        try (Arena confined = Arena.ofConfined()) {
            assertThatThrownBy(() -> rig.pd.registerMemory(confined.allocate(64), Rig.ALL_ACCESS))
                    .isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("ibv_reg_mr").hasMessageContaining("confined");
        }
    }

    @Test
    void memoryOfAClosedArenaIsRefused() {
        Arena closed = Arena.ofShared();
        MemorySegment segment = closed.allocate(64);
        closed.close();
        assertThatThrownBy(() -> rig.pd.registerMemory(segment, Rig.ALL_ACCESS))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("ibv_reg_mr").hasMessageContaining("arena is closed");
    }

    @Test
    void memoryOfSharedAutomaticAndGlobalArenasIsTaken() {
        MemorySegment[] segments = {rig.arena.allocate(64), Arena.ofAuto().allocate(64), Arena.global().allocate(64)};
        for (MemorySegment segment : segments) {
            MemoryRegion region = rig.pd.registerMemory(segment, Rig.ALL_ACCESS);
            assertThat(region.address()).isEqualTo(segment.address());
            region.close();
        }
    }

    @Test
    void deregistrationWaitsForTheRequestThatIsExecuting() throws InterruptedException {
        MemoryRegion region = rig.region(64);
        ReentrantLock fabricLock = ((SoftContext) rig.context).fabric().lock();
        Thread deregistering;
        fabricLock.lock(); // what a request that is executing holds
        try {
            deregistering = Thread.ofPlatform().start(region::close);
            awaitParked(deregistering);
            assertThat(region.isClosed()).as("deregistered while a request executes").isFalse();
        } finally {
            fabricLock.unlock();
        }
        deregistering.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(region.isClosed()).as("deregistered once the request is done").isTrue();
    }

    private static void awaitParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.WAITING && thread.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(thread.getState()).as("the deregistering thread").isEqualTo(Thread.State.WAITING);
    }

    @Test
    void aSourceArenaClosedDuringTheCopyEndsTheCopyNotTheJvm() throws InterruptedException {
        MemoryRegion target = rig.region(LARGE);
        assertACloseLandsInsideACopy(ops -> ops.rdmaWrite(target.rkey(), target.address()));
    }

    @Test
    void aTargetArenaClosedDuringTheCopyEndsTheCopyNotTheJvm() throws InterruptedException {
        MemoryRegion source = rig.region(LARGE);
        assertACloseLandsInsideACopy(ops -> ops.rdmaRead(source.rkey(), source.address()));
    }

    /** @return the region as {@link #PIECES} entries, which the device copies one after another */
    private static ScatterGatherList pieces(MemoryRegion region) {
        ScatterGatherList list = new ScatterGatherList(PIECES);
        int piece = LARGE / PIECES;
        for (int i = 0; i < PIECES; i++) {
            list.add(region.address() + (long) i * piece, piece, region.lkey());
        }
        return list;
    }

    /**
     * Posts on {@code qp} the request {@code operation} builds, with the whole of {@code dying} as its local
     * scatter/gather list.
     */
    private static void post(QueuePair qp, int wrId, UnaryOperator<SendOps> operation, MemoryRegion dying) {
        SendOps ops = qp.sendOps();
        ops.start();
        operation.apply(ops.wrId(wrId).wrFlags(SIGNALED)).setSgeList(pieces(dying));
        ops.complete();
    }

    /**
     * Closes the arena of a region from another thread while a request copies {@link #LARGE} bytes from or to
     * it in {@link #PIECES} pieces (the request executes in the posting thread, so the close lands inside it
     * when it starts between the post and its return; each close is timed for about halfway into a post, by the
     * duration of the one before), until a close landed inside a request that went on to succeed: the device had checked the key, and the close came during the copies, which go through the
     * arena's segment, so they end or stop instead of touching freed memory. Every request completes,
     * successfully or, if the close came before the device checked the key, with a local protection error;
     * each attempt has a queue pair of its own, and a request after the last one still works.
     *
     * @param operation sets the operation of the request, whose local list is the dying region
     */
    private void assertACloseLandsInsideACopy(UnaryOperator<SendOps> operation) throws InterruptedException {
        boolean landedInside = false;
        QueuePair qp = null;
        long delay = FIRST_DELAY_NANOS;
        for (int attempt = 1; attempt <= ATTEMPTS && !landedInside; attempt++) {
            qp = connectedQueuePair();
            Arena arena = Arena.ofShared();
            MemoryRegion dying = rig.pd.registerMemory(arena.allocate(LARGE), Rig.ALL_ACCESS);
            AtomicLong closeStart = new AtomicLong();
            CountDownLatch posting = new CountDownLatch(1);
            long closeDelay = delay;
            Thread closer = Thread.ofPlatform().start(() -> closeAfter(posting, closeDelay, arena, closeStart));
            posting.countDown();
            long postStart = System.nanoTime();
            post(qp, attempt, operation, dying);
            long postEnd = System.nanoTime();
            delay = halfway(postEnd - postStart);
            assertThat(Thread.currentThread().isInterrupted()).as("the posting thread interrupted").isFalse();
            Wc wc = Rig.poll(cqA);
            closer.join();
            dying.close();
            assertThat(wc.wrId()).isEqualTo(attempt);
            assertThat(wc.status()).as("attempt %d", attempt).isIn(WcStatus.SUCCESS, WcStatus.LOC_PROT_ERR);
            landedInside = wc.status() == WcStatus.SUCCESS
                    && closeStart.get() - postStart > 0 && postEnd - closeStart.get() > 0;
        }
        assertThat(landedInside).as("a close landed inside a successful request in %d attempts", ATTEMPTS).isTrue();
        MemoryRegion small = rig.region(8);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(0).wrFlags(SIGNALED).rdmaWrite(small.rkey(), small.address()).setSge(small.lkey(), small.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).as("a request after the copies a close landed in")
                .isEqualTo(WcStatus.SUCCESS);
    }

    /** @return an RC queue pair on {@link #cqA}, connected to a peer of its own */
    private QueuePair connectedQueuePair() {
        QueuePair qp = rig.qp(QpType.RC, cqA, 4);
        rig.connectPair(qp, rig.qp(QpType.RC, cqB, 4));
        return qp;
    }

    /**
     * @return the delay that puts the next close about halfway into a request that takes {@code postNanos},
     *     within bounds
     */
    private static long halfway(long postNanos) {
        return Math.clamp(postNanos / 2, MIN_DELAY_NANOS, MAX_DELAY_NANOS);
    }

    /** Closes {@code arena} {@code delayNanos} after the post starts, spinning rather than sleeping (no timer slack). */
    private static void closeAfter(CountDownLatch posting, long delayNanos, Arena arena, AtomicLong closeStart) {
        try {
            posting.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long due = System.nanoTime() + delayNanos;
        while (System.nanoTime() - due < 0) {
            Thread.onSpinWait();
        }
        closeStart.set(System.nanoTime());
        arena.close();
    }
}
