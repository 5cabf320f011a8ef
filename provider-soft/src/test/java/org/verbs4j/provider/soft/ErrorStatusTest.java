package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.MwType;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/** Every error status the soft device produces, each from a scenario. */
class ErrorStatusTest {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final Rig rig = new Rig();
    private final CompletionQueue cqA = rig.cq(64);
    private final CompletionQueue cqB = rig.cq(64);
    private final QueuePair a = rig.qp(QpType.RC, cqA, 16);
    private final QueuePair b = rig.qp(QpType.RC, cqB, 16);
    private final MemoryRegion mrA = rig.region(4096);
    private final MemoryRegion mrB = rig.region(4096);

    @AfterEach
    void tearDown() {
        rig.close();
    }

    private void send(int wrId, int flags, int bytes) {
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(flags).send().setSge(mrA.lkey(), mrA.address(), bytes);
        ops.complete();
    }

    @Test
    void aForbiddenWriteOfAQueuePairConnectedToItselfCompletesOnceAndFlushesTheRest() {
        rig.connect(a, a, Rig.ALL_ACCESS, 7);
        MemoryRegion readOnly = rig.region(64, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ));
        Rig.postRecv(a, 10, mrA, 0, 8);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(readOnly.rkey(), readOnly.address()).setSge(mrA.lkey(),
                mrA.address(), 8);
        ops.wrId(2).wrFlags(0).send().setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        java.util.List<Wc> done = java.util.List.of(Rig.poll(cqA), Rig.poll(cqA), Rig.poll(cqA));
        assertThat(Rig.empty(cqA)).isTrue();
        assertThat(done).extracting(Wc::wrId).containsExactlyInAnyOrder(10L, 1L, 2L);
        assertThat(done).filteredOn(wc -> wc.wrId() != 10).extracting(Wc::wrId, Wc::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1L, WcStatus.REM_ACCESS_ERR),
                org.assertj.core.groups.Tuple.tuple(2L, WcStatus.WR_FLUSH_ERR));
        assertThat(done).filteredOn(wc -> wc.wrId() == 10).extracting(Wc::status).containsExactly(
                WcStatus.WR_FLUSH_ERR);
    }

    @Test
    void rnrRetryExceededAfterTheRetryCount() {
        rig.connect(a, b, Rig.ALL_ACCESS, 2);
        rig.connect(b, a, Rig.ALL_ACCESS, 2);
        send(1, SIGNALED, 8);
        Wc wc = Rig.poll(cqA);
        assertThat(wc.status()).isEqualTo(WcStatus.RNR_RETRY_EXC_ERR);
        assertThat(wc.wrId()).isEqualTo(1);
        assertThat(a.state()).isEqualTo(QpState.ERR);
        assertThat(b.state()).as("an RNR NAK leaves the responder alone").isEqualTo(QpState.RTS);
    }

    @Test
    void rnrWithInfiniteRetryWaitsForTheReceive() {
        rig.connectPair(a, b);
        Rig.fill(mrA.segment(), 3);
        send(1, SIGNALED, 32);
        assertThat(Rig.empty(cqA)).isTrue();
        Rig.postRecv(b, 8, mrB, 0, 64);
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
        Wc received = Rig.poll(cqB);
        assertThat(received.wrId()).isEqualTo(8);
        assertThat(mrB.segment().asSlice(0, 32).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 32).toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void aReceiveListThatFailsHalfwayStillWakesTheRequesterForTheReceivesItPosted() {
        rig.connectPair(a, b);
        send(1, SIGNALED, 8);
        assertThat(Rig.empty(cqA)).as("the send waits for a receive (RNR, retried forever)").isTrue();
        org.verbs4j.ReceiveRequest tooManySges = new org.verbs4j.ReceiveRequest(5).wrId(10);
        for (int i = 0; i < 5; i++) {
            tooManySges.sgList().add(mrB, i * 8L, 8);
        }
        org.verbs4j.ReceiveRequest posted = new org.verbs4j.ReceiveRequest(1).wrId(9).next(tooManySges);
        posted.sgList().add(mrB, 0, 64);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> b.postReceive(posted))
                .isInstanceOf(org.verbs4j.InvalidArgumentException.class).hasMessageContaining("max_recv_sge");
        assertThat(Rig.poll(cqA).status()).as("the receive before the bad one was posted").isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(cqB).wrId()).isEqualTo(9);
    }

    @Test
    void remoteAccessErrorForABadRkeyMovesBothSidesToError() {
        rig.connectPair(a, b);
        Rig.postRecv(b, 3, mrB, 0, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey() ^ 0x55, mrB.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.wrId(2).wrFlags(0).send().setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
        Wc flushed = Rig.poll(cqA);
        assertThat(flushed.wrId()).as("the unsignaled request after it is flushed too").isEqualTo(2);
        assertThat(flushed.status()).isEqualTo(WcStatus.WR_FLUSH_ERR);
        assertThat(b.state()).isEqualTo(QpState.ERR);
        Wc receiverFlush = Rig.poll(cqB);
        assertThat(receiverFlush).extracting(Wc::wrId, Wc::status).containsExactly(3L, WcStatus.WR_FLUSH_ERR);
        AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(1));
        assertThat(event.type()).isEqualTo(AsyncEventType.QP_ACCESS_ERR);
        assertThat(event.qp()).isSameAs(b);
        rig.context.ackAsyncEvent(event);
    }

    @Test
    void remoteAccessErrorWhenTheRegionLacksRemoteWrite() {
        rig.connectPair(a, b);
        MemoryRegion readOnly = rig.region(64, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ));
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(readOnly.rkey(), readOnly.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void remoteAccessErrorWhenAReadEndsOutOfBounds() {
        rig.connectPair(a, b);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaRead(mrB.rkey(), mrB.address() + 4090).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void remoteAccessErrorWhenAWriteEndsOutOfBoundsAndNothingLands() {
        rig.connectPair(a, b);
        Rig.fill(mrA.segment(), 3);
        long size = mrB.segment().byteSize();
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address() + size - 6).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
        assertThat(mrB.segment().asSlice(size - 6, 6).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE))
                .as("the part of the write inside the region").containsOnly(0);
    }

    @Test
    void remoteAccessErrorWhenTheQueuePairDoesNotAllowIt() {
        rig.connect(a, b, Rig.ALL_ACCESS, 7);
        rig.connect(b, a, EnumSet.of(AccessFlag.REMOTE_READ), 7);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void responderLengthErrorAndRequesterInvalidRequest() {
        rig.connectPair(a, b);
        Rig.postRecv(b, 4, mrB, 0, 16);
        send(1, SIGNALED, 17);
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_INV_REQ_ERR);
        Wc responder = Rig.poll(cqB);
        assertThat(responder.wrId()).isEqualTo(4);
        assertThat(responder.status()).isEqualTo(WcStatus.LOC_LEN_ERR);
        assertThat(List2.of(a.state(), b.state())).containsOnly(QpState.ERR);
    }

    @Test
    void localProtectionErrorForABadLkey() {
        rig.connectPair(a, b);
        Rig.postRecv(b, 4, mrB, 0, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(0).send().setSge(mrA.lkey() + 1, mrA.address(), 8);
        ops.complete();
        Wc wc = Rig.poll(cqA);
        assertThat(wc.status()).as("errors complete even when unsignaled").isEqualTo(WcStatus.LOC_PROT_ERR);
        assertThat(a.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void localProtectionErrorForAnSgeBeyondTheRegionOrAClosedRegion() {
        rig.connectPair(a, b);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSge(mrA.lkey(), mrA.address() + 4000, 97);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.LOC_PROT_ERR);
        QueuePair c = rig.qp(QpType.RC, cqA, 4);
        QueuePair d = rig.qp(QpType.RC, cqB, 4);
        rig.connectPair(c, d);
        MemoryRegion gone = rig.region(64);
        int lkey = gone.lkey();
        long address = gone.address();
        gone.close();
        SendOps opsC = c.sendOps();
        opsC.start();
        opsC.wrId(2).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSge(lkey, address, 8);
        opsC.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void aKeyThatJustWorkedIsAProtectionErrorOnceItsRegionIsDeregistered() {
        MemoryRegion used = rig.region(64);
        assertKeyFailsAfter(used, used::close, "ibv_dereg_mr");
    }

    @Test
    void aKeyThatJustWorkedIsAProtectionErrorOnceItsArenaIsClosed() {
        java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();
        MemoryRegion dying = rig.pd.registerMemory(arena.allocate(64), Rig.ALL_ACCESS);
        assertKeyFailsAfter(dying, arena::close, "the arena closed");
    }

    /**
     * A write from {@code region} succeeds (the device remembers the region of the key), then {@code end}
     * ends the region's use and the same write is a local protection error.
     */
    private void assertKeyFailsAfter(MemoryRegion region, Runnable end, String what) {
        rig.connectPair(a, b);
        assertThat(writeFrom(a, 1, region)).as("the region's key before " + what).isEqualTo(WcStatus.SUCCESS);
        end.run();
        assertThat(writeFrom(a, 2, region)).as("the same key after " + what).isEqualTo(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void keyZeroDoesNotWriteIntoTheRememberedRegionWithoutLocalWrite() {
        rig.connectPair(a, b);
        MemoryRegion readOnly = rig.region(64, EnumSet.of(AccessFlag.REMOTE_READ));
        assertThat(writeFrom(a, 1, readOnly)).as("reading the region locally is allowed").isEqualTo(WcStatus.SUCCESS);
        Rig.fill(mrB.segment(), 7);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(2).wrFlags(SIGNALED).rdmaRead(mrB.rkey(), mrB.address()).setSge(0, readOnly.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).as("RDMA_READ into the region with local key 0")
                .isEqualTo(WcStatus.LOC_PROT_ERR);
        assertThat(readOnly.segment().get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0)).as("memory untouched")
                .isZero();
    }

    /** Writes 8 bytes from {@code source} to {@link #mrB} with a signaled RDMA_WRITE; @return its status */
    private WcStatus writeFrom(QueuePair qp, int wrId, MemoryRegion source) {
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSge(source.lkey(), source.address(), 8);
        ops.complete();
        return Rig.poll(cqA).status();
    }

    @Test
    void memoryWhoseArenaWasClosedIsAProtectionErrorNotAWildWrite() {
        rig.connectPair(a, b);
        java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();
        MemoryRegion dying = rig.pd.registerMemory(arena.allocate(64), Rig.ALL_ACCESS);
        arena.close();
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(dying.rkey(), dying.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void bindingAWindowOnARegionWithoutMwBindIsAMemoryWindowBindError() {
        rig.connectPair(a, b);
        MemoryWindow window = rig.pd.allocateMemoryWindow(MwType.TYPE_1);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).bindMw(window, window.rkey(), new MwBindInfo(mrA, mrA.address(), 64,
                Set.of(AccessFlag.REMOTE_READ)));
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.MW_BIND_ERR);
    }

    @Test
    void aTypeOneWindowServesEveryQueuePairOfItsDomainAndCanBeRebound() {
        rig.connectPair(a, b);
        MemoryRegion bindable = rig.region(1024, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ,
                AccessFlag.MW_BIND));
        Rig.fill(bindable.segment(), 8);
        MemoryWindow window = rig.pd.allocateMemoryWindow(MwType.TYPE_1);
        SendOps opsB = b.sendOps();
        opsB.start();
        opsB.wrId(1).wrFlags(SIGNALED).bindMw(window, window.rkey(), new MwBindInfo(bindable, bindable.address() + 100,
                100, Set.of(AccessFlag.REMOTE_READ)));
        opsB.wrId(2).wrFlags(SIGNALED).bindMw(window, window.rkey(), new MwBindInfo(bindable, bindable.address() + 200,
                50, Set.of(AccessFlag.REMOTE_READ)));
        opsB.complete();
        assertThat(Rig.poll(cqB).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(cqB).status()).as("type 1 windows may be rebound").isEqualTo(WcStatus.SUCCESS);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaRead(window.rkey(), bindable.address() + 210).setSge(mrA.lkey(), mrA.address(), 40);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(mrA.segment().asSlice(0, 40).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(bindable.segment().asSlice(210, 40).toArray(ValueLayout.JAVA_BYTE));
        ops.start();
        ops.wrId(2).wrFlags(SIGNALED).rdmaRead(window.rkey(), bindable.address() + 100).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).as("outside the rebound window").isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void localProtectionErrorForARegionOfAnotherDomain() {
        rig.connectPair(a, b);
        MemoryRegion foreign = rig.context.allocateProtectionDomain().registerMemory(rig.arena.allocate(64),
                Set.of(AccessFlag.LOCAL_WRITE));
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(mrB.rkey(), mrB.address()).setSge(foreign.lkey(), foreign.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void localProtectionErrorAtTheResponderForAReceiveWithoutLocalWrite() {
        rig.connectPair(a, b);
        MemoryRegion noWrite = rig.region(64, EnumSet.of(AccessFlag.REMOTE_READ));
        Rig.postRecv(b, 6, noWrite, 0, 64);
        send(1, SIGNALED, 8);
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_OP_ERR);
        assertThat(Rig.poll(cqB).status()).isEqualTo(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void flushOnErrorCompletesEveryOutstandingRequest() {
        rig.connectPair(a, b);
        Rig.postRecv(a, 10, mrA, 0, 8);
        Rig.postRecv(a, 11, mrA, 8, 8);
        send(1, 0, 8);
        send(2, 0, 8);
        a.modify(new QpAttributes().qpState(QpState.ERR));
        java.util.List<Object> flushed = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Wc wc = Rig.poll(cqA);
            assertThat(wc.status()).isEqualTo(WcStatus.WR_FLUSH_ERR);
            flushed.add(wc.wrId());
        }
        assertThat(flushed).as("the RNR-blocked sends (unsignaled) and both receives")
                .containsExactlyInAnyOrder(1L, 2L, 10L, 11L);
        send(3, 0, 8);
        Rig.postRecv(a, 12, mrA, 0, 8);
        assertThat(Rig.poll(cqA)).extracting(Wc::wrId, Wc::status).containsExactly(3L, WcStatus.WR_FLUSH_ERR);
        assertThat(Rig.poll(cqA)).extracting(Wc::wrId, Wc::status).containsExactly(12L, WcStatus.WR_FLUSH_ERR);
        assertThat(Rig.empty(cqA)).isTrue();
    }

    @Test
    void pendingRnrRequestsAreFlushedWhenTheQueuePairFails() {
        rig.connectPair(a, b);
        send(1, 0, 8);
        send(2, SIGNALED, 8);
        assertThat(Rig.empty(cqA)).isTrue();
        a.modify(new QpAttributes().qpState(QpState.ERR));
        assertThat(Rig.poll(cqA)).extracting(Wc::wrId, Wc::status).containsExactly(1L, WcStatus.WR_FLUSH_ERR);
        assertThat(Rig.poll(cqA)).extracting(Wc::wrId, Wc::status).containsExactly(2L, WcStatus.WR_FLUSH_ERR);
    }

    @Test
    void retryExceededWhenThePeerDoesNotAnswer() {
        rig.connect(a, b, Rig.ALL_ACCESS, 7);
        send(1, SIGNALED, 8);
        assertThat(Rig.poll(cqA).status()).as("b is still in RESET").isEqualTo(WcStatus.RETRY_EXC_ERR);
    }

    @Test
    void remoteInvalidRequestForAMisalignedAtomic() {
        rig.connectPair(a, b);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).atomicFetchAdd(mrB.rkey(), mrB.address() + 4, 1).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_INV_REQ_ERR);
    }

    @Test
    void memoryWindowBindErrorAndRemoteAccessThroughAWindow() {
        rig.connectPair(a, b);
        MemoryRegion bindable = rig.region(4096, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
                AccessFlag.MW_BIND));
        MemoryWindow window = rig.pd.allocateMemoryWindow(MwType.TYPE_2);
        int newRkey = (window.rkey() & ~0xff) | ((window.rkey() + 1) & 0xff);
        SendOps opsB = b.sendOps();
        opsB.start();
        opsB.wrId(1).wrFlags(SIGNALED).bindMw(window, newRkey, new MwBindInfo(bindable, bindable.address(), 256,
                Set.of(AccessFlag.REMOTE_WRITE)));
        opsB.complete();
        Wc bound = Rig.poll(cqB);
        assertThat(bound.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(bound.opcode()).isEqualTo(WcOpcode.BIND_MW);
        assertThat(window.rkey()).isEqualTo(newRkey);

        Rig.fill(mrA.segment(), 4);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(newRkey, bindable.address() + 16).setSge(mrA.lkey(), mrA.address(), 32);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(bindable.segment().asSlice(16, 32).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(mrA.segment().asSlice(0, 32).toArray(ValueLayout.JAVA_BYTE));

        opsB.start();
        opsB.wrId(2).wrFlags(SIGNALED).bindMw(window, newRkey + 1, new MwBindInfo(bindable, bindable.address(), 16,
                Set.of(AccessFlag.REMOTE_WRITE)));
        opsB.complete();
        assertThat(Rig.poll(cqB).status()).as("a bound type 2 window must be invalidated first")
                .isEqualTo(WcStatus.MW_BIND_ERR);
    }

    @Test
    void remoteAccessErrorBeyondTheWindow() {
        rig.connectPair(a, b);
        MemoryRegion bindable = rig.region(4096, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.MW_BIND));
        MemoryWindow window = rig.pd.allocateMemoryWindow(MwType.TYPE_2);
        SendOps opsB = b.sendOps();
        opsB.start();
        opsB.wrId(1).wrFlags(SIGNALED).bindMw(window, window.rkey(), new MwBindInfo(bindable, bindable.address(),
                64, Set.of(AccessFlag.REMOTE_READ)));
        opsB.complete();
        assertThat(Rig.poll(cqB).status()).isEqualTo(WcStatus.SUCCESS);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(window.rkey(), bindable.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).as("the window grants read only").isEqualTo(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void localInvalidateOfAnUnknownKeyIsALocalQpOperationError() {
        rig.connectPair(a, b);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).localInv(mrA.lkey());
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.LOC_QP_OP_ERR);
    }

    @Test
    void sendWithInvalidateRevokesTheWindow() {
        rig.connectPair(a, b);
        MemoryRegion bindable = rig.region(4096, EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
                AccessFlag.MW_BIND));
        MemoryWindow window = rig.pd.allocateMemoryWindow(MwType.TYPE_2);
        SendOps opsB = b.sendOps();
        opsB.start();
        opsB.wrId(1).wrFlags(SIGNALED).bindMw(window, window.rkey(), new MwBindInfo(bindable, bindable.address(),
                64, Set.of(AccessFlag.REMOTE_WRITE)));
        opsB.complete();
        Rig.poll(cqB);
        Rig.postRecv(b, 9, mrB, 0, 64);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).sendWithInv(window.rkey()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.wrId(2).wrFlags(SIGNALED).rdmaWrite(window.rkey(), bindable.address()).setSge(mrA.lkey(), mrA.address(), 8);
        ops.complete();
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(cqA).status()).isEqualTo(WcStatus.REM_ACCESS_ERR);
        Wc received = Rig.poll(cqB);
        assertThat(received.flags() & org.verbs4j.WcFlag.WITH_INV.value()).isNotZero();
        assertThat(received.imm()).as("read through readImmData: the invalidated rkey").isEqualTo(window.rkey());
    }

    /** A tiny helper so that the assertion reads as a list. */
    private static final class List2 {
        static java.util.List<QpState> of(QpState first, QpState second) {
            return java.util.List.of(first, second);
        }
    }
}
