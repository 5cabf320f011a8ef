package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.verbs4j.AsyncEventType;
import org.verbs4j.OpsFlag;
import org.verbs4j.ScatterGatherList;
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
 * messages land whole in an ordinary SRQ buffer (TM_RECV with no flags, or TM_NO_TAG). Used under the fabric
 * lock.
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
        if (status == WcStatus.SUCCESS && length > responder.pathMtuBytes()) {
            Completion matched = tagged(requester, responder, entry.recvWrId, status, tag, appContext);
            matched.wcFlags = MATCH;
            complete(responder, matched);
            Completion data = tagged(requester, responder, entry.recvWrId, status, tag, appContext);
            data.byteLen = (int) payload;
            data.wcFlags = DATA_VALID;
            complete(responder, data);
            return Response.ACK;
        }
        Completion c = tagged(requester, responder, entry.recvWrId, status, tag, appContext);
        c.byteLen = (int) payload;
        c.wcFlags = MATCH | DATA_VALID;
        complete(responder, c);
        return Response.ACK;
    }

    private int rendezvous(QueuePairView requester, QueuePairView responder, TagEntry entry, long tag,
                           int appContext) {
        long va = header.get(BE_LONG, TMH_BYTES);
        int rkey = header.get(BE_INT, TMH_BYTES + 8);
        long length = Integer.toUnsignedLong(header.get(BE_INT, TMH_BYTES + 12));
        WcStatus status = localAccess.check(entry.buffer, srq.softPd(), true);
        if (status == WcStatus.SUCCESS && length > entry.buffer.totalLength()) {
            headerView.setResolved(header, TMH_BYTES + RVH_BYTES);
            LocalAccess.copy(headerView, 0, entry.buffer, 0, Math.min(entry.buffer.totalLength(),
                    TMH_BYTES + RVH_BYTES));
            Completion c = tagged(requester, responder, entry.recvWrId, WcStatus.TM_RNDV_INCOMPLETE, tag, appContext);
            c.wcFlags = MATCH;
            complete(responder, c);
            return Response.ACK;
        }
        Completion matched = tagged(requester, responder, entry.recvWrId, status, tag, appContext);
        matched.wcFlags = status == WcStatus.SUCCESS ? MATCH : 0;
        complete(responder, matched);
        if (status != WcStatus.SUCCESS) {
            return Response.ACK;
        }
        if (!srq.fabric().wire().read(responder, rkey, va, length, readResponse)) {
            Completion failed = tagged(requester, responder, entry.recvWrId, WcStatus.REM_ACCESS_ERR, tag, appContext);
            complete(responder, failed);
            return Response.ACK;
        }
        LocalAccess.copy(readResponse.readData(), 0, entry.buffer, 0, length);
        sendFin(responder);
        Completion done = tagged(requester, responder, entry.recvWrId, WcStatus.SUCCESS, tag, appContext);
        done.byteLen = (int) length;
        done.wcFlags = DATA_VALID;
        complete(responder, done);
        return Response.ACK;
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
        Completion c = completion.start(wrId, status, opcode, responder.qpNum());
        c.byteLen = (int) length;
        c.srcQp = requester.qpNum();
        c.solicited = c.solicited || (wqe.flags & (int) org.verbs4j.SendFlag.SOLICITED.value()) != 0;
        if (counts) {
            unexpectedIn++;
            if (unexpectedIn - unexpectedOut > MAX_SYNC_DIFF) {
                c.wcFlags = SYNC_REQ;
            }
        }
        complete(responder, c);
        return Response.ACK;
    }

    private Completion tagged(QueuePairView requester, QueuePairView responder, long wrId, WcStatus status,
                              long tag, int appContext) {
        Completion c = completion.start(wrId, status, WcOpcode.TM_RECV, responder.qpNum());
        c.srcQp = requester.qpNum();
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
