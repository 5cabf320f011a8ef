package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A UD peer of rdma-core's {@code ibv_ud_pingpong} built from this package's codecs alone (no verbs, no device): it
 * exchanges addresses over TCP as the C tool does, then sends UD SEND packets with the tool's Q_Key and checks
 * every packet it receives. The C tool's send buffer is its receive buffer, so every message it sends after
 * its first echoes the last one it received: the peer checks those bytes too.
 *
 * <p>The role {@code one-way} is a client that only sends: rxe sends IPv6 with a zero UDP checksum, which a Linux
 * socket refuses (only the option {@code UDP_NO_CHECK6_RX}, which Java does not have, accepts it), so over IPv6
 * the peer can prove only that rxe accepts its packets: {@code ibv_ud_pingpong -n 1} as server completes once it
 * received one message and sent its answer.
 *
 * <p>Usage: {@code client|server|one-way LOCAL_IP TCP_PORT TCP_SERVER_IP SIZE ITERS}: LOCAL_IP is the RoCE address
 * (its GID goes to the peer), TCP_SERVER_IP the address the server's TCP listener has (the C tool listens on IPv4
 * only). Exit status 0 when every message went and came back right.
 */
final class UdPingpongPeer {

    static final int QKEY = 0x11111111;
    private static final long RECEIVE_TIMEOUT_S = 60;
    private static final byte C_TOOL_FILL = 0x7B;

    private final boolean client;
    private final boolean oneWay;
    private final int size;
    private final int iters;
    private final PrintStream out;
    private final PingpongRecord mine;
    private final ByteBuffer packet;
    private final BlockingQueue<ReceivedCopy> inbox = new LinkedBlockingQueue<>();
    private PingpongRecord theirs;
    private int psn;

    private UdPingpongPeer(boolean client, boolean oneWay, InetAddress local, int size, int iters, PrintStream out) {
        this.client = client;
        this.oneWay = oneWay;
        this.size = size;
        this.iters = iters;
        this.out = out;
        ThreadLocalRandom random = ThreadLocalRandom.current();
        this.psn = random.nextInt(1 << 24);
        this.mine = new PingpongRecord(0, 0x100 + random.nextInt(0xFF00), psn, Gids.of(local));
        this.packet = ByteBuffer.allocateDirect(RoceV2.BTH_BYTES + 8 + size + 8);
    }

    public static void main(String[] args) throws Exception {
        boolean client = !args[0].equals("server");
        boolean oneWay = args[0].equals("one-way");
        InetAddress local = InetAddress.getByName(args[1]);
        int size = Integer.parseInt(args[4]);
        UdPingpongPeer peer = new UdPingpongPeer(client, oneWay, local, size, Integer.parseInt(args[5]), System.out);
        String failure = peer.run(local, Integer.parseInt(args[2]), InetAddress.getByName(args[3]));
        System.out.println(failure == null ? "PASS" : "FAIL: " + failure);
        System.exit(failure == null ? 0 : 1);
    }

    private String run(InetAddress local, int tcpPort, InetAddress tcpServer) throws Exception {
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(local, RoceV2.UDP_PORT));
        try (ReceiveLoop loop = ReceiveLoop.start(endpoint, p -> inbox.add(ReceivedCopy.of(p)))) {
            theirs = client ? PingpongLink.asClient(tcpServer, tcpPort, mine)
                    : PingpongLink.asServer(tcpServer, tcpPort, mine);
            out.printf("local QPN 0x%06x PSN 0x%06x, remote QPN 0x%06x GID %s%n", mine.qpn(), mine.psn(), theirs.qpn(),
                    Gids.address(theirs.gid()).getHostAddress());
            InetSocketAddress peer = new InetSocketAddress(Gids.address(theirs.gid()), RoceV2.UDP_PORT);
            String failure = oneWay ? sendOnly(endpoint, peer)
                    : client ? pingFirst(endpoint, peer) : pongFirst(endpoint, peer);
            out.printf("drops: %d (bad ICRC %d), socket errors %d%n", endpoint.drops().total(),
                    endpoint.drops().count(DropReason.BAD_ICRC), loop.socketErrors());
            return failure != null ? failure : endpoint.drops().total() == 0 ? null : "packets were dropped";
        }
    }

    private String pingFirst(RoceEndpoint endpoint, InetSocketAddress peer) throws Exception {
        for (int i = 0; i < iters; i++) {
            send(endpoint, peer, i);
            String failure = check(receive(i), pattern(i), i);
            if (failure != null) {
                return failure;
            }
        }
        return null;
    }

    private String sendOnly(RoceEndpoint endpoint, InetSocketAddress peer) throws Exception {
        for (int i = 0; i < iters; i++) {
            send(endpoint, peer, i);
        }
        ReceivedCopy answer = inbox.poll(5, TimeUnit.SECONDS);
        out.printf("sent %d message(s); %s%n", iters, answer == null ? "no answer reached this socket"
                : "an answer arrived: " + answer.hex());
        return null;
    }

    private String pongFirst(RoceEndpoint endpoint, InetSocketAddress peer) throws Exception {
        for (int i = 0; i < iters; i++) {
            byte[] expected = i == 0 ? filled(C_TOOL_FILL) : pattern(i - 1);
            String failure = check(receive(i), expected, i);
            if (failure != null) {
                return failure;
            }
            send(endpoint, peer, i);
        }
        return null;
    }

    private ReceivedCopy receive(int i) throws InterruptedException {
        ReceivedCopy copy = inbox.poll(RECEIVE_TIMEOUT_S, TimeUnit.SECONDS);
        if (copy != null && i == 0) {
            out.printf("first packet received from %s to port %d: %s%n", copy.sender(), RoceV2.UDP_PORT, copy.hex());
        }
        return copy;
    }

    private void send(RoceEndpoint endpoint, InetSocketAddress peer, int i) throws IOException {
        int pad = Bth.padFor(size);
        packet.clear();
        Bth.put(packet, 0, Opcode.UD_SEND_ONLY, 0, pad, RoceV2.DEFAULT_PKEY, theirs.qpn(), psn++);
        Deth.put(packet, RoceV2.BTH_BYTES, QKEY, mine.qpn());
        packet.put(Opcode.UD_SEND_ONLY.headerBytes(), pattern(i));
        for (int k = 0; k < pad; k++) {
            packet.put(Opcode.UD_SEND_ONLY.headerBytes() + size + k, (byte) 0);
        }
        endpoint.send(packet, Opcode.UD_SEND_ONLY.headerBytes() + size + pad, peer);
    }

    private String check(ReceivedCopy copy, byte[] expected, int i) {
        if (copy == null) {
            return "message " + i + ": nothing received within " + RECEIVE_TIMEOUT_S + " s";
        }
        ByteBuffer b = copy.buffer();
        int deth = Opcode.UD_SEND_ONLY.offsetOf(ExtensionHeader.DETH);
        if (copy.opcode() != Opcode.UD_SEND_ONLY || Bth.destQp(b, 0) != mine.qpn() || Deth.qKey(b, deth) != QKEY
                || Deth.sourceQp(b, deth) != theirs.qpn() || Bth.pKey(b, 0) != RoceV2.DEFAULT_PKEY) {
            return "message " + i + ": unexpected headers " + copy.hex();
        }
        return Arrays.equals(copy.payload(), expected) ? null : "message " + i + ": unexpected payload " + copy.hex();
    }

    private byte[] pattern(int i) {
        byte[] bytes = new byte[size];
        for (int k = 0; k < size; k++) {
            bytes[k] = (byte) (i * 31 + k);
        }
        return bytes;
    }

    private byte[] filled(byte value) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, value);
        return bytes;
    }
}
