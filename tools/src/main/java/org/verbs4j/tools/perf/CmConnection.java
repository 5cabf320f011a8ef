package org.verbs4j.tools.perf;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Function;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.tools.connect.PeerException;

/**
 * perftest's {@code -R}: the test's queue pair created on an rdma_cm identifier and connected by the
 * connection manager ({@code create_rdma_cm_connection}): a hand-shake, the client resolves the server's
 * address and route, creates its resources and connects (retrying while the server does not listen yet),
 * the server (listening on the port since before the hand-shake) accepts, and another hand-shake. At the end the server disconnects
 * and both wait for the DISCONNECTED event ({@code rdma_cm_disconnect_nodes}).
 */
final class CmConnection implements AutoCloseable {

    private static final long RETRY_MILLIS = 100;
    private static final int RETRIES = 7;
    private static final Duration RESOLVE = Duration.ofSeconds(2);

    private final ConnectionManager cm;
    private final PerfSettings settings;
    private final EventChannel channel;
    private CmId listener;
    private CmId id;
    private PerfEndpoint endpoint;
    private boolean finished;

    private CmConnection(ConnectionManager cm, PerfSettings settings) {
        this.cm = cm;
        this.settings = settings;
        this.channel = cm.createEventChannel();
    }

    /**
     * @param cm the device's connection manager
     * @param settings the run's settings: the role, the server and the port
     * @param link the out-of-band exchange, for the hand-shakes around the connection
     * @param outReads the reads and atomics each side allows (perftest's {@code out_reads})
     * @param endpoints makes this side's endpoint with its queue pair on the identifier
     * @return the connection, whose endpoint is ready for the test
     */
    static CmConnection open(ConnectionManager cm, PerfSettings settings, PerftestLink link, int outReads,
            Function<CmId, PerfEndpoint> endpoints) {
        CmConnection connection = new CmConnection(cm, settings);
        try {
            if (!settings.isClient()) {
                connection.listen();
            }
            link.keys(PerftestKeys.none());
            if (settings.isClient()) {
                connection.connect(outReads, endpoints);
            } else {
                connection.accept(outReads, endpoints);
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

    /** @return this side's endpoint */
    PerfEndpoint endpoint() {
        return endpoint;
    }

    /** Marks the test as done: closing then disconnects as perftest does and waits for the peer's side. */
    void finished() {
        finished = true;
    }

    private void connect(int outReads, Function<CmId, PerfEndpoint> endpoints) {
        InetSocketAddress server = new InetSocketAddress(settings.host(), settings.tcpPort());
        if (server.isUnresolved()) {
            throw new PeerException("unknown host " + settings.host());
        }
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        while (true) {
            CmEvent outcome = attempt(server, outReads, endpoints);
            if (outcome.type() == CmEventType.ESTABLISHED) {
                return;
            }
            release();
            if (System.nanoTime() - deadline > 0) {
                throw new PeerException("rdma_cm: couldn't connect the test's queue pair to " + server + ": "
                        + outcome.type() + " (status " + outcome.status() + ")");
            }
            pause();
        }
    }

    private CmEvent attempt(InetSocketAddress server, int outReads, Function<CmId, PerfEndpoint> endpoints) {
        id = cm.createId(channel, PortSpace.TCP, null);
        id.resolveAddress(null, server, RESOLVE);
        CmEvents.expect(channel, CmEventType.ADDR_RESOLVED, settings.timeout(), "address of " + server);
        id.resolveRoute(RESOLVE);
        CmEvents.expect(channel, CmEventType.ROUTE_RESOLVED, settings.timeout(), "route to " + server);
        endpoint = endpoints.apply(id);
        id.connect(params(outReads, outReads));
        return CmEvents.next(channel, settings.timeout(), "answer of " + server);
    }

    /**
     * Listens before the hand-shake that lets the client connect: the C client gives up after ten attempts a
     * tenth of a second apart, and a JVM may take longer than that to set up its first listener.
     */
    private void listen() {
        listener = cm.createId(channel, PortSpace.TCP, null);
        listener.bind(new InetSocketAddress("0.0.0.0", settings.tcpPort()));
        listener.listen(1);
    }

    private void accept(int outReads, Function<CmId, PerfEndpoint> endpoints) {
        CmEvent request = CmEvents.expect(channel, CmEventType.CONNECT_REQUEST, settings.timeout(),
                "client's rdma_cm queue pair on port " + settings.tcpPort());
        id = request.id();
        endpoint = endpoints.apply(id);
        ConnParam theirs = request.connParam().orElseThrow();
        id.accept(params(Math.min(outReads, theirs.initiatorDepth()), Math.min(outReads, theirs.responderResources())));
        listener.close();
        listener = null;
        CmEvents.expect(channel, CmEventType.ESTABLISHED, settings.timeout(), "established test connection");
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

    private void awaitDisconnect() {
        if (!settings.isClient()) {
            id.disconnect();
        }
        while (CmEvents.next(channel, settings.timeout(), "DISCONNECTED event from the peer").type()
                != CmEventType.DISCONNECTED) {
            // another event of the connection (TIMEWAIT_EXIT): keep waiting
        }
        if (settings.isClient()) {
            disconnectQuietly(id);
        }
    }

    private void release() {
        if (listener != null) {
            listener.close();
            listener = null;
        }
        if (endpoint != null) {
            endpoint.close();
            endpoint = null;
        }
        if (id != null) {
            id.close();
            id = null;
        }
    }

    @Override
    public void close() {
        try {
            if (id != null && finished) {
                awaitDisconnect();
            } else if (id != null) {
                disconnectQuietly(id);
            }
        } finally {
            release();
            channel.close();
        }
    }
}
