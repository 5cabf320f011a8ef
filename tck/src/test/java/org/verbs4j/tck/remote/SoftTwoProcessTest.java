package org.verbs4j.tck.remote;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.Completions;
import org.verbs4j.tck.Payloads;
import org.verbs4j.tck.SoftProviders;
import org.verbs4j.tck.WorkRequests;

/**
 * Two processes on the soft RoCE v2 wire: the requester on this JVM's soft0 (127.0.0.1), the responder on the soft0
 * of a peer JVM (127.0.0.2) behind {@link RemotePeer}'s proxies, its region in shared memory that this JVM reads
 * directly.
 */
class SoftTwoProcessTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final int GRH_SIZE = 40;

    private static RemotePeer peer;
    private static Device remoteDevice;

    private Arena localArena;
    private Arena sharedArena;
    private Host local;
    private Host remote;

    @BeforeAll
    static void startPeer() {
        peer = TwoHosts.startPeer();
        remoteDevice = peer.devices().getFirst();
    }

    @AfterAll
    static void closePeer() {
        peer.close();
    }

    @BeforeEach
    void openHosts() {
        localArena = Arena.ofShared();
        sharedArena = peer.sharedArena();
        local = new Host(TwoHosts.localDevice(), localArena);
        remote = new Host(remoteDevice, sharedArena);
    }

    @AfterEach
    void closeHosts() {
        remote.close();
        local.close();
        sharedArena.close();
        localArena.close();
    }

    @Test
    void sendAndSendWithImmediateLandInThePeersSharedMemoryThroughAChainOfReceives() {
        QueuePair requester = local.queuePair(QpType.RC, null);
        QueuePair responder = remote.queuePair(QpType.RC, null);
        connect(requester, responder);
        ReceiveRequest second = WorkRequests.receiveRequest(2, remote.mr, 4096, 256);
        responder.postReceive(WorkRequests.receiveRequest(1, remote.mr, 0, 256).next(second));
        Payloads.write(local.mr.segment(), 0, Payloads.pattern(1, 200));
        Payloads.write(local.mr.segment(), 1024, Payloads.pattern(2, 100));
        WorkRequests.send(requester, 11, local.mr, 0, 200);
        WorkRequests.sendWithImm(requester, 12, 0x1234abcd, local.mr, 1024, 100);
        List<Completion> sent = Completions.await(local.cq, 2, TIMEOUT, "the SEND and SEND_WITH_IMM");
        List<Completion> received = Completions.await(remote.cq, 2, TIMEOUT, "the two receives in the peer");
        Completion plain = received.get(0);
        Completion withImm = received.get(1);
        assertAll(() -> assertEquals(List.of(WcStatus.SUCCESS, WcStatus.SUCCESS), sent.stream().map(Completion::status)
                        .toList()),
                () -> assertEquals(List.of(1L, 2L), received.stream().map(Completion::wrId).toList()),
                () -> assertEquals(WcStatus.SUCCESS, plain.status()),
                () -> assertEquals(WcOpcode.RECV, plain.opcode()),
                () -> assertEquals(200, plain.byteLen()),
                () -> assertEquals(responder.qpNum(), plain.qpNum()),
                () -> assertEquals(requester.qpNum(), plain.srcQp()),
                () -> assertEquals(WcStatus.SUCCESS, withImm.status()),
                () -> assertEquals(WcOpcode.RECV, withImm.opcode()),
                () -> assertEquals(100, withImm.byteLen()),
                () -> assertEquals(0x1234abcd, withImm.immData()),
                () -> assertTrue((withImm.wcFlags() & (int) WcFlag.WITH_IMM.value()) != 0, "IBV_WC_WITH_IMM"),
                () -> assertEquals(requester.qpNum(), withImm.srcQp()),
                () -> Payloads.assertPayload(remote.memory, 0, Payloads.pattern(1, 200), "the SEND, in shared memory"),
                () -> Payloads.assertPayload(remote.memory, 4096, Payloads.pattern(2, 100), "the SEND_WITH_IMM"));
    }

    @Test
    void rdmaWriteReadAndAtomicsReachThePeersRegion() {
        QueuePair requester = local.queuePair(QpType.RC, null);
        QueuePair responder = remote.queuePair(QpType.RC, null);
        connect(requester, responder);
        long target = remote.mr.address();
        int rkey = remote.mr.rkey();
        Payloads.write(local.mr.segment(), 0, Payloads.pattern(3, 1000));
        Payloads.write(remote.memory, 8192, Payloads.pattern(4, 1500));
        remote.memory.set(ValueLayout.JAVA_LONG, 16_384, 40);
        remote.memory.set(ValueLayout.JAVA_LONG, 16_392, 7);
        WorkRequests.rdmaWrite(requester, 1, rkey, target, local.mr, 0, 1000);
        WorkRequests.rdmaRead(requester, 2, rkey, target + 8192, local.mr, 4096, 1500);
        WorkRequests.fetchAndAdd(requester, 3, rkey, target + 16_384, 2, local.mr, 12_288);
        WorkRequests.compareAndSwap(requester, 4, rkey, target + 16_392, 7, 99, local.mr, 12_296);
        List<Completion> done = Completions.await(local.cq, 4, TIMEOUT, "the WRITE, READ and atomics");
        MemorySegment mine = local.mr.segment();
        assertAll(() -> assertEquals(List.of(WcStatus.SUCCESS, WcStatus.SUCCESS, WcStatus.SUCCESS, WcStatus.SUCCESS),
                        done.stream().map(Completion::status).toList()),
                () -> Payloads.assertPayload(remote.memory, 0, Payloads.pattern(3, 1000), "the WRITE in the peer"),
                () -> Payloads.assertPayload(mine, 4096, Payloads.pattern(4, 1500), "the READ from the peer"),
                () -> assertEquals(40, mine.get(ValueLayout.JAVA_LONG, 12_288), "fetch-and-add's original"),
                () -> assertEquals(42, remote.memory.get(ValueLayout.JAVA_LONG, 16_384), "fetch-and-add's sum"),
                () -> assertEquals(7, mine.get(ValueLayout.JAVA_LONG, 12_296), "compare-and-swap's original"),
                () -> assertEquals(99, remote.memory.get(ValueLayout.JAVA_LONG, 16_392), "compare-and-swap's swap"));
    }

    @Test
    void aDatagramReachesThePeerWithItsGrhAndSourceGid() {
        CompletionQueue cq = remote.track(remote.context.createCompletionQueue(CqInitAttributes.builder(16)
                .extraFields(Set.of(ExtraCompletionField.SOURCE_GID)).build()));
        UdPair pair = udPair(cq);
        QueuePair from = pair.from();
        QueuePair to = pair.to();
        WorkRequests.receive(to, 5, remote.mr, 16_384, GRH_SIZE + 64);
        AddressHandle ah = local.track(local.pd.createAddressHandle(AhAttributes.global(
                remote.context.queryGid(1, SoftProviders.WIRE_GID_INDEX), SoftProviders.WIRE_GID_INDEX, 1)));
        Payloads.write(local.mr.segment(), 0, Payloads.pattern(5, 64));
        WorkRequests.sendUd(from, 6, ah, to.qpNum(), local.mr, 0, 64);
        Completions.awaitSuccess(local.cq, TIMEOUT, "the datagram's send");
        MemorySegment sourceGid = MemorySegment.ofArray(new byte[16]);
        boolean written = awaitSourceGid(cq, sourceGid);
        byte[] expected = local.context.queryGid(1, SoftProviders.WIRE_GID_INDEX).toBytes();
        MemorySegment grh = remote.memory.asSlice(16_384, GRH_SIZE);
        assertAll(() -> assertTrue(written, "readSourceGid wrote the sender's GID"),
                () -> assertEquals(-1L, sourceGid.mismatch(MemorySegment.ofArray(expected)), "the sender's GID"),
                () -> assertEquals(0x45, grh.get(ValueLayout.JAVA_BYTE, 20) & 0xff, "an IPv4 GRH: it came by wire"),
                () -> assertEquals(-1L, grh.asSlice(32, 4).mismatch(MemorySegment.ofArray(expected).asSlice(12, 4)),
                        "the GRH's source address: 127.0.0.1"),
                () -> Payloads.assertPayload(remote.memory, 16_384 + GRH_SIZE, Payloads.pattern(5, 64),
                        "the datagram"));
    }

    @Test
    void aCompletionEventOfThePeerArrivesWhileOtherCallsProceed() throws Exception {
        CompletionChannel channel = remote.track(remote.context.createCompletionChannel());
        Object cqContext = new Object();
        CompletionQueue cq = remote.track(remote.context.createCompletionQueue(CqInitAttributes.builder(16)
                .channel(channel).cqContext(cqContext).build()));
        UdPair pair = udPair(cq);
        QueuePair from = pair.from();
        QueuePair to = pair.to();
        WorkRequests.receive(to, 7, remote.mr, 0, GRH_SIZE + 32);
        cq.requestNotification(false);
        CompletableFuture<CompletionQueue> event = CompletableFuture.supplyAsync(() -> channel.getEvent(TIMEOUT));
        int callsWhileBlocked = 0;
        for (int i = 0; i < 20; i++) {
            assertEquals(remoteDevice.name(), remote.context.device().name());
            callsWhileBlocked++;
        }
        boolean blockedMeanwhile = !event.isDone();
        AddressHandle ah = local.track(local.pd.createAddressHandle(AhAttributes.global(
                remote.context.queryGid(1, SoftProviders.WIRE_GID_INDEX), SoftProviders.WIRE_GID_INDEX, 1)));
        WorkRequests.sendUd(from, 8, ah, to.qpNum(), local.mr, 0, 32);
        CompletionQueue signalled = event.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        cq.ackEvents(1);
        Completion received = Completions.awaitOne(cq, TIMEOUT, "the receive behind the event");
        int callsDone = callsWhileBlocked;
        assertAll(() -> assertTrue(blockedMeanwhile, "getEvent still waited after " + callsDone + " other calls"),
                () -> assertSame(cq, signalled, "getEvent returns the CQ's own proxy"),
                () -> assertSame(cqContext, signalled.cqContext(), "cq_context comes back as the same object"),
                () -> assertEquals(0, cq.unacknowledgedEvents(), "ackEvents reached the peer"),
                () -> assertEquals(WcStatus.SUCCESS, received.status()));
    }

    @Test
    void thePeersObjectsKeepTheirIdentity() {
        Object qpContext = new Object();
        QueuePair qp = remote.queuePair(QpType.RC, qpContext);
        assertAll(() -> assertSame(remote.pd, qp.protectionDomain(), "the QP's PD"),
                () -> assertSame(remote.cq, qp.sendCq(), "the send CQ"),
                () -> assertSame(remote.cq, qp.recvCq(), "the receive CQ"),
                () -> assertSame(remote.context, qp.context(), "the QP's context"),
                () -> assertSame(remote.pd, remote.mr.protectionDomain(), "the region's PD"),
                () -> assertSame(qpContext, qp.qpContext(), "qp_context comes back as the same object"),
                () -> assertSame(remoteDevice, peer.devices().getFirst(), "the device"),
                () -> assertEquals(qp, qp), () -> assertNotEquals(qp, remote.cq),
                () -> assertEquals(System.identityHashCode(qp), qp.hashCode()),
                () -> assertTrue(qp.toString().startsWith("remote "), qp.toString()),
                () -> assertFalse(qp instanceof CompletionQueue, "a QP's proxy is no CQ"),
                () -> assertSame(qp, qp.unwrap(QueuePair.class), "unwrap to an API interface: the proxy itself"),
                () -> assertThrows(UnsupportedVerbException.class, () -> qp.unwrap(String.class)),
                () -> assertEquals(remote.memory.address(), remote.mr.segment().address(), "mr.segment() is the"
                        + " kit's own view of the shared memory"),
                () -> assertEquals(remote.memory.address(), remote.mr.address(), "the peer maps the shared memory"
                        + " at this JVM's address"));
    }

    private void connect(QueuePair requester, QueuePair responder) {
        local.connect(requester, remote, responder);
        remote.connect(responder, local, requester);
    }

    private static boolean awaitSourceGid(CompletionQueue cq, MemorySegment into) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!cq.startPoll()) {
            assertTrue(System.nanoTime() < deadline, "no completion of the datagram in the peer");
            Thread.onSpinWait();
        }
        try {
            assertEquals(WcStatus.SUCCESS, cq.status());
            return cq.readSourceGid(into);
        } finally {
            cq.endPoll();
        }
    }

    /** A UD queue pair of this JVM and one of the peer's, receiving on {@code cq}, both in RTS. */
    private UdPair udPair(CompletionQueue cq) {
        QueuePair from = local.queuePair(QpType.UD, null);
        QueuePair to = remote.track(remote.context.createQueuePair(org.verbs4j.QpInitAttributes.builder(QpType.UD,
                remote.pd, cq, new org.verbs4j.QpCapabilities(8, 8, 1, 1, 0)).build()));
        local.toRtsUd(from);
        remote.toRtsUd(to);
        return new UdPair(from, to);
    }

    private record UdPair(QueuePair from, QueuePair to) {
    }
}
