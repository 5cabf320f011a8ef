package org.verbs4j.provider.generic.bench;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.generic.GenericProvider;

/**
 * rdma-core's {@code ibv_rc_pingpong} through Verbs4J, wire-compatible with it (the 52-byte TCP
 * exchange of {@code pingpong.c}, the same QP parameters and the same send/receive loop), so that either
 * side can be the C tool. Prints the C tool's two result lines.
 *
 * <p>As the C tool, it busy-polls the completion queue by default; with {@code -e} it sleeps on completion
 * events instead ({@code ibv_rc_pingpong -e}): the queue has a completion channel, is armed once before the
 * exchange, and each turn of the loop waits for an event, re-arms the queue, then polls once; the events
 * are acknowledged at the end. As the C tool, a message that fits the queue pair's inline data is sent
 * inline. The clock starts after the client's first send is posted, as in C.
 *
 * <p>Usage: {@code RcPingPong [-e] DEVICE GID_INDEX ITERS SIZE PORT [SERVER_HOST]}; without a host it is
 * the server. {@code -Dverbs4j.bench.warmup=N} first runs N untimed iterations, in the same mode, between
 * two local queue pairs, then waits until the JIT has compiled nothing for a second (at most a minute), so
 * that the timed exchange does not share the CPUs with compilations of the warm-up; that wait needs
 * {@code --add-modules java.management}.
 */
public final class RcPingPong {

    private static final int RX_DEPTH = 500;
    private static final long RECV_WRID = 1;
    private static final long SEND_WRID = 2;
    private static final int IB_PORT = 1;

    private final QueuePair qp;
    private final CompletionQueue cq;
    private final CompletionChannel channel;
    private final SendOps ops;
    private final ReceiveRequest recv = new ReceiveRequest(1);
    private final MemoryRegion mr;
    private final int size;
    private final int sendFlags;
    private int events;
    private long pending;

    private RcPingPong(QueuePair qp, CompletionQueue cq, CompletionChannel channel, MemoryRegion mr, int size) {
        this.qp = qp;
        this.cq = cq;
        this.channel = channel;
        this.ops = qp.sendOps();
        this.mr = mr;
        this.size = size;
        this.sendFlags = (int) SendFlag.SIGNALED.value()
                | (inline() ? (int) SendFlag.INLINE.value() : 0);
        recv.wrId(RECV_WRID).sgList().add(mr, 0, size);
    }

    /**
     * @param args {@code -e} for completion events, then device, GID index, iterations, message size, TCP
     *     port, and the server host for a client
     */
    public static void main(String[] args) throws Exception {
        boolean useEvents = args[0].equals("-e");
        String[] a = useEvents ? java.util.Arrays.copyOfRange(args, 1, args.length) : args;
        int gidIndex = Integer.parseInt(a[1]);
        int iters = Integer.parseInt(a[2]);
        int size = Integer.parseInt(a[3]);
        int port = Integer.parseInt(a[4]);
        String server = a.length > 5 && !a[5].isEmpty() ? a[5] : null;
        int warmUp = Integer.getInteger("verbs4j.bench.warmup", 0);
        try (Context context = new GenericProvider().devices().stream().filter(d -> d.name().equals(a[0]))
                .findFirst().orElseThrow().open(); Arena arena = Arena.ofShared()) {
            ProtectionDomain pd = context.allocateProtectionDomain();
            if (warmUp > 0) {
                warmUp(context, pd, arena, gidIndex, warmUp, size, useEvents);
                awaitJitQuiescence();
            }
            RcPingPong pingPong = endpoint(context, pd, arena, size, useEvents);
            pingPong.run(context, gidIndex, iters, port, server);
            pingPong.close();
            pd.close();
        }
    }

    private static RcPingPong endpoint(Context context, ProtectionDomain pd, Arena arena, int size,
            boolean useEvents) {
        MemoryRegion mr = pd.registerMemory(arena.allocate(size, 4096).fill((byte) 0x7b),
                EnumSet.of(org.verbs4j.AccessFlag.LOCAL_WRITE));
        CompletionChannel channel = useEvents ? context.createCompletionChannel() : null;
        CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(RX_DEPTH + 1).channel(channel)
                .build());
        QueuePair qp = context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                new QpCapabilities(1, RX_DEPTH, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
        return new RcPingPong(qp, cq, channel, mr, size);
    }

    /** @return whether the C tool would send inline: the queue pair's actual max_inline_data holds a message */
    private boolean inline() {
        return qp.capabilities().maxInlineData() >= size;
    }

    private void close() {
        qp.close();
        cq.ackEvents(events);
        cq.close();
        if (channel != null) {
            channel.close();
        }
        mr.close();
    }

    /**
     * JIT warm-up before the measured exchange: the same loop between two queue pairs of this process,
     * in two threads, untimed. The C tool needs none; the JVM compiles the loop here instead of during
     * the measurement.
     */
    private static void warmUp(Context context, ProtectionDomain pd, Arena arena, int gidIndex, int iters, int size,
            boolean useEvents) throws InterruptedException {
        RcPingPong a = endpoint(context, pd, arena, size, useEvents);
        RcPingPong b = endpoint(context, pd, arena, size, useEvents);
        int psnA = 1;
        int psnB = 2;
        a.init(gidIndex);
        b.init(gidIndex);
        String gid = HexFormat.of().formatHex(context.queryGid(IB_PORT, gidIndex).toBytes());
        a.connectQp(new String[] {"0000", Integer.toHexString(b.qp.qpNum()), Integer.toHexString(psnB), gid},
                gidIndex, psnA);
        b.connectQp(new String[] {"0000", Integer.toHexString(a.qp.qpNum()), Integer.toHexString(psnA), gid},
                gidIndex, psnB);
        Thread server = Thread.ofPlatform().start(() -> b.loop(iters));
        a.postFirstSend();
        a.loop(iters);
        server.join();
        a.close();
        b.close();
    }

    /**
     * Waits until the JIT's total compilation time stops growing for a second, at most a minute
     * ({@code CompilationMXBean}, reached reflectively: the provider's module does not read
     * java.management).
     */
    private static void awaitJitQuiescence() throws ReflectiveOperationException, InterruptedException {
        Object jit = Class.forName("java.lang.management.ManagementFactory").getMethod("getCompilationMXBean")
                .invoke(null);
        java.lang.reflect.Method total = Class.forName("java.lang.management.CompilationMXBean")
                .getMethod("getTotalCompilationTime");
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(1).toNanos();
        long last = -1;
        for (long now = (long) total.invoke(jit); now != last && System.nanoTime() < deadline;
                now = (long) total.invoke(jit)) {
            last = now;
            Thread.sleep(1000);
        }
    }

    private void init(int gidIndex) {
        recipe(gidIndex).toInit(qp);
        for (int i = 0; i < RX_DEPTH; i++) {
            qp.postReceive(recv);
        }
        if (channel != null) {
            cq.requestNotification(false);
        }
        pending = RECV_WRID;
    }

    private void run(Context context, int gidIndex, int iters, int port, String server) throws IOException {
        init(gidIndex);
        int psn = ThreadLocalRandom.current().nextInt(0x1000000);
        Gid gid = context.queryGid(IB_PORT, gidIndex);
        String mine = String.format("%04x:%06x:%06x:%s", context.queryPort(IB_PORT).lid(), qp.qpNum(), psn,
                HexFormat.of().formatHex(gid.toBytes()));
        String[] remote = server == null ? serve(port, mine, gidIndex, psn) : connect(server, port, mine);
        if (server != null) {
            connectQp(remote, gidIndex, psn);
            postFirstSend();
        }
        long start = System.nanoTime();
        loop(iters);
        long usec = (System.nanoTime() - start) / 1000;
        long bytes = (long) size * iters * 2;
        System.out.printf("%d bytes in %.2f seconds = %.2f Mbit/sec%n", bytes, usec / 1e6, bytes * 8.0 / usec);
        System.out.printf("%d iters in %.2f seconds = %.2f usec/iter%n", iters, usec / 1e6, usec / (double) iters);
    }

    private String[] serve(int port, String mine, int gidIndex, int psn) throws IOException {
        try (ServerSocket listener = new ServerSocket(port); Socket socket = listener.accept()) {
            String[] remote = read(socket);
            connectQp(remote, gidIndex, psn);
            write(socket.getOutputStream(), mine);
            socket.getInputStream().readNBytes(5);
            return remote;
        }
    }

    private static String[] connect(String host, int port, String mine) throws IOException {
        try (Socket socket = new Socket(host, port)) {
            write(socket.getOutputStream(), mine);
            String[] remote = read(socket);
            socket.getOutputStream().write("done\0".getBytes(StandardCharsets.US_ASCII));
            return remote;
        }
    }

    private static void write(OutputStream out, String record) throws IOException {
        byte[] bytes = new byte[52];
        System.arraycopy(record.getBytes(StandardCharsets.US_ASCII), 0, bytes, 0, 51);
        out.write(bytes);
        out.flush();
    }

    private static String[] read(Socket socket) throws IOException {
        byte[] bytes = new byte[52];
        new DataInputStream(socket.getInputStream()).readFully(bytes);
        return new String(bytes, 0, 51, StandardCharsets.US_ASCII).split(":");
    }

    private void connectQp(String[] remote, int gidIndex, int psn) {
        Gid dgid = Gid.ofBytes(HexFormat.of().parseHex(remote[3]));
        Destination peer = new Destination(Integer.parseInt(remote[0], 16), Integer.parseInt(remote[1], 16),
                Integer.parseInt(remote[2], 16), dgid);
        recipe(gidIndex).connect(qp, psn, peer);
    }

    /** @return the connect recipe of {@code ibv_rc_pingpong}: MTU 1024, SL 0, no remote access */
    private static ConnectRecipe recipe(int gidIndex) {
        return ConnectRecipe.pingPong(IB_PORT, Mtu.MTU_1024, 0, gidIndex);
    }

    /** The client's first send, before the clock starts (C: before {@code gettimeofday(&start)}). */
    private void postFirstSend() {
        postSend();
        pending |= SEND_WRID;
    }

    /** The loop of {@code ibv_rc_pingpong}: until {@code iters} sends and receives completed. */
    private void loop(int iters) {
        int routs = RX_DEPTH;
        int rcnt = 0;
        int scnt = 0;
        while (rcnt < iters || scnt < iters) {
            if (channel != null) {
                awaitEvent();
            }
            if (!cq.startPoll()) {
                continue;
            }
            do {
                if (cq.status() != WcStatus.SUCCESS) {
                    throw new IllegalStateException("completion " + cq.wrId() + " failed: " + cq.status());
                }
                long wrId = cq.wrId();
                if (wrId == SEND_WRID) {
                    scnt++;
                } else {
                    if (--routs <= 1) {
                        for (; routs < RX_DEPTH; routs++) {
                            qp.postReceive(recv);
                        }
                    }
                    rcnt++;
                }
                pending &= ~wrId;
                if (scnt < iters && pending == 0) {
                    postSend();
                    pending = RECV_WRID | SEND_WRID;
                }
            } while (cq.nextPoll());
            cq.endPoll();
        }
    }

    /** Waits for the next completion event of the queue and re-arms it, as {@code ibv_rc_pingpong -e}. */
    private void awaitEvent() {
        CompletionQueue notified = channel.getEvent();
        events++;
        if (notified != cq) {
            throw new IllegalStateException("CQ event for an unknown CQ " + notified);
        }
        cq.requestNotification(false);
    }

    private void postSend() {
        ops.start();
        ops.wrId(SEND_WRID).wrFlags(sendFlags).send();
        if ((sendFlags & (int) SendFlag.INLINE.value()) != 0) {
            ops.setInlineData(mr.segment());
        } else {
            ops.setSge(mr.lkey(), mr.address(), size);
        }
        ops.complete();
    }
}
