package org.verbs4j.provider.soft;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * One side of {@link NetworkDatagramTest}, in a JVM of its own whose soft0 lives on the network
 * ({@code -Dverbs4j.soft.addresses=...}): the server prints its QPN, receives the client's datagram, checks it
 * (payload, the IPv4 header rxe's receivers get in the GRH, source QPN, immediate data, SOURCE_GID) and answers
 * through an address handle made from the completion; the client sends to the QPN the server printed and checks
 * the answer. Then both play ping-pong with the same addresses, {@value #WARM_UP} exchanges to warm up and
 * {@value #MEASURED} measured: the data path must allocate nothing, neither in the thread that posts and polls nor
 * in the device's receive loop (less than a byte per exchange on average, as {@code AllocationTest} asks inside
 * the JVM). Prints one line per check that failed and exits 1 then; "PASS" and 0 when all held.
 *
 * <p>Usage: {@code server PEER_IP} or {@code client PEER_IP} (then the server's QPN on the first line of stdin).
 */
final class NetworkUdPeer {

    static final int QKEY = 0x11111111;
    static final int SIZE = 61;
    static final int IMMEDIATE = 0x0A0B0C0D;
    static final int WARM_UP = 20_000;
    static final int MEASURED = 5_000;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final String RECEIVE_LOOP = "verbs4j-roce-rx-";
    private static final Duration EXCHANGE_LIMIT = Duration.ofSeconds(10);

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.context.createCompletionQueue(CqInitAttributes.builder(16)
            .wcFlags(Rig.ALL_FIELDS).extraFields(Set.of(ExtraCompletionField.SOURCE_GID)).build());
    private final QueuePair qp = rig.qp(QpType.UD, cq, 8);
    private final MemoryRegion buffer = rig.region(4096);
    private final MemorySegment gid = rig.arena.allocate(16);
    private final StringBuilder failures = new StringBuilder();
    private final Gid peerGid;
    private final ReceiveRequest receive = new ReceiveRequest(1);
    private long sink;

    private NetworkUdPeer(InetAddress peer) {
        this.peerGid = Gid.of(peer);
        rig.toRtsUd(qp, QKEY);
        receive.wrId(3).sgList().add(buffer, 0, 40 + SIZE);
    }

    public static void main(String[] args) throws Exception {
        NetworkUdPeer peer = new NetworkUdPeer(InetAddress.getByName(args[1]));
        if (args[0].equals("server")) {
            peer.serve();
        } else {
            String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine();
            peer.ping(Integer.decode(line.trim()));
        }
        System.out.println(peer.failures.isEmpty() ? "PASS" : peer.failures);
        System.exit(peer.failures.isEmpty() ? 0 : 1);
    }

    private void serve() {
        Rig.postRecv(qp, 1, buffer, 0, 40 + SIZE);
        System.out.println("0x" + Integer.toHexString(qp.qpNum()));
        System.out.flush();
        awaitCompletion(Duration.ofSeconds(60));
        check("status", cq.status(), WcStatus.SUCCESS);
        check("opcode", cq.readOpcode(), WcOpcode.RECV);
        check("byte_len", cq.readByteLen(), 40 + SIZE);
        check("GRH and WITH_IMM flags", cq.readWcFlags() & (int) (WcFlag.GRH.value() | WcFlag.WITH_IMM.value()),
                (int) (WcFlag.GRH.value() | WcFlag.WITH_IMM.value()));
        check("immediate data", cq.readImmData(), IMMEDIATE);
        check("SOURCE_GID present", cq.readSourceGid(gid), true);
        check("SOURCE_GID", Gid.read(gid, 0), peerGid);
        int client = cq.readSrcQp();
        checkIpv4Grh(peerGid, rig.context.queryGid(1, 1));
        checkPayload(1);
        AddressHandle reply = rig.pd.createAddressHandleFromCompletion(cq, buffer.segment(), 1);
        cq.endPoll();
        check("reply's destination GID", reply.attributes().grh().dgid(), peerGid);
        qp.postReceive(receive); // before the reply: the client's first ping may follow it at once
        send(reply, client, 2, false);
        System.out.println("client QPN 0x" + Integer.toHexString(client));
        measure(count -> pingPong(reply, client, count, false));
    }

    private void ping(int server) {
        Rig.postRecv(qp, 1, buffer, 0, 40 + SIZE);
        AddressHandle ah = rig.pd.createAddressHandle(AhAttributes.global(peerGid, 1, 1));
        send(ah, server, 1, true);
        awaitCompletion(Duration.ofSeconds(30));
        check("reply status", cq.status(), WcStatus.SUCCESS);
        check("reply's source QPN", cq.readSrcQp(), server);
        check("reply byte_len", cq.readByteLen(), 40 + SIZE);
        check("SOURCE_GID absent (an address handle to the server exists)", cq.readSourceGid(gid), false);
        checkIpv4Grh(peerGid, rig.context.queryGid(1, 1));
        checkPayload(2);
        cq.endPoll();
        measure(count -> pingPong(ah, server, count, true));
    }

    /** Warms up, then measures what the exchanges allocate here and in the device's receive loop. */
    private void measure(java.util.function.IntConsumer exchanges) {
        exchanges.accept(WARM_UP);
        long loop = receiveLoopId();
        long mine = Thread.currentThread().threadId();
        long[] before = {allocated(mine), allocated(loop)};
        exchanges.accept(MEASURED);
        double postAndPoll = (double) (allocated(mine) - before[0]) / MEASURED;
        double receiving = (double) (allocated(loop) - before[1]) / MEASURED;
        System.out.printf("allocated per exchange: %.3f bytes posting and polling, %.3f in the receive loop%n",
                postAndPoll, receiving);
        check("bytes allocated per exchange, posting and polling, below 1", postAndPoll < 1, true);
        check("bytes allocated per datagram in the receive loop, below 1", receiving < 1, true);
        check("completions read", sink != 0, true);
    }

    /**
     * {@code count} exchanges: the client sends first, the server answers what it received. Each side has its
     * receive posted before its peer can send, as a datagram finding none is dropped: the client before its send,
     * the server before its answer, so one receive stays posted from each round to the next and from the warm-up
     * to the measured rounds (the first one {@link #serve} posts before its reply).
     */
    private void pingPong(AddressHandle ah, int qpn, int count, boolean client) {
        SendOps ops = qp.sendOps();
        for (int i = 0; i < count; i++) {
            if (client) {
                qp.postReceive(receive);
                post(ops, ah, qpn, i);
            } else {
                awaitOne();
                qp.postReceive(receive);
                post(ops, ah, qpn, i);
            }
            awaitOne();
            if (client) {
                awaitOne();
            }
        }
    }

    private void post(SendOps ops, AddressHandle ah, int qpn, int i) {
        ops.start();
        ops.wrId(i).wrFlags(SIGNALED).send().setUdAddr(ah, qpn, QKEY).setSge(buffer.lkey(), buffer.address() + 2048,
                SIZE);
        ops.complete();
    }

    /** Waits for one successful completion (a send or a receive) and reads it. */
    private void awaitOne() {
        awaitCompletion(EXCHANGE_LIMIT);
        if (cq.status() != WcStatus.SUCCESS) {
            System.out.println("exchange failed: " + cq.status());
            System.exit(3);
        }
        sink += cq.wrId() + cq.readByteLen() + cq.readSrcQp() + cq.readOpcode().ordinal();
        cq.endPoll();
    }

    private static long receiveLoopId() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(RECEIVE_LOOP))
                .findFirst().orElseThrow().threadId();
    }

    /** Reads com.sun.management.ThreadMXBean#getThreadAllocatedBytes through reflection. */
    private static long allocated(long threadId) {
        try {
            Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                    .invoke(null);
            Method method = Class.forName("com.sun.management.ThreadMXBean")
                    .getMethod("getThreadAllocatedBytes", long.class);
            return (Long) method.invoke(bean, threadId);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Sends one datagram of the pattern {@code seed} and waits for its send completion. */
    private void send(AddressHandle ah, int qpn, int seed, boolean immediate) {
        Rig.fill(buffer.segment().asSlice(2048, SIZE), seed);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(9).wrFlags(SIGNALED);
        if (immediate) {
            ops.sendWithImm(IMMEDIATE);
        } else {
            ops.send();
        }
        ops.setUdAddr(ah, qpn, QKEY).setSge(buffer.lkey(), buffer.address() + 2048, SIZE);
        ops.complete();
        awaitCompletion(Duration.ofSeconds(5));
        check("send status", cq.status(), WcStatus.SUCCESS);
        check("send opcode", cq.readOpcode(), WcOpcode.SEND);
        cq.endPoll();
    }

    /** rxe's GRH for RoCE v2 over IPv4: 20 zero bytes, then the packet's IPv4 header. */
    private void checkIpv4Grh(Gid source, Gid destination) {
        MemorySegment grh = buffer.segment();
        check("GRH bytes 0-19 zero", Arrays.equals(grh.asSlice(0, 20).toArray(ValueLayout.JAVA_BYTE), new byte[20]),
                true);
        check("IPv4 version and header length", grh.get(ValueLayout.JAVA_BYTE, 20), (byte) 0x45);
        check("IPv4 protocol UDP", grh.get(ValueLayout.JAVA_BYTE, 29), (byte) 17);
        check("IPv4 source", Integer.toUnsignedLong(Integer.reverseBytes(grh.get(ValueLayout.JAVA_INT_UNALIGNED, 32))),
                source.low() & 0xffffffffL);
        check("IPv4 destination",
                Integer.toUnsignedLong(Integer.reverseBytes(grh.get(ValueLayout.JAVA_INT_UNALIGNED, 36))),
                destination.low() & 0xffffffffL);
    }

    private void checkPayload(int seed) {
        MemorySegment expected = rig.arena.allocate(SIZE);
        Rig.fill(expected, seed);
        check("payload", buffer.segment().asSlice(40, SIZE).mismatch(expected), -1L);
    }

    private void awaitCompletion(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() > deadline) {
                System.out.println("no completion within " + limit);
                System.exit(2);
            }
            Thread.yield(); // the device's receive loop needs a processor too
        }
    }

    private void check(String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            failures.append(what).append(": ").append(actual).append(", expected ").append(expected).append('\n');
        }
    }
}
