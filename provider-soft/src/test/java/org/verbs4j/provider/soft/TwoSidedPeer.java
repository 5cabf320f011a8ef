package org.verbs4j.provider.soft;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.function.Consumer;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * One side of {@link NetworkTwoSidedTest}: the two-sided checks of the TCK with the requester and the responder in
 * two JVMs, whose soft0 are hosts on loopback. The server's RC queue pairs share one SRQ. The client, each request
 * awaited before the next: a SEND and a SEND_WITH_IMM through two queue pairs into the SRQ (the completion names
 * the queue pair, byte_len and immediate data right, the bytes land); an RDMA_WRITE_WITH_IMM that consumes an SRQ
 * receive (RECV_RDMA_WITH_IMM); an RDMA READ; fetch-and-add and compare-and-swap (the originals come back, the
 * server's word ends as 999); a SEND to a queue pair without receives and {@code rnr_retry} 0 (RNR_RETRY_EXC_ERR);
 * an RDMA WRITE into a region without REMOTE_WRITE (REM_ACCESS_ERR at the client, QP_ACCESS_ERR at the server); a
 * UD datagram with a wrong Q_Key (dropped) and one with the right one (after the 40-byte GRH, whose IPv4 header
 * names the client's address; IBV_WC_GRH, src_qp, immediate data). Prints one line per failed check and exits 1,
 * or "PASS" and 0.
 *
 * <p>Usage: {@code server|client PEER_IP}; each prints its line of numbers, then reads the peer's from stdin.
 */
final class TwoSidedPeer {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();
    private static final int QKEY = ConnectRecipe.QKEY;
    private static final int GRH = 40;
    private static final int DATAGRAM = 64;
    private static final long READ_AREA = 64 * 1024;
    private static final long WRITE_AREA = 128 * 1024;
    private static final long COUNTER = 192 * 1024;
    private static final long UD_AREA = 200 * 1024;
    private static final int SRQ_SLOT = 8192;

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(256);
    private final MemoryRegion mr = rig.region(256 * 1024);
    private final MemoryRegion readOnly = rig.region(4096, EnumSet.of(AccessFlag.LOCAL_WRITE,
            AccessFlag.REMOTE_READ));
    private final QueuePair ud = rig.qp(QpType.UD, cq, 8);
    private final PeerChecks checks = new PeerChecks();
    private final Gid peerGid;
    private SharedReceiveQueue srq;
    private QueuePair[] rc;
    private String[] peer;
    private int immediateOfLast;
    private int lastFlags;
    private int lastSrcQp;

    private TwoSidedPeer(InetAddress peerAddress) {
        this.peerGid = Gid.of(peerAddress);
        rig.toRtsUd(ud, QKEY);
    }

    public static void main(String[] args) throws Exception {
        TwoSidedPeer side = new TwoSidedPeer(InetAddress.getByName(args[1]));
        if (args[0].equals("server")) {
            side.serve();
        } else {
            side.request();
        }
        System.out.println(side.checks.failures().isEmpty() ? "PASS" : side.checks.failures());
        System.exit(side.checks.failures().isEmpty() ? 0 : 1);
    }

    // ---- the server: the responder side ----

    private void serve() throws Exception {
        srq = rig.context.createSharedReceiveQueue(SrqInitAttributes.basic(rig.pd, 16, 1));
        rc = new QueuePair[] {srqQp(), srqQp(), rig.qp(QpType.RC, cq, 8), srqQp()};
        Rig.fill(mr.segment().asSlice(READ_AREA, 5000), 9);
        mr.segment().set(ValueLayout.JAVA_LONG, COUNTER, 100);
        for (int i = 0; i < 4; i++) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(100 + i);
            request.sgList().add(mr, (long) i * SRQ_SLOT, SRQ_SLOT);
            srq.postReceive(request);
        }
        Rig.postRecv(ud, 200, mr, UD_AREA, GRH + DATAGRAM);
        Rig.postRecv(ud, 201, mr, UD_AREA + 1024, GRH + DATAGRAM);
        exchangeNumbers(mr.rkey() + " " + mr.address() + " " + readOnly.rkey() + " " + readOnly.address());
        expect("SEND into the SRQ", 100, WcOpcode.RECV, 3000, rc[0]);
        checkPattern(0, 3000, 1);
        expect("SEND_WITH_IMM into the SRQ", 101, WcOpcode.RECV, 100, rc[1]);
        check("its immediate data", immediateOfLast, 0x1234);
        checkPattern(SRQ_SLOT, 100, 2);
        expect("RDMA_WRITE_WITH_IMM consuming an SRQ receive", 102, WcOpcode.RECV_RDMA_WITH_IMM, 2000, rc[0]);
        check("its immediate data", immediateOfLast, 0x5678);
        checkPattern(WRITE_AREA, 2000, 3);
        expect("UD SEND with the right Q_Key", 200, WcOpcode.RECV, GRH + DATAGRAM, ud);
        check("IBV_WC_GRH and WITH_IMM", lastFlags & (int) (WcFlag.GRH.value() | WcFlag.WITH_IMM.value()),
                (int) (WcFlag.GRH.value() | WcFlag.WITH_IMM.value()));
        check("src_qp", lastSrcQp, Integer.parseInt(peer[4]));
        check("its immediate data", immediateOfLast, 0x9abc);
        check("the GRH's IPv4 source address", Gid.ofBytes(ipv4Mapped(UD_AREA + 20 + 12)), peerGid);
        checkPattern(UD_AREA + GRH, DATAGRAM, 21);
        check("the datagram with the wrong Q_Key was dropped", Rig.empty(cq), true);
        check("the word after the atomics", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), 999L);
        check("the async event of the refused write", accessError(), true);
    }

    private QueuePair srqQp() {
        return rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, cq,
                new QpCapabilities(8, 0, 4, 0, 64)).srq(srq).sendOpsFlags(Rig.RC_OPS).build());
    }

    private boolean accessError() {
        for (int i = 0; i < 3; i++) {
            AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(10));
            if (event == null) {
                return false;
            }
            rig.context.ackAsyncEvent(event);
            if (event.type() == AsyncEventType.QP_ACCESS_ERR) {
                return true;
            }
        }
        return false;
    }

    private byte[] ipv4Mapped(long at) {
        byte[] gid = new byte[16];
        gid[10] = (byte) 0xff;
        gid[11] = (byte) 0xff;
        MemorySegment.copy(mr.segment(), ValueLayout.JAVA_BYTE, at, gid, 12, 4);
        return gid;
    }

    // ---- the client: the requester side ----

    private void request() throws Exception {
        rc = new QueuePair[] {rig.qp(QpType.RC, cq, 8), rig.qp(QpType.RC, cq, 8), rig.qp(QpType.RC, cq, 8),
                rig.qp(QpType.RC, cq, 8)};
        exchangeNumbers("0 0 0 0");
        Thread.sleep(500); // the server's queue pairs reach RTR meanwhile
        int rkey = Integer.parseInt(peer[5]);
        long address = Long.parseLong(peer[6]);
        fill(0, 3000, 1);
        post(rc[0], 1, 0, 3000, ops -> ops.send());
        expectSend(1, WcStatus.SUCCESS);
        fill(8192, 100, 2);
        post(rc[1], 2, 8192, 100, ops -> ops.sendWithImm(0x1234));
        expectSend(2, WcStatus.SUCCESS);
        fill(WRITE_AREA, 2000, 3);
        post(rc[0], 3, WRITE_AREA, 2000, ops -> ops.rdmaWriteWithImm(rkey, address + WRITE_AREA, 0x5678));
        expectSend(3, WcStatus.SUCCESS);
        post(rc[1], 4, READ_AREA, 5000, ops -> ops.rdmaRead(rkey, address + READ_AREA));
        expectSend(4, WcStatus.SUCCESS);
        checkPattern(READ_AREA, 5000, 9);
        post(rc[0], 5, COUNTER, 8, ops -> ops.atomicFetchAdd(rkey, address + COUNTER, 5));
        expectSend(5, WcStatus.SUCCESS);
        check("FETCH_ADD's original", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), 100L);
        post(rc[1], 6, COUNTER, 8, ops -> ops.atomicCmpSwp(rkey, address + COUNTER, 105, 999));
        expectSend(6, WcStatus.SUCCESS);
        check("CMP_SWP's original", mr.segment().get(ValueLayout.JAVA_LONG, COUNTER), 105L);
        post(rc[2], 7, 0, 16, ops -> ops.send());
        expectSend(7, WcStatus.RNR_RETRY_EXC_ERR);
        post(rc[3], 8, 0, 16, ops -> ops.rdmaWrite(Integer.parseInt(peer[7]), Long.parseLong(peer[8])));
        expectSend(8, WcStatus.REM_ACCESS_ERR);
        datagrams(Integer.parseInt(peer[4]));
    }

    private void datagrams(int serverQpn) {
        AddressHandle ah = rig.pd.createAddressHandle(AhAttributes.global(peerGid, 1, 1));
        fill(UD_AREA, DATAGRAM, 20);
        postDatagram(ah, serverQpn, 0x22222222, 9, 0);
        expectSend(9, WcStatus.SUCCESS);
        fill(UD_AREA, DATAGRAM, 21);
        postDatagram(ah, serverQpn, QKEY, 10, 0x9abc);
        expectSend(10, WcStatus.SUCCESS);
    }

    private void postDatagram(AddressHandle ah, int qpn, int qkey, long wrId, int imm) {
        SendOps ops = ud.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(SIGNALED);
        if (imm != 0) {
            ops.sendWithImm(imm);
        } else {
            ops.send();
        }
        ops.setUdAddr(ah, qpn, qkey).setSge(mr.lkey(), mr.address() + UD_AREA, DATAGRAM);
        ops.complete();
    }

    // ---- both ----

    /**
     * Prints this side's queue pair numbers (four RC, then UD) and {@code tail}, reads the peer's, and connects
     * the RC queue pairs to the peer's of the same index.
     */
    private void exchangeNumbers(String tail) throws Exception {
        System.out.printf("%d %d %d %d %d %s%n", rc[0].qpNum(), rc[1].qpNum(), rc[2].qpNum(), rc[3].qpNum(),
                ud.qpNum(), tail);
        System.out.flush();
        peer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine().trim()
                .split(" ");
        for (int i = 0; i < rc.length; i++) {
            int rnrRetry = i == 2 ? 0 : 7;
            new ConnectRecipe(1, Mtu.MTU_1024, 0, 0, 64, Rig.ALL_ACCESS, QKEY, 14, 12, rnrRetry)
                    .connectFromReset(rc[i], 0, new Destination(0, Integer.parseInt(peer[i]), 0, peerGid), 4);
        }
    }

    private void expect(String what, long wrId, WcOpcode opcode, int length, QueuePair on) {
        Wc wc = poll(Duration.ofSeconds(30));
        check(what, wc.wrId() + " " + wc.status() + " " + wc.opcode() + " " + wc.byteLen() + " qp " + wc.qpNum(),
                wrId + " SUCCESS " + opcode + " " + length + " qp " + on.qpNum());
        immediateOfLast = wc.imm();
        lastFlags = wc.flags();
        lastSrcQp = wc.srcQp();
    }

    private void expectSend(long wrId, WcStatus status) {
        Wc wc = poll(Duration.ofSeconds(30));
        check("completion of " + wrId, wc.wrId() + " " + wc.status(), wrId + " " + status);
    }

    private Wc poll(Duration limit) {
        return checks.poll(cq, limit);
    }

    private void post(QueuePair qp, long wrId, long offset, int length, Consumer<SendOps> operation) {
        Rig.postSignaled(qp, mr, wrId, offset, length, operation);
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
