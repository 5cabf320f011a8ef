package org.verbs4j.provider.generic.interop;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.nio.charset.StandardCharsets.US_ASCII;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.WorkRequests;

/**
 * The {@code rping} protocol of librdmacm's example: per ping the client advertises its source buffer
 * ({@code struct rping_rdma_info}: big-endian address, rkey, size; 16 bytes), the server RDMA READs it and sends
 * a go-ahead, the client advertises its sink buffer, the server RDMA WRITEs what it read there and sends a
 * go-ahead, and the client validates that the sink equals the source. The client disconnects after the last ping.
 */
final class RpingPeer {

    private static final int INFO = 16;
    private static final ValueLayout.OfLong BE64 = JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt BE32 = JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final EnumSet<SendOpsFlag> OPS = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_READ,
            SendOpsFlag.RDMA_WRITE);
    private static final EnumSet<AccessFlag> REMOTE = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ,
            AccessFlag.REMOTE_WRITE);

    /** The server's delay before it accepts, in milliseconds. */
    static final String ACCEPT_DELAY_PROPERTY = "verbs4j.interop.acceptDelayMs";

    private RpingPeer() {
    }

    /** The client's source buffer of a ping, as rping fills it. */
    static byte[] pattern(int ping, int size) {
        byte[] buffer = new byte[size];
        byte[] head = ("rdma-ping-" + ping + ": ").getBytes(US_ASCII);
        int cc = Math.min(head.length, size - 1);
        System.arraycopy(head, 0, buffer, 0, cc);
        int c = 65 + ping % 58;
        for (int i = cc; i < size; i++) {
            buffer[i] = (byte) c;
            c = c + 1 > 122 ? 65 : c + 1;
        }
        buffer[size - 1] = 0;
        return buffer;
    }

    /** Serves one rping client until it disconnects, checking every buffer it read against rping's pattern. */
    static String serve(ConnectionManager cm, InetSocketAddress address, int size, Runnable ready) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.listenAndTakeRequest(address, ready).ack();
            peer.createQp(16, 2, 0, OPS);
            MemoryRegion recv = peer.register(INFO, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(INFO, EnumSet.noneOf(AccessFlag.class));
            MemoryRegion rdma = peer.register(size, REMOTE);
            WorkRequests.receive(peer.qp, 1, recv, 0, INFO);
            acceptLater();
            peer.id.accept(ConnParam.defaults());
            peer.expect(CmEventType.ESTABLISHED).ack();
            System.out.println(describe(peer.qp));
            int pings = 0;
            while (nextAdvertisement(peer, recv)) {
                long addr = recv.segment().get(BE64, 0);
                int rkey = recv.segment().get(BE32, 8);
                int length = recv.segment().get(BE32, 12);
                WorkRequests.receive(peer.qp, 1, recv, 0, INFO);
                WorkRequests.rdmaRead(peer.qp, 2, rkey, addr, rdma, 0, length);
                CmPeer.await(peer.sendCq, "RDMA READ of ping " + pings);
                check(rdma.segment(), pattern(pings, length), "the buffer read in ping " + pings);
                goAhead(peer, send);
                if (!nextAdvertisement(peer, recv)) {
                    throw new IllegalStateException("no sink advertisement in ping " + pings);
                }
                long sink = recv.segment().get(BE64, 0);
                int sinkKey = recv.segment().get(BE32, 8);
                WorkRequests.receive(peer.qp, 1, recv, 0, INFO);
                WorkRequests.rdmaWrite(peer.qp, 3, sinkKey, sink, rdma, 0, strlen(rdma.segment(), length) + 1);
                CmPeer.await(peer.sendCq, "RDMA WRITE of ping " + pings);
                goAhead(peer, send);
                pings++;
            }
            peer.id.disconnect();
            return "served " + pings + " rping pings (RDMA READ, WRITE, every buffer as rping fills it)";
        }
    }

    /** @return the numbers the connection manager gave the queue pair, for the log of an exchange */
    private static String describe(QueuePair qp) {
        // only what it prints: rxe refuses a query with a mask beyond the kernel's standard bits (RATE_LIMIT)
        QpAttributes a = qp.query(EnumSet.of(QpAttrMask.STATE, QpAttrMask.DEST_QPN, QpAttrMask.SQ_PSN,
                QpAttrMask.RQ_PSN, QpAttrMask.PATH_MTU));
        return String.format("connected: QP 0x%x -> 0x%x, sq_psn 0x%x, rq_psn 0x%x, path MTU %s, state %s",
                qp.qpNum(), a.destQpNum(), a.sqPsn(), a.rqPsn(), a.pathMtu(), a.qpState());
    }

    /** @return whether an advertisement arrived (false: the client disconnected) */
    private static boolean nextAdvertisement(CmPeer peer, MemoryRegion recv) {
        long deadline = System.nanoTime() + CmPeer.TIMEOUT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (peer.recvCq.startPoll()) {
                Completion completion;
                try {
                    completion = Completion.current(peer.recvCq);
                } finally {
                    peer.recvCq.endPoll();
                }
                if (completion.status() != org.verbs4j.WcStatus.SUCCESS || completion.byteLen() != INFO) {
                    throw new IllegalStateException("advertisement: " + completion);
                }
                return true;
            }
            CmEvent event = peer.channel.tryGetEvent();
            if (event != null) {
                event.ack();
                if (event.type() == CmEventType.DISCONNECTED) {
                    return false;
                }
                throw new IllegalStateException("unexpected " + event.type());
            }
        }
        throw new IllegalStateException("no advertisement within " + CmPeer.TIMEOUT);
    }

    private static void goAhead(CmPeer peer, MemoryRegion send) {
        WorkRequests.send(peer.qp, 4, send, 0, INFO);
        CmPeer.await(peer.sendCq, "go-ahead");
    }

    /**
     * Waits the milliseconds of the system property {@value #ACCEPT_DELAY_PROPERTY} (none without it) before the
     * server accepts: a connection manager that keeps the client waiting longer than its REQ's retries last.
     */
    private static void acceptLater() {
        long millis = Long.getLong(ACCEPT_DELAY_PROPERTY, 0);
        if (millis <= 0) {
            return;
        }
        System.out.println("accepting in " + millis + " ms");
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted before the accept", e);
        }
    }

    /** Runs {@code count} pings against an rping server, validating each. */
    static String connect(ConnectionManager cm, InetSocketAddress server, int size, int count) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.resolve(server);
            peer.createQp(16, 2, 0, OPS);
            MemoryRegion recv = peer.register(INFO, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(INFO, EnumSet.noneOf(AccessFlag.class));
            MemoryRegion source = peer.register(size, REMOTE);
            MemoryRegion sink = peer.register(size, REMOTE);
            WorkRequests.receive(peer.qp, 1, recv, 0, INFO);
            peer.id.connect(ConnParam.defaults());
            peer.expect(CmEventType.ESTABLISHED).ack();
            System.out.println(describe(peer.qp));
            for (int ping = 0; ping < count; ping++) {
                byte[] data = pattern(ping, size);
                MemorySegment.copy(data, 0, source.segment(), JAVA_BYTE, 0, size);
                advertise(peer, send, recv, source, size);
                advertise(peer, send, recv, sink, size);
                check(sink.segment(), data, "the sink of ping " + ping);
                sink.segment().fill((byte) 0);
            }
            peer.disconnect(true);
            return "ran " + count + " rping pings of " + size + " bytes, each validated";
        }
    }

    /** Sends a buffer's advertisement and waits for the server's go-ahead. */
    private static void advertise(CmPeer peer, MemoryRegion send, MemoryRegion recv, MemoryRegion buffer, int size) {
        send.segment().set(BE64, 0, buffer.segment().address());
        send.segment().set(BE32, 8, buffer.rkey());
        send.segment().set(BE32, 12, size);
        WorkRequests.send(peer.qp, 4, send, 0, INFO);
        CmPeer.await(peer.sendCq, "advertisement");
        Completion goAhead = CmPeer.await(peer.recvCq, "go-ahead");
        if (goAhead.byteLen() != INFO) {
            throw new IllegalStateException("go-ahead of " + goAhead.byteLen() + " bytes");
        }
        WorkRequests.receive(peer.qp, 1, recv, 0, INFO);
    }

    private static void check(MemorySegment buffer, byte[] expected, String what) {
        byte[] actual = buffer.asSlice(0, expected.length).toArray(JAVA_BYTE);
        if (!java.util.Arrays.equals(actual, expected)) {
            throw new IllegalStateException(what + " differs from rping's pattern: '"
                    + new String(actual, US_ASCII).trim() + "'");
        }
    }

    private static int strlen(MemorySegment buffer, int max) {
        for (int i = 0; i < max; i++) {
            if (buffer.get(JAVA_BYTE, i) == 0) {
                return i;
            }
        }
        return max - 1;
    }
}
