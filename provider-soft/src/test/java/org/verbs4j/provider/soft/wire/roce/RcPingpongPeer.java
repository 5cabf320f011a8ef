package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * One iteration of rdma-core's {@code ibv_rc_pingpong} as the server, built from this package's codecs alone: it
 * receives the C client's message (SEND first, middle and last packets at path MTU 1024), acknowledges it with an
 * RC ACKNOWLEDGE, sends its own message segmented the same way, and waits for rxe's acknowledgement of it. The C
 * client run with {@code -n 1} ends well only if rxe took the acknowledgement and the message.
 *
 * <p>Usage: {@code LOCAL_IP TCP_PORT SIZE}. Exit status 0 when both messages were acknowledged.
 */
final class RcPingpongPeer {

    private static final int MTU = 1024;
    private static final long TIMEOUT_S = 60;
    private static final byte C_TOOL_FILL = 0x7B;

    private final BlockingQueue<ReceivedCopy> inbox = new LinkedBlockingQueue<>();
    private final ByteBuffer packet = ByteBuffer.allocateDirect(MTU + 64);
    private final int size;
    private PingpongRecord mine;
    private PingpongRecord theirs;

    private RcPingpongPeer(int size) {
        this.size = size;
    }

    public static void main(String[] args) throws Exception {
        InetAddress local = InetAddress.getByName(args[0]);
        String failure = new RcPingpongPeer(Integer.parseInt(args[2])).run(local, Integer.parseInt(args[1]));
        System.out.println(failure == null ? "PASS" : "FAIL: " + failure);
        System.exit(failure == null ? 0 : 1);
    }

    private String run(InetAddress local, int tcpPort) throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        mine = new PingpongRecord(0, 0x100 + random.nextInt(0xFF00), random.nextInt(1 << 24), Gids.of(local));
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(local, RoceV2.UDP_PORT));
        try (ReceiveLoop loop = ReceiveLoop.start(endpoint, p -> inbox.add(ReceivedCopy.of(p)))) {
            theirs = PingpongLink.asServer(local, tcpPort, mine);
            System.out.printf("local QPN 0x%06x PSN 0x%06x, remote QPN 0x%06x PSN 0x%06x%n", mine.qpn(), mine.psn(),
                    theirs.qpn(), theirs.psn());
            InetSocketAddress peer = new InetSocketAddress(Gids.address(theirs.gid()), RoceV2.UDP_PORT);
            String failure = receiveMessage(endpoint, peer);
            failure = failure != null ? failure : sendMessage(endpoint, peer);
            System.out.printf("drops: %d (bad ICRC %d), socket errors %d%n", endpoint.drops().total(),
                    endpoint.drops().count(DropReason.BAD_ICRC), loop.socketErrors());
            return failure;
        }
    }

    private int packets() {
        return (size + MTU - 1) / MTU;
    }

    /** Receives the client's message, packet by packet in PSN order, and acknowledges its last PSN. */
    private String receiveMessage(RoceEndpoint endpoint, InetSocketAddress peer) throws Exception {
        int expected = theirs.psn();
        int received = 0;
        while (received < size) {
            ReceivedCopy copy = inbox.poll(TIMEOUT_S, TimeUnit.SECONDS);
            if (copy == null) {
                return "no request packet within " + TIMEOUT_S + " s";
            }
            ByteBuffer b = copy.buffer();
            int psn = Bth.psn(b, 0);
            System.out.printf("rxe request %s PSN 0x%06x AckReq %b from %s: %s%n", copy.opcode(), psn,
                    Bth.ackRequest(b, 0), copy.sender(), copy.hex());
            if (psn != expected) {
                continue;
            }
            String wrong = checkRequest(copy, received);
            if (wrong != null) {
                return wrong;
            }
            received += copy.payload().length;
            expected = expected + 1 & Bth.MASK_24;
        }
        acknowledge(endpoint, peer, expected - 1 & Bth.MASK_24);
        return null;
    }

    private String checkRequest(ReceivedCopy copy, int offset) {
        Opcode want = packets() == 1 ? Opcode.RC_SEND_ONLY : offset == 0 ? Opcode.RC_SEND_FIRST
                : offset + MTU >= size ? Opcode.RC_SEND_LAST : Opcode.RC_SEND_MIDDLE;
        if (copy.opcode() != want || Bth.destQp(copy.buffer(), 0) != mine.qpn()) {
            return "expected " + want + " to QPN " + mine.qpn() + ": " + copy.hex();
        }
        for (byte value : copy.payload()) {
            if (value != C_TOOL_FILL) {
                return "unexpected payload byte " + value + " in " + copy.hex();
            }
        }
        return null;
    }

    private void acknowledge(RoceEndpoint endpoint, InetSocketAddress peer, int psn) throws IOException {
        packet.clear();
        Bth.put(packet, 0, Opcode.RC_ACKNOWLEDGE, 0, 0, RoceV2.DEFAULT_PKEY, theirs.qpn(), psn);
        Aeth.put(packet, RoceV2.BTH_BYTES, Aeth.ack(Aeth.UNLIMITED_CREDITS), 1);
        endpoint.send(packet, Opcode.RC_ACKNOWLEDGE.headerBytes(), peer);
    }

    /** Sends this side's message, first to last packet, until rxe acknowledges its last PSN. */
    private String sendMessage(RoceEndpoint endpoint, InetSocketAddress peer) throws Exception {
        int last = mine.psn() + packets() - 1 & Bth.MASK_24;
        for (int attempt = 0; attempt < 5; attempt++) {
            for (int i = 0; i < packets(); i++) {
                sendPacket(endpoint, peer, i);
            }
            String outcome = awaitAck(endpoint, peer, last);
            if (!"timeout".equals(outcome)) {
                return outcome;
            }
        }
        return "rxe never acknowledged PSN " + last;
    }

    private void sendPacket(RoceEndpoint endpoint, InetSocketAddress peer, int i) throws IOException {
        Opcode opcode = packets() == 1 ? Opcode.RC_SEND_ONLY : i == 0 ? Opcode.RC_SEND_FIRST
                : i == packets() - 1 ? Opcode.RC_SEND_LAST : Opcode.RC_SEND_MIDDLE;
        int payload = Math.min(MTU, size - i * MTU);
        int pad = Bth.padFor(payload);
        int flags = opcode.part().ends() ? BthFlags.ACK_REQUEST : 0;
        packet.clear();
        Bth.put(packet, 0, opcode, flags, pad, RoceV2.DEFAULT_PKEY, theirs.qpn(), mine.psn() + i & Bth.MASK_24);
        for (int k = 0; k < payload + pad; k++) {
            packet.put(RoceV2.BTH_BYTES + k, k < payload ? (byte) (i * MTU + k) : 0);
        }
        endpoint.send(packet, RoceV2.BTH_BYTES + payload + pad, peer);
    }

    /** @return null once rxe acknowledged {@code last}, "timeout" if it did not in time, else what went wrong */
    private String awaitAck(RoceEndpoint endpoint, InetSocketAddress peer, int last) throws Exception {
        while (true) {
            ReceivedCopy copy = inbox.poll(10, TimeUnit.SECONDS);
            if (copy == null) {
                return "timeout";
            }
            ByteBuffer b = copy.buffer();
            if (copy.opcode() != Opcode.RC_ACKNOWLEDGE) {
                acknowledge(endpoint, peer, theirs.psn() + packets() - 1 & Bth.MASK_24);
                continue;
            }
            int syndrome = Aeth.syndrome(b, RoceV2.BTH_BYTES);
            System.out.printf("rxe ACKNOWLEDGE PSN 0x%06x %s value %d MSN %d from %s: %s%n", Bth.psn(b, 0),
                    AckType.of(syndrome), Aeth.value(syndrome), Aeth.msn(b, RoceV2.BTH_BYTES), copy.sender(),
                    copy.hex());
            if (AckType.of(syndrome) != AckType.ACK) {
                return "rxe answered " + AckType.of(syndrome) + " " + NakCode.of(Aeth.value(syndrome));
            }
            if (Bth.psn(b, 0) == last) {
                return Aeth.msn(b, RoceV2.BTH_BYTES) == 1 ? null : "MSN " + Aeth.msn(b, RoceV2.BTH_BYTES) + ", not 1";
            }
        }
    }
}
