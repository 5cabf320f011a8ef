package org.verbs4j.tools.perf;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.QpType;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.tools.connect.PeerException;

/**
 * perftest's {@code -R}: the test's queue pairs created on rdma_cm identifiers and connected by the
 * connection manager ({@code create_rdma_cm_connection}): a hand-shake, the client resolves the server's
 * address and route, creates its resources and connects (retrying while the server does not listen yet), one
 * identifier after the other ({@code -q}), the server (listening on the port since before the hand-shake)
 * accepts as many requests, the queue pairs numbered in the order of the requests, and another hand-shake. At
 * the end the server disconnects and both wait for the DISCONNECTED events ({@code rdma_cm_disconnect_nodes}).
 * Over UD ({@code -c UD}) the identifiers are of the UDP port space: the client sends to what its ESTABLISHED
 * event gives, the server gets no ESTABLISHED, and there is nothing to disconnect; in a latency test the client
 * then sends its QP number in a first datagram, from which the server makes its address handle.
 */
final class CmConnection implements AutoCloseable {

    private static final long RETRY_MILLIS = 100;
    private static final int RETRIES = 7;
    private static final Duration RESOLVE = Duration.ofSeconds(2);

    private final ConnectionManager cm;
    private final PerfSettings settings;
    private final EventChannel channel;
    private final List<CmId> ids = new ArrayList<>();
    private final List<PerfEndpoint> endpoints = new ArrayList<>();
    private CmId listener;
    private boolean finished;

    private CmConnection(ConnectionManager cm, PerfSettings settings) {
        this.cm = cm;
        this.settings = settings;
        this.channel = cm.createEventChannel();
    }

    /**
     * @param cm the device's connection manager
     * @param settings the run's settings: the role, the server, the port and the number of queue pairs
     * @param link the out-of-band exchange, for the hand-shakes around the connection
     * @param outReads the reads and atomics each side allows (perftest's {@code out_reads})
     * @param factory makes an endpoint with its queue pair on an identifier
     * @return the connection, whose endpoints are ready for the test
     */
    static CmConnection open(ConnectionManager cm, PerfSettings settings, PerftestLink link, int outReads,
            Function<CmId, PerfEndpoint> factory) {
        CmConnection connection = new CmConnection(cm, settings);
        try {
            if (!settings.isClient()) {
                connection.listen();
            }
            link.keys(PerftestKeys.none());
            if (settings.isClient()) {
                connection.connectAll(outReads, factory);
            } else {
                connection.acceptAll(outReads, factory);
            }
            link.keys(PerftestKeys.none());
            return connection;
        } catch (RuntimeException failure) {
            try {
                connection.close();
            } catch (RuntimeException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
    }

    /** @return this side's endpoints, in the order of their connections */
    PerfEndpoint[] endpoints() {
        return endpoints.toArray(PerfEndpoint[]::new);
    }

    /** Marks the test as done: closing then disconnects as perftest does and waits for the peer's side. */
    void finished() {
        finished = true;
    }

    private void connectAll(int outReads, Function<CmId, PerfEndpoint> factory) {
        InetSocketAddress server = new InetSocketAddress(settings.host(), settings.tcpPort());
        if (server.isUnresolved()) {
            throw new PeerException("unknown host " + settings.host());
        }
        for (int i = 0; i < settings.queuePairs(); i++) {
            connect(server, outReads, factory);
        }
    }

    private void connect(InetSocketAddress server, int outReads, Function<CmId, PerfEndpoint> factory) {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        while (true) {
            CmEvent outcome = attempt(server, outReads, factory);
            if (outcome.type() == CmEventType.ESTABLISHED) {
                return;
            }
            releaseLast();
            if (System.nanoTime() - deadline > 0) {
                throw new PeerException("rdma_cm: couldn't connect the test's queue pair to " + server + ": "
                        + outcome.type() + " (status " + outcome.status() + ")");
            }
            pause();
        }
    }

    private CmEvent attempt(InetSocketAddress server, int outReads, Function<CmId, PerfEndpoint> factory) {
        CmId id = cm.createId(channel, portSpace(), null);
        ids.add(id);
        id.resolveAddress(null, server, RESOLVE);
        CmEvents.expect(channel, CmEventType.ADDR_RESOLVED, settings.timeout(), "address of " + server);
        id.resolveRoute(RESOLVE);
        CmEvents.expect(channel, CmEventType.ROUTE_RESOLVED, settings.timeout(), "route to " + server);
        PerfEndpoint endpoint = factory.apply(id);
        endpoints.add(endpoint);
        id.connect(params(outReads, outReads));
        CmEvent answer = CmEvents.next(channel, settings.timeout(), "answer of " + server);
        if (datagrams() && answer.type() == CmEventType.ESTABLISHED) {
            endpoint.sendTo(answer.udParam().orElseThrow());
            if (settings.repliesToDatagram()) {
                endpoint.sendQpNumber();
            }
        }
        return answer;
    }

    /** @return whether the queue pairs are UD: perftest's rdma_cm port space is then UDP, else TCP */
    private boolean datagrams() {
        return settings.connection() == QpType.UD;
    }

    private PortSpace portSpace() {
        return datagrams() ? PortSpace.UDP : PortSpace.TCP;
    }

    /**
     * Listens before the hand-shake that lets the client connect: the C client gives up after ten attempts a
     * tenth of a second apart, and a JVM may take longer than that to set up its first listener.
     */
    private void listen() {
        listener = cm.createId(channel, portSpace(), null);
        listener.bind(new InetSocketAddress("0.0.0.0", settings.tcpPort()));
        listener.listen(settings.queuePairs());
    }

    /**
     * Accepts the client's requests as they come and waits until each connection is established (the
     * ESTABLISHED of one may come before the request of the next); a UD server gets no ESTABLISHED.
     */
    private void acceptAll(int outReads, Function<CmId, PerfEndpoint> factory) {
        int established = datagrams() ? settings.queuePairs() : 0;
        while (established < settings.queuePairs() || ids.size() < settings.queuePairs()) {
            CmEvent event = CmEvents.next(channel, settings.timeout(), "client's rdma_cm queue pair on port "
                    + settings.tcpPort());
            if (event.type() == CmEventType.CONNECT_REQUEST && ids.size() < settings.queuePairs()) {
                accept(event, outReads, factory);
            } else if (event.type() == CmEventType.ESTABLISHED) {
                established++;
            } else {
                throw new PeerException("rdma_cm: client's rdma_cm queue pair on port " + settings.tcpPort()
                        + ": expected CONNECT_REQUEST or ESTABLISHED, got " + event.type() + " (status "
                        + event.status() + ")");
            }
        }
        listener.close();
        listener = null;
    }

    private void accept(CmEvent request, int outReads, Function<CmId, PerfEndpoint> factory) {
        CmId id = request.id();
        ids.add(id);
        PerfEndpoint endpoint = factory.apply(id);
        endpoints.add(endpoint);
        int initiator = request.connParam().map(ConnParam::initiatorDepth).orElse(0);
        int responder = request.connParam().map(ConnParam::responderResources).orElse(0);
        if (settings.repliesToDatagram()) {
            endpoint.expectPeerDatagram();
        }
        id.accept(params(Math.min(outReads, initiator), Math.min(outReads, responder)));
        if (settings.repliesToDatagram()) {
            endpoint.learnPeerFromDatagram();
        }
    }

    /** {@code rdma_conn_param} as perftest fills it: read and atomic resources only for those tests. */
    private ConnParam params(int responder, int initiator) {
        PerfTest.Verb verb = settings.test().verb();
        boolean reads = verb == PerfTest.Verb.READ || verb == PerfTest.Verb.ATOMIC;
        return new ConnParam(null, reads ? responder : 0, reads ? initiator : 0, false, RETRIES, RETRIES, false, 0);
    }

    /**
     * Disconnects an identifier if it is still connected: the peer may have done so first.
     *
     * @param id the identifier
     */
    static void disconnectQuietly(CmId id) {
        try {
            id.disconnect();
        } catch (VerbsException alreadyDisconnected) {
            // the peer disconnected first, or the connection never came up: nothing is left to end
        }
    }

    /** Waits between the client's attempts. */
    static void pause() {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new PeerException("interrupted while connecting", interrupted);
        }
    }

    private void awaitDisconnects() {
        if (!settings.isClient()) {
            ids.forEach(CmId::disconnect);
        }
        int disconnected = 0;
        while (disconnected < ids.size()) {
            if (CmEvents.next(channel, settings.timeout(), "DISCONNECTED event from the peer").type()
                    == CmEventType.DISCONNECTED) {
                disconnected++;
            }
        }
        if (settings.isClient()) {
            ids.forEach(CmConnection::disconnectQuietly);
        }
    }

    /** Releases the last identifier and its endpoint, after a failed attempt to connect it. */
    private void releaseLast() {
        if (endpoints.size() == ids.size()) {
            endpoints.removeLast().close();
        }
        ids.removeLast().close();
    }

    private void release() {
        if (listener != null) {
            listener.close();
            listener = null;
        }
        while (!ids.isEmpty()) {
            releaseLast();
        }
    }

    @Override
    public void close() {
        try {
            if (datagrams()) {
                // UD identifiers have no connection to end (rdma_cm_disconnect_nodes skips them)
            } else if (!ids.isEmpty() && finished) {
                awaitDisconnects();
            } else {
                ids.forEach(CmConnection::disconnectQuietly);
            }
        } finally {
            release();
            channel.close();
        }
    }
}
