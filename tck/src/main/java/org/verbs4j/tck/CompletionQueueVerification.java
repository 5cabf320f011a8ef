package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqCreateFlag;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.WcStatus;
import org.junit.jupiter.api.Assumptions;

/**
 * Extended completion queues ({@code ibv_create_cq_ex(3)}) and their poll iterator: the size, the
 * requested fields and flags, {@code start_poll}/{@code next_poll}/{@code end_poll}, and overrun.
 */
@TckArea("extended CQ and poll iterator")
public abstract class CompletionQueueVerification extends AreaVerification {

    /** How long a thread that must wait is watched before it counts as waiting. */
    private static final Duration QUIET = Duration.ofMillis(200);

    private static final int MESSAGE = 8;

    /** Creates the area. */
    protected CompletionQueueVerification() {
    }

    /**
     * Sends {@code count} signaled 8-byte messages whose send completions go to {@code cq}, with wr_ids
     * 0 to count-1, and waits for none of them.
     *
     * @param cq the queue of the sender's completions, of the requester's context
     * @param count how many messages, at most the default queue sizes of {@link Loopback}
     * @return the pair used; the receiver has its own completion queue
     */
    final QueuePairs sendInto(CompletionQueue cq, int count) {
        QueuePairs pairs = loopback().rc((side, builder) -> side == Side.REQUESTER ? builder.sendCq(cq) : builder);
        MemoryRegion source = openMemoryRegion(pairs.pd(), MESSAGE);
        MemoryRegion target = openMemoryRegion(pairs.responderPd(), MESSAGE);
        for (int i = 0; i < count; i++) {
            WorkRequests.receive(pairs.responder(), i, target, 0, MESSAGE);
        }
        for (int i = 0; i < count; i++) {
            WorkRequests.send(pairs.requester(), i, source, 0, MESSAGE);
        }
        return pairs;
    }

    /** ibv_create_cq_ex. */
    @Nested
    @DisplayName("ibv_create_cq_ex")
    class Creation {

        @Test
        @DisplayName("ibv_create_cq_ex(3) NOTE: the actual cqe is at least the requested cqe")
        void cqeIsAtLeastRequested() {
            for (int requested : List.of(1, 64, 1000)) {
                CompletionQueue cq = completionQueue(requested);
                assertTrue(cq.cqe() >= requested, () -> "requested " + requested + ", got cqe " + cq.cqe());
            }
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3): cq_context, comp_vector and the missing channel are kept")
        void attributesAreKept() {
            Object cqContext = new Object();
            CompletionQueue cq = completionQueue(CqInitAttributes.builder(16).cqContext(cqContext)
                    .compVector(context().numCompVectors() - 1).build());
            assertAll(() -> assertSame(cqContext, cq.cqContext(), "cq_context"),
                    () -> assertEquals(context().numCompVectors() - 1, cq.compVector(), "comp_vector"),
                    () -> assertTrue(cq.channel().isEmpty(), "channel"),
                    () -> assertSame(context(), cq.context(), "context"));
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) wc_flags: each standard field can be requested alone")
        void eachStandardFieldAlone() {
            for (CompletionField field : CompletionField.STANDARD) {
                CompletionQueue cq = completionQueue(CqInitAttributes.builder(4).wcFlags(Set.of(field)).build());
                assertEquals(Set.of(field), cq.wcFlags(), () -> "wc_flags of a CQ created with " + field.cName());
            }
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) wc_flags: COMPLETION_TIMESTAMP, or CQ_COMPLETION_TIMESTAMP unsupported")
        void completionTimestamp() {
            optionalField(CompletionField.COMPLETION_TIMESTAMP, Capability.CQ_COMPLETION_TIMESTAMP);
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) wc_flags: COMPLETION_TIMESTAMP_WALLCLOCK, or its capability unsupported")
        void completionTimestampWallclock() {
            optionalField(CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK,
                    Capability.CQ_COMPLETION_TIMESTAMP_WALLCLOCK);
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) wc_flags: CVLAN, or CQ_CVLAN unsupported")
        void cvlan() {
            optionalField(CompletionField.CVLAN, Capability.CQ_CVLAN);
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) wc_flags: FLOW_TAG, or CQ_FLOW_TAG unsupported")
        void flowTag() {
            optionalField(CompletionField.FLOW_TAG, Capability.CQ_FLOW_TAG);
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) flags: SINGLE_THREADED, or CQ_SINGLE_THREADED unsupported")
        void singleThreaded() {
            optionalFlag(CqCreateFlag.SINGLE_THREADED, Capability.CQ_SINGLE_THREADED);
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) flags: IGNORE_OVERRUN, or CQ_IGNORE_OVERRUN unsupported")
        void ignoreOverrun() {
            optionalFlag(CqCreateFlag.IGNORE_OVERRUN, Capability.CQ_IGNORE_OVERRUN);
        }

        private void optionalField(CompletionField field, Capability capability) {
            CqInitAttributes attributes = CqInitAttributes.builder(4)
                    .wcFlags(Set.of(CompletionField.BYTE_LEN, field)).build();
            assertTrue(requireAndCreate(capability, "ibv_create_cq_ex(" + field.cName() + ")",
                    () -> context().createCompletionQueue(attributes)).wcFlags().contains(field));
        }

        private void optionalFlag(CqCreateFlag flag, Capability capability) {
            CqInitAttributes attributes = CqInitAttributes.builder(4).flags(Set.of(flag)).build();
            assertEquals(Set.of(flag), requireAndCreate(capability, "ibv_create_cq_ex(" + flag.cName() + ")",
                    () -> context().createCompletionQueue(attributes)).flags());
        }
    }

    /** The poll iterator of the seed page, section "Polling an extended CQ". */
    @Nested
    @DisplayName("start_poll, next_poll, end_poll")
    class PollIterator {

        @Test
        @DisplayName("ibv_create_cq_ex(3): start_poll on an empty CQ gives ENOENT and the CQ stays valid")
        void emptyStartPollLeavesTheCqValid() {
            CompletionQueue cq = completionQueue(16);
            assertFalse(cq.startPoll(), "start_poll on an empty CQ");
            assertFalse(cq.startPoll(), "start_poll again, without end_poll, on the still empty CQ");
            sendInto(cq, 1);
            assertEquals(0, Completions.awaitOne(cq, environment().completionTimeout(), "the send").wrId());
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3): a batch returns the completions in order, next_poll gives ENOENT at the end")
        void batchReturnsAllInOrder() {
            CompletionQueue cq = completionQueue(16);
            sendInto(cq, 4);
            List<Completion> completions = Completions.await(cq, 4, environment().completionTimeout(), "4 sends");
            assertEquals(List.of(0L, 1L, 2L, 3L), completions.stream().map(Completion::wrId).toList());
            assertFalse(cq.startPoll(), "every completion was consumed");
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3): end_poll closes a batch: what was iterated is consumed, the rest remains")
        void endPollConsumesWhatWasIterated() {
            CompletionQueue cq = completionQueue(16);
            sendInto(cq, 3);
            startWhenAvailable(cq);
            long first = cq.wrId();
            cq.endPoll();
            List<Completion> rest = Completions.await(cq, 2, environment().completionTimeout(), "the other 2 sends");
            assertAll(() -> assertEquals(0, first), () -> assertEquals(List.of(1L, 2L),
                    rest.stream().map(Completion::wrId).toList(), "completions left after end_poll"));
        }

        @Test
        @DisplayName("pyverbs poll_cq_ex: next_poll may be called again after ENOENT, and end_poll still ends the batch")
        void nextPollAfterEnoent() {
            CompletionQueue cq = completionQueue(16);
            sendInto(cq, 1);
            startWhenAvailable(cq);
            assertFalse(cq.nextPoll(), "next_poll with no more completions");
            assertFalse(cq.nextPoll(), "next_poll again after ENOENT");
            cq.endPoll();
            assertFalse(cq.startPoll(), "the completion was consumed by the batch");
        }

        @Test
        @DisplayName("pyverbs poll_cq_ex: an end_poll without an open batch (after a start_poll that found nothing, "
                + "or after end_poll) does nothing: no completion is consumed or lost")
        void strayEndPollDoesNothing() {
            CompletionQueue cq = completionQueue(16);
            assertFalse(cq.startPoll(), "start_poll on an empty CQ");
            cq.endPoll();
            cq.endPoll();
            sendInto(cq, 3);
            startWhenAvailable(cq);
            long first = cq.wrId();
            cq.endPoll();
            cq.endPoll();
            List<Completion> rest = Completions.await(cq, 2, environment().completionTimeout(), "the other 2 sends");
            assertAll(() -> assertEquals(0, first, "the first batch"),
                    () -> assertEquals(List.of(1L, 2L), rest.stream().map(Completion::wrId).toList(),
                            "the completions after a stray end_poll (none consumed, none repeated)"),
                    () -> assertFalse(cq.startPoll(), "every completion was consumed exactly once"));
        }

        @Test
        @DisplayName("VerbsObject: end_poll on a closed CQ throws ClosedObjectException naming ibv_end_poll")
        void endPollOnAClosedQueue() {
            CompletionQueue cq = context().createCompletionQueue(CqInitAttributes.builder(4).build());
            cq.close();
            ClosedObjectException closed = assertThrows(ClosedObjectException.class, cq::endPoll);
            assertEquals("ibv_end_poll", closed.operation(), "the verb named");
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3): start_poll inside an open batch is misuse and gives EINVAL")
        void startPollInsideABatch() {
            CompletionQueue cq = completionQueue(16);
            sendInto(cq, 1);
            startWhenAvailable(cq);
            try {
                assertThrows(InvalidArgumentException.class, cq::startPoll);
            } finally {
                cq.endPoll();
            }
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3): reading a completion outside a batch gives EINVAL")
        void readingOutsideABatch() {
            CompletionQueue cq = completionQueue(16);
            assertAll(() -> assertThrows(InvalidArgumentException.class, cq::wrId, "wr_id"),
                    () -> assertThrows(InvalidArgumentException.class, cq::readOpcode, "opcode"),
                    () -> assertThrows(InvalidArgumentException.class, cq::readByteLen, "byte_len"));
        }

        @Test
        @DisplayName("CompletionQueue: a thread that starts a batch while another thread's batch is open waits for "
                + "it to end, then gets the next completion")
        void aSecondPollerWaitsForTheOpenBatch() throws InterruptedException {
            CompletionQueue cq = completionQueue(16);
            sendInto(cq, 2);
            startWhenAvailable(cq);
            AtomicReference<Object> second = new AtomicReference<>();
            Thread poller = Thread.ofPlatform().start(() -> second.set(pollOne(cq)));
            try {
                poller.join(QUIET);
                assertTrue(poller.isAlive(), () -> "the second poller did not wait for the open batch: " + second);
                assertEquals(0, cq.wrId(), "the completion of the open batch");
            } finally {
                cq.endPoll();
            }
            poller.join(environment().completionTimeout());
            assertEquals(1L, second.get(), "what the second poller got once the first batch ended");
        }

        /** @return the wr_id of the first completion a batch of this thread finds, or the exception it got */
        private Object pollOne(CompletionQueue cq) {
            try {
                long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
                while (!cq.startPoll()) {
                    if (System.nanoTime() - deadline > 0) {
                        return "no completion";
                    }
                    Thread.onSpinWait();
                }
                long wrId = cq.wrId();
                cq.endPoll();
                return wrId;
            } catch (RuntimeException e) {
                return e;
            }
        }

        /** Calls start_poll until it finds a completion; the batch is then open. */
        private void startWhenAvailable(CompletionQueue cq) {
            long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
            while (!cq.startPoll()) {
                assertTrue(System.nanoTime() - deadline < 0, "no completion arrived within "
                        + environment().completionTimeout().toMillis() + " ms");
                Thread.onSpinWait();
            }
        }
    }

    /** The completion time fields. */
    @Nested
    @DisplayName("timestamps")
    class Timestamps {

        @Test
        @DisplayName("ibv_create_cq_ex(3) ibv_wc_read_completion_ts: the device clock never runs backwards")
        void deviceClockIsMonotonic() {
            CompletionQueue cq = timestamped(CompletionField.COMPLETION_TIMESTAMP, Capability.CQ_COMPLETION_TIMESTAMP);
            sendInto(cq, 3);
            long[] stamps = readAll(cq, 3, false);
            long mask = context().queryDevice().completionTimestampMask();
            assertAll(() -> assertTrue(mask != 0, "completion_timestamp_mask of a device with timestamps"),
                    () -> assertTrue(stamps[0] <= stamps[1] && stamps[1] <= stamps[2],
                            () -> "completion_ts of consecutive completions: " + Arrays.toString(stamps)));
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) ibv_wc_read_completion_wallclock_ns: wall-clock nanoseconds of now")
        void wallclockIsNow() {
            CompletionQueue cq = timestamped(CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK,
                    Capability.CQ_COMPLETION_TIMESTAMP_WALLCLOCK);
            long before = System.currentTimeMillis();
            sendInto(cq, 1);
            long stamp = readAll(cq, 1, true)[0];
            long after = System.currentTimeMillis();
            assertTrue(stamp / 1_000_000 >= before - 1000 && stamp / 1_000_000 <= after + 1000,
                    () -> "completion_wallclock_ns " + stamp + " is not between " + before + " and " + after + " ms");
        }

        private CompletionQueue timestamped(CompletionField field, Capability capability) {
            CqInitAttributes attributes = CqInitAttributes.builder(16)
                    .wcFlags(Set.of(CompletionField.BYTE_LEN, field)).build();
            return requireAndCreate(capability, "ibv_create_cq_ex(" + field.cName() + ")",
                    () -> context().createCompletionQueue(attributes));
        }

        private long[] readAll(CompletionQueue cq, int count, boolean wallclock) {
            long[] stamps = new long[count];
            int found = 0;
            long deadline = System.nanoTime() + environment().completionTimeout().toNanos();
            while (found < count) {
                assertTrue(System.nanoTime() - deadline < 0, "expected " + count + " completions, got " + found);
                if (cq.startPoll()) {
                    do {
                        stamps[found++] = wallclock ? cq.readCompletionWallclockNs() : cq.readCompletionTs();
                    } while (found < count && cq.nextPoll());
                    cq.endPoll();
                }
            }
            return stamps;
        }
    }

    /** CQ overrun (rdma-core reference D.1, {@code man ibv_poll_cq} NOTES). */
    @Nested
    @DisplayName("overrun")
    class Overrun {

        @Test
        @DisplayName("ibv_poll_cq(3) NOTES: an overrun CQ without IGNORE_OVERRUN raises IBV_EVENT_CQ_ERR for that CQ")
        void overrunRaisesCqError() {
            CompletionQueue cq = completionQueue(4);
            overrun(cq);
            AsyncEvent event = context().getAsyncEvent(environment().eventTimeout());
            try {
                assertAll(() -> assertEquals(AsyncEventType.CQ_ERR, event == null ? null : event.type(),
                                "async event after " + (cq.cqe() + 2) + " completions on a CQ of " + cq.cqe()),
                        () -> assertSame(cq, event.cq(), "the event's CQ"));
            } finally {
                if (event != null) {
                    context().ackAsyncEvent(event);
                }
            }
        }

        @Test
        @DisplayName("ibv_create_cq_ex(3) IGNORE_OVERRUN: the CQ does not pass to the error state when overrun")
        void ignoreOverrunRaisesNoError() {
            CqInitAttributes attributes = CqInitAttributes.builder(4).flags(Set.of(CqCreateFlag.IGNORE_OVERRUN))
                    .build();
            CompletionQueue cq = requireAndCreate(Capability.CQ_IGNORE_OVERRUN,
                    "ibv_create_cq_ex(IBV_CREATE_CQ_ATTR_IGNORE_OVERRUN)",
                    () -> context().createCompletionQueue(attributes));
            QueuePairs pairs = overrun(cq);
            Completions.await(pairs.responderCq(), cq.cqe() + 2, environment().completionTimeout(),
                    "the receives of the messages whose send completions overran the CQ");
            AsyncEvent event = context().getAsyncEvent(Duration.ofMillis(200));
            if (event != null) {
                context().ackAsyncEvent(event);
            }
            assertNull(event, () -> "no async event is allowed, got " + event.type());
            List<Completion> left = Completions.drain(cq, Duration.ofMillis(100));
            assertTrue(left.size() <= cq.cqe(), () -> "an overrun CQ cannot hold more than cqe entries: " + left);
        }

        private QueuePairs overrun(CompletionQueue cq) {
            int count = cq.cqe() + 2;
            Assumptions.assumeTrue(count <= Loopback.defaultCapabilities().maxSendWr(),
                    () -> "the device made a CQ of 4 entries " + cq.cqe() + " long; the kit overruns CQs of at most "
                            + (Loopback.defaultCapabilities().maxSendWr() - 2));
            return sendInto(cq, count);
        }
    }

    /** ibv_resize_cq, after pyverbs {@code tests/test_cq.py} test_resize_cq. */
    @Nested
    @DisplayName("ibv_resize_cq")
    class Resize {

        private static final int QUEUED = 6;

        @Test
        @DisplayName("pyverbs test_resize_cq: a CQ resized to 1 still completes, then grows, or CQ_RESIZE is "
                + "unsupported")
        void resizeDownAndUp() {
            CompletionQueue cq = completionQueue(3);
            requireResize(cq, 1);
            cq.resize(1);
            sendInto(cq, 1);
            Completion sent = Completions.awaitOne(cq, environment().completionTimeout(), "a send after the shrink");
            assertEquals(WcStatus.SUCCESS, sent.status(), () -> "the send after resizing to 1: " + sent);
            cq.resize(QUEUED + 1);
            assertTrue(cq.cqe() >= QUEUED + 1, () -> "resized to " + (QUEUED + 1) + ", got cqe " + cq.cqe());
        }

        @Test
        @DisplayName("pyverbs test_resize_cq: shrinking below the queued completions gives EINVAL; they stay polled")
        void shrinkingBelowTheQueuedCompletionsFails() throws InterruptedException {
            CompletionQueue cq = completionQueue(QUEUED + 1);
            requireResize(cq, QUEUED + 1);
            queue(cq);
            assertThrows(InvalidArgumentException.class, () -> cq.resize(1),
                    () -> "resizing to 1 with " + QUEUED + " completions queued");
            assertWrIds(cq, "after the refused resize");
        }

        @Test
        @DisplayName("ibv_resize_cq(3): completions queued before a resize are polled after it, in order")
        void queuedCompletionsSurviveAResize() throws InterruptedException {
            CompletionQueue cq = completionQueue(QUEUED + 1);
            requireResize(cq, QUEUED + 1);
            queue(cq);
            cq.resize(4 * QUEUED);
            assertTrue(cq.cqe() >= 4 * QUEUED, () -> "resized to " + 4 * QUEUED + ", got cqe " + cq.cqe());
            assertWrIds(cq, "after growing");
        }

        /** The capability gate of ibv_resize_cq, whose refusal is checked by resizing {@code cq} to {@code cqe}. */
        private void requireResize(CompletionQueue cq, int cqe) {
            requireCapability(Capability.CQ_RESIZE, "ibv_resize_cq", () -> {
                cq.resize(cqe);
                return null;
            });
        }

        /** Queues {@link #QUEUED} send completions on {@code cq} without polling it. */
        private void queue(CompletionQueue cq) throws InterruptedException {
            QueuePairs pairs = sendInto(cq, QUEUED);
            Completions.await(pairs.responderCq(), QUEUED, environment().completionTimeout(), "the receives");
            Thread.sleep(ACK_GRACE_MILLIS);
        }

        private void assertWrIds(CompletionQueue cq, String when) {
            List<Completion> completions = Completions.await(cq, QUEUED, environment().completionTimeout(),
                    "the sends " + when);
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), completions.stream().map(Completion::wrId).toList(),
                    () -> "the wr_ids polled " + when);
        }
    }

    /** How long the kit lets the acknowledgements of delivered RC sends reach the sender's CQ. */
    private static final long ACK_GRACE_MILLIS = 200;
}
