package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OutOfResourcesException;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqAttrMask;
import org.verbs4j.SrqAttributes;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.SrqOperation;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

class SharedReceiveQueueTest {

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(128);
    private final SharedReceiveQueue srq = rig.context.createSharedReceiveQueue(SrqInitAttributes.basic(rig.pd, 16, 2));
    private final MemoryRegion mr = rig.region(4096);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private QueuePair srqQp() {
        return rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new QpCapabilities(16, 0, 2, 0, 64)).srq(srq).sendOpsFlags(Rig.RC_OPS).build());
    }

    /** @return an RC queue pair of its own completion queue, connected to {@code server} */
    private QueuePair clientOf(QueuePair server) {
        QueuePair client = rig.qp(QpType.RC, rig.cq(16), 8);
        rig.connectPair(client, server);
        return client;
    }

    private void post(int count) {
        for (int i = 0; i < count; i++) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(100 + i);
            request.sgList().add(mr, 2048 + 64L * i, 64);
            srq.postReceive(request);
        }
    }

    private static void send(QueuePair from, MemoryRegion mr, long offset) {
        SendOps ops = from.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).send().setSge(mr.lkey(), mr.address() + offset, 16);
        ops.complete();
    }

    @Test
    void severalQueuePairsShareTheReceives() {
        QueuePair server1 = srqQp();
        QueuePair server2 = srqQp();
        QueuePair client1 = rig.qp(QpType.RC, rig.cq(16), 4);
        QueuePair client2 = rig.qp(QpType.RC, rig.cq(16), 4);
        rig.connectPair(client1, server1);
        rig.connectPair(client2, server2);
        post(2);
        Rig.fill(mr.segment(), 1);
        send(client1, mr, 0);
        send(client2, mr, 16);
        Wc first = Rig.poll(cq);
        Wc second = Rig.poll(cq);
        assertThat(first.wrId()).isEqualTo(100);
        assertThat(first.qpNum()).isEqualTo(server1.qpNum());
        assertThat(second.wrId()).isEqualTo(101);
        assertThat(second.qpNum()).isEqualTo(server2.qpNum());
        assertThat(mr.segment().asSlice(2048 + 64, 16).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mr.segment().asSlice(16, 16).toArray(ValueLayout.JAVA_BYTE));
        assertThatThrownBy(() -> server1.postReceive(new ReceiveRequest(1))).isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void theLimitEventFiresOnceAndDisarms() {
        QueuePair server = srqQp();
        QueuePair client = clientOf(server);
        post(10);
        srq.modify(new SrqAttributes(0, 0, 7), Set.of(SrqAttrMask.LIMIT));
        assertThat(srq.query().srqLimit()).isEqualTo(7);
        for (int i = 0; i < 3; i++) {
            send(client, mr, 0);
        }
        assertThat(rig.context.getAsyncEvent(Duration.ofMillis(20))).as("7 left: not below the limit").isNull();
        send(client, mr, 0);
        AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(event.type()).isEqualTo(AsyncEventType.SRQ_LIMIT_REACHED);
        assertThat(event.srq()).isSameAs(srq);
        rig.context.ackAsyncEvent(event);
        assertThat(srq.query().srqLimit()).isZero();
        send(client, mr, 0);
        assertThat(rig.context.getAsyncEvent(Duration.ofMillis(20))).as("disarmed").isNull();
    }

    @Test
    void aDestroyRefusedForAnUnacknowledgedEventKeepsTheEventsNotYetRead() {
        QueuePair server = srqQp();
        QueuePair client = clientOf(server);
        post(10);
        srq.armLimit(9);
        send(client, mr, 0);
        send(client, mr, 0);
        AsyncEvent read = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(read).as("the first limit event (8 receives left, limit 9)").isNotNull();
        srq.armLimit(7);
        send(client, mr, 0);
        send(client, mr, 0);
        server.close();
        System.setProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY, "100");
        try {
            assertThatThrownBy(srq::close).as("the limit event that was read is not acknowledged")
                    .isInstanceOf(BusyException.class);
        } finally {
            System.clearProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY);
        }
        AsyncEvent unread = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(unread).as("the second limit event, not yet read when the destroy was refused").isNotNull();
        assertThat(unread.type()).isEqualTo(AsyncEventType.SRQ_LIMIT_REACHED);
        assertThat(unread.srq()).isSameAs(srq);
        rig.context.ackAsyncEvent(read);
        rig.context.ackAsyncEvent(unread);
        srq.close();
        assertThat(srq.isClosed()).isTrue();
    }

    @Test
    void modifyValidatesAndResizes() {
        post(4);
        assertThatThrownBy(() -> srq.armLimit(17)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> srq.modify(new SrqAttributes(3, 0, 0), Set.of(SrqAttrMask.MAX_WR)))
                .as("smaller than the posted receives").isInstanceOf(InvalidArgumentException.class);
        srq.modify(new SrqAttributes(32, 0, 0), Set.of(SrqAttrMask.MAX_WR));
        assertThat(srq.query().maxWr()).isEqualTo(32);
        post(28);
        assertThatThrownBy(() -> post(1)).isInstanceOf(OutOfResourcesException.class);
        ReceiveRequest wide = new ReceiveRequest(3).wrId(1);
        wide.sgList().add(mr, 0, 1).add(mr, 1, 1).add(mr, 2, 1);
        assertThatThrownBy(() -> srq.postReceive(wide)).isInstanceOf(InvalidArgumentException.class);
        assertThatThrownBy(() -> srq.postOps(new SrqOperation(1))).isInstanceOf(UnsupportedVerbException.class);
    }

    @Test
    void aQueuePairInErrorLeavesTheSharedReceivesAndReportsTheLastWqe() {
        QueuePair server = srqQp();
        QueuePair client = rig.qp(QpType.RC, rig.cq(16), 4);
        rig.connectPair(client, server);
        post(2);
        server.modify(new QpAttributes().qpState(QpState.ERR));
        AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(event.type()).isEqualTo(AsyncEventType.QP_LAST_WQE_REACHED);
        assertThat(event.qp()).isSameAs(server);
        rig.context.ackAsyncEvent(event);
        assertThat(Rig.empty(cq)).isTrue();
        QueuePair other = srqQp();
        QueuePair client2 = rig.qp(QpType.RC, rig.cq(16), 4);
        rig.connectPair(client2, other);
        send(client2, mr, 0);
        assertThat(Rig.poll(cq).wrId()).as("the receives stayed in the SRQ").isEqualTo(100);
    }

    @Test
    void anRnrBlockedSenderResumesWhenTheSharedQueueGetsAReceive() {
        QueuePair server = srqQp();
        CompletionQueue clientCq = rig.cq(16);
        QueuePair client = rig.qp(QpType.RC, clientCq, 4);
        rig.connectPair(client, server);
        SendOps ops = client.sendOps();
        ops.start();
        ops.wrId(7).wrFlags((int) org.verbs4j.SendFlag.SIGNALED.value()).send().setSge(mr.lkey(), mr.address(), 16);
        ops.complete();
        assertThat(Rig.empty(clientCq)).isTrue();
        post(1);
        assertThat(Rig.poll(clientCq)).extracting(Wc::wrId, Wc::status).containsExactly(7L, WcStatus.SUCCESS);
        assertThat(Rig.poll(cq).wrId()).isEqualTo(100);
    }

    @Test
    void unsolicitedRdmaWriteWithImmediateConsumesNoReceive() {
        CompletionQueue efaCq = unsolicitedFieldCq();
        QueuePair server = rcServer(efaCq, true);
        QueuePair client = rig.qp(QpType.RC, rig.cq(16), 4);
        rig.connectPair(client, server);
        Rig.postRecv(server, 55, mr, 0, 64);
        SendOps ops = client.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).rdmaWriteWithImm(mr.rkey(), mr.address() + 1024, 0xabc)
                .setSge(mr.lkey(), mr.address(), 32);
        ops.wrId(2).wrFlags(0).send().setSge(mr.lkey(), mr.address(), 8);
        ops.complete();
        assertThat(efaCq.startPoll()).isTrue();
        assertThat(efaCq.readOpcode()).isEqualTo(WcOpcode.RECV_RDMA_WITH_IMM);
        assertThat(efaCq.readIsUnsolicited()).isTrue();
        assertThat(efaCq.readImmData()).isEqualTo(0xabc);
        assertThat(efaCq.nextPoll()).isTrue();
        assertThat(efaCq.readOpcode()).isEqualTo(WcOpcode.RECV);
        assertThat(efaCq.wrId()).as("the send took the receive the write left alone").isEqualTo(55);
        assertThat(efaCq.readIsUnsolicited()).isFalse();
        efaCq.endPoll();
    }

    @Test
    void withoutTheQpOptionAnRdmaWriteWithImmediateConsumesAReceive() {
        CompletionQueue efaCq = unsolicitedFieldCq();
        QueuePair server = rcServer(efaCq, false);
        QueuePair client = rig.qp(QpType.RC, rig.cq(16), 4);
        rig.connectPair(client, server);
        Rig.postRecv(server, 56, mr, 0, 64);
        SendOps ops = client.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).rdmaWriteWithImm(mr.rkey(), mr.address() + 1024, 0xabd)
                .setSge(mr.lkey(), mr.address(), 32);
        ops.complete();
        assertThat(efaCq.startPoll()).isTrue();
        assertThat(efaCq.readOpcode()).isEqualTo(WcOpcode.RECV_RDMA_WITH_IMM);
        assertThat(efaCq.wrId()).as("the write consumed the posted receive").isEqualTo(56);
        assertThat(efaCq.readIsUnsolicited()).isFalse();
        efaCq.endPoll();
    }

    @Test
    void aUdQueuePairCannotAskForUnsolicitedWrites() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rig.context.createQueuePair(
                QpInitAttributes.builder(QpType.UD, rig.pd, rig.cq(4), new QpCapabilities(4, 4, 1, 1, 0))
                        .unsolicitedWriteRecv(true).build()))
                .isInstanceOf(org.verbs4j.InvalidArgumentException.class).hasMessageContaining("UD");
    }

    /** @return a completion queue that reports every field and whether a completion is unsolicited */
    private CompletionQueue unsolicitedFieldCq() {
        return rig.context.createCompletionQueue(CqInitAttributes.builder(16)
                .wcFlags(Rig.ALL_FIELDS).extraFields(Set.of(ExtraCompletionField.UNSOLICITED)).build());
    }

    /** @return an RC queue pair with its own receive queue, its completions on {@code cq} */
    private QueuePair rcServer(CompletionQueue cq, boolean unsolicitedWriteRecv) {
        return rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new QpCapabilities(4, 4, 1, 1, 0)).unsolicitedWriteRecv(unsolicitedWriteRecv).build());
    }
}
