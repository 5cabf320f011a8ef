package org.verbs4j.provider.generic.interop;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.tck.Completion;

/**
 * One side of an exchange with an rdma-core C tool: a channel, an identifier, and on it a PD, CQs and a QP, all
 * closed in order by {@link #close()}; every step that fails throws {@link IllegalStateException} saying what.
 */
final class CmPeer implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    final ConnectionManager cm;
    final EventChannel channel;
    final Arena arena = Arena.ofShared();
    private final List<AutoCloseable> owned = new ArrayList<>();
    CmId id;
    CmId listener;
    ProtectionDomain pd;
    CompletionQueue sendCq;
    CompletionQueue recvCq;
    QueuePair qp;

    CmPeer(ConnectionManager cm) {
        this.cm = cm;
        this.channel = cm.createEventChannel();
    }

    /** Binds and listens on the address, then takes the first CONNECT_REQUEST's identifier. */
    CmEvent listenAndTakeRequest(InetSocketAddress address, Runnable ready) {
        return listenAndTakeRequest(address, PortSpace.TCP, ready);
    }

    /** Binds and listens on the address in a port space, then takes the first CONNECT_REQUEST's identifier. */
    CmEvent listenAndTakeRequest(InetSocketAddress address, PortSpace space, Runnable ready) {
        listener = cm.createId(channel, space, null);
        listener.bind(address);
        listener.listen(1);
        ready.run();
        CmEvent request = expect(CmEventType.CONNECT_REQUEST);
        id = request.id();
        return request;
    }

    /** Resolves the address and route of a server, in the TCP port space. */
    void resolve(InetSocketAddress server) {
        resolve(server, PortSpace.TCP);
    }

    /** Resolves the address and route of a server. */
    void resolve(InetSocketAddress server, PortSpace space) {
        id = cm.createId(channel, space, null);
        id.resolveAddress(null, server, TIMEOUT);
        expect(CmEventType.ADDR_RESOLVED).ack();
        id.resolveRoute(TIMEOUT);
        expect(CmEventType.ROUTE_RESOLVED).ack();
    }

    /** A PD, a send and a receive CQ, and a QP of the port space's type on the identifier ({@code rdma_create_qp}). */
    void createQp(int sendDepth, int recvDepth, int inline, Set<SendOpsFlag> ops) {
        Context context = id.context().orElseThrow();
        pd = context.allocateProtectionDomain();
        sendCq = context.createCompletionQueue(CqInitAttributes.builder(sendDepth * 2).build());
        recvCq = context.createCompletionQueue(CqInitAttributes.builder(recvDepth * 2).build());
        qp = id.createQueuePair(QpInitAttributes.builder(id.qpType(), pd, sendCq,
                        new QpCapabilities(sendDepth, recvDepth, 1, 1, inline))
                .recvCq(recvCq).sendOpsFlags(EnumSet.copyOf(ops)).build());
    }

    /** @return a registered buffer, deregistered on close */
    MemoryRegion register(int size, Set<AccessFlag> access) {
        MemorySegment buffer = arena.allocate(size, 64);
        MemoryRegion mr = pd.registerMemory(buffer, access);
        owned.add(mr);
        return mr;
    }

    /** Waits for the next event, which must be of that type (else it fails, naming what came). */
    CmEvent expect(CmEventType type) {
        CmEvent event = channel.getEvent(TIMEOUT);
        if (event == null) {
            throw new IllegalStateException("no " + type + " within " + TIMEOUT);
        }
        if (event.type() != type) {
            event.ack();
            throw new IllegalStateException("expected " + type + ", got " + event.type() + " status "
                    + event.status());
        }
        return event;
    }

    /** Waits for the next successful completion of a queue. */
    static Completion await(CompletionQueue cq, String what) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (cq.startPoll()) {
                try {
                    Completion completion = Completion.current(cq);
                    if (completion.status() != WcStatus.SUCCESS) {
                        throw new IllegalStateException(what + " completed with " + completion.status());
                    }
                    return completion;
                } finally {
                    cq.endPoll();
                }
            }
            Thread.onSpinWait();
        }
        throw new IllegalStateException("no completion of " + what + " within " + TIMEOUT);
    }

    /**
     * Waits for the next completion of a queue, which must be successful, and applies an action to the queue while
     * that completion is current (as verbs that read it in place need).
     */
    static <T> T atNextCompletion(CompletionQueue cq, String what, Function<CompletionQueue, T> action) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("no completion of " + what + " within " + TIMEOUT);
            }
            Thread.onSpinWait();
        }
        try {
            if (cq.status() != WcStatus.SUCCESS) {
                throw new IllegalStateException(what + " completed with " + cq.status());
            }
            return action.apply(cq);
        } finally {
            cq.endPoll();
        }
    }

    /** Disconnects if {@code first}, then waits for DISCONNECTED, and answers it if not {@code first}. */
    void disconnect(boolean first) {
        if (first) {
            id.disconnect();
        }
        expect(CmEventType.DISCONNECTED).ack();
        if (!first) {
            id.disconnect();
        }
    }

    @Override
    public void close() {
        if (qp != null) {
            id.destroyQueuePair();
        }
        for (AutoCloseable object : owned.reversed()) {
            closeQuietly(object);
        }
        closeQuietly(recvCq);
        closeQuietly(sendCq);
        closeQuietly(pd);
        closeQuietly(id);
        closeQuietly(listener);
        drainEvents();
        closeQuietly(channel);
        arena.close();
    }

    private void drainEvents() {
        for (CmEvent event = channel.tryGetEvent(); event != null; event = channel.tryGetEvent()) {
            event.ack();
        }
    }

    private static void closeQuietly(AutoCloseable object) {
        if (object == null) {
            return;
        }
        try {
            object.close();
        } catch (Exception e) {
            System.err.println("close " + object + ": " + e);
        }
    }
}
