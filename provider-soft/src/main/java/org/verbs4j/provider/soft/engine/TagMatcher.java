package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.AsyncEventType;
import org.verbs4j.OpsFlag;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCap;
import org.verbs4j.TmhOpcode;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The tag-matching list of a tag-matching SRQ, as mlx5 behaves (where the documentation disagrees, mlx5
 * wins). Messages start with a 16-byte TMH (opcode, 3 reserved bytes, big-endian app_ctx and tag); a
 * rendezvous TMH is followed by a 16-byte RVH (big-endian va, rkey, len). An expected EAGER message lands
 * in the tagged buffer after its TMH with one TM_RECV completion (TM_MATCH | TM_DATA_VALID), or two (TM_MATCH,
 * then TM_DATA_VALID) when it is longer than the path MTU (a multi-packet message); an expected
 * RNDV gives TM_RECV with TM_MATCH at once, then the device RDMA-reads the payload from the sender through
 * the {@link Wire} and places the read response itself, sends the sender the FIN (the TMH and RVH with opcode
 * FIN) through the wire and completes TM_RECV with TM_DATA_VALID. Unexpected
 * messages (no match, or matching disabled until software synchronises its unexpected count) and NO_TAG
 * messages land whole in an ordinary SRQ buffer (TM_RECV with no flags, or TM_NO_TAG). Inside the JVM a message
 * arrives whole ({@link #receive}); over the RoCE v2 wire packet by packet, decided at its first ({@link #arrive}),
 * completed at its last ({@link #end}), and a rendezvous once the wire's read of it ended ({@link #readEnded}). Used
 * under the fabric lock.
 */
public final class TagMatcher {

    static final int TMH_BYTES = 16;
    static final int RVH_BYTES = 16;
    /** The unexpected-count difference after which an unexpected completion asks for TAG_SYNC (mlx5). */
    static final int MAX_SYNC_DIFF = 0x3fff;

    private static final String POST = "ibv_post_srq_ops";
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int SIGNALED = (int) OpsFlag.SIGNALED.value();
    private static final int TM_SYNC = (int) OpsFlag.TM_SYNC.value();
    private static final int MATCH = (int) WcFlag.TM_MATCH.value();
    private static final int DATA_VALID = (int) WcFlag.TM_DATA_VALID.value();
    private static final int SYNC_REQ = (int) WcFlag.TM_SYNC_REQ.value();
    private static final int SOLICITED_SEND = (int) SendFlag.SOLICITED.value();

    private final SharedReceiveQueueView srq;
    private final TagEntry[] entries;
    private final int maxOps;
    private final Completion completion = new Completion();
    private final MemorySegment header = DeviceMemory.buffer(TMH_BYTES + RVH_BYTES);
    private final Sges headerView = new Sges(1);
    /** The read response of a rendezvous: the sender's data, which the matcher places in the tagged buffer. */
    private final Response readResponse = new Response();
    private final LocalAccess localAccess;
    private long nextSequence;
    private int unexpectedIn;
    private int unexpectedOut;

    public TagMatcher(SharedReceiveQueueView srq, TmCap cap) {
        this.srq = srq;
        this.localAccess = new LocalAccess(srq.fabric().keys());
        this.maxOps = cap.maxOps();
        this.entries = new TagEntry[cap.maxNumTags()];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = new TagEntry();
        }
    }

    // ---- list operations ----

    public void post(SrqOperation first) {
        int count = 0;
        for (SrqOperation op = first; op != null; op = op.next()) {
            if (++count > maxOps) {
                throw Failures.noMemory(POST, "more than max_ops " + maxOps + " operations", op);
            }
        }
        for (SrqOperation op = first; op != null; op = op.next()) {
            if ((op.flags() & TM_SYNC) != 0) {
                unexpectedOut = op.unexpectedCnt();
            }
            switch (op.opcode()) {
                case TAG_ADD -> add(op);
                case TAG_DEL -> delete(op);
                case TAG_SYNC -> signal(op, WcOpcode.TM_SYNC, WcStatus.SUCCESS);
                default -> throw Failures.invalid(POST, "unknown opcode " + op.opcode(), op);
            }
        }
    }

    private void add(SrqOperation op) {
        ScatterGatherList list = op.sgList();
        if (list.size() > 1) {
            throw Failures.invalid(POST, "a tagged buffer has at most one SGE", op);
        }
        int handle = freeHandle();
        if (handle < 0) {
            throw Failures.noMemory(POST, "the tag list is full (" + entries.length + " tags)", op);
        }
        TagEntry entry = entries[handle];
        entry.inUse = true;
        entry.sequence = nextSequence++;
        entry.tag = op.tag();
        entry.mask = op.mask();
        entry.recvWrId = op.recvWrId();
        entry.buffer.clear();
        if (list.size() == 1) {
            entry.buffer.add(list.address(0), list.length(0), list.lkey(0));
        }
        op.handle(handle);
        signal(op, WcOpcode.TM_ADD, WcStatus.SUCCESS);
    }

    private void delete(SrqOperation op) {
        int handle = op.handle();
        if (handle < 0 || handle >= entries.length) {
            throw Failures.invalid(POST, "handle " + handle + " is not a tag handle", op);
        }
        TagEntry entry = entries[handle];
        boolean present = entry.inUse;
        entry.inUse = false;
        signal(op, WcOpcode.TM_DEL, present ? WcStatus.SUCCESS : WcStatus.TM_ERR);
    }

    private int freeHandle() {
        for (int i = 0; i < entries.length; i++) {
            if (!entries[i].inUse) {
                return i;
            }
        }
        return -1;
    }

    private void signal(SrqOperation op, WcOpcode opcode, WcStatus status) {
        if ((op.flags() & SIGNALED) == 0) {
            return;
        }
        Completion c = completion.start(op.wrId(), status, opcode, 0);
        if (status == WcStatus.SUCCESS && unexpectedIn != unexpectedOut) {
            c.wcFlags = SYNC_REQ;
        }
        srq.softCq().push(c);
    }

    // ---- incoming messages ----

    int receive(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source, long length) {
        if (length < TMH_BYTES) {
            return unexpected(requester, responder, wqe, source, length, WcOpcode.TM_NO_TAG, false);
        }
        long headerBytes = Math.min(length, TMH_BYTES + RVH_BYTES);
        headerView.setResolved(header, headerBytes);
        LocalAccess.copy(source, 0, headerView, 0, headerBytes);
        int opcode = header.get(ValueLayout.JAVA_BYTE, 0) & 0xff;
        long tag = header.get(BE_LONG, 8);
        int appContext = header.get(BE_INT, 4);
        if (opcode == TmhOpcode.NO_TAG.value() || opcode == TmhOpcode.FIN.value()) {
            return unexpected(requester, responder, wqe, source, length, WcOpcode.TM_NO_TAG, false);
        }
        boolean rendezvous = opcode == TmhOpcode.RNDV.value();
        TagEntry entry = unexpectedIn == unexpectedOut ? match(tag) : null;
        if (entry == null || (rendezvous && length < TMH_BYTES + RVH_BYTES)) {
            return unexpected(requester, responder, wqe, source, length, WcOpcode.TM_RECV, true);
        }
        entry.inUse = false;
        return rendezvous ? rendezvous(requester, responder, entry, tag, appContext)
                : eager(requester, responder, entry, source, length, tag, appContext);
    }

    private TagEntry match(long tag) {
        TagEntry best = null;
        for (TagEntry entry : entries) {
            if (entry.inUse && entry.matches(tag) && (best == null || entry.sequence < best.sequence)) {
                best = entry;
            }
        }
        return best;
    }

    private int eager(QueuePairView requester, QueuePairView responder, TagEntry entry, Sges source, long length,
                      long tag, int appContext) {
        long payload = length - TMH_BYTES;
        WcStatus status = localAccess.check(entry.buffer, srq.softPd(), true);
        if (status == WcStatus.SUCCESS && payload > entry.buffer.totalLength()) {
            status = WcStatus.LOC_LEN_ERR;
        }
        if (status == WcStatus.SUCCESS) {
            LocalAccess.copy(source, TMH_BYTES, entry.buffer, 0, payload);
        }
        completeEager(responder, requester.qpNum(), entry.recvWrId, status, tag, appContext, length);
        return Response.ACK;
    }

    /**
     * Completes an EAGER message of {@code length} bytes (its TMH included) in a tagged buffer: one TM_RECV with
     * TM_MATCH and TM_DATA_VALID, or two when the message is longer than the path MTU.
     */
    private void completeEager(QueuePairView responder, int sourceQp, long wrId, WcStatus status, long tag,
                               int appContext, long length) {
        long payload = length - TMH_BYTES;
        if (status == WcStatus.SUCCESS && length > responder.pathMtuBytes()) {
            Completion matched = tagged(sourceQp, responder, wrId, status, tag, appContext);
            matched.wcFlags = MATCH;
            complete(responder, matched);
            Completion data = tagged(sourceQp, responder, wrId, status, tag, appContext);
            data.byteLen = (int) payload;
            data.wcFlags = DATA_VALID;
            complete(responder, data);
            return;
        }
        Completion c = tagged(sourceQp, responder, wrId, status, tag, appContext);
        c.byteLen = (int) payload;
        c.wcFlags = MATCH | DATA_VALID;
        complete(responder, c);
    }

    private int rendezvous(QueuePairView requester, QueuePairView responder, TagEntry entry, long tag,
                           int appContext) {
        long va = header.get(BE_LONG, TMH_BYTES);
        int rkey = header.get(BE_INT, TMH_BYTES + 8);
        long length = Integer.toUnsignedLong(header.get(BE_INT, TMH_BYTES + 12));
        WcStatus status = localAccess.check(entry.buffer, srq.softPd(), true);
        headerView.setResolved(header, TMH_BYTES + RVH_BYTES);
        int sourceQp = requester.qpNum();
        if (!matchRendezvous(responder, sourceQp, entry.buffer, headerView, entry.recvWrId, status, tag, appContext,
                length)) {
            return Response.ACK;
        }
        boolean granted = srq.fabric().wire().read(responder, rkey, va, length, readResponse);
        if (granted) {
            LocalAccess.copy(readResponse.readData(), 0, entry.buffer, 0, length);
            sendFin(responder);
        }
        completeRendezvous(responder, sourceQp, entry.recvWrId, granted ? WcStatus.SUCCESS : WcStatus.REM_ACCESS_ERR,
                tag, appContext, length);
        return Response.ACK;
    }

    /**
     * Completes the match of a RNDV message with TM_RECV and TM_MATCH; a tagged buffer shorter than the data
     * gets the TMH and RVH instead, with TM_RNDV_INCOMPLETE (software then reads the data itself).
     *
     * @param headers the message's TMH and RVH
     * @return whether the device now reads the data of the rendezvous
     */
    private boolean matchRendezvous(QueuePairView responder, int sourceQp, Sges buffer, Sges headers, long wrId,
                                    WcStatus status, long tag, int appContext, long length) {
        if (status == WcStatus.SUCCESS && length > buffer.totalLength()) {
            LocalAccess.copy(headers, 0, buffer, 0, Math.min(buffer.totalLength(), TMH_BYTES + RVH_BYTES));
            Completion c = tagged(sourceQp, responder, wrId, WcStatus.TM_RNDV_INCOMPLETE, tag, appContext);
            c.wcFlags = MATCH;
            complete(responder, c);
            return false;
        }
        Completion matched = tagged(sourceQp, responder, wrId, status, tag, appContext);
        matched.wcFlags = status == WcStatus.SUCCESS ? MATCH : 0;
        complete(responder, matched);
        return status == WcStatus.SUCCESS;
    }

    /** Completes a rendezvous once its read ended: TM_DATA_VALID, or the read's error. */
    private void completeRendezvous(QueuePairView responder, int sourceQp, long wrId, WcStatus status, long tag,
                                    int appContext, long length) {
        Completion done = tagged(sourceQp, responder, wrId, status, tag, appContext);
        if (status == WcStatus.SUCCESS) {
            done.byteLen = (int) length;
            done.wcFlags = DATA_VALID;
        }
        complete(responder, done);
    }

    /** Sends the FIN (the request's TMH and RVH with opcode FIN) to the sender's receive queue. */
    private void sendFin(QueuePairView responder) {
        header.set(ValueLayout.JAVA_BYTE, 0, (byte) TmhOpcode.FIN.value());
        headerView.setResolved(header, TMH_BYTES + RVH_BYTES);
        srq.fabric().wire().deviceSend(responder, headerView, TMH_BYTES + RVH_BYTES);
    }

    private int unexpected(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source,
                           long length, WcOpcode opcode, boolean counts) {
        ReceiveQueue queue = srq.queue();
        if (queue.isEmpty()) {
            return Response.RNR;
        }
        Sges target = queue.headSges();
        WcStatus status = localAccess.check(target, srq.softPd(), true);
        if (status == WcStatus.SUCCESS && length > target.totalLength()) {
            status = WcStatus.LOC_LEN_ERR;
        }
        if (status == WcStatus.SUCCESS) {
            LocalAccess.copy(source, 0, target, 0, length);
        }
        long wrId = responder.takeReceive();
        boolean solicited = (wqe.flags & SOLICITED_SEND) != 0;
        completeUnexpected(responder, requester.qpNum(), wrId, status, opcode, length, solicited, counts);
        return Response.ACK;
    }

    /** Completes a message that landed whole in an SRQ buffer; an unexpected one ({@code counts}) is counted. */
    private void completeUnexpected(QueuePairView responder, int sourceQp, long wrId, WcStatus status,
                                    WcOpcode opcode, long length, boolean solicited, boolean counts) {
        Completion c = completion.start(wrId, status, opcode, responder.qpNum());
        c.byteLen = (int) length;
        c.srcQp = sourceQp;
        c.solicited = c.solicited || solicited;
        if (counts) {
            unexpectedIn++;
            if (unexpectedIn - unexpectedOut > MAX_SYNC_DIFF) {
                c.wcFlags = SYNC_REQ;
            }
        }
        complete(responder, c);
    }

    // ---- messages arriving packet by packet (the RoCE v2 wire) ----

    /**
     * Decides, as {@link #receive} does for a whole message, where a message goes whose first packet arrived,
     * from the first bytes of that packet, which the wire copied into {@link TaggedMessage#header}: an SRQ buffer
     * (taken now), or a tagged buffer (its entry leaves the list). A path MTU is at least 256 bytes, so a first
     * packet shorter than a TMH, or than a TMH and an RVH, is the whole message.
     *
     * @param firstBytes the payload of the first packet
     * @param mayRead whether the device can put a rendezvous read on the wire now
     * @return false if the message needs an SRQ buffer and none is posted, or is a matched RNDV message the device
     *     cannot read now: the responder answers with an RNR NAK, and the sender sends it again
     */
    public boolean arrive(TaggedMessage m, QueuePairView responder, long firstBytes, boolean mayRead) {
        m.sourceQp = responder.destQpNum();
        long opcode = firstBytes < TMH_BYTES ? TmhOpcode.NO_TAG.value() : m.header.get(ValueLayout.JAVA_BYTE, 0) & 0xff;
        if (opcode == TmhOpcode.NO_TAG.value() || opcode == TmhOpcode.FIN.value()) {
            return takeBuffer(m, responder, TaggedMessage.NO_TAG);
        }
        boolean rendezvous = opcode == TmhOpcode.RNDV.value();
        long tag = m.header.get(BE_LONG, 8);
        TagEntry entry = unexpectedIn == unexpectedOut ? match(tag) : null;
        if (entry == null || (rendezvous && firstBytes < TMH_BYTES + RVH_BYTES)) {
            return takeBuffer(m, responder, TaggedMessage.UNEXPECTED);
        }
        if (rendezvous && !mayRead) {
            return false;
        }
        entry.inUse = false;
        m.kind = rendezvous ? TaggedMessage.RENDEZVOUS : TaggedMessage.EAGER;
        m.wrId = entry.recvWrId;
        m.tag = tag;
        m.appContext = m.header.get(BE_INT, 4);
        TaggedMessage.copyList(entry.buffer, m.target);
        m.status = localAccess.check(m.target, srq.softPd(), true);
        m.readAddress = rendezvous ? m.header.get(BE_LONG, TMH_BYTES) : 0;
        m.readKey = rendezvous ? m.header.get(BE_INT, TMH_BYTES + 8) : 0;
        m.readLength = rendezvous ? Integer.toUnsignedLong(m.header.get(BE_INT, TMH_BYTES + 12)) : 0;
        return true;
    }

    private boolean takeBuffer(TaggedMessage m, QueuePairView responder, int kind) {
        ReceiveQueue queue = srq.queue();
        if (queue.isEmpty()) {
            return false;
        }
        TaggedMessage.copyList(queue.headSges(), m.target);
        m.status = localAccess.check(m.target, srq.softPd(), true);
        m.wrId = responder.takeReceive();
        m.kind = kind;
        return true;
    }

    /**
     * The last packet of the message {@link #arrive} placed arrived: completes it as {@link #receive} completes a
     * whole message, but for a matched RNDV message, which gets its TM_MATCH completion and is then read.
     *
     * @param length the message's length
     * @param solicited whether its last packet asked for a solicited event
     * @return whether the device now reads the data of the rendezvous, then calls {@link #readEnded}
     */
    public boolean end(TaggedMessage m, QueuePairView responder, long length, boolean solicited) {
        switch (m.kind) {
            case TaggedMessage.EAGER -> completeEager(responder, m.sourceQp, m.wrId, m.status, m.tag, m.appContext,
                    length);
            case TaggedMessage.RENDEZVOUS -> {
                return matchRendezvous(responder, m.sourceQp, m.target, m.header(TMH_BYTES + RVH_BYTES), m.wrId,
                        m.status, m.tag, m.appContext, m.readLength);
            }
            default -> completeUnexpected(responder, m.sourceQp, m.wrId, m.status,
                    m.kind == TaggedMessage.NO_TAG ? WcOpcode.TM_NO_TAG : WcOpcode.TM_RECV, length, solicited,
                    m.kind == TaggedMessage.UNEXPECTED);
        }
        return false;
    }

    /**
     * The rendezvous read of {@code m} ended: its data is in the tagged buffer (SUCCESS), or the read failed with
     * {@code status}. Completes the tagged receive with TM_DATA_VALID, or with the read's status.
     */
    public void readEnded(TaggedMessage m, QueuePairView responder, WcStatus status) {
        completeRendezvous(responder, m.sourceQp, m.wrId, status, m.tag, m.appContext, m.readLength);
    }

    private Completion tagged(int sourceQp, QueuePairView responder, long wrId, WcStatus status, long tag,
                              int appContext) {
        Completion c = completion.start(wrId, status, WcOpcode.TM_RECV, responder.qpNum());
        c.srcQp = sourceQp;
        c.tmTag = tag;
        c.tmPriv = appContext;
        return c;
    }

    private void complete(QueuePairView responder, Completion c) {
        if (!srq.softCq().push(c)) {
            responder.enterError(AsyncEventType.QP_FATAL);
        }
    }
}
