package org.verbs4j.provider.soft;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.MemoryRegion;
import org.verbs4j.Mtu;
import org.verbs4j.OpsFlag;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpState;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCap;
import org.verbs4j.TmhOpcode;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.NetworkWire;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.ExtensionHeader;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Reth;
import org.verbs4j.provider.soft.wire.roce.rc.PacketSink;

/**
 * One side of the tag-matching runs of {@link NetworkConnectedTest}, in a JVM of its own whose soft0 lives on the
 * network: the server's RC queue pair takes its receives from a tag-matching SRQ, and the client's sends it
 * messages that start with a TMH, over RoCE v2 with a path MTU of 1024.
 *
 * <p>The {@code tm} script: an EAGER message longer than the MTU (TM_MATCH, then TM_DATA_VALID), a RNDV message
 * whose 20000 bytes the server's device reads (TM_MATCH, then TM_DATA_VALID, and the FIN at the client's
 * ordinary receive), an unexpected and a NO_TAG message (whole, in SRQ buffers). Each side also checks the
 * packets it sent, byte by byte: the client's RNDV SEND carries the TMH and RVH, its READ response the data;
 * the server's READ request names the RVH's buffer in its RETH, and its FIN is a SEND of the TMH (opcode FIN)
 * and RVH, at the PSN after those of the READ. Last, a RNDV message names a key the client refuses: the server's
 * tagged receive completes TM_MATCH, then REM_ACCESS_ERR, and both queue pairs enter ERROR, as after any refused READ.
 * The {@code tm-lossy} script: both sides' packets go through a
 * {@link LossySink}, and {@link #ROUNDS} messages, every other one a rendezvous, must each complete once with
 * the right data. The client ends with a NO_TAG message once it has every FIN. Prints one line per failed check
 * and exits 1, or "PASS" and 0.
 *
 * <p>Usage: {@code server|client tm|tm-lossy PEER_IP}; each prints its line (queue pair number, R_Key and
 * address), then reads the peer's from stdin.
 */
final class TagMatchingPeer {

    static final int ROUNDS = 120;
    private static final int STRIDE = 24 * 1024;
    private static final long FINS = 3L << 20;
    private static final long EXTRA = 7L << 19;
    private static final long SRQ_BUFFERS = 7L << 19;
    private static final int TMH = 16;
    private static final int RVH = 16;
    private static final long END_TAG = 0;
    private static final long REFUSED_TAG = 0x77;
    private static final long REFUSED_BUFFER = 7L << 19 | 1 << 16;
    private static final int MATCH = (int) WcFlag.TM_MATCH.value();
    private static final int DATA_VALID = (int) WcFlag.TM_DATA_VALID.value();
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(1024);
    private final MemoryRegion mr = rig.region(4 << 20);
    private final PeerChecks checks = new PeerChecks();
    private final List<ByteBuffer> sent = new CopyOnWriteArrayList<>();
    private final List<LossySink> links = new CopyOnWriteArrayList<>();
    private final Gid peerGid;
    private final boolean lossy;
    private SharedReceiveQueue srq;
    private QueuePair qp;
    private int peerRkey;
    private long peerAddress;

    private TagMatchingPeer(InetAddress peer, boolean lossy) {
        this.peerGid = Gid.of(peer);
        this.lossy = lossy;
    }

    public static void main(String[] args) throws Exception {
        boolean server = args[0].equals("server");
        TagMatchingPeer peer = new TagMatchingPeer(InetAddress.getByName(args[2]), args[1].equals("tm-lossy"));
        peer.interpose(server ? 41 : 43);
        peer.run(server);
        peer.reportLosses();
        System.out.println(peer.checks.failures().isEmpty() ? "PASS" : peer.checks.failures());
        System.exit(peer.checks.failures().isEmpty() ? 0 : 1);
    }

    /** Keeps a copy of each packet the connections send, or loses, duplicates and reorders them if lossy. */
    private void interpose(long seed) {
        SoftFabric fabric = SoftFabric.instance();
        fabric.lock().lock();
        try {
            ((NetworkWire) fabric.wire()).connections().interpose(sink -> {
                PacketSink recorded = (packet, length) -> {
                    sent.add(copy(packet, length));
                    sink.send(packet, length);
                };
                if (!lossy) {
                    return recorded;
                }
                LossySink link = new LossySink(sink, seed, 0.02, 0.02, 0.01);
                links.add(link);
                return link;
            });
        } finally {
            fabric.lock().unlock();
        }
    }

    /** The lossy script: what the link did to the packets this side sent, and a check that it did something. */
    private void reportLosses() {
        if (!lossy) {
            return;
        }
        long dropped = links.stream().mapToLong(l -> l.dropped).sum();
        long duplicated = links.stream().mapToLong(l -> l.duplicated).sum();
        long reordered = links.stream().mapToLong(l -> l.reordered).sum();
        System.out.printf("dropped %d, duplicated %d, reordered %d%n", dropped, duplicated, reordered);
        checks.check("the link dropped packets", dropped > 0, true);
    }

    private static ByteBuffer copy(ByteBuffer packet, int length) {
        ByteBuffer copy = ByteBuffer.allocate(length);
        copy.put(0, packet, 0, length);
        return copy;
    }

    private void run(boolean server) throws Exception {
        if (server) {
            CompletionQueue plain = rig.cq(8);
            srq = rig.context.createSharedReceiveQueue(SrqInitAttributes.tagMatching(rig.pd, 256, 1, cq,
                    new TmCap(1023, 64)));
            qp = rig.context.createQueuePair(QpInitAttributes.builder(QpType.RC, rig.pd, plain,
                    new QpCapabilities(16, 0, 1, 1, 0)).sendOpsFlags(Rig.RC_OPS).srq(srq).build());
        } else {
            qp = rig.qp(QpType.RC, cq, 256);
        }
        System.out.printf("%d %d %d%n", qp.qpNum(), mr.rkey(), mr.address());
        System.out.flush();
        String[] peer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine()
                .trim().split(" ");
        peerRkey = Integer.parseInt(peer[1]);
        peerAddress = Long.parseLong(peer[2]);
        new ConnectRecipe(1, Mtu.MTU_1024, 0, 0, 64, Rig.ALL_ACCESS, ConnectRecipe.QKEY, 14, 12)
                .connectFromReset(qp, 0, new Destination(0, Integer.parseInt(peer[0]), 0, peerGid), 4);
        if (server) {
            serve();
        } else {
            Thread.sleep(1000); // the server connects meanwhile: a queue pair before RTR answers nothing
            sendAll();
        }
    }

    // ---- the messages ----

    /** @return whether message {@code i} is a rendezvous (the others are EAGER) */
    private boolean rendezvous(int i) {
        return lossy ? i % 2 == 0 : i == 1;
    }

    /** @return the length of the data of message {@code i}: after the TMH (EAGER), or read (RNDV) */
    private int dataLength(int i) {
        if (!lossy) {
            return i == 0 ? 3000 : 20_000;
        }
        return rendezvous(i) ? 1000 + i * 397 % 20_000 : 1 + i * 131 % 3000;
    }

    private int messages() {
        return lossy ? ROUNDS : 2;
    }

    private static long tag(int i) {
        return 0x100 + i;
    }

    // ---- the client ----

    private void sendAll() {
        for (int i = 0; i < messages(); i++) {
            if (rendezvous(i)) {
                Rig.postRecv(qp, 5000 + i, mr, FINS + i * 64L, 64);
            }
        }
        int fins = 0;
        for (int i = 0; i < messages(); i++) {
            fins += rendezvous(i) ? 1 : 0;
            postMessage(i);
        }
        int unmatched = 0;
        if (!lossy) {
            unmatched = 2;
            Rig.fill(mr.segment().asSlice(EXTRA, 100), 90);
            send(90, TmhOpcode.EAGER, 0x99, EXTRA, 100);
            Rig.fill(mr.segment().asSlice(EXTRA + 4096, 50), 91);
            send(91, TmhOpcode.NO_TAG, 0, EXTRA + 4096, 50);
        }
        checkClientCompletions(fins, unmatched);
        send(99, TmhOpcode.NO_TAG, END_TAG, EXTRA + 8192, 0);
        checks.check("the END message", checks.poll(cq, LIMIT).status(), WcStatus.SUCCESS);
        if (!lossy) {
            checkClientPackets();
            refusedRendezvous();
        }
    }

    /**
     * A RNDV message whose RVH names a key the client never made: the SEND is acknowledged, then the server's READ is
     * refused with a remote access error NAK, and the client's queue pair enters ERROR (QP_ACCESS_ERR).
     */
    private void refusedRendezvous() {
        long header = EXTRA + 12288;
        writeTmh(mr.segment(), header, TmhOpcode.RNDV, 0x77, REFUSED_TAG);
        mr.segment().set(BE_LONG, header + TMH, mr.address());
        mr.segment().set(BE_INT, header + TMH + 8, mr.rkey() ^ 0x100);
        mr.segment().set(BE_INT, header + TMH + 12, 100);
        Rig.postSignaled(qp, mr, 98, header, TMH + RVH, ops -> ops.send());
        Wc send = checks.poll(cq, LIMIT);
        checks.check("the refused RNDV's SEND", send.wrId() + " " + send.status(), "98 SUCCESS");
        AsyncEvent event = rig.context.getAsyncEvent(Duration.ofSeconds(20));
        checks.check("the client's event after the refused READ", event == null ? null : event.type(),
                AsyncEventType.QP_ACCESS_ERR);
        if (event != null) {
            rig.context.ackAsyncEvent(event);
        }
    }

    /** Message {@code i}: its data at {@code i * STRIDE}, its TMH (and RVH) just before it, in a slot of its own. */
    private void postMessage(int i) {
        long data = (long) i * STRIDE + 64;
        Rig.fill(mr.segment().asSlice(data, dataLength(i)), i);
        if (rendezvous(i)) {
            long header = data - 64;
            writeTmh(mr.segment(), header, TmhOpcode.RNDV, 0x1000 + i, tag(i));
            mr.segment().set(BE_LONG, header + TMH, mr.address() + data);
            mr.segment().set(BE_INT, header + TMH + 8, mr.rkey());
            mr.segment().set(BE_INT, header + TMH + 12, dataLength(i));
            Rig.postSignaled(qp, mr, i, header, TMH + RVH, ops -> ops.send());
        } else {
            writeTmh(mr.segment(), data - TMH, TmhOpcode.EAGER, 0x1000 + i, tag(i));
            Rig.postSignaled(qp, mr, i, data - TMH, TMH + dataLength(i), ops -> ops.send());
        }
    }

    /** Sends {@code length} bytes at {@code at} after a TMH written just before them. */
    private void send(long wrId, TmhOpcode opcode, long tag, long at, int length) {
        writeTmh(mr.segment(), at - TMH, opcode, 0, tag);
        Rig.postSignaled(qp, mr, wrId, at - TMH, TMH + length, ops -> ops.send());
    }

    private static void writeTmh(MemorySegment memory, long at, TmhOpcode opcode, int appContext, long tag) {
        memory.set(ValueLayout.JAVA_BYTE, at, (byte) opcode.value());
        memory.asSlice(at + 1, 3).fill((byte) 0);
        memory.set(BE_INT, at + 4, appContext);
        memory.set(BE_LONG, at + 8, tag);
    }

    /** Every SEND completes once, in order; each FIN lands in the next receive: the TMH (FIN) and RVH of its RNDV. */
    private void checkClientCompletions(int fins, int unmatched) {
        int nextSend = 0;
        int nextFin = 0;
        List<Integer> rendezvous = new ArrayList<>();
        for (int i = 0; i < messages(); i++) {
            if (rendezvous(i)) {
                rendezvous.add(i);
            }
        }
        for (int n = 0; n < messages() + unmatched + fins; n++) {
            Wc wc = checks.poll(cq, LIMIT);
            if (wc.opcode() == WcOpcode.RECV) {
                int i = rendezvous.get(nextFin);
                checks.check("FIN " + nextFin, wc.wrId() + " " + wc.status() + " " + wc.byteLen(),
                        (5000 + i) + " SUCCESS 32");
                checkFin("FIN of message " + i, mr.segment(), FINS + i * 64L, i);
                nextFin++;
            } else {
                long expected = nextSend < messages() ? nextSend : 90 + nextSend - messages();
                checks.check("SEND " + nextSend, wc.wrId() + " " + wc.status(), expected + " SUCCESS");
                nextSend++;
            }
        }
    }

    /** The FIN of message {@code i}: its TMH with opcode FIN, then its RVH, as the client sent them. */
    private void checkFin(String what, MemorySegment memory, long at, int i) {
        checks.check(what + " TMH", tmh(memory, at), (int) TmhOpcode.FIN.value() + " " + (0x1000 + i) + " "
                + tag(i));
        checks.check(what + " RVH", rvh(memory, at + TMH), (senderAddress() + (long) i * STRIDE + 64) + " "
                + senderKey() + " " + dataLength(i));
    }

    /** @return the address of the client's region: its own, or the peer's at the server */
    private long senderAddress() {
        return srq == null ? mr.address() : peerAddress;
    }

    private int senderKey() {
        return srq == null ? mr.rkey() : peerRkey;
    }

    private static String tmh(MemorySegment memory, long at) {
        return (memory.get(ValueLayout.JAVA_BYTE, at) & 0xff) + " " + memory.get(BE_INT, at + 4) + " "
                + memory.get(BE_LONG, at + 8);
    }

    private static String rvh(MemorySegment memory, long at) {
        return memory.get(BE_LONG, at) + " " + memory.get(BE_INT, at + 8) + " " + memory.get(BE_INT, at + 12);
    }

    /** The client sent the RNDV message as a SEND of its TMH and RVH, and the data in READ responses. */
    private void checkClientPackets() {
        ByteBuffer rndv = sent.stream().filter(p -> opcode(p) == Opcode.RC_SEND_ONLY && payload(p) == TMH + RVH)
                .findFirst().orElse(null);
        checks.check("the RNDV SEND on the wire", rndv != null, true);
        if (rndv != null) {
            MemorySegment bytes = MemorySegment.ofBuffer(rndv).asSlice(Opcode.RC_SEND_ONLY.headerBytes());
            checks.check("the RNDV SEND's TMH", tmh(bytes, 0), (int) TmhOpcode.RNDV.value() + " " + 0x1001 + " "
                    + tag(1));
            checks.check("the RNDV SEND's RVH", rvh(bytes, TMH), (mr.address() + STRIDE + 64) + " " + mr.rkey()
                    + " 20000");
        }
        List<Opcode> responses = sent.stream().map(TagMatchingPeer::opcode).filter(Opcode::isResponse)
                .filter(Opcode::hasPayload).limit(20).toList();
        checks.check("the READ's 20 response packets, FIRST to LAST (retransmissions after)", responses.size() == 20
                ? responses.getFirst() + " " + responses.getLast() : responses.toString(),
                Opcode.RC_RDMA_READ_RESPONSE_FIRST + " " + Opcode.RC_RDMA_READ_RESPONSE_LAST);
    }

    // ---- the server ----

    private void serve() {
        for (int i = 0; i < messages(); i++) {
            addTag(tag(i), i, (long) i * STRIDE);
        }
        addTag(REFUSED_TAG, 97, REFUSED_BUFFER);
        for (int i = 0; i < 3; i++) {
            ReceiveRequest request = new ReceiveRequest(1).wrId(900 + i);
            request.sgList().add(mr, SRQ_BUFFERS + i * 8192L, 8192);
            srq.postReceive(request);
        }
        Map<Long, List<String>> tagged = new TreeMap<>();
        List<String> untagged = new ArrayList<>();
        int expected = expectedTagged() + (lossy ? 0 : 2);
        while (expected-- > 0) {
            Wc wc = checks.poll(cq, LIMIT);
            if (wc.wrId() >= 900) {
                untagged.add(wc.wrId() + " " + wc.status() + " " + wc.opcode() + " " + wc.byteLen() + " " + wc.flags());
            } else {
                tagged.computeIfAbsent(wc.wrId(), k -> new ArrayList<>()).add(wc.status() + " " + wc.opcode() + " "
                        + (wc.flags() & (MATCH | DATA_VALID)) + " " + wc.byteLen());
            }
        }
        for (int i = 0; i < messages(); i++) {
            checks.check("the completions of message " + i, tagged.get((long) i), expectedCompletions(i));
            checks.checkPattern(mr.segment(), rig.arena, (long) i * STRIDE, dataLength(i), i);
        }
        if (!lossy) { // the unexpected message stopped matching until software has seen it (mlx5)
            srq.postOps(new SrqOperation(0).opcode(SrqOpcode.TAG_SYNC).wrId(10_999).flags((int) OpsFlag.TM_SYNC
                    .value()).unexpectedCnt(1));
        }
        Wc end = checks.poll(cq, LIMIT);
        if (!lossy) {
            checks.check("the unexpected and NO_TAG messages", untagged, List.of(
                    "900 SUCCESS TM_RECV 116 0", "901 SUCCESS TM_NO_TAG 66 0"));
            checks.checkPattern(mr.segment(), rig.arena, SRQ_BUFFERS + TMH, 100, 90);
            checks.checkPattern(mr.segment(), rig.arena, SRQ_BUFFERS + 8192 + TMH, 50, 91);
            checkServerPackets();
        }
        checks.check("the END message", end.wrId() + " " + end.status() + " " + end.opcode(),
                (lossy ? 900 : 902) + " SUCCESS TM_NO_TAG");
        if (!lossy) {
            refusedRead();
        }
    }

    /** The READ of a rendezvous whose key the client refuses: TM_MATCH, then REM_ACCESS_ERR, and ERROR. */
    private void refusedRead() {
        Wc match = checks.poll(cq, LIMIT);
        Wc refused = checks.poll(cq, LIMIT);
        checks.check("the refused rendezvous' completions", List.of(
                match.wrId() + " " + match.status() + " " + (match.flags() & (MATCH | DATA_VALID)),
                refused.wrId() + " " + refused.status()), List.of("97 SUCCESS " + MATCH, "97 REM_ACCESS_ERR"));
        checks.check("the server's queue pair after the refused READ",
                qp.query(Set.of(QpAttrMask.STATE)).qpState(), QpState.ERR);
    }

    private void addTag(long tag, long recvWrId, long buffer) {
        SrqOperation add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).wrId(10_000 + recvWrId).tag(tag).mask(-1L)
                .recvWrId(recvWrId);
        add.sgList().add(mr, buffer, STRIDE);
        srq.postOps(add);
    }

    private int expectedTagged() {
        int n = 0;
        for (int i = 0; i < messages(); i++) {
            n += expectedCompletions(i).size();
        }
        return n;
    }

    /** RNDV: TM_MATCH, then TM_DATA_VALID; EAGER: both at once, or one after the other beyond the MTU. */
    private List<String> expectedCompletions(int i) {
        String match = "SUCCESS TM_RECV " + MATCH + " 0";
        String data = "SUCCESS TM_RECV " + DATA_VALID + " " + dataLength(i);
        if (rendezvous(i) || TMH + dataLength(i) > 1024) {
            return List.of(match, data);
        }
        return List.of("SUCCESS TM_RECV " + (MATCH | DATA_VALID) + " " + dataLength(i));
    }

    /** The server's device read the RVH's buffer with an RDMA READ, then sent the FIN at the PSN after the READ's. */
    private void checkServerPackets() {
        int read = indexOf(Opcode.RC_RDMA_READ_REQUEST);
        checks.check("the rendezvous READ on the wire", read >= 0, true);
        if (read < 0) {
            return;
        }
        ByteBuffer request = sent.get(read);
        int reth = Opcode.RC_RDMA_READ_REQUEST.offsetOf(ExtensionHeader.RETH);
        checks.check("the READ's RETH", Reth.virtualAddress(request, reth) + " " + Reth.rKey(request, reth) + " "
                + Reth.dmaLength(request, reth), (peerAddress + STRIDE + 64) + " " + peerRkey + " 20000");
        int fin = indexOf(Opcode.RC_SEND_ONLY);
        checks.check("the FIN on the wire", fin > read, true);
        if (fin > read) {
            ByteBuffer packet = sent.get(fin);
            checks.check("the FIN's payload length", payload(packet), TMH + RVH);
            checkFin("the FIN packet", MemorySegment.ofBuffer(packet).asSlice(Opcode.RC_SEND_ONLY.headerBytes()), 0,
                    1);
            checks.check("the FIN's PSN: the READ's 20 response PSNs later", Bth.psn(packet, 0),
                    Bth.psn(request, 0) + 20);
        }
    }

    private int indexOf(Opcode opcode) {
        for (int i = 0; i < sent.size(); i++) {
            if (opcode(sent.get(i)) == opcode) {
                return i;
            }
        }
        return -1;
    }

    private static Opcode opcode(ByteBuffer packet) {
        return Opcode.of(Bth.opcode(packet, 0));
    }

    private static int payload(ByteBuffer packet) {
        return packet.capacity() - opcode(packet).headerBytes() - Bth.pad(packet, 0);
    }
}
