package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.VerbsObject;

/**
 * Close against concurrent use (an area a provider opts into by extending this class; it is not part of
 * {@link VerbsTck}): a close while another thread is inside a verb or holds an open poll or send batch of the
 * same object either waits for it (bounded, then {@link BusyException}) or makes that thread's later calls fail
 * with {@link ClosedObjectException}; it never destroys what the other thread is using. Then the seeded stress
 * ({@link StressSettings}): random interleavings of close against post, poll, event waits, modify, resize and
 * destroy, where a completion seen twice or lost, an undocumented exception or a hang fails, naming the seed.
 */
@TckArea("concurrent close")
public abstract class ConcurrentCloseVerification extends AreaVerification {

    private static final System.Logger LOG = System.getLogger("org.verbs4j.tck");
    /** How long the other thread keeps its batch open while the close is under way. */
    private static final Duration HOLD = Duration.ofMillis(200);
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    /** Creates the area. */
    protected ConcurrentCloseVerification() {
    }

    @Test
    @Timeout(60)
    @DisplayName("ibv_destroy_cq against another thread's open poll batch: the close waits for end_poll, or the "
            + "batch's later reads fail with ClosedObjectException")
    void closeAgainstAnOpenPollBatch() throws Exception {
        CompletionQueue cq = completionQueue(Side.RESPONDER, 16);
        QueuePairs pairs = loopback().rc((side, builder) -> side == Side.RESPONDER ? builder.recvCq(cq) : builder);
        MemoryRegion mr = openMemoryRegion(pairs.pd(), 8);
        MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), 8);
        WorkRequests.receive(pairs.responder(), 2, inbox, 0, 8);
        WorkRequests.send(pairs.requester(), 1, mr, 0, 8);
        // The SEND completes on its ACK, which the responder sends after it completed the receive into cq: so the
        // receive's completion waits in cq before the queue pairs close (a QP closed before the ACK arrived would
        // never complete its SEND).
        Completions.awaitOne(pairs.requesterCq(), environment().completionTimeout(), "the SEND");
        pairs.requester().close();
        pairs.responder().close(); // the queue is used by nothing now
        CountDownLatch batchOpen = new CountDownLatch(1);
        CompletableFuture<Void> closer = new CompletableFuture<>();
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            boolean started = startWhenAvailable(cq);
            batchOpen.countDown();
            if (!started) {
                return "the receive's completion did not arrive";
            }
            pause(HOLD);
            boolean closedBefore = closer.isDone() && !closer.isCompletedExceptionally();
            return readAndEnd(cq, closedBefore);
        }, runner());
        assertTrue(batchOpen.await(timeoutMillis(), TimeUnit.MILLISECONDS), "the batch opened");
        closeInto(cq, closer);
        assertEquals("kept", reader.get(timeoutMillis(), TimeUnit.MILLISECONDS), "the batch against the close");
        finishClose(cq, closer);
    }

    @Test
    @Timeout(60)
    @DisplayName("ibv_destroy_qp against another thread's open send batch (ibv_wr_start without ibv_wr_complete): "
            + "the close waits for the batch to end, or ibv_wr_complete fails with ClosedObjectException")
    void closeAgainstAnOpenSendBatch() throws Exception {
        QueuePairs pairs = loopback().rc();
        QueuePair qp = pairs.requester();
        MemoryRegion mr = openMemoryRegion(pairs.pd(), 8);
        MemoryRegion inbox = openMemoryRegion(pairs.responderPd(), 8);
        WorkRequests.receive(pairs.responder(), 1, inbox, 0, 8);
        CountDownLatch batchOpen = new CountDownLatch(1);
        CompletableFuture<Void> closer = new CompletableFuture<>();
        CompletableFuture<Boolean> sender = CompletableFuture.supplyAsync(() -> {
            SendOps ops = qp.sendOps();
            ops.start();
            batchOpen.countDown();
            pause(HOLD);
            boolean closedBefore = closer.isDone() && !closer.isCompletedExceptionally();
            ops.wrId(2).wrFlags(SIGNALED).send().setSge(mr.lkey(), mr.address(), 8);
            return completeBatch(ops, closedBefore);
        }, runner());
        assertTrue(batchOpen.await(timeoutMillis(), TimeUnit.MILLISECONDS), "the batch opened");
        closeInto(qp, closer);
        boolean posted = sender.get(timeoutMillis(), TimeUnit.MILLISECONDS);
        finishClose(qp, closer);
        if (posted) {
            Completion received = Completions.awaitOne(pairs.responderCq(), environment().completionTimeout(),
                    "the SEND of the batch that ended before the close");
            assertEquals(1L, received.wrId(), "the receive the SEND consumed");
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES) // far beyond any budget: a hang still ends the run
    @DisplayName("stress: seeded random interleavings of close against post, poll, event waits, modify, resize and "
            + "destroy: no completion lost or seen twice, only documented exceptions, no hang")
    void randomInterleavings() throws InterruptedException {
        loopback().requireActivePort();
        StressSettings settings = StressSettings.fromSystem();
        long end = System.nanoTime() + settings.budget().toNanos();
        int run = 0;
        long operations = 0;
        long requests = 0;
        for (; run < settings.interleavings() && (run == 0 || System.nanoTime() < end); run++) {
            long seed = settings.firstSeed() + run;
            Interleaving interleaving = new Interleaving(seed, settings.operationsPerThread(),
                    environment().completionTimeout());
            List<String> defects = interleaving.run(deviceSelection().device().orElseThrow().open(), loopback());
            if (!defects.isEmpty()) {
                fail("interleaving " + run + ", seed " + seed + " (rerun with " + StressSettings.rerun(seed) + "): "
                        + String.join("\n  ", defects));
            }
            operations += interleaving.operationsRun();
            requests += interleaving.requestsAttempted();
        }
        LOG.log(Level.INFO, "concurrency stress: {0} interleavings of {1} threads, {2} operations, {3} work "
                + "requests, seeds {4} to {5}", run, Interleaving.THREADS, operations, requests,
                settings.firstSeed(), settings.firstSeed() + run - 1);
    }

    /**
     * Reads the current completion and ends the batch.
     *
     * @return {@code "kept"} if the rule held: the read gave the completion (wr_id 2) before the close returned,
     *     or failed with ClosedObjectException after it did; otherwise what went wrong
     */
    private static String readAndEnd(CompletionQueue cq, boolean closedBefore) {
        try {
            long wrId = cq.wrId();
            cq.endPoll();
            if (closedBefore) {
                return "the batch read wr_id " + wrId + " of a completion queue whose close had returned";
            }
            return wrId == 2 ? "kept" : "the batch read wr_id " + wrId + ", not 2";
        } catch (ClosedObjectException closed) {
            return closedBefore ? "kept" : "a read failed with ClosedObjectException before the close returned: "
                    + closed.getMessage();
        }
    }

    /** @return whether the batch was posted; after a close that returned, ibv_wr_complete must fail */
    private static boolean completeBatch(SendOps ops, boolean closedBefore) {
        try {
            ops.complete();
            assertTrue(!closedBefore, "ibv_wr_complete posted a batch on a queue pair whose close had returned");
            return true;
        } catch (ClosedObjectException closed) {
            assertTrue(closedBefore, () -> "ibv_wr_complete failed with ClosedObjectException before the close "
                    + "returned: " + closed.getMessage());
            return false;
        }
    }

    private void closeInto(VerbsObject object, CompletableFuture<Void> closer) {
        runner().execute(() -> {
            try {
                object.close();
                closer.complete(null);
            } catch (RuntimeException failure) {
                closer.completeExceptionally(failure);
            }
        });
    }

    /** The close ended: it succeeded, or it timed out with EBUSY and the object is still usable and closes now. */
    private void finishClose(VerbsObject object, CompletableFuture<Void> closer) throws InterruptedException {
        try {
            closer.get(timeoutMillis() * 3, TimeUnit.MILLISECONDS);
        } catch (ExecutionException failed) {
            assertTrue(failed.getCause() instanceof BusyException, () -> "the close failed with " + failed.getCause());
            object.close();
        } catch (TimeoutException hang) {
            fail("the close did not return after the batch ended");
        }
        assertTrue(object.isClosed(), "the object is closed");
    }

    /** @return whether start_poll found a completion (the batch is open then) within the completion timeout */
    private boolean startWhenAvailable(CompletionQueue cq) {
        long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private long timeoutMillis() {
        return environment().completionTimeout().toMillis();
    }

    /** @return an executor with a thread per task (the common pool may have a single thread) */
    private static java.util.concurrent.Executor runner() {
        return task -> Thread.ofPlatform().daemon().name("verbs4j-tck-close").start(task);
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
