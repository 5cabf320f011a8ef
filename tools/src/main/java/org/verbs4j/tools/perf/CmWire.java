package org.verbs4j.tools.perf;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.locks.LockSupport;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.VerbsObject;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.tools.connect.PeerException;

/**
 * perftest's out-of-band exchange over rdma_cm ({@code -R}, "Data ex. method: rdma_cm"): an RC queue pair
 * connected through the connection manager on the TCP port's number ({@code rdma_server_connect},
 * {@code rdma_client_connect}), one receive always posted, and each message one signaled SEND
 * ({@code rdma_write_data}, {@code rdma_read_data}). The server listens on every address; the client retries
 * while the server does not listen yet, until the timeout.
 */
final class CmWire implements PerftestWire {

    private static final int RECEIVE_BYTES = 256;
    private static final long SEND_OFFSET = RECEIVE_BYTES;
    private static final long RECV_WRID = 1;
    private static final long SEND_WRID = 2;
    private static final int RETRIES = 7;
    private static final Duration RESOLVE = Duration.ofSeconds(2);
    private static final ConnParam PARAMS = new ConnParam(null, 0, 0, false, RETRIES, RETRIES, false, 0);
    private static final int BUSY_POLLS = 1 << 10;
    private static final long PAUSE_NANOS = 50_000;

    private final EventChannel channel;
    private final CmId id;
    private final Duration timeout;
    private final ReceiveRequest receive = new ReceiveRequest(1).wrId(RECV_WRID);
    private Arena arena;
    private ProtectionDomain pd;
    private MemoryRegion mr;
    private CompletionQueue sendCq;
    private CompletionQueue recvCq;
    private QueuePair qp;

    private CmWire(EventChannel channel, CmId id, Duration timeout) {
        this.channel = channel;
        this.id = id;
        this.timeout = timeout;
    }

    /**
     * Listens on {@code port} and accepts one client's connection.
     *
     * @param cm the device's connection manager
     * @param port the port
     * @param timeout how long to wait for the client, and later for each message
     * @return the wire
     * @throws PeerException if no client connected in time
     */
    static CmWire accept(ConnectionManager cm, int port, Duration timeout) {
        EventChannel channel = cm.createEventChannel();
        CmWire wire = null;
        try {
            CmId connection;
            try (CmId listener = cm.createId(channel, PortSpace.TCP, null)) {
                listener.bind(new InetSocketAddress("0.0.0.0", port));
                listener.listen(1);
                connection = CmEvents.expect(channel, CmEventType.CONNECT_REQUEST, timeout,
                        "client's connection on port " + port).id();
            }
            wire = new CmWire(channel, connection, timeout);
            wire.open();
            connection.accept(PARAMS);
            CmEvents.expect(channel, CmEventType.ESTABLISHED, timeout, "established exchange connection");
            return wire;
        } catch (RuntimeException failure) {
            closeAfter(failure, wire, channel);
            throw failure;
        }
    }

    /**
     * Connects to the server's port, retrying while it does not listen yet, until the timeout.
     *
     * @param cm the device's connection manager
     * @param host the server
     * @param port the port
     * @param timeout how long to try, and later to wait for each message
     * @return the wire
     * @throws PeerException if the server did not accept in time or cannot be resolved
     */
    static CmWire connect(ConnectionManager cm, String host, int port, Duration timeout) {
        InetSocketAddress server = new InetSocketAddress(host, port);
        if (server.isUnresolved()) {
            throw new PeerException("unknown host " + host);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            CmEvent outcome = null;
            EventChannel channel = cm.createEventChannel();
            CmWire wire = null;
            try {
                wire = new CmWire(channel, cm.createId(channel, PortSpace.TCP, null), timeout);
                outcome = wire.dial(server);
                if (outcome.type() == CmEventType.ESTABLISHED) {
                    return wire;
                }
            } catch (RuntimeException failure) {
                closeAfter(failure, wire, channel);
                throw failure;
            }
            wire.close();
            if (System.nanoTime() - deadline > 0) {
                throw new PeerException("rdma_cm: couldn't connect to " + host + ":" + port + ": " + outcome.type()
                        + " (status " + outcome.status() + "; is the server running?)");
            }
            CmConnection.pause();
        }
    }

    private CmEvent dial(InetSocketAddress server) {
        id.resolveAddress(null, server, RESOLVE);
        CmEvents.expect(channel, CmEventType.ADDR_RESOLVED, timeout, "address of " + server);
        id.resolveRoute(RESOLVE);
        CmEvents.expect(channel, CmEventType.ROUTE_RESOLVED, timeout, "route to " + server);
        open();
        id.connect(PARAMS);
        return CmEvents.next(channel, timeout, "answer of " + server);
    }

    private void open() {
        Context context = id.context().orElseThrow(() -> new PeerException("rdma_cm: the identifier has no device"));
        arena = Arena.ofShared();
        pd = context.allocateProtectionDomain();
        mr = pd.registerMemory(arena.allocate(2L * RECEIVE_BYTES, 4096), EnumSet.of(AccessFlag.LOCAL_WRITE));
        sendCq = context.createCompletionQueue(CqInitAttributes.builder(2).build());
        recvCq = context.createCompletionQueue(CqInitAttributes.builder(2).build());
        qp = id.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, sendCq, new QpCapabilities(1, 1, 1, 1, 0))
                .recvCq(recvCq).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
        receive.sgList().add(mr, 0, RECEIVE_BYTES);
        qp.postReceive(receive);
    }

    @Override
    public void write(byte[] message, String what) {
        MemorySegment.copy(message, 0, mr.segment(), ValueLayout.JAVA_BYTE, SEND_OFFSET, message.length);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(SEND_WRID).wrFlags((int) SendFlag.SIGNALED.value()).send();
        ops.setSge(mr.lkey(), mr.segment().address() + SEND_OFFSET, message.length);
        ops.complete();
        await(sendCq, "the acknowledgement of " + what);
    }

    @Override
    public byte[] read(int length, String what) {
        await(recvCq, what);
        byte[] message = mr.segment().asSlice(0, length).toArray(ValueLayout.JAVA_BYTE);
        qp.postReceive(receive);
        return message;
    }

    private void await(CompletionQueue cq, String what) {
        long start = System.nanoTime();
        int polls = 0;
        while (!cq.startPoll()) {
            if (++polls > BUSY_POLLS) {
                if (System.nanoTime() - start > timeout.toNanos()) {
                    throw new PeerException("the peer did not send " + what + " within " + timeout.toMillis() / 1000.0
                            + " s");
                }
                LockSupport.parkNanos(PAUSE_NANOS);
            }
        }
        WcStatus status = cq.status();
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw new PeerException("rdma_cm exchange: " + what + " failed: " + status.cName());
        }
    }

    @Override
    public boolean binaryKeys() {
        return true;
    }

    private static void closeAfter(RuntimeException failure, CmWire wire, EventChannel channel) {
        try {
            if (wire != null) {
                wire.close();
            } else {
                channel.close();
            }
        } catch (RuntimeException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    @Override
    public void close() {
        if (qp != null) {
            CmConnection.disconnectQuietly(id);
            id.destroyQueuePair();
        }
        closeResources();
        id.close();
        channel.close();
    }

    private void closeResources() {
        for (VerbsObject resource : new VerbsObject[] {recvCq, sendCq, mr, pd}) {
            if (resource != null) {
                resource.close();
            }
        }
        if (arena != null) {
            arena.close();
        }
    }
}
