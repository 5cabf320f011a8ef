package org.verbs4j.provider.soft;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.NetworkWire;

/**
 * One side of {@link NetworkConnectedTest}, in a JVM of its own whose soft0 lives on the network: RC and UC queue
 * pairs to the other JVM over RoCE v2 with a path MTU of 1024 and starting PSNs near the 24-bit wrap. The
 * {@code ops} script: RC SEND, SEND_WITH_IMM, RDMA WRITE, WRITE_WITH_IMM and READ of messages longer than the MTU,
 * fetch-and-add and compare-and-swap, a SEND that waits for a receive posted late (RNR), UC SEND and WRITE, an
 * R_Key the server refuses (REM_ACCESS_ERR at the client, QP_ACCESS_ERR at the server) and a queue pair that
 * vanished (RETRY_EXC_ERR). The {@code lossy} script: both sides' packets go through a {@link LossySink} and the
 * client runs thousands of SENDs, WRITEs read back, and fetch-and-adds; each must complete once, in order, with
 * the right data, then rounds of {@link #BURST} requests posted before any poll (WRITEs, READs of what they wrote,
 * fetch-and-adds, and a fenced WRITE of the original value the last fetch-and-add brought, read back), which are
 * on the wire together and must complete in order with the right data. Prints one line per failed check and exits 1, or "PASS"
 * and 0.
 *
 * <p>Usage: {@code server|client ops|lossy PEER_IP}; each prints its line of queue pair numbers and key, then reads
 * the peer's from stdin.
 */
final class NetworkRcPeer {

    static final int MB = 1 << 20;
    static final int LOSSY_OPERATIONS = 3000;
    static final int BURST_ROUNDS = 20;
    private static final int BURST_WRITES = 24;
    private static final int BURST_ATOMICS = 12;
    /** The requests of a burst: the WRITEs, a READ of each, the atomics, the fenced WRITE and its READ. */
    static final int BURST = 2 * BURST_WRITES + BURST_ATOMICS + 2;
    private static final long BURST_READ_INTO = 800 * 1024;
    private static final long BURST_TARGET = 800 * 1024;
    private static final long BURST_SOURCE = 900 * 1024;
    private static final long FENCED_READ_INTO = 960 * 1024;
    private static final long ATOMIC_ORIGINALS = 970 * 1024;
    private static final long FENCED_TARGET = 980 * 1024;
    private static final int BURST_STRIDE = 2048;
    private static final int END = 0xFFFF;
    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int SERVER_PSN = 0xFFFFF0;
    private static final int CLIENT_PSN = 0xFFFF00;
    private static final long READ_AREA = 256 * 1024;
    private static final long COUNTER = 512 * 1024;
    private static final long UC_AREA = 768 * 1024;

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(1024);
    private final QueuePair rc = rig.qp(QpType.RC, cq, 128);
    private final QueuePair uc = rig.qp(QpType.UC, cq, 128);
    private final QueuePair refused = rig.qp(QpType.RC, cq, 8);
    private final QueuePair gone = rig.qp(QpType.RC, cq, 8);
    private final MemoryRegion mr = rig.region(MB);
    private final PeerChecks checks = new PeerChecks();
    private final Gid peerGid;
    private final boolean lossy;
    private int peerRkey;
    private long peerAddress;

    private NetworkRcPeer(InetAddress peer, boolean lossy) {
        this.peerGid = Gid.of(peer);
        this.lossy = lossy;
    }

    public static void main(String[] args) throws Exception {
        boolean server = args[0].equals("server");
        NetworkRcPeer peer = new NetworkRcPeer(InetAddress.getByName(args[2]), args[1].equals("lossy"));
        if (peer.lossy) {
            peer.loseAndReorder(server ? 17 : 29);
        }
        peer.run(server);
        System.out.println(peer.checks.failures().isEmpty() ? "PASS" : peer.checks.failures());
        System.exit(peer.checks.failures().isEmpty() ? 0 : 1);
    }

    private void loseAndReorder(long seed) {
        SoftFabric fabric = SoftFabric.instance();
        fabric.lock().lock();
        try {
            ((NetworkWire) fabric.wire()).connections().interpose(sink -> new LossySink(sink, seed, 0.02, 0.02,
                    0.01));
        } finally {
            fabric.lock().unlock();
        }
    }

    private void run(boolean server) throws Exception {
        int vanished = gone.qpNum();
        if (server) {
            Rig.fill(mr.segment().asSlice(READ_AREA, 20_000), 7);
            mr.segment().set(ValueLayout.JAVA_LONG, COUNTER, 100);
            gone.close();
        }
        System.out.printf("%d %d %d %d %d %d%n", rc.qpNum(), uc.qpNum(), refused.qpNum(), vanished, mr.rkey(),
                mr.address());
        System.out.flush();
        String[] peer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine()
                .trim().split(" ");
        peerRkey = Integer.parseInt(peer[4]);
        peerAddress = Long.parseLong(peer[5]);
        int myPsn = server ? SERVER_PSN : CLIENT_PSN;
        int peerPsn = server ? CLIENT_PSN : SERVER_PSN;
        int ackTimeout = 14; // 67 ms: seven retries outlast a loaded host's pauses, lossy or not
        connect(rc, Integer.parseInt(peer[0]), myPsn, peerPsn, ackTimeout);
        connect(uc, Integer.parseInt(peer[1]), myPsn, peerPsn, ackTimeout);
        connect(refused, Integer.parseInt(peer[2]), 0, 0, 14);
        if (server) {
            postReceives(rc, 0, lossy ? 64 : 3, 8192);
            postReceives(uc, 100, 2, 8192);
        } else {
            connect(gone, Integer.parseInt(peer[3]), 0, 0, 12);
            Thread.sleep(1000); // the server connects meanwhile: a queue pair before RTR answers nothing
        }
        if (lossy) {
            if (server) {
                serveLossy();
            } else {
                clientLossy();
            }
        } else if (server) {
            serveOps();
        } else {
            clientOps();
        }
    }

    private void connect(QueuePair qp, int peerQpn, int psn, int peerPsn, int ackTimeout) {
        new ConnectRecipe(1, Mtu.MTU_1024, 0, 0, 64, Rig.ALL_ACCESS, ConnectRecipe.QKEY, ackTimeout, 12)
                .connectFromReset(qp, psn, new Destination(0, peerQpn, peerPsn, peerGid), 4);
    }

    // ---- the ops script ----

    private void serveOps() throws Exception {
        expect("SEND", 0, WcOpcode.RECV, 3000, 0, false);
        checkPattern(0, 3000, 1);
        expect("SEND_WITH_IMM", 1, WcOpcode.RECV, 5000, 0x01020304, true);
        checkPattern(8192, 5000, 2);
        expect("WRITE_WITH_IMM", 2, WcOpcode.RECV_RDMA_WITH_IMM, 2500, 0x0A0B0C0D, true);
        checkPattern(64 * 1024, 10_000, 3);
        checkPattern(128 * 1024, 2500, 4);
        Thread.sleep(1000); // the client's next SEND finds no receive: RNR NAKs until this one
        postReceives(rc, 3, 1, 8192);
        expect("SEND after RNR", 3, WcOpcode.RECV, 100, 0, false);
        checkPattern(3 * 8192, 100, 5);
        expect("UC SEND", 100, WcOpcode.RECV, 3000, 0, false);
        checkPattern(100 * 8192L, 3000, 6);
        expect("UC SEND_WITH_IMM after the WRITE", 101, WcOpcode.RECV, 10, 0x55, true);
        checkPattern(UC_AREA, 4000, 7);
        check("the long after the atomics", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), 999L);
        AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(20));
        check("async event of the refused R_Key", event == null ? null : event.type(), AsyncEventType.QP_ACCESS_ERR);
        if (event != null) {
            rig.context.ackAsyncEvent(event);
        }
    }

    private void clientOps() {
        fill(0, 3000, 1);
        post(rc, 1, 0, 3000, ops -> ops.send());
        fill(8192, 5000, 2);
        post(rc, 2, 8192, 5000, ops -> ops.sendWithImm(0x01020304));
        fill(64 * 1024, 10_000, 3);
        post(rc, 3, 64 * 1024, 10_000, ops -> ops.rdmaWrite(peerRkey, peerAddress + 64 * 1024));
        fill(128 * 1024, 2500, 4);
        post(rc, 4, 128 * 1024, 2500, ops -> ops.rdmaWriteWithImm(peerRkey, peerAddress + 128 * 1024, 0x0A0B0C0D));
        post(rc, 5, READ_AREA, 20_000, ops -> ops.rdmaRead(peerRkey, peerAddress + READ_AREA));
        post(rc, 6, COUNTER, 8, ops -> ops.atomicFetchAdd(peerRkey, peerAddress + COUNTER, 5));
        post(rc, 7, COUNTER + 8, 8, ops -> ops.atomicCmpSwp(peerRkey, peerAddress + COUNTER, 105, 999));
        String[] names = {"SEND", "SEND_WITH_IMM", "WRITE", "WRITE_WITH_IMM", "READ", "FETCH_ADD", "CMP_SWP"};
        WcOpcode[] opcodes = {WcOpcode.SEND, WcOpcode.SEND, WcOpcode.RDMA_WRITE, WcOpcode.RDMA_WRITE,
                WcOpcode.RDMA_READ, WcOpcode.FETCH_ADD, WcOpcode.COMP_SWAP};
        for (int i = 0; i < names.length; i++) {
            Wc wc = Rig.poll(cq);
            check(names[i] + " completion", wc.wrId() + " " + wc.status() + " " + wc.opcode(),
                    (i + 1) + " SUCCESS " + opcodes[i]);
        }
        checkPattern(READ_AREA, 20_000, 7);
        check("FETCH_ADD original", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), 100L);
        check("CMP_SWP original", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER + 8), 105L);
        fill(3 * 8192, 100, 5);
        long start = System.nanoTime();
        post(rc, 8, 3 * 8192, 100, ops -> ops.send());
        Wc rnr = poll(Duration.ofSeconds(20));
        long waited = (System.nanoTime() - start) / 1_000_000;
        check("SEND after RNR", rnr.wrId() + " " + rnr.status(), "8 SUCCESS");
        check("the SEND waited for the receive posted late (ms > 300)", waited > 300, true);
        fill(100 * 8192, 3000, 6);
        post(uc, 9, 100 * 8192, 3000, ops -> ops.send());
        fill(UC_AREA, 4000, 7);
        post(uc, 10, UC_AREA, 4000, ops -> ops.rdmaWrite(peerRkey, peerAddress + UC_AREA));
        post(uc, 11, 0, 10, ops -> ops.sendWithImm(0x55));
        for (int i = 9; i <= 11; i++) {
            Wc wc = Rig.poll(cq);
            check("UC completion " + i, wc.wrId() + " " + wc.status(), i + " SUCCESS");
        }
        post(refused, 12, 0, 64, ops -> ops.rdmaWrite(peerRkey ^ 0x100, peerAddress));
        Wc bad = poll(Duration.ofSeconds(20));
        check("WRITE with a refused R_Key", bad.wrId() + " " + bad.status(), "12 REM_ACCESS_ERR");
        start = System.nanoTime();
        post(gone, 13, 0, 64, ops -> ops.send());
        Wc lost = poll(Duration.ofSeconds(30));
        check("SEND to a queue pair that vanished", lost.wrId() + " " + lost.status(), "13 RETRY_EXC_ERR");
        System.out.printf("RETRY_EXC_ERR after %d ms%n", (System.nanoTime() - start) / 1_000_000);
    }

    // ---- the lossy script ----

    private void serveLossy() {
        int sends = 0;
        while (sends < LOSSY_OPERATIONS / 3) {
            Wc wc = poll(Duration.ofSeconds(60));
            if (wc.status() != WcStatus.SUCCESS || wc.opcode() != WcOpcode.RECV || wc.imm() != sends) {
                check("receive " + sends, wc.status() + " " + wc.opcode() + " imm " + wc.imm(), "SUCCESS RECV imm "
                        + sends);
                return;
            }
            int slot = (int) wc.wrId() % 64;
            checkPattern(slot * 8192L, wc.byteLen(), 1000 + sends);
            check("length of receive " + sends, wc.byteLen(), lossyLength(sends));
            postReceives(rc, slot, 1, 8192);
            sends++;
        }
        Wc end = poll(Duration.ofSeconds(60));
        check("the client's last message", end.status() + " " + end.imm(), "SUCCESS " + END);
        try {
            Thread.sleep(500); // its ACK may be lost: answer the client's retries a while
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void clientLossy() {
        for (int i = 0; i < 200; i++) { // warms both JVMs up with the long timeout of this queue pair (67 ms)
            post(refused, i, 600 * 1024, 3000, ops -> ops.rdmaWrite(peerRkey, peerAddress + 600 * 1024));
            expectSend(i, WcOpcode.RDMA_WRITE);
            post(refused, i, 400 * 1024, 3000, ops -> ops.rdmaRead(peerRkey, peerAddress + 600 * 1024));
            expectSend(i, WcOpcode.RDMA_READ);
        }
        long expectedCounter = 100;
        int sends = 0;
        for (int i = 0; i < LOSSY_OPERATIONS; i++) {
            int kind = i % 3;
            if (kind == 0) {
                int length = lossyLength(sends);
                fill(0, length, 1000 + sends);
                final int imm = sends;
                post(rc, i, 0, length, ops -> ops.sendWithImm(imm));
                sends++;
                expectSend(i, WcOpcode.SEND);
            } else if (kind == 1) {
                int length = 1 + (i * 7919) % 6000;
                long at = 600 * 1024 + (i % 16) * 8192L;
                fill(at, length, 5000 + i);
                post(rc, i, at, length, ops -> ops.rdmaWrite(peerRkey, peerAddress + at));
                expectSend(i, WcOpcode.RDMA_WRITE);
                mr.segment().asSlice(400 * 1024, length).fill((byte) 0);
                post(rc, i + 1_000_000, 400 * 1024, length, ops -> ops.rdmaRead(peerRkey, peerAddress + at));
                expectSend(i + 1_000_000, WcOpcode.RDMA_READ);
                checkPattern(400 * 1024, length, 5000 + i);
            } else {
                post(rc, i, COUNTER, 8, ops -> ops.atomicFetchAdd(peerRkey, peerAddress + COUNTER, 1));
                expectSend(i, WcOpcode.FETCH_ADD);
                check("fetch-and-add " + i, mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), expectedCounter++);
            }
            if (checks.failures().length() > 2000) {
                return;
            }
        }
        for (int round = 0; round < BURST_ROUNDS && checks.failures().length() <= 2000; round++) {
            expectedCounter = burst(round, expectedCounter);
        }
        post(rc, END, 0, 1, ops -> ops.sendWithImm(END));
        expectSend(END, WcOpcode.SEND);
        check("nothing more completed", Rig.empty(cq), true);
    }

    /**
     * Posts a round of {@link #BURST} requests before polling any: WRITEs to the server, a READ of each into other
     * memory, fetch-and-adds, then a WRITE of the last fetch-and-add's original value, fenced so that it leaves once
     * that value is in place (unfenced, it would leave right after the fetch-and-add, with the zeros before it), and
     * a READ of what it wrote.
     *
     * @return the counter after the round
     */
    private long burst(int round, long counter) {
        long id = 2_000_000L + round * 100L;
        mr.segment().asSlice(BURST_READ_INTO, BURST_WRITES * (long) BURST_STRIDE).fill((byte) 0);
        mr.segment().asSlice(FENCED_READ_INTO, Long.BYTES).fill((byte) 0);
        mr.segment().asSlice(ATOMIC_ORIGINALS, Long.BYTES * BURST_ATOMICS).fill((byte) 0);
        for (int i = 0; i < BURST_WRITES; i++) {
            long at = BURST_STRIDE * (long) i;
            int length = burstLength(round, i);
            fill(BURST_SOURCE + at, length, burstSeed(round, i));
            long remote = peerAddress + BURST_TARGET + at;
            post(rc, id + i, BURST_SOURCE + at, length, ops -> ops.rdmaWrite(peerRkey, remote));
        }
        for (int i = 0; i < BURST_WRITES; i++) {
            long at = BURST_STRIDE * (long) i;
            post(rc, id + BURST_WRITES + i, BURST_READ_INTO + at, burstLength(round, i),
                    ops -> ops.rdmaRead(peerRkey, peerAddress + BURST_TARGET + at));
        }
        for (int k = 0; k < BURST_ATOMICS; k++) {
            post(rc, id + 2 * BURST_WRITES + k, ATOMIC_ORIGINALS + 8L * k, 8,
                    ops -> ops.atomicFetchAdd(peerRkey, peerAddress + COUNTER, 1));
        }
        long lastOriginal = ATOMIC_ORIGINALS + 8L * (BURST_ATOMICS - 1);
        postFenced(id + BURST - 2, lastOriginal, Long.BYTES, peerAddress + FENCED_TARGET);
        post(rc, id + BURST - 1, FENCED_READ_INTO, Long.BYTES,
                ops -> ops.rdmaRead(peerRkey, peerAddress + FENCED_TARGET));
        expectBurst(id);
        for (int i = 0; i < BURST_WRITES; i++) {
            checkPattern(BURST_READ_INTO + BURST_STRIDE * (long) i, burstLength(round, i), burstSeed(round, i));
        }
        check("the fenced WRITE of round " + round + " (read back)",
                mr.segment().get(ValueLayout.JAVA_LONG, FENCED_READ_INTO), counter + BURST_ATOMICS - 1);
        for (int k = 0; k < BURST_ATOMICS; k++) {
            check("burst fetch-and-add " + (id + 2 * BURST_WRITES + k),
                    mr.segment().get(ValueLayout.JAVA_LONG, ATOMIC_ORIGINALS + 8L * k), counter + k);
        }
        return counter + BURST_ATOMICS;
    }

    private void expectBurst(long id) {
        for (int j = 0; j < BURST; j++) {
            WcOpcode opcode = j < BURST_WRITES || j == BURST - 2 ? WcOpcode.RDMA_WRITE
                    : j < 2 * BURST_WRITES || j == BURST - 1 ? WcOpcode.RDMA_READ : WcOpcode.FETCH_ADD;
            expectSend(id + j, opcode);
        }
    }

    private void postFenced(long wrId, long offset, int length, long remote) {
        SendOps ops = rc.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED | (int) SendFlag.FENCE.value());
        ops.rdmaWrite(peerRkey, remote);
        ops.setSge(mr.lkey(), mr.address() + offset, length);
        ops.complete();
    }

    private static int burstLength(int round, int i) {
        return 1 + (round * 37 + i * 911) % 2000;
    }

    private static int burstSeed(int round, int i) {
        return 20_000 + round * 100 + i;
    }

    private static int lossyLength(int index) {
        return 1 + (int) (index * 2654435761L % 4500);
    }

    private void expectSend(long wrId, WcOpcode opcode) {
        Wc wc = poll(Duration.ofSeconds(60));
        check("completion of " + wrId, wc.wrId() + " " + wc.status() + " " + wc.opcode(),
                wrId + " SUCCESS " + opcode);
    }

    // ---- helpers ----

    private void post(QueuePair qp, long wrId, long offset, int length, Consumer<SendOps> operation) {
        Rig.postSignaled(qp, mr, wrId, offset, length, operation);
    }

    private void postReceives(QueuePair qp, int firstSlot, int count, int bytes) {
        for (int i = 0; i < count; i++) {
            Rig.postRecv(qp, firstSlot + i, mr, (long) (firstSlot + i) * bytes, bytes);
        }
    }

    private void expect(String what, long wrId, WcOpcode opcode, int length, int imm, boolean withImm) {
        Wc wc = poll(Duration.ofSeconds(30));
        check(what, wc.wrId() + " " + wc.status() + " " + wc.opcode() + " " + wc.byteLen(),
                wrId + " SUCCESS " + opcode + " " + length);
        check(what + " WITH_IMM", (wc.flags() & (int) WcFlag.WITH_IMM.value()) != 0, withImm);
        if (withImm) {
            check(what + " immediate data", wc.imm(), imm);
        }
    }

    private Wc poll(Duration limit) {
        return checks.poll(cq, limit);
    }

    private void fill(long offset, int length, int seed) {
        Rig.fill(mr.segment().asSlice(offset, length), seed);
    }

    private void checkPattern(long offset, int length, int seed) {
        checks.checkPattern(mr.segment(), rig.arena, offset, length, seed);
    }

    private void check(String what, Object actual, Object expected) {
        checks.check(what, actual, expected);
    }
}
