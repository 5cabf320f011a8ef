package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
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
import org.verbs4j.Verbs;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.CmStatus;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * One side of {@link NetworkCmTest}: rdma_cm between two JVMs whose soft0 are on the network, over the IB CM.
 *
 * <ul>
 *   <li>{@code server LOCAL_IP PORT}: listens on PORT; accepts the first request (private data "welcome", its
 *       buffer's address and rkey), takes the client's SEND "hello", checks the client's RDMA WRITE after the
 *       client's DREQ, disconnects; rejects the second request (private data "busy").</li>
 *   <li>{@code client SERVER_IP PORT}: after a line on stdin (the server listens), connects, sends "hello",
 *       writes 64 bytes and reads 64 bytes of the server's buffer, disconnects; connects again and expects
 *       REJECTED (consumer defined, "busy"); connects to PORT + 1, where nobody listens, and expects REJECTED
 *       (invalid service ID).</li>
 * </ul>
 * Prints "ready" once listening (server), then PASS or throws; ends after a line on stdin (the server's CM answers
 * the client's last request until then).
 */
final class NetworkCmPeer {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int BYTES = 256;
    private static final int WRITTEN_AT = 128;
    private static final int CHUNK = 64;
    private static final byte[] WELCOME = "welcome".getBytes(US_ASCII);
    private static final byte[] BUSY = "busy".getBytes(US_ASCII);

    private NetworkCmPeer() {
    }

    public static void main(String[] args) throws Exception {
        InetAddress address = InetAddress.getByName(args[1]);
        int port = Integer.parseInt(args[2]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, US_ASCII));
        if (args[0].equals("server")) {
            server(new InetSocketAddress(address, port));
        } else {
            in.readLine();
            client(new InetSocketAddress(address, port));
        }
        in.readLine();
        System.out.println("PASS");
        System.exit(0);
    }

    // ---- server ----

    private static void server(InetSocketAddress bound) {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel(); CmId listener = cm.createId(events, PortSpace.TCP, null)) {
            listener.bind(bound);
            listener.listen(4);
            System.out.println("ready");
            serveOne(expect(events, CmEventType.CONNECT_REQUEST).id(), events);
            CmId second = expect(events, CmEventType.CONNECT_REQUEST).id();
            second.reject(BUSY);
            second.close();
        }
    }

    private static void serveOne(CmId connection, EventChannel events) {
        Context context = connection.context().orElseThrow();
        try (Arena arena = Arena.ofShared();
             ProtectionDomain pd = context.allocateProtectionDomain();
             CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
             MemoryRegion mr = pd.registerMemory(arena.allocate(BYTES), EnumSet.of(AccessFlag.LOCAL_WRITE,
                     AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ))) {
            fill(mr.segment(), 0, CHUNK, 7);
            QueuePair qp = connection.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(16, 16, 1, 1, 0)).build());
            ReceiveRequest receive = new ReceiveRequest(1).wrId(1);
            receive.sgList().add(mr, CHUNK, CHUNK);
            qp.postReceive(receive);
            connection.accept(ConnParam.defaults().withRdAtomic(1, 1).withPrivateData(offer(mr)));
            expect(events, CmEventType.ESTABLISHED);
            require(pollOne(cq) == WcStatus.SUCCESS, "the SEND's receive completes");
            require(mr.segment().getString(CHUNK).equals("hello"), "the SEND carried hello");
            expect(events, CmEventType.DISCONNECTED);
            require(holds(mr.segment(), WRITTEN_AT, CHUNK, 3), "the RDMA WRITE landed");
            connection.disconnect();
            connection.destroyQueuePair();
        } finally {
            connection.close();
        }
    }

    /** @return "welcome", then the buffer's address and rkey */
    private static byte[] offer(MemoryRegion mr) {
        ByteBuffer data = ByteBuffer.allocate(WELCOME.length + 12).put(WELCOME);
        return data.putLong(mr.address()).putInt(mr.rkey()).array();
    }

    // ---- client ----

    private static void client(InetSocketAddress server) {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel()) {
            transfer(cm, events, server);
            CmEvent refused = attempt(cm, events, server);
            require(refused.type() == CmEventType.REJECTED && refused.status() == CmStatus.REJECT_CONSUMER_DEFINED,
                    "the second request is rejected by the consumer: " + refused);
            require(Arrays.equals(Arrays.copyOf(refused.privateData(), BUSY.length), BUSY), "the REJ says busy");
            CmEvent nobody = attempt(cm, events, new InetSocketAddress(server.getAddress(), server.getPort() + 1));
            require(nobody.type() == CmEventType.REJECTED && nobody.status() == CmStatus.REJECT_INVALID_SERVICE_ID,
                    "a port without listener rejects: " + nobody);
        }
    }

    private static void transfer(ConnectionManager cm, EventChannel events, InetSocketAddress server) {
        try (CmId id = cm.createId(events, PortSpace.TCP, null); Arena arena = Arena.ofShared()) {
            resolve(id, events, server);
            Context context = id.context().orElseThrow();
            try (ProtectionDomain pd = context.allocateProtectionDomain();
                 CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
                 MemoryRegion mr = pd.registerMemory(arena.allocate(BYTES), EnumSet.of(AccessFlag.LOCAL_WRITE))) {
                QueuePair qp = id.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                        new QpCapabilities(16, 16, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND,
                        SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_READ)).build());
                id.connect(ConnParam.defaults().withRdAtomic(1, 1));
                CmEvent established = expect(events, CmEventType.ESTABLISHED);
                ByteBuffer offer = ByteBuffer.wrap(established.privateData());
                require(Arrays.equals(Arrays.copyOf(established.privateData(), WELCOME.length), WELCOME),
                        "the REP carries welcome");
                long remote = offer.getLong(WELCOME.length);
                int rkey = offer.getInt(WELCOME.length + 8);
                mr.segment().setString(0, "hello");
                post(qp, ops -> ops.send(), mr, 0, 6);
                require(pollOne(cq) == WcStatus.SUCCESS, "the SEND completes");
                fill(mr.segment(), CHUNK, CHUNK, 3);
                post(qp, ops -> ops.rdmaWrite(rkey, remote + WRITTEN_AT), mr, CHUNK, CHUNK);
                require(pollOne(cq) == WcStatus.SUCCESS, "the RDMA WRITE completes");
                post(qp, ops -> ops.rdmaRead(rkey, remote), mr, WRITTEN_AT, CHUNK);
                require(pollOne(cq) == WcStatus.SUCCESS, "the RDMA READ completes");
                require(holds(mr.segment(), WRITTEN_AT, CHUNK, 7), "the RDMA READ brought the server's bytes");
                id.disconnect();
                expect(events, CmEventType.DISCONNECTED);
                id.destroyQueuePair();
            }
        }
    }

    /** @return the event that ends a connection attempt without a QP */
    private static CmEvent attempt(ConnectionManager cm, EventChannel events, InetSocketAddress server) {
        try (CmId id = cm.createId(events, PortSpace.TCP, null)) {
            resolve(id, events, server);
            id.connect(ConnParam.defaults());
            CmEvent event = events.getEvent(WAIT);
            require(event != null, "an answer to the request to " + server + " within " + WAIT);
            event.ack();
            return event;
        }
    }

    private static void resolve(CmId id, EventChannel events, InetSocketAddress server) {
        id.resolveAddress(null, server, Duration.ofSeconds(2));
        expect(events, CmEventType.ADDR_RESOLVED);
        id.resolveRoute(Duration.ofSeconds(2));
        expect(events, CmEventType.ROUTE_RESOLVED);
    }

    // ---- helpers ----

    private interface Opcode {
        void on(SendOps ops);
    }

    private static void post(QueuePair qp, Opcode opcode, MemoryRegion mr, int offset, int length) {
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(offset).wrFlags(SendFlag.SIGNALED);
        opcode.on(ops);
        ops.setSge(mr.lkey(), mr.address() + offset, length);
        ops.complete();
    }

    private static WcStatus pollOne(CompletionQueue cq) {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!cq.startPoll()) {
            require(System.nanoTime() - end < 0, "a completion within " + WAIT);
            Thread.onSpinWait();
        }
        WcStatus status = cq.status();
        cq.endPoll();
        return status;
    }

    private static CmEvent expect(EventChannel events, CmEventType type) {
        CmEvent event = events.getEvent(WAIT);
        require(event != null, type + " within " + WAIT);
        event.ack();
        require(event.type() == type, "expected " + type + ", got " + event + " (status " + event.status() + ")");
        return event;
    }

    private static void fill(MemorySegment segment, int offset, int length, int seed) {
        for (int i = 0; i < length; i++) {
            segment.set(ValueLayout.JAVA_BYTE, offset + i, (byte) (seed * i + 1));
        }
    }

    private static boolean holds(MemorySegment segment, int offset, int length, int seed) {
        for (int i = 0; i < length; i++) {
            if (segment.get(ValueLayout.JAVA_BYTE, offset + i) != (byte) (seed * i + 1)) {
                return false;
            }
        }
        return true;
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("failed: " + what);
        }
    }
}
