package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;

class CompletionChannelTest {

    private final Rig rig = new Rig();
    private final CompletionChannel channel = rig.context.createCompletionChannel();
    private final String cqContext = "my-cq";
    private final CompletionQueue recvCq = rig.context.createCompletionQueue(CqInitAttributes.builder(16)
            .channel(channel).cqContext(cqContext).build());
    private final CompletionQueue sendCq = rig.cq(16);
    private final QueuePair a;
    private final QueuePair b;
    private final MemoryRegion mr = rig.region(256);

    CompletionChannelTest() {
        a = rig.qp(QpType.RC, sendCq, 16);
        b = rig.context.createQueuePair(org.verbs4j.QpInitAttributes.builder(QpType.RC, rig.pd, sendCq,
                new org.verbs4j.QpCapabilities(4, 16, 1, 1, 0)).recvCq(recvCq).build());
        rig.connectPair(a, b);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private void send(int flags) {
        Rig.postRecv(b, 1, mr, 128, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(flags).send().setSge(mr.lkey(), mr.address(), 8);
        ops.complete();
    }

    @Test
    void oneEventPerArmWithTheQueueAndItsContext() {
        assertThat(channel.tryGetEvent()).isNull();
        recvCq.requestNotification(false);
        send(0);
        send(0);
        CompletionQueue evented = channel.getEvent(Duration.ofSeconds(1));
        assertThat(evented).isSameAs(recvCq);
        assertThat(evented.cqContext()).isEqualTo(cqContext);
        assertThat(channel.tryGetEvent()).as("the arm is one-shot").isNull();
        assertThat(recvCq.unacknowledgedEvents()).isEqualTo(1);
        recvCq.ackEvents(1);
        assertThatThrownBy(() -> recvCq.ackEvents(1)).isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void solicitedOnlyWakesForSolicitedMessagesAndErrors() {
        recvCq.requestNotification(true);
        send(0);
        assertThat(channel.getEvent(Duration.ofMillis(50))).as("an unsolicited receive").isNull();
        send((int) SendFlag.SOLICITED.value());
        assertThat(channel.getEvent(Duration.ofSeconds(1))).isSameAs(recvCq);
        recvCq.requestNotification(true);
        Rig.postRecv(b, 2, mr, 0, 8);
        b.modify(new org.verbs4j.QpAttributes().qpState(org.verbs4j.QpState.ERR));
        assertThat(channel.getEvent(Duration.ofSeconds(1))).as("a flush error counts as solicited")
                .isSameAs(recvCq);
        recvCq.ackEvents(2);
    }

    @Test
    void blockingWaitIsWokenByACompletionFromAnotherThread() throws Exception {
        recvCq.requestNotification(false);
        Waiter<CompletionQueue> waiter = Waiter.start("getEvent", channel::getEvent)
                .awaitBlockedIn(SoftCompletionChannel.class, "getEvent");
        send(0);
        assertThat(waiter.get(5)).isSameAs(recvCq);
        recvCq.ackEvents(1);
    }

    @Test
    void closingTheChannelWakesATimedWaitWhichFindsItClosed() throws Exception {
        CompletionChannel unused = rig.context.createCompletionChannel();
        Waiter<CompletionQueue> waiter = Waiter.start("getEvent(60 s)", () -> unused.getEvent(Duration.ofSeconds(60)))
                .awaitBlockedIn(SoftCompletionChannel.class, "getEvent");
        unused.close();
        assertThatThrownBy(() -> waiter.get(5)).as("the wait ends at the close, not after its 60 s")
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ClosedObjectException.class);
    }

    @Test
    void rearmThenDrainNeverLosesACompletion() {
        recvCq.requestNotification(false);
        send(0);
        assertThat(channel.getEvent(Duration.ofSeconds(1))).isSameAs(recvCq);
        recvCq.ackEvents(1);
        recvCq.requestNotification(false);
        send(0);
        int drained = 0;
        while (!Rig.empty(recvCq)) {
            drained++;
        }
        assertThat(drained).as("both receive completions, the one before the re-arm and the one after").isEqualTo(2);
        assertThat(channel.getEvent(Duration.ofSeconds(1))).as("the completion after the re-arm raised an event,"
                + " found with an empty queue: the extra event").isSameAs(recvCq);
        recvCq.ackEvents(1);
    }

    @Test
    void closeWaitsForEveryAcknowledgement() throws Exception {
        recvCq.requestNotification(false);
        send(0);
        channel.getEvent();
        recvCq.requestNotification(false);
        send(0);
        channel.getEvent();
        b.close();
        a.close();
        Waiter<Void> closing = Waiter.run("close", recvCq::close).awaitBlockedIn(EventAccount.class,
                "awaitAllAcknowledged");
        recvCq.ackEvents(1);
        assertThat(closing.returnsWithin(200)).as("close returned with one event unacknowledged").isFalse();
        assertThat(recvCq.isClosed()).as("closed with one event unacknowledged").isFalse();
        recvCq.ackEvents(1);
        closing.get(5);
        assertThat(recvCq.isClosed()).isTrue();
        channel.close();
    }

    @Test
    void closeFailsClearlyAfterTheTimeoutAndTheChannelIsBusyWhileUsed() {
        recvCq.requestNotification(false);
        send(0);
        channel.getEvent();
        b.close();
        a.close();
        assertThatThrownBy(channel::close).isInstanceOf(BusyException.class);
        System.setProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY, "50");
        try {
            assertThatThrownBy(recvCq::close).isInstanceOf(BusyException.class)
                    .hasMessageContaining("1 completion event(s) are not acknowledged");
        } finally {
            System.clearProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY);
        }
        recvCq.ackEvents(1);
        recvCq.close();
        channel.close();
    }

    @Test
    void notificationNeedsAChannel() {
        assertThatThrownBy(() -> sendCq.requestNotification(false)).isInstanceOf(InvalidArgumentException.class);
    }
}
