package org.verbs4j.tck.remote;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionChannel;
import org.verbs4j.Context;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.VerbsException;
import org.verbs4j.tck.WorkRequests;

/** The peer's failures in the kit JVM: verbs exceptions as the same class and message, and the peer's end. */
class RemotePeerTest {

    private static final Duration SOON = Duration.ofSeconds(10);

    @Test
    void aVerbsExceptionCrossesWithItsClassAndMessage() {
        try (RemotePeer peer = TwoHosts.startPeer(); Arena arena = peer.sharedArena();
                Context remote = peer.devices().getFirst().open(); Context local = TwoHosts.localDevice().open()) {
            MemorySegment memory = arena.allocate(4096);
            VerbsException remoteClosed = useAfterClose(remote, memory);
            VerbsException localClosed = useAfterClose(local, memory);
            VerbsException remoteInvalid = assertThrows(InvalidArgumentException.class, () -> remote.queryGid(1, 9999));
            VerbsException localInvalid = assertThrows(InvalidArgumentException.class, () -> local.queryGid(1, 9999));
            assertAll(() -> assertEquals(localClosed.getMessage(), remoteClosed.getMessage()),
                    () -> assertEquals(localClosed.operation(), remoteClosed.operation()),
                    () -> assertEquals(localClosed.errno(), remoteClosed.errno()),
                    () -> assertEquals(localInvalid.getMessage(), remoteInvalid.getMessage()),
                    () -> assertEquals(localInvalid.errno(), remoteInvalid.errno()));
        }
    }

    @Test
    void aFailedReceiveNamesTheCallersOwnRequest() {
        try (RemotePeer peer = TwoHosts.startPeer(); Arena arena = peer.sharedArena();
                Host remote = new Host(peer.devices().getFirst(), arena)) {
            QueuePair reset = remote.queuePair(QpType.RC, null);
            ReceiveRequest first = WorkRequests.receiveRequest(1, remote.mr, 0, 64);
            first.next(WorkRequests.receiveRequest(2, remote.mr, 64, 64));
            InvalidArgumentException failure = assertThrows(InvalidArgumentException.class,
                    () -> reset.postReceive(first));
            assertAll(() -> assertSame(first, failure.failedRequest(), "the failed request is the caller's"),
                    () -> assertEquals("ibv_post_recv", failure.operation()),
                    () -> assertTrue(failure.getMessage().contains("RESET"), failure.getMessage()));
        }
    }

    @Test
    void aPeerWithoutTheProviderFailsToStartClearly() {
        RemotePeerException failure = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(RemotePeerException.class, () -> RemotePeer.start("no-such-provider", Map.of())));
        assertAll(() -> assertTrue(failure.getMessage().contains("exit code 1"), failure.getMessage()),
                () -> assertTrue(failure.getMessage().contains("no provider 'no-such-provider' on the class path"),
                        "the message quotes the peer's output: " + failure.getMessage()));
    }

    @Test
    void closingThePeerEndsItsJvmAndLaterCallsFail() {
        RemotePeer peer = TwoHosts.startPeer();
        Context context = peer.devices().getFirst().open();
        ProtectionDomain pd = context.allocateProtectionDomain();
        peer.close();
        RemotePeerException after = assertThrows(RemotePeerException.class, pd::close);
        assertAll(() -> assertFalse(peer.process().isAlive(), "the peer JVM ended"),
                () -> assertTrue(after.getMessage().contains("VerbsObject.close"), after.getMessage()));
    }

    @Test
    void aKilledPeerFailsThePendingAndTheNextCallWithinSeconds() throws Exception {
        RemotePeer peer = TwoHosts.startPeer();
        Context context = peer.devices().getFirst().open();
        CompletionChannel channel = context.createCompletionChannel();
        CompletableFuture<Object> pending = CompletableFuture.supplyAsync(() -> channel.getEvent(Duration.ofMinutes(5)));
        assertEquals(context.device().name(), context.device().name(), "the peer serves while getEvent waits");
        peer.process().destroyForcibly();
        ExecutionException waited = assertThrows(ExecutionException.class,
                () -> pending.get(SOON.toSeconds(), TimeUnit.SECONDS));
        RemotePeerException next = assertTimeoutPreemptively(SOON,
                () -> assertThrows(RemotePeerException.class, context::queryDevice));
        RemotePeerException closing = assertThrows(RemotePeerException.class, peer::close);
        assertAll(() -> assertTrue(waited.getCause() instanceof RemotePeerException, waited.toString()),
                () -> assertTrue(waited.getCause().getMessage().startsWith("CompletionChannel.getEvent failed: the"
                        + " peer JVM"), waited.getCause().getMessage()),
                () -> assertTrue(next.getMessage().startsWith("Context.queryDevice failed: the peer JVM"),
                        next.getMessage()),
                () -> assertTrue(closing.getMessage().contains("ended before it was closed"), closing.getMessage()));
    }

    private static VerbsException useAfterClose(Context context, MemorySegment memory) {
        ProtectionDomain pd = context.allocateProtectionDomain();
        pd.close();
        Function<ProtectionDomain, Object> register = closed -> closed.registerMemory(memory, Host.ACCESS);
        return assertThrows(ClosedObjectException.class, () -> register.apply(pd));
    }
}
