package org.verbs4j.provider.generic.interop;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpAttributes;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.WorkRequests;

/**
 * ATOMIC WRITE and FLUSH between two peers connected by rdma_cm, for {@code vm/run-roce-wire.sh soft-atomic}: the
 * same program on rxe (generic provider) and on the soft device, one as server (the responder) and one as client
 * (the requester). The server registers a region that grants remote write, read and global-visibility FLUSH, and one
 * that grants remote read alone, and sends their keys and addresses. The client ATOMIC WRITEs 8 bytes; with
 * {@code flush} it then FLUSHes them (range, then whole region); it READs them back and SENDs the value for the
 * server to find in its memory. Last comes a request the second region refuses, which must complete with
 * {@code REM_ACCESS_ERR} and leave that region as it was: an ATOMIC WRITE, or with {@code flush} a FLUSH. Each completion must carry its opcode.
 * rdma_cm gives a queue pair remote write, read and atomic access only: both sides add {@code FLUSH_GLOBAL} once
 * connected (RTS to RTS), as a responder checks its queue pair's access for a FLUSH.
 */
final class AtomicWritePeer {

    static final long VALUE = 0x0123_4567_89AB_CDEFL;
    private static final int REGION = 64;
    private static final int AT = 8;
    private static final int ADVERTISEMENT = 24;
    private static final Set<SendOpsFlag> OPS = EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_READ,
            SendOpsFlag.ATOMIC_WRITE, SendOpsFlag.FLUSH);
    private static final Set<AccessFlag> FLUSHABLE = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
            AccessFlag.REMOTE_READ, AccessFlag.FLUSH_GLOBAL);
    private static final Set<AccessFlag> READ_ONLY = EnumSet.of(AccessFlag.REMOTE_READ);
    private static final Set<AccessFlag> QP_ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE,
            AccessFlag.REMOTE_READ, AccessFlag.REMOTE_ATOMIC, AccessFlag.FLUSH_GLOBAL);
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private AtomicWritePeer() {
    }

    /** Serves one client: advertises both regions, then finds the client's value where its ATOMIC WRITE put it. */
    static String serve(ConnectionManager cm, InetSocketAddress address, Runnable ready) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.listenAndTakeRequest(address, ready).ack();
            peer.createQp(4, 2, 0, OPS);
            MemoryRegion target = peer.register(REGION, FLUSHABLE);
            MemoryRegion plain = peer.register(REGION, READ_ONLY);
            MemoryRegion message = peer.register(ADVERTISEMENT, EnumSet.of(AccessFlag.LOCAL_WRITE));
            WorkRequests.receive(peer.qp, 1, message, 0, ADVERTISEMENT);
            peer.id.accept(ConnParam.defaults());
            peer.expect(CmEventType.ESTABLISHED).ack();
            allowFlush(peer);
            MemoryRegion out = peer.register(ADVERTISEMENT, EnumSet.noneOf(AccessFlag.class));
            advertise(out.segment(), target, plain);
            WorkRequests.send(peer.qp, 2, out, 0, ADVERTISEMENT);
            CmPeer.await(peer.sendCq, "the advertisement");
            CmPeer.await(peer.recvCq, "the client's report");
            long reported = message.segment().get(JAVA_LONG_UNALIGNED, 0);
            long found = target.segment().get(JAVA_LONG_UNALIGNED, AT);
            expect("the client's value in the server's memory", found, reported);
            expect("the value the client reports", reported, VALUE);
            peer.expect(CmEventType.DISCONNECTED).ack();
            expect("the region that refused the last request", plain.segment().get(JAVA_LONG_UNALIGNED, AT), 0);
            return String.format("the client's ATOMIC WRITE put 0x%016x in memory", found);
        }
    }

    /** Connects, ATOMIC WRITEs, FLUSHes if asked, READs back, reports, then makes a request the region refuses. */
    static String connect(ConnectionManager cm, InetSocketAddress server, boolean flush) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.resolve(server);
            peer.createQp(4, 2, 0, OPS);
            MemoryRegion local = peer.register(REGION, EnumSet.of(AccessFlag.LOCAL_WRITE));
            Advertisement ad = connectAndReceive(peer);
            MemorySegment value = local.segment().asSlice(0, Long.BYTES);
            value.set(JAVA_LONG_UNALIGNED, 0, VALUE);
            post(peer, 10, ops -> ops.atomicWrite(ad.key(), ad.address() + AT, value));
            expectCompletion(peer.sendCq, "ATOMIC WRITE", 10, WcStatus.SUCCESS, WcOpcode.ATOMIC_WRITE);
            if (flush) {
                flush(peer, ad.key(), ad.address());
            }
            readBackAndReport(peer, local, ad);
            refused(peer, ad.plainKey(), ad.plainAddress(), flush);
            peer.id.disconnect();
            return "ATOMIC WRITE" + (flush ? ", FLUSH (range and region)" : "") + ", READ back 0x"
                    + Long.toHexString(VALUE) + ", and REM_ACCESS_ERR for " + (flush ? "a FLUSH" : "an ATOMIC WRITE")
                    + " the region refuses";
        }
    }

    /** The keys and addresses of the server's two regions. */
    private record Advertisement(long address, int key, long plainAddress, int plainKey) {
    }

    private static Advertisement connectAndReceive(CmPeer peer) {
        MemoryRegion advertisement = peer.register(ADVERTISEMENT, EnumSet.of(AccessFlag.LOCAL_WRITE));
        WorkRequests.receive(peer.qp, 1, advertisement, 0, ADVERTISEMENT);
        peer.id.connect(ConnParam.defaults());
        peer.expect(CmEventType.ESTABLISHED).ack();
        allowFlush(peer);
        CmPeer.await(peer.recvCq, "the advertisement");
        MemorySegment ad = advertisement.segment();
        return new Advertisement(ad.get(JAVA_LONG_UNALIGNED, 0), ad.get(JAVA_INT_UNALIGNED, 8),
                ad.get(JAVA_LONG_UNALIGNED, 12), ad.get(JAVA_INT_UNALIGNED, 20));
    }

    /** READs the 8 bytes back into {@code local} at 16, checks them, and SENDs them to the server. */
    private static void readBackAndReport(CmPeer peer, MemoryRegion local, Advertisement ad) {
        WorkRequests.rdmaRead(peer.qp, 13, ad.key(), ad.address() + AT, local, 16, Long.BYTES);
        expectCompletion(peer.sendCq, "RDMA READ", 13, WcStatus.SUCCESS, WcOpcode.RDMA_READ);
        expect("the value read back", local.segment().get(JAVA_LONG_UNALIGNED, 16), VALUE);
        WorkRequests.send(peer.qp, 14, local, 0, Long.BYTES);
        expectCompletion(peer.sendCq, "SEND of the value", 14, WcStatus.SUCCESS, WcOpcode.SEND);
    }

    private static void flush(CmPeer peer, int key, long address) {
        post(peer, 11, ops -> ops.flush(key, address + AT, Long.BYTES, FlushType.GLOBAL, FlushLevel.RANGE));
        expectCompletion(peer.sendCq, "FLUSH of the range", 11, WcStatus.SUCCESS, WcOpcode.FLUSH);
        post(peer, 12, ops -> ops.flush(key, address, 0, FlushType.GLOBAL, FlushLevel.MR));
        expectCompletion(peer.sendCq, "FLUSH of the region", 12, WcStatus.SUCCESS, WcOpcode.FLUSH);
    }

    /** A FLUSH (or an ATOMIC WRITE) to the region that grants remote read alone. */
    private static void refused(CmPeer peer, int key, long address, boolean flush) {
        MemorySegment value = peer.arena.allocate(Long.BYTES, Long.BYTES);
        if (flush) {
            post(peer, 15, ops -> ops.flush(key, address, Long.BYTES, FlushType.GLOBAL, FlushLevel.RANGE));
        } else {
            post(peer, 15, ops -> ops.atomicWrite(key, address + AT, value));
        }
        String what = (flush ? "FLUSH" : "ATOMIC WRITE") + " of a region that grants remote read alone";
        expectCompletion(peer.sendCq, what, 15, WcStatus.REM_ACCESS_ERR, null);
    }

    /** Adds FLUSH_GLOBAL to the queue pair's access, which rdma_cm's RTR/RTS attributes leave out. */
    private static void allowFlush(CmPeer peer) {
        peer.qp.modify(new QpAttributes().qpAccessFlags(QP_ACCESS));
    }

    private static void advertise(MemorySegment out, MemoryRegion target, MemoryRegion plain) {
        out.set(JAVA_LONG_UNALIGNED, 0, target.address());
        out.set(JAVA_INT_UNALIGNED, 8, target.rkey());
        out.set(JAVA_LONG_UNALIGNED, 12, plain.address());
        out.set(JAVA_INT_UNALIGNED, 20, plain.rkey());
    }

    /** Posts one signaled request without data (ATOMIC WRITE and FLUSH carry their own). */
    private static void post(CmPeer peer, long wrId, java.util.function.Consumer<SendOps> builder) {
        SendOps ops = peer.qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED);
        builder.accept(ops);
        ops.complete();
    }

    /** Waits for the next completion and checks it; the opcode only when {@code opcode} is not null. */
    private static void expectCompletion(CompletionQueue cq, String what, long wrId, WcStatus status,
                                         WcOpcode opcode) {
        Completion completion = next(cq, what);
        boolean fits = completion.wrId() == wrId && completion.status() == status
                && (opcode == null || completion.opcode() == opcode);
        if (!fits) {
            throw new IllegalStateException(what + ": expected wr_id " + wrId + " " + status
                    + (opcode == null ? "" : " " + opcode) + ", got " + completion);
        }
        System.out.println(what + ": " + completion);
    }

    private static Completion next(CompletionQueue cq, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (cq.startPoll()) {
                try {
                    return Completion.current(cq);
                } finally {
                    cq.endPoll();
                }
            }
            Thread.onSpinWait();
        }
        throw new IllegalStateException("no completion of " + what + " within 60 s");
    }

    private static void expect(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(String.format("%s: 0x%016x, expected 0x%016x", what, actual, expected));
        }
    }
}
