package org.verbs4j.provider.soft.wire.roce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.rc.ConnectedQueuePair;
import org.verbs4j.provider.soft.wire.roce.rc.PacketSink;
import org.verbs4j.provider.soft.wire.roce.rc.ReceiveCompletion;
import org.verbs4j.provider.soft.wire.roce.rc.RemoteAccess;
import org.verbs4j.provider.soft.wire.roce.rc.Requester;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterConfig;
import org.verbs4j.provider.soft.wire.roce.rc.RequesterListener;
import org.verbs4j.provider.soft.wire.roce.rc.Responder;
import org.verbs4j.provider.soft.wire.roce.rc.ResponderConfig;
import org.verbs4j.provider.soft.wire.roce.rc.ResponderTarget;

/**
 * The Java side of the RDMA WRITE, READ and atomic exchange with {@code vm/guest/rc-ops.c} on rxe, built from the RC
 * machines of {@code wire.roce.rc}: first rxe writes, reads and runs atomics on this side's memory (the responder),
 * then this side does the same to rxe's (the requester); each side checks bytes, completions and original values.
 * The layout and the patterns are the C program's.
 *
 * <p>Usage: {@code LOCAL_IP TCP_PORT MTU}. Exit status 0 when both directions were right.
 */
final class RcOpsPeer implements RequesterListener, ResponderTarget {

    private static final int REGION = 65536;
    private static final int LEN = 8192;
    private static final int WRITE_AT = 8192;
    private static final int COUNTER_AT = 16384;
    private static final long TIMEOUT_S = 120;

    private record Completion(long wrId, WcOpcode opcode, WcStatus status) {
    }

    private final byte[] memory = new byte[REGION];
    private final ByteBuffer view = ByteBuffer.wrap(memory).order(ByteOrder.LITTLE_ENDIAN);
    private final byte[] source = new byte[LEN];
    private final byte[] readBack = new byte[LEN];
    private final long[] originals = new long[2];
    private final BlockingQueue<Completion> completions = new LinkedBlockingQueue<>();
    private final Object lock = new Object();
    private final long base = 0x7f00_0000_0000L + ThreadLocalRandom.current().nextInt(1 << 20) * 4096L;
    private final int rKey = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
    private final int qpn = 0x100 + ThreadLocalRandom.current().nextInt(0xFF00);
    private final int psn = ThreadLocalRandom.current().nextInt(1 << 24);
    private volatile ConnectedQueuePair qp;
    private volatile boolean running = true;

    public static void main(String[] args) throws Exception {
        String failure = new RcOpsPeer().run(InetAddress.getByName(args[0]), Integer.parseInt(args[1]),
                Integer.parseInt(args[2]));
        System.out.println(failure == null ? "PASS" : "FAIL: " + failure);
        System.exit(failure == null ? 0 : 1);
    }

    private String run(InetAddress local, int tcpPort, int mtu) throws Exception {
        for (int i = 0; i < LEN; i++) {
            memory[i] = (byte) (i * 5 + 3);
            source[i] = (byte) (i * 11 + 5);
        }
        view.putLong(COUNTER_AT, 5000);
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(local, RoceV2.UDP_PORT));
        try (ReceiveLoop loop = ReceiveLoop.start(endpoint, this::onPacket);
                ServerSocket listener = new ServerSocket()) {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(local, tcpPort), 1);
            listener.setSoTimeout((int) TimeUnit.SECONDS.toMillis(TIMEOUT_S));
            try (Socket socket = listener.accept()) {
                socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(TIMEOUT_S));
                Thread timer = Thread.ofPlatform().daemon().name("rc-timer").start(this::timers);
                String failure = exchange(socket, endpoint, local, mtu);
                running = false;
                timer.join();
                System.out.printf("drops %d (bad ICRC %d), socket errors %d%n", endpoint.drops().total(),
                        endpoint.drops().count(DropReason.BAD_ICRC), loop.socketErrors());
                return failure;
            }
        }
    }

    private String exchange(Socket socket, RoceEndpoint endpoint, InetAddress local, int mtu) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        OutputStream out = socket.getOutputStream();
        String[] theirs = in.readLine().trim().split(" ");
        String mine = String.format("%06x %06x %s %016x %08x%n", qpn, psn, HexFormat.of().formatHex(Gids.of(local)),
                base, rKey);
        out.write(mine.getBytes(StandardCharsets.US_ASCII));
        int peerQpn = Integer.parseInt(theirs[0], 16);
        long peerAddress = Long.parseUnsignedLong(theirs[3], 16);
        int peerKey = (int) Long.parseLong(theirs[4], 16);
        InetSocketAddress peer = new InetSocketAddress(Gids.address(HexFormat.of().parseHex(theirs[2])),
                RoceV2.UDP_PORT);
        System.out.printf("local QPN 0x%06x PSN 0x%06x, remote QPN 0x%06x PSN %s address 0x%x rkey 0x%x%n", qpn, psn,
                peerQpn, theirs[1], peerAddress, peerKey);
        qp = machines(endpoint, peer, peerQpn, Integer.parseInt(theirs[1], 16), mtu);
        if (!"C-done".equals(in.readLine())) {
            return "the C side did not finish its operations";
        }
        String wrong = checkWhatRxeDid();
        if (wrong != null) {
            return wrong;
        }
        wrong = operate(peerAddress, peerKey);
        if (wrong != null) {
            return wrong;
        }
        out.write("J-done\n".getBytes(StandardCharsets.US_ASCII));
        return null;
    }

    private String checkWhatRxeDid() {
        synchronized (lock) {
            for (int i = 0; i < LEN; i++) {
                if (memory[WRITE_AT + i] != (byte) (i * 7 + 2)) {
                    return "rxe's RDMA WRITE left byte " + i + " wrong";
                }
            }
            long counter = view.getLong(COUNTER_AT);
            System.out.printf("rxe wrote %d bytes; the counter after rxe's atomics: %d%n", LEN, counter);
            return counter == 9999 ? null : "counter " + counter + " after rxe's FETCH_ADD 7 and CMP_SWP, not 9999";
        }
    }

    private String operate(long peerAddress, int peerKey) throws InterruptedException {
        synchronized (lock) {
            Requester requester = qp.requester();
            long now = System.nanoTime();
            requester.nextSlot().write(1, LEN, peerAddress + WRITE_AT, peerKey);
            requester.post(now);
            requester.nextSlot().read(2, LEN, peerAddress, peerKey);
            requester.post(now);
            requester.nextSlot().fetchAdd(3, peerAddress + COUNTER_AT, peerKey, 3);
            requester.post(now);
            requester.nextSlot().compareSwap(4, peerAddress + COUNTER_AT, peerKey, 1003, 42);
            requester.post(now);
        }
        for (int i = 1; i <= 4; i++) {
            Completion completion = completions.poll(TIMEOUT_S, TimeUnit.SECONDS);
            System.out.println("completion " + completion);
            if (completion == null || completion.wrId() != i || completion.status() != WcStatus.SUCCESS) {
                return "completion " + i + ": " + completion;
            }
        }
        for (int i = 0; i < LEN; i++) {
            if (readBack[i] != (byte) (i * 3 + 1)) {
                return "RDMA READ from rxe: byte " + i + " wrong";
            }
        }
        System.out.printf("read %d bytes from rxe; FETCH_ADD original %d, CMP_SWP original %d%n", LEN, originals[0],
                originals[1]);
        return originals[0] == 1000 && originals[1] == 1003 ? null : "atomic originals from rxe";
    }

    private ConnectedQueuePair machines(RoceEndpoint endpoint, InetSocketAddress peer, int peerQpn, int peerPsn,
            int mtu) {
        PacketSink sink = (packet, length) -> {
            try {
                endpoint.send(packet, length, peer);
            } catch (IOException e) {
                System.out.println("send failed: " + e);
            }
        };
        RequesterConfig requester = new RequesterConfig(Transport.RC, peerQpn, psn, mtu, 4, 14, 7, 7, 16);
        ResponderConfig responder = new ResponderConfig(Transport.RC, peerQpn, peerPsn, mtu, 4, 12,
                java.util.Set.of(RemoteAccess.values()));
        return new ConnectedQueuePair(new Requester(requester, sink, this::copy, this),
                new Responder(responder, sink, this));
    }

    private void onPacket(RocePacket packet) {
        ConnectedQueuePair machines = qp;
        if (machines == null || Bth.destQp(packet.buffer(), 0) != qpn) {
            return;
        }
        synchronized (lock) {
            machines.onPacket(packet.buffer(), packet.length(), System.nanoTime());
        }
    }

    private void timers() {
        while (running) {
            long wait = 1_000_000;
            ConnectedQueuePair machines = qp;
            if (machines != null) {
                synchronized (lock) {
                    long now = System.nanoTime();
                    if (machines.requester().deadline() <= now) {
                        machines.requester().onTimer(now);
                    }
                    wait = Math.min(machines.requester().deadline() - now, wait);
                }
            }
            LockSupport.parkNanos(Math.max(wait, 10_000));
        }
    }

    private void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.put(at, source, (int) offset, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.get(at, readBack, (int) offset, length);
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        originals[(int) wrId - 3] = original;
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        completions.add(new Completion(wrId, opcode, status));
    }

    @Override
    public boolean claimReceive() {
        return false;
    }

    @Override
    public boolean placeReceive(long offset, ByteBuffer packet, int at, int length) {
        return false;
    }

    @Override
    public void completeReceive(ReceiveCompletion completion) {
        throw new IllegalStateException("rc-ops sends no SEND");
    }

    @Override
    public boolean mayAccess(long address, int key, long length, RemoteAccess access) {
        return key == rKey && address >= base && address + length <= base + REGION;
    }

    @Override
    public void write(long address, int key, ByteBuffer packet, int at, int length) {
        packet.get(at, memory, (int) (address - base), length);
    }

    @Override
    public void read(long address, int key, ByteBuffer packet, int at, int length) {
        packet.put(at, memory, (int) (address - base), length);
    }

    @Override
    public long atomic(long address, int key, boolean compareSwap, long swapOrAdd, long compare) {
        int at = (int) (address - base);
        long original = view.getLong(at);
        view.putLong(at, compareSwap ? (original == compare ? swapOrAdd : original) : original + swapOrAdd);
        return original;
    }

    @Override
    public void atomicWrite(long address, int key, long value) {
        view.putLong((int) (address - base), Long.reverseBytes(value)); // the view is little-endian
    }

    @Override
    public boolean mayFlush(long address, int key, long length, boolean wholeRegion, RemoteAccess access) {
        return key == rKey && (wholeRegion || mayAccess(address, key, length, access));
    }

    @Override
    public void flush() {
        // the region is a Java array: placed bytes are visible to the peer program already
    }
}
