package org.verbs4j.provider.soft.wire.roce.cm;

import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.ReceiveLoop;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;
import org.verbs4j.provider.soft.wire.roce.RocePacket;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * An rdma_cm peer built from this package and the RoCE v2 endpoint alone (no verbs, no queue pair behind it): it
 * speaks the CM on QP1 with Linux's kernel CM over rxe, with rdma_cm's private-data header and service IDs of the
 * TCP port space. It prints every MAD it sends (hex, BTH to MAD) and receives (BTH to ICRC) and every event.
 *
 * <ul>
 *   <li>{@code active LOCAL_IP REMOTE_IP PORT wait|disconnect|refused}: sends a REQ to the rdma_cm listener on
 *       REMOTE_IP and PORT; passes when the connection is established (REP answered with RTU) and then
 *       disconnected, by the peer's DREQ ({@code wait}) or by its own ({@code disconnect}); {@code refused}
 *       passes when a REJ with reason invalid service ID answers (no listener on PORT).</li>
 *   <li>{@code passive LOCAL_IP PORT accept|slow|reject}: listens; accepts the first REQ whose rdma_cm header
 *       names LOCAL_IP and PORT, sends DREQ once the RTU arrived, passes when the DREP arrived. {@code slow} first
 *       sends an MRA (service timeout 22, about 16 s) and accepts only {@link #SLOW_ACCEPT_S} s later, longer than
 *       the peer waits for an answer: passes only if no REQ came again later than one second after the MRA.
 *       {@code reject} answers the REQ with a REJ (consumer defined, private data "REJ") and passes once sent.</li>
 * </ul>
 * There is no queue pair behind the numbers it sends: data the C side sends after connecting goes unanswered.
 */
final class CmWirePeer {

    private static final long LIMIT_S = 180;
    private static final int PATH_MTU_1024 = 3;
    private static final long SLOW_ACCEPT_S = 8;
    private static final int MRA_SERVICE_TIMEOUT = 22;
    private static final byte[] REJECT_DATA = {'R', 'E', 'J'};

    private final PrintStream out = System.out;
    private final BlockingQueue<byte[]> inbox = new LinkedBlockingQueue<>();
    private final List<CmEvent> events = new CopyOnWriteArrayList<>();
    private final ByteBuffer packet = ByteBuffer.allocate(Gsi.PACKET_BYTES);
    private final InetAddress local;
    private RoceEndpoint endpoint;
    private int psn;
    private boolean disconnectWhenEstablished;
    private String mode;
    private CmConnection held;
    private volatile long mraSentAt;
    private volatile int lateRequests;
    private boolean rejectSent;
    private int rejectReason;

    private CmWirePeer(InetAddress local) {
        this.local = local;
    }

    public static void main(String[] args) throws Exception {
        boolean active = args[0].equals("active");
        CmWirePeer peer = new CmWirePeer(InetAddress.getByName(args[1]));
        peer.mode = args[active ? 4 : 3];
        String failure = active
                ? peer.active(InetAddress.getByName(args[2]), Integer.parseInt(args[3]), args[4].equals("disconnect"))
                : peer.passive(Integer.parseInt(args[2]));
        System.out.println(failure == null ? "PASS" : "FAIL: " + failure);
        System.exit(failure == null ? 0 : 1);
    }

    private String active(InetAddress remote, int port, boolean disconnect) throws Exception {
        disconnectWhenEstablished = disconnect;
        return run(cm -> {
            CmConnection connection = cm.connection(gid(remote), this::onEvent);
            byte[] header = new byte[CmaHeader.BYTES];
            CmaHeader.put(ByteBuffer.wrap(header), 0, ThreadLocalRandom.current().nextInt(1024, 65536),
                    local.getAddress(), remote.getAddress());
            connection.connect(ServiceId.of(ServiceId.PORT_SPACE_TCP, port), queuePair(), header, System.nanoTime());
        });
    }

    private String passive(int port) throws Exception {
        disconnectWhenEstablished = true;
        return run(cm -> cm.listen(ServiceId.of(ServiceId.PORT_SPACE_TCP, port), (connection, event) -> {
            if (event == CmEvent.CONNECT_REQUEST) {
                onRequest(connection, port);
            } else {
                onEvent(connection, event);
            }
        }));
    }

    private void onRequest(CmConnection connection, int port) {
        events.add(CmEvent.CONNECT_REQUEST);
        ByteBuffer data = ByteBuffer.wrap(connection.remotePrivateData());
        byte[] destination = new byte[4];
        CmaHeader.address(data, CmaHeader.destinationAddress(0), destination);
        out.printf("event CONNECT_REQUEST: service port %d, rdma_cm header version %d, IPv%d, from port %d, to %s,"
                + " peer QPN 0x%x PSN 0x%x%n", ServiceId.port(connection.serviceId()), CmaHeader.version(data, 0),
                CmaHeader.ipVersion(data, 0), CmaHeader.sourcePort(data, 0), HexFormat.of().formatHex(destination),
                connection.remote().qpn(), connection.remote().startingPsn());
        if (ServiceId.port(connection.serviceId()) != port || !Arrays.equals(destination, local.getAddress())) {
            connection.reject(RejectReason.NO_RESOURCES, new byte[0]);
        } else if (mode.equals("reject")) {
            connection.reject(RejectReason.CONSUMER_DEFINED, REJECT_DATA);
            rejectSent = true;
            out.println("sent REJ, consumer defined");
        } else if (mode.equals("slow")) {
            connection.acknowledge(MRA_SERVICE_TIMEOUT);
            mraSentAt = System.nanoTime();
            held = connection;
        } else {
            connection.accept(queuePair(), new byte[0], System.nanoTime());
        }
    }

    private void onEvent(CmConnection connection, CmEvent event) {
        events.add(event);
        rejectReason = connection.rejectReason();
        out.printf("event %s (local comm ID 0x%08x, remote 0x%08x, peer QPN 0x%x, reject reason %d)%n", event,
                connection.localCommId(), connection.remoteCommId(),
                connection.remote() == null ? 0 : connection.remote().qpn(), connection.rejectReason());
        if (event == CmEvent.ESTABLISHED && disconnectWhenEstablished) {
            connection.disconnect(System.nanoTime());
        }
    }

    private interface Start {
        void on(CmPort cm) throws Exception;
    }

    private String run(Start start) throws Exception {
        endpoint = RoceEndpoint.open(new InetSocketAddress(local, RoceV2.UDP_PORT));
        psn = ThreadLocalRandom.current().nextInt(1 << 24);
        try (ReceiveLoop loop = ReceiveLoop.start(endpoint, this::onPacket)) {
            CmPort cm = new CmPort(gid(local), 0x0200_5eff_fe00_0000L | ThreadLocalRandom.current().nextInt(1 << 24),
                    CmTimeouts.RDMA_CM, this::send, ThreadLocalRandom.current().nextInt());
            start.on(cm);
            out.println("ready");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_S);
            while (!finished() && System.nanoTime() - end < 0) {
                step(cm);
            }
            out.printf("events: %s; drops: %d, socket errors %d%n", events, endpoint.drops().total(),
                    loop.socketErrors());
            return verdict();
        } finally {
            endpoint.close();
        }
    }

    private void step(CmPort cm) throws Exception {
        long wait = Math.min(cm.deadline() - System.nanoTime(), TimeUnit.SECONDS.toNanos(1));
        byte[] received = inbox.poll(Math.max(wait, 0), TimeUnit.NANOSECONDS);
        long now = System.nanoTime();
        if (held != null && now - mraSentAt >= TimeUnit.SECONDS.toNanos(SLOW_ACCEPT_S)) {
            out.printf("accepting %d s after the MRA; REQs repeated later than 1 s after it: %d%n", SLOW_ACCEPT_S,
                    lateRequests);
            held.accept(queuePair(), new byte[0], now);
            held = null;
        }
        if (received != null) {
            ByteBuffer mad = ByteBuffer.wrap(received, 16, Mad.BYTES).slice();
            cm.onMad(mad, 0, Arrays.copyOf(received, 16), now);
        }
        cm.onTimer(now);
    }

    private boolean finished() {
        return rejectSent || events.contains(CmEvent.DISCONNECTED) || events.contains(CmEvent.REJECTED)
                || events.contains(CmEvent.UNREACHABLE);
    }

    private String verdict() {
        if (mode.equals("refused")) {
            return events.equals(List.of(CmEvent.REJECTED)) && rejectReason == RejectReason.INVALID_SERVICE_ID.code()
                    ? null : "expected a REJ with reason invalid service ID: " + events + ", reason " + rejectReason;
        }
        if (mode.equals("reject")) {
            return rejectSent ? null : "no REQ to reject: " + events;
        }
        if (lateRequests > 0) {
            return lateRequests + " REQ(s) came again more than 1 s after the MRA";
        }
        if (!events.contains(CmEvent.ESTABLISHED)) {
            return "never established: " + events;
        }
        return events.contains(CmEvent.DISCONNECTED) ? null : "never disconnected: " + events;
    }

    /** Keeps UD packets to the GSI: the sender's GID, then the MAD. */
    private void onPacket(RocePacket p) {
        ByteBuffer b = p.buffer();
        if (p.opcode() != Opcode.UD_SEND_ONLY || Bth.destQp(b, 0) != Gsi.QPN
                || Deth.qKey(b, RoceV2.BTH_BYTES) != Gsi.Q_KEY || p.payloadLength() < Mad.BYTES) {
            out.printf("not for the GSI, dropped: opcode %s to QP 0x%x%n", p.opcode(), Bth.destQp(b, 0));
            return;
        }
        long after = System.nanoTime() - mraSentAt;
        if (mraSentAt != 0 && Mad.attributeId(b, Gsi.MAD_AT) == CmAttribute.REQ.id()
                && after > TimeUnit.SECONDS.toNanos(1)) {
            lateRequests++;
        }
        byte[] copy = new byte[16 + Mad.BYTES];
        System.arraycopy(gid(p.sender().getAddress()), 0, copy, 0, 16);
        b.get(Gsi.MAD_AT, copy, 16, Mad.BYTES);
        out.printf("received %s from %s: %s%n", CmAttribute.of(Mad.attributeId(b, Gsi.MAD_AT)), p.sender(),
                hex(b, p.length()));
        inbox.add(copy);
    }

    private void send(ByteBuffer mad, byte[] peerGid) {
        int covered = Gsi.packet(packet, mad, psn);
        psn = (psn + 1) & Bth.MASK_24;
        out.printf("sending %s: %s%n", CmAttribute.of(Mad.attributeId(packet, Gsi.MAD_AT)),
                hex(packet, covered));
        try {
            endpoint.send(packet, covered, new InetSocketAddress(address(peerGid), RoceV2.UDP_PORT));
        } catch (java.io.IOException e) {
            out.printf("send failed: %s%n", e);
        }
    }

    private static QueuePairInfo queuePair() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new QueuePairInfo(0x100 + random.nextInt(0xFF00), random.nextInt(1 << 24), 1, 1, 7, 7, PATH_MTU_1024);
    }

    private static String hex(ByteBuffer b, int length) {
        byte[] bytes = new byte[length];
        b.get(0, bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static byte[] gid(InetAddress address) {
        byte[] gid = new byte[16];
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            gid[10] = -1;
            gid[11] = -1;
        }
        System.arraycopy(bytes, 0, gid, 16 - bytes.length, bytes.length);
        return gid;
    }

    private static InetAddress address(byte[] gid) throws UnknownHostException {
        boolean mapped = Arrays.equals(gid, 0, 12, new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1}, 0, 12);
        return InetAddress.getByAddress(mapped ? Arrays.copyOfRange(gid, 12, 16) : gid);
    }
}
