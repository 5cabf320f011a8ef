package org.verbs4j.provider.soft.wire.roce;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
 * A whole run of rdma-core's {@code ibv_rc_pingpong}, in either role, played by the RC machines of
 * {@code wire.roce.rc} over a {@link RoceEndpoint}: the C tool's attributes (timeout 14, retry_cnt 7, rnr_retry 7,
 * min_rnr_timer 12, one READ/atomic each way), its TCP exchange and its flow (a side sends its next message once
 * its last one completed and the peer's arrived). The C tool sends from the buffer it receives into, so each of its
 * messages after its first (0x7b bytes) echoes the last one it received: the peer checks every byte of them.
 *
 * <p>Usage: {@code client|server LOCAL_IP TCP_PORT TCP_SERVER_IP SIZE MTU ITERS}. Exit status 0 when all ITERS
 * messages went both ways with successful completions and the right bytes.
 */
final class RcMachinePeer implements RequesterListener, ResponderTarget {

    private static final long EVENT_TIMEOUT_S = 60;
    private static final byte C_TOOL_FILL = 0x7B;
    private static final int RECEIVES = 16;

    private record Event(boolean send, WcStatus status, WcOpcode opcode, byte[] data) {
    }

    private final boolean client;
    private final int size;
    private final int mtu;
    private final int iters;
    private final Object lock = new Object();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final ArrayDeque<byte[]> receives = new ArrayDeque<>();
    private final AtomicLong sendErrors = new AtomicLong();
    private final PingpongRecord mine;
    private byte[][] messages;
    private byte[] claimed;
    private ConnectedQueuePair qp;
    private volatile boolean running = true;

    private RcMachinePeer(boolean client, InetAddress local, int size, int mtu, int iters) {
        this.client = client;
        this.size = size;
        this.mtu = mtu;
        this.iters = iters;
        ThreadLocalRandom random = ThreadLocalRandom.current();
        this.mine = new PingpongRecord(0, 0x100 + random.nextInt(0xFF00), random.nextInt(1 << 24), Gids.of(local));
    }

    public static void main(String[] args) throws Exception {
        InetAddress local = InetAddress.getByName(args[1]);
        RcMachinePeer peer = new RcMachinePeer(args[0].equals("client"), local, Integer.parseInt(args[4]),
                Integer.parseInt(args[5]), Integer.parseInt(args[6]));
        String failure = peer.run(local, Integer.parseInt(args[2]), InetAddress.getByName(args[3]));
        System.out.println(failure == null ? "PASS" : "FAIL: " + failure);
        System.exit(failure == null ? 0 : 1);
    }

    private String run(InetAddress local, int tcpPort, InetAddress tcpServer) throws Exception {
        messages = new byte[iters][];
        for (int i = 0; i < iters; i++) {
            messages[i] = new byte[size];
            ThreadLocalRandom.current().nextBytes(messages[i]);
        }
        for (int i = 0; i < RECEIVES; i++) {
            receives.add(new byte[size]);
        }
        RoceEndpoint endpoint = RoceEndpoint.open(new InetSocketAddress(local, RoceV2.UDP_PORT));
        try (ReceiveLoop loop = ReceiveLoop.start(endpoint, this::onPacket)) {
            PingpongRecord theirs = client ? PingpongLink.asClient(tcpServer, tcpPort, mine)
                    : PingpongLink.asServer(tcpServer, tcpPort, mine);
            System.out.printf("local QPN 0x%06x PSN 0x%06x, remote QPN 0x%06x PSN 0x%06x, MTU %d, %d x %d bytes%n",
                    mine.qpn(), mine.psn(), theirs.qpn(), theirs.psn(), mtu, iters, size);
            InetSocketAddress peer = new InetSocketAddress(Gids.address(theirs.gid()), RoceV2.UDP_PORT);
            synchronized (lock) {
                qp = machines(endpoint, peer, theirs);
            }
            Thread timer = Thread.ofPlatform().daemon().name("rc-timer").start(this::timers);
            long start = System.nanoTime();
            String failure = pingpong();
            running = false;
            timer.join();
            System.out.printf("%d messages each way in %.1f ms; drops %d (bad ICRC %d), socket errors %d, send"
                    + " errors %d%n", iters, (System.nanoTime() - start) / 1e6, endpoint.drops().total(),
                    endpoint.drops().count(DropReason.BAD_ICRC), loop.socketErrors(), sendErrors.get());
            return failure;
        }
    }

    private ConnectedQueuePair machines(RoceEndpoint endpoint, InetSocketAddress peer, PingpongRecord theirs) {
        PacketSink sink = (packet, length) -> {
            try {
                endpoint.send(packet, length, peer);
            } catch (IOException e) {
                sendErrors.incrementAndGet();
            }
        };
        RequesterConfig requester = RequesterConfig.rc(theirs.qpn(), mine.psn(), mtu);
        ResponderConfig responder = ResponderConfig.rc(theirs.qpn(), theirs.psn(), mtu);
        return new ConnectedQueuePair(new Requester(requester, sink, this::copy, this),
                new Responder(responder, sink, this));
    }

    private void onPacket(RocePacket packet) {
        if (Bth.destQp(packet.buffer(), 0) != mine.qpn()) {
            return;
        }
        synchronized (lock) {
            if (qp != null) {
                qp.onPacket(packet.buffer(), packet.length(), System.nanoTime());
            }
        }
    }

    /** Calls the requester's timer when due; sleeps until then, at most a millisecond (a post may set one). */
    private void timers() {
        while (running) {
            long wait;
            synchronized (lock) {
                long now = System.nanoTime();
                if (qp.requester().deadline() <= now) {
                    qp.requester().onTimer(now);
                }
                wait = Math.min(qp.requester().deadline() - now, 1_000_000);
            }
            LockSupport.parkNanos(Math.max(wait, 10_000));
        }
    }

    /** rc_pingpong's loop: the next SEND goes once the last one completed and the peer's next message arrived. */
    private String pingpong() throws InterruptedException {
        int sent = 0;
        int received = 0;
        boolean waitSend = client;
        boolean waitReceive = true;
        if (client) {
            post(sent);
        }
        while (received < iters || sent < iters) {
            Event event = events.poll(EVENT_TIMEOUT_S, TimeUnit.SECONDS);
            if (event == null) {
                return "no completion within " + EVENT_TIMEOUT_S + " s after " + sent + " sends, " + received
                        + " receives";
            }
            if (event.status() != WcStatus.SUCCESS) {
                return (event.send() ? "send " : "receive ") + event.status();
            }
            if (event.send()) {
                sent++;
                waitSend = false;
            } else {
                String wrong = check(event.data(), received++);
                if (wrong != null) {
                    return wrong;
                }
                waitReceive = false;
            }
            if (sent < iters && !waitSend && !waitReceive && (client || sent < received)) {
                post(sent);
                waitSend = true;
                waitReceive = true;
            }
        }
        return null;
    }

    private void post(int index) {
        synchronized (lock) {
            qp.requester().nextSlot().send(index, size);
            qp.requester().post(System.nanoTime());
        }
    }

    /** The C tool's k-th message: its fill first, then the echo of the last message it received from us. */
    private String check(byte[] data, int k) {
        byte[] want = client ? messages[k] : k == 0 ? filled() : messages[k - 1];
        if (!Arrays.equals(data, want)) {
            return "message " + k + " from the C tool differs from what it should echo (" + data.length + " bytes)";
        }
        return null;
    }

    private byte[] filled() {
        byte[] fill = new byte[size];
        Arrays.fill(fill, C_TOOL_FILL);
        return fill;
    }

    private void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.put(at, messages[(int) wrId], (int) offset, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        throw new IllegalStateException("ibv_rc_pingpong reads nothing");
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        throw new IllegalStateException("ibv_rc_pingpong runs no atomic");
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        events.add(new Event(true, status, opcode, null));
    }

    @Override
    public boolean claimReceive() {
        claimed = receives.poll();
        return claimed != null;
    }

    @Override
    public boolean placeReceive(long offset, ByteBuffer packet, int at, int length) {
        if (offset + length > claimed.length) {
            return false;
        }
        packet.get(at, claimed, (int) offset, length);
        return true;
    }

    @Override
    public void completeReceive(ReceiveCompletion completion) {
        events.add(new Event(false, completion.status(), completion.opcode(),
                Arrays.copyOf(claimed, completion.byteLength())));
        receives.add(claimed);
        claimed = null;
    }

    @Override
    public boolean mayAccess(long address, int rKey, long length, RemoteAccess access) {
        return false;
    }

    @Override
    public void write(long address, int rKey, ByteBuffer packet, int at, int length) {
        throw new IllegalStateException("no memory is registered");
    }

    @Override
    public void read(long address, int rKey, ByteBuffer packet, int at, int length) {
        throw new IllegalStateException("no memory is registered");
    }

    @Override
    public long atomic(long address, int rKey, boolean compareSwap, long swapOrAdd, long compare) {
        throw new IllegalStateException("no memory is registered");
    }

    @Override
    public void atomicWrite(long address, int rKey, long value) {
        throw new IllegalStateException("no memory is registered");
    }

    @Override
    public boolean mayFlush(long address, int rKey, long length, boolean wholeRegion, RemoteAccess access) {
        return false;
    }

    @Override
    public void flush() {
        throw new IllegalStateException("no memory is registered");
    }
}
