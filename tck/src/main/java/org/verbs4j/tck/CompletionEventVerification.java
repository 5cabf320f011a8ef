package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.SendFlag;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;

/**
 * Completion channels and events ({@code ibv_get_cq_event(3)}, {@code ibv_req_notify_cq(3)}): one event
 * per arm, acknowledgements one to one, destroy waiting for them, solicited-only notification and the
 * extra event of the seed page's example.
 */
@TckArea("completion-channel events")
public abstract class CompletionEventVerification extends AreaVerification {

    private static final int MESSAGE = 16;
    private static final Duration QUIET = Duration.ofMillis(200);

    private CompletionChannel channel;
    private Object cqContext;
    private CompletionQueue cq;

    /** Creates the area. */
    protected CompletionEventVerification() {
    }

    @BeforeEach
    final void createChannelAndCq() {
        channel = requireAndCreate(Capability.COMPLETION_CHANNEL, "ibv_create_comp_channel",
                () -> context().createCompletionChannel());
        cqContext = new Object();
        cq = completionQueue(CqInitAttributes.builder(256).channel(channel).cqContext(cqContext).build());
    }

    /**
     * @param queue the completion queue of the requester end's receives
     * @return a connected RC pair whose requester end receives, on {@code queue}, what the responder end sends:
     *     the events under test are this process's, wherever the responder is
     */
    private QueuePairs receivingOn(CompletionQueue queue) {
        return loopback().rc((side, builder) -> side == Side.REQUESTER ? builder.recvCq(queue) : builder);
    }

    /** Receives on {@link #cq}, at the requester end, the messages the responder end of a connected RC pair sends. */
    private final class Receiver {
        private final QueuePairs pairs = receivingOn(cq);
        private final Exchange exchange = new Exchange(pairs);
        private long next;

        /** Posts a receive and sends one message to it, with the given send flags. */
        void message(int sendFlags) {
            exchange.message(next++, sendFlags);
        }

        void message() {
            message(0);
        }
    }

    /** One message at a time from the responder end to a receive posted at the requester end. */
    private final class Exchange {
        private final QueuePairs pairs;
        private final MemoryRegion inbox;
        private final MemoryRegion outbox;

        Exchange(QueuePairs pairs) {
            this.pairs = pairs;
            this.inbox = openMemoryRegion(pairs.pd(), MESSAGE);
            this.outbox = openMemoryRegion(pairs.responderPd(), MESSAGE);
        }

        void message(long wrId, int sendFlags) {
            WorkRequests.receive(pairs.requester(), wrId, inbox, 0, MESSAGE);
            WorkRequests.send(pairs.responder(), wrId, sendFlags | (int) SendFlag.SIGNALED.value(), outbox, 0,
                    MESSAGE);
        }
    }

    private CompletionQueue awaitEvent(String after) {
        CompletionQueue got = channel.getEvent(environment().eventTimeout());
        assertNotNull(got, () -> "no completion event within " + environment().eventTimeout().toMillis()
                + " ms " + after);
        return got;
    }

    private void assertNoEvent(String why) {
        CompletionQueue got = channel.getEvent(QUIET);
        assertNull(got, () -> "unexpected completion event: " + why);
    }

    /** ibv_req_notify_cq and ibv_get_cq_event. */
    @Nested
    @DisplayName("notification")
    class Notification {

        @Test
        @DisplayName("ibv_get_cq_event(3): an armed CQ gets an event for its next completion, with its cq_context")
        void armedCqGetsAnEvent() {
            cq.requestNotification(false);
            new Receiver().message();
            CompletionQueue got = awaitEvent("after a completion on an armed CQ");
            assertAll(() -> assertSame(cq, got, "the CQ of the event"),
                    () -> assertSame(cqContext, got.cqContext(), "cq_context"),
                    () -> assertEquals(1, cq.unacknowledgedEvents(), "unacknowledged events"));
        }

        @Test
        @DisplayName("ibv_get_cq_event(3): with two CQs on one channel, each event names the CQ that got it")
        void eventsOfTwoQueuesAreToldApart() {
            Object otherContext = new Object();
            CompletionQueue other = completionQueue(CqInitAttributes.builder(16).channel(channel)
                    .cqContext(otherContext).build());
            Exchange exchange = new Exchange(receivingOn(other));
            cq.requestNotification(false);
            other.requestNotification(false);
            exchange.message(1, 0);
            CompletionQueue got = awaitEvent("after a completion on the second CQ");
            assertAll(() -> assertSame(other, got, "the CQ of the event"),
                    () -> assertSame(otherContext, got.cqContext(), "its cq_context"));
            assertNoEvent("the first CQ got no completion");
        }

        @Test
        @DisplayName("ibv_req_notify_cq(3): a CQ that was not armed gets no event")
        void unarmedCqGetsNoEvent() {
            new Receiver().message();
            Completions.awaitSuccess(cq, environment().completionTimeout(), "the receive");
            assertNoEvent("the CQ was never armed");
        }

        @Test
        @DisplayName("ibv_req_notify_cq(3): notification is one-shot: no second event without re-arming")
        void notificationIsOneShot() {
            Receiver receiver = new Receiver();
            cq.requestNotification(false);
            receiver.message();
            awaitEvent("for the first completion");
            receiver.message();
            Completions.await(cq, 2, environment().completionTimeout(), "both receives");
            assertNoEvent("the CQ was armed once and already delivered its event");
        }

        @Test
        @DisplayName("ibv_get_cq_event(3): a non-blocking get with nothing pending returns at once with nothing")
        void nonBlockingGetWithNothingPending() {
            cq.requestNotification(false);
            assertNull(channel.tryGetEvent());
        }

        @Test
        @DisplayName("ibv_req_notify_cq(3): a CQ without a completion channel cannot be armed (EINVAL)")
        void cqWithoutChannelCannotBeArmed() {
            CompletionQueue plain = completionQueue(4);
            assertThrows(InvalidArgumentException.class, () -> plain.requestNotification(false));
        }

        @Test
        @DisplayName("ibv_get_cq_event(3) EXAMPLES: with get, ack, re-arm, drain no completion is ever missed, "
                + "extra events are tolerated")
        void noLostWakeups() {
            Receiver receiver = new Receiver();
            int rounds = 20;
            int drained = 0;
            cq.requestNotification(false);
            for (int round = 0; round < rounds; round++) {
                receiver.message();
                awaitEvent("in round " + round + ": a completion arrived after the CQ was re-armed");
                cq.ackEvents(cq.unacknowledgedEvents());
                cq.requestNotification(false);
                drained += Completions.drain(cq, Duration.ZERO).size();
            }
            drained += Completions.drain(cq, Duration.ofMillis(50)).size();
            assertEquals(rounds, drained, "completions drained over all rounds");
        }
    }

    /** What an interrupt does to a thread that waits for an event (the api's promise, not a C rule). */
    @Nested
    @DisplayName("interrupts")
    class Interrupts {

        @Test
        @DisplayName("CompletionChannel: a thread interrupted in getEvent() stops with EINTR and stays interrupted")
        void blockingGetEvent() throws InterruptedException {
            cq.requestNotification(false);
            assertStopsWithEintr(channel::getEvent);
        }

        @Test
        @DisplayName("CompletionChannel: a thread interrupted in getEvent(timeout) stops with EINTR and stays "
                + "interrupted")
        void timedGetEvent() throws InterruptedException {
            cq.requestNotification(false);
            assertStopsWithEintr(() -> channel.getEvent(Duration.ofMinutes(1)));
        }

        @Test
        @DisplayName("Context: a thread interrupted in getAsyncEvent() stops with EINTR and stays interrupted")
        void blockingGetAsyncEvent() throws InterruptedException {
            Context quiet = track(context().device().open());
            assertStopsWithEintr(quiet::getAsyncEvent);
        }

        @Test
        @DisplayName("Context: a thread interrupted in getAsyncEvent(timeout) stops with EINTR and stays "
                + "interrupted")
        void timedGetAsyncEvent() throws InterruptedException {
            Context quiet = track(context().device().open());
            assertStopsWithEintr(() -> quiet.getAsyncEvent(Duration.ofMinutes(1)));
        }

        /** Starts a thread in {@code wait}, interrupts it, and checks how it stopped. */
        private void assertStopsWithEintr(Callable<?> wait) throws InterruptedException {
            AtomicReference<Object> outcome = new AtomicReference<>();
            AtomicBoolean stillInterrupted = new AtomicBoolean();
            Thread waiter = Thread.ofPlatform().start(() -> {
                try {
                    outcome.set(wait.call());
                } catch (Exception e) {
                    outcome.set(e);
                }
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            });
            Thread.sleep(QUIET.toMillis()); // let it reach the wait (an earlier interrupt must stop it as well)
            waiter.interrupt();
            waiter.join(Duration.ofSeconds(10));
            assertFalse(waiter.isAlive(), "the thread still waits 10 s after the interrupt");
            VerbsException error = assertInstanceOf(VerbsException.class, outcome.get(), "how the wait ended");
            assertAll(() -> assertEquals(Errno.EINTR.code(), error.errno(), () -> "errno of " + error),
                    () -> assertTrue(stillInterrupted.get(), "the thread keeps its interrupt status"));
        }
    }

    /** ibv_ack_cq_events: one to one, destroy waits. */
    @Nested
    @DisplayName("acknowledgements")
    class Acknowledgements {

        @Test
        @DisplayName("ibv_ack_cq_events(3): events may be acknowledged in a batch")
        void acknowledgeInABatch() {
            Receiver receiver = new Receiver();
            for (int i = 0; i < 2; i++) {
                cq.requestNotification(false);
                receiver.message();
                awaitEvent("for completion " + i);
            }
            assertEquals(2, cq.unacknowledgedEvents());
            cq.ackEvents(2);
            assertEquals(0, cq.unacknowledgedEvents());
        }

        @Test
        @DisplayName("ibv_get_cq_event(3) NOTES: acks and gets correspond one to one: acking more than got is EINVAL")
        void cannotAcknowledgeMoreThanReceived() {
            cq.requestNotification(false);
            new Receiver().message();
            awaitEvent("after a completion on an armed CQ");
            assertAll(() -> assertThrows(InvalidArgumentException.class, () -> cq.ackEvents(2), "ack 2 of 1"),
                    () -> assertThrows(InvalidArgumentException.class, () -> cq.ackEvents(-1), "ack -1"));
            assertEquals(1, cq.unacknowledgedEvents(), "a rejected ack changes nothing");
        }

        @Test
        @DisplayName("ibv_get_cq_event(3) NOTES: destroying a CQ waits until all its events are acknowledged")
        void closeWaitsForAcknowledgements() throws Exception {
            CompletionQueue own = completionQueue(CqInitAttributes.builder(16).channel(channel).build());
            QueuePairs pairs = receivingOn(own);
            own.requestNotification(false);
            new Exchange(pairs).message(1, 0);
            assertSame(own, awaitEvent("after a completion on an armed CQ"));
            Completions.awaitSuccess(own, environment().completionTimeout(), "the receive");
            pairs.responder().close();
            pairs.requester().close();
            CompletableFuture<Void> closing = CompletableFuture.runAsync(own::close);
            assertThrows(TimeoutException.class, () -> closing.get(QUIET.toMillis(), TimeUnit.MILLISECONDS),
                    "ibv_destroy_cq returned although an event was not acknowledged");
            own.ackEvents(1);
            closing.get(environment().eventTimeout().toMillis(), TimeUnit.MILLISECONDS);
            assertTrue(own.isClosed());
        }

        @Test
        @DisplayName("reference D.2: an event that was never read does not hold up destroying the CQ")
        void unreadEventDoesNotBlockClose() throws Exception {
            CompletionQueue own = completionQueue(CqInitAttributes.builder(16).channel(channel).build());
            QueuePairs pairs = receivingOn(own);
            own.requestNotification(false);
            new Exchange(pairs).message(1, 0);
            Completions.awaitSuccess(own, environment().completionTimeout(), "the receive");
            pairs.responder().close();
            pairs.requester().close();
            CompletableFuture.runAsync(own::close).get(environment().eventTimeout().toMillis(), TimeUnit.MILLISECONDS);
            assertTrue(own.isClosed());
        }

        @Test
        @DisplayName("ibv_destroy_comp_channel(3): a channel still used by a CQ cannot be destroyed (EBUSY)")
        void channelInUseCannotBeClosed() {
            assertThrows(BusyException.class, channel::close);
            assertFalse(channel.isClosed(), "a refused close leaves the channel usable");
        }
    }

    /** Solicited-only notification (reference D.3). */
    @Nested
    @DisplayName("solicited only")
    class SolicitedOnly {

        @BeforeEach
        void requireSolicitedNotification() {
            requireCapability(Capability.SOLICITED_NOTIFICATION, "ibv_req_notify_cq(cq, 1)", () -> {
                cq.requestNotification(true);
                return null;
            });
        }

        @Test
        @DisplayName("ibv_req_notify_cq(3): solicited only: no event for an unsolicited message, one for a solicited")
        void onlySolicitedMessagesRaiseEvents() {
            Receiver receiver = new Receiver();
            cq.requestNotification(true);
            receiver.message();
            Completions.awaitSuccess(cq, environment().completionTimeout(), "the unsolicited message");
            assertNoEvent("the message was not sent with IBV_SEND_SOLICITED");
            receiver.message((int) SendFlag.SOLICITED.value());
            assertSame(cq, awaitEvent("for a message sent with IBV_SEND_SOLICITED"));
        }

        @Test
        @DisplayName("ibv_req_notify_cq(3): solicited only: an error completion raises an event")
        void errorCompletionRaisesAnEvent() {
            Receiver receiver = new Receiver();
            WorkRequests.receive(receiver.pairs.requester(), 99, receiver.exchange.inbox, 0, MESSAGE);
            cq.requestNotification(true);
            receiver.pairs.requester().modify(new QpAttributes().qpState(QpState.ERR));
            assertSame(cq, awaitEvent("for the flush completion of a QP moved to ERR"));
            assertEquals(WcStatus.WR_FLUSH_ERR,
                    Completions.awaitOne(cq, environment().completionTimeout(), "the flushed receive").status());
        }
    }
}
