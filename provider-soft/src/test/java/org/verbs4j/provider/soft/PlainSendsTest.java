package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.PlainSends;

/**
 * Runs of plain SENDs (one SGE, no immediate data, to a queue pair with a receive queue of its own), which
 * the requester executes on a path of their own ({@link PlainSends}), must behave exactly as requests of the
 * general path: when a run meets another kind of request, a failing key, an empty receive queue or a full
 * completion queue, and for the order and notification of the completions a run produces.
 */
class PlainSendsTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();
    private static final int MESSAGE = 16;

    private final Rig rig = new Rig();
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(4096);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    /** @return RC queue pairs A and B, connected, with receives for messages 0 to {@code receives - 1} posted on B */
    private QueuePair[] connectedPair(CompletionQueue cqA, CompletionQueue cqB, int receives) {
        QueuePair a = rig.qp(QpType.RC, cqA, 32);
        QueuePair b = rig.qp(QpType.RC, cqB, 32);
        rig.connectPair(a, b);
        postReceives(b, 0, receives);
        return new QueuePair[] {a, b};
    }

    private void postReceives(QueuePair b, int first, int count) {
        for (int i = first; i < first + count; i++) {
            Rig.postRecv(b, i, mrB, (long) i * MESSAGE, MESSAGE);
        }
    }

    /** Builds a plain SEND of message {@code index} of mrA. */
    private SendOps plainSend(SendOps ops, int index, int flags) {
        return ops.wrId(index).wrFlags(flags).send().setSge(mrA.lkey(), mrA.address() + (long) index * MESSAGE,
                MESSAGE);
    }

    /** Posts plain SENDs of messages 0 to {@code count - 1} as one batch, each with {@code flags}, the last with {@code lastFlags}. */
    private void sendBatch(QueuePair a, int count, int flags, int lastFlags) {
        SendOps ops = a.sendOps();
        ops.start();
        for (int i = 0; i < count; i++) {
            plainSend(ops, i, i == count - 1 ? lastFlags : flags);
        }
        ops.complete();
    }

    /** Checks the two events of an overrun, CQ_ERR of {@code cq} and QP_FATAL of {@code failed}, and acknowledges them. */
    private void acknowledgeOverrun(CompletionQueue cq, QueuePair failed) {
        AsyncEvent cqErr = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(cqErr.type()).isEqualTo(AsyncEventType.CQ_ERR);
        assertThat(cqErr.cq()).isSameAs(cq);
        AsyncEvent fatal = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(fatal.type()).isEqualTo(AsyncEventType.QP_FATAL);
        assertThat(fatal.qp()).isSameAs(failed);
        rig.context.ackAsyncEvent(fatal);
        rig.context.ackAsyncEvent(cqErr);
    }

    private static List<Wc> pollAll(CompletionQueue cq, int count) {
        List<Wc> completions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            completions.add(Rig.poll(cq));
        }
        return completions;
    }

    private byte[] message(MemoryRegion mr, int index) {
        return mr.segment().asSlice((long) index * MESSAGE, MESSAGE).toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void otherRequestsInsideARunKeepThePostingOrderAndTheirOwnCompletionFields() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair[] qps = connectedPair(cqA, cqB, 6);
        Rig.fill(mrA.segment(), 3);
        MemorySegment inline = rig.arena.allocate(MESSAGE);
        Rig.fill(inline, 9);
        SendOps ops = qps[0].sendOps();
        ops.start();
        plainSend(ops, 0, SIGNALED);
        plainSend(ops, 1, SIGNALED);
        ops.wrId(2).wrFlags(SIGNALED).sendWithImm(0x1234).setSge(mrA.lkey(), mrA.address() + 2 * MESSAGE, MESSAGE);
        plainSend(ops, 3, SIGNALED);
        ops.wrId(4).wrFlags(SIGNALED).send().setInlineData(inline);
        plainSend(ops, 5, SIGNALED);
        ops.complete();

        assertThat(pollAll(cqA, 6)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(0L, WcStatus.SUCCESS), tuple(1L, WcStatus.SUCCESS), tuple(2L, WcStatus.SUCCESS),
                        tuple(3L, WcStatus.SUCCESS), tuple(4L, WcStatus.SUCCESS), tuple(5L, WcStatus.SUCCESS));
        List<Wc> received = pollAll(cqB, 6);
        assertThat(received).extracting(Wc::wrId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(received).extracting(Wc::imm).containsExactly(0, 0, 0x1234, 0, 0, 0);
        assertThat(received).extracting(wc -> (wc.flags() & WcFlag.WITH_IMM.value()) != 0)
                .containsExactly(false, false, true, false, false, false);
        assertThat(received).allSatisfy(wc -> {
            assertThat(wc.opcode()).isEqualTo(WcOpcode.RECV);
            assertThat(wc.byteLen()).isEqualTo(MESSAGE);
            assertThat(wc.qpNum()).isEqualTo(qps[1].qpNum());
            assertThat(wc.srcQp()).isEqualTo(qps[0].qpNum());
        });
        for (int i : new int[] {0, 1, 2, 3, 5}) {
            assertThat(message(mrB, i)).as("message %d", i).isEqualTo(message(mrA, i));
        }
        assertThat(message(mrB, 4)).isEqualTo(inline.toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void aCompletionQueueSharedByBothSidesGetsTheReceivesOfARunBeforeItsSignaledSend() {
        CompletionQueue shared = rig.cq(64);
        QueuePair[] qps = connectedPair(shared, shared, 4);
        sendBatch(qps[0], 4, 0, SIGNALED);

        assertThat(pollAll(shared, 5)).extracting(Wc::wrId, Wc::opcode).containsExactly(
                tuple(0L, WcOpcode.RECV), tuple(1L, WcOpcode.RECV), tuple(2L, WcOpcode.RECV),
                tuple(3L, WcOpcode.RECV), tuple(3L, WcOpcode.SEND));
        assertThat(Rig.empty(shared)).isTrue();
    }

    @Test
    void aBadKeyInsideARunFailsThatRequestAndFlushesTheRest() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair[] qps = connectedPair(cqA, cqB, 4);
        SendOps ops = qps[0].sendOps();
        ops.start();
        plainSend(ops, 0, 0);
        plainSend(ops, 1, 0);
        ops.wrId(2).wrFlags(0).send().setSge(mrA.lkey() + 1, mrA.address(), MESSAGE);
        plainSend(ops, 3, 0);
        ops.complete();

        assertThat(pollAll(cqA, 2)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(2L, WcStatus.LOC_PROT_ERR), tuple(3L, WcStatus.WR_FLUSH_ERR));
        assertThat(pollAll(cqB, 2)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(0L, WcStatus.SUCCESS), tuple(1L, WcStatus.SUCCESS));
        assertThat(qps[0].state()).isEqualTo(QpState.ERR);
        assertThat(qps[1].state()).as("a local protection error is the requester's alone").isEqualTo(QpState.RTS);
    }

    @Test
    void aReceiveTooShortInsideARunIsALengthErrorAtTheResponder() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair[] qps = connectedPair(cqA, cqB, 0);
        Rig.postRecv(qps[1], 0, mrB, 0, MESSAGE);
        Rig.postRecv(qps[1], 1, mrB, MESSAGE, MESSAGE - 1);
        Rig.postRecv(qps[1], 2, mrB, 2 * MESSAGE, MESSAGE);
        sendBatch(qps[0], 3, 0, 0);

        assertThat(pollAll(cqB, 2)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(0L, WcStatus.SUCCESS), tuple(1L, WcStatus.LOC_LEN_ERR));
        assertThat(pollAll(cqA, 2)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(1L, WcStatus.REM_INV_REQ_ERR), tuple(2L, WcStatus.WR_FLUSH_ERR));
        assertThat(qps[1].state()).isEqualTo(QpState.ERR);
    }

    @Test
    void theReceiveCompletionsOfARunCarryTheSendersServiceLevel() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair a = rig.qp(QpType.RC, cqA, 32);
        QueuePair b = rig.qp(QpType.RC, cqB, 32);
        new ConnectRecipe(1, Mtu.MTU_1024, 5, 0, 64, Rig.ALL_ACCESS, ConnectRecipe.QKEY, 14, 1)
                .connectFromReset(a, 0, Rig.destination(b), 1);
        rig.connect(b, a, Rig.ALL_ACCESS, 7);
        postReceives(b, 0, 2);
        sendBatch(a, 2, 0, 0);

        for (int i = 0; i < 2; i++) {
            assertThat(cqB.startPoll()).as("receive completion %d", i).isTrue();
            assertThat(cqB.wrId()).isEqualTo(i);
            assertThat(cqB.readSl()).isEqualTo(5);
            cqB.endPoll();
        }
    }

    @Test
    void aRunThatEmptiesTheReceiveQueueWaitsForTheNextReceives() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair[] qps = connectedPair(cqA, cqB, 2);
        Rig.fill(mrA.segment(), 5);
        sendBatch(qps[0], 4, SIGNALED, SIGNALED);
        assertThat(pollAll(cqB, 2)).extracting(Wc::wrId).containsExactly(0L, 1L);
        assertThat(pollAll(cqA, 2)).extracting(Wc::wrId).containsExactly(0L, 1L);
        assertThat(Rig.empty(cqA)).as("requests 2 and 3 wait for receives (RNR)").isTrue();

        postReceives(qps[1], 2, 2);
        assertThat(pollAll(cqB, 2)).extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(2L, WcStatus.SUCCESS), tuple(3L, WcStatus.SUCCESS));
        assertThat(pollAll(cqA, 2)).extracting(Wc::wrId).containsExactly(2L, 3L);
        assertThat(message(mrB, 3)).isEqualTo(message(mrA, 3));
    }

    @Test
    void aRunStopsAtAFullReceiveCompletionQueueAndTheNextCompletionOverruns() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(3);
        QueuePair[] qps = connectedPair(cqA, cqB, 5);
        sendBatch(qps[0], 5, SIGNALED, SIGNALED);

        acknowledgeOverrun(cqB, qps[1]);
        assertThat(qps[1].state()).isEqualTo(QpState.ERR);
        assertThat(pollAll(cqB, 3)).as("the entries of the run written before the overrun are intact")
                .extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(0L, WcStatus.SUCCESS), tuple(1L, WcStatus.SUCCESS), tuple(2L, WcStatus.SUCCESS));
        assertThat(pollAll(cqA, 5)).as("the responder acknowledged message 3 before it failed")
                .extracting(Wc::wrId, Wc::status)
                .containsExactly(tuple(0L, WcStatus.SUCCESS), tuple(1L, WcStatus.SUCCESS), tuple(2L, WcStatus.SUCCESS),
                        tuple(3L, WcStatus.SUCCESS), tuple(4L, WcStatus.RETRY_EXC_ERR));
    }

    @Test
    void aSendCompletionThatOverrunsEndsTheRunWithTheRequesterInError() {
        CompletionQueue cqA = rig.cq(1);
        CompletionQueue cqB = rig.cq(64);
        QueuePair[] qps = connectedPair(cqA, cqB, 3);
        sendBatch(qps[0], 3, SIGNALED, SIGNALED);

        acknowledgeOverrun(cqA, qps[0]);
        assertThat(qps[0].state()).isEqualTo(QpState.ERR);
        assertThat(pollAll(cqB, 2)).as("message 1 was delivered before its completion overran")
                .extracting(Wc::wrId).containsExactly(0L, 1L);
        assertThat(Rig.empty(cqB)).as("a requester in error sends nothing more").isTrue();
        assertThat(Rig.poll(cqA).wrId()).isZero();
    }

    @Test
    void aSolicitedSendInsideARunWakesASolicitedOnlyNotification() {
        CompletionChannel channel = rig.context.createCompletionChannel();
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.context.createCompletionQueue(CqInitAttributes.builder(64)
                .wcFlags(Rig.ALL_FIELDS).channel(channel).build());
        QueuePair[] qps = connectedPair(cqA, cqB, 6);
        cqB.requestNotification(true);
        sendRun(qps[0], 0, 0);
        assertThat(channel.getEvent(Duration.ofMillis(200)))
                .as("a run without a solicited message wakes no solicited-only notification").isNull();

        sendRun(qps[0], 3, SOLICITED);
        assertThat(channel.getEvent(Duration.ofSeconds(1))).as("the run's solicited message wakes it").isSameAs(cqB);
        cqB.ackEvents(1);
        assertThat(pollAll(cqB, 6)).extracting(Wc::wrId).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
    }

    /** Posts a run of three plain SENDs, messages {@code first} to {@code first + 2}, the middle one with {@code middleFlags}. */
    private void sendRun(QueuePair a, int first, int middleFlags) {
        SendOps ops = a.sendOps();
        ops.start();
        plainSend(ops, first, 0);
        plainSend(ops, first + 1, middleFlags);
        plainSend(ops, first + 2, 0);
        ops.complete();
    }

    @Test
    void aRunOfAnUnreliableConnectionDeliversInOrder() {
        CompletionQueue cqA = rig.cq(64);
        CompletionQueue cqB = rig.cq(64);
        QueuePair a = rig.qp(QpType.UC, cqA, 32);
        QueuePair b = rig.qp(QpType.UC, cqB, 32);
        rig.connect(a, b, Rig.ALL_ACCESS, 0);
        rig.connect(b, a, Rig.ALL_ACCESS, 0);
        Rig.fill(mrA.segment(), 1);
        postReceives(b, 0, 3);
        sendBatch(a, 3, 0, SIGNALED);
        assertThat(Rig.poll(cqA).wrId()).isEqualTo(2);
        assertThat(pollAll(cqB, 3)).extracting(Wc::wrId, Wc::srcQp)
                .containsExactly(tuple(0L, a.qpNum()), tuple(1L, a.qpNum()), tuple(2L, a.qpNum()));
        assertThat(message(mrB, 2)).isEqualTo(message(mrA, 2));
    }
}
