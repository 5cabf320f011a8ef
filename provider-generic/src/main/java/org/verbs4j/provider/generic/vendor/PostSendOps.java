package org.verbs4j.provider.generic.vendor;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.verbs4j.provider.generic.vendor.SendWrLayout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
import org.verbs4j.AddressHandle;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The {@link SendOps} of a queue pair that has no {@code struct ibv_qp_ex} (one a vendor's first creator made,
 * such as a driver queue pair), built on the legacy {@code ibv_post_send}: the inline of verbs.h that calls
 * {@code qp->context->ops.post_send(qp, wr, &bad_wr)}. A batch's requests are written into a chain of
 * {@code struct ibv_send_wr} (with their {@code ibv_sge}s and inline data) that this object owns, sized at
 * creation for {@code max_send_wr} requests of {@code max_send_sge} entries and {@code max_inline_data} bytes,
 * and posted in one call by {@link #complete()}. Nothing is allocated per request or per batch.
 *
 * <p>Builders: SEND, SEND_WITH_IMM, SEND_WITH_INV, RDMA WRITE (with immediate), RDMA READ, the two atomics and
 * LOCAL_INV, as {@code ibv_send_wr} carries them; the others ({@code bindMw}, {@code sendTso},
 * {@code atomicWrite}, {@code flush}) are {@link UnsupportedVerbException}. Which of them the device accepts is
 * the provider's answer to the post. As with the extended API, setters report nothing: a problem (too many
 * requests or entries, inline data too long or unreadable) makes {@link #complete()} throw
 * {@link InvalidArgumentException} and discards the batch; a post the provider refuses is a
 * {@link VerbsException} with its errno (the return value of {@code post_send}) naming the request
 * {@code bad_wr} points at (those before it were posted). A batch holds the queue pair and the address handles
 * it names open until {@code complete()} or {@code abort()}. One thread at a time.
 */
public final class PostSendOps implements SendOps, SendBatch {

    private static final String VERB = "ibv_post_send";
    private static final long SGE = 16;
    private static final int INLINE = (int) SendFlag.INLINE.value();
    /** {@code int (*post_send)(struct ibv_qp *, struct ibv_send_wr *, struct ibv_send_wr **)}, by address. */
    private static final MethodHandle CALL_POST = FunctionPointers.criticalInvoker(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));

    private final QueuePair pair;
    private final NativeHandle handle;
    private final MemorySegment post;
    private final long qp;
    private final int maxWr;
    private final int maxSge;
    private final int maxInline;
    private final long wrSize = IBV_SEND_WR.byteSize();
    private final MemorySegment wrs;
    private final MemorySegment sges;
    private final MemorySegment inline;
    private final MemorySegment zero;
    private final MemorySegment badWr;
    private final NativeHandle[] ahs;
    private boolean batchOpen;
    private Thread batchThread;
    private long batches;
    private int count;
    private int current = -1;
    private long wrId;
    private int flags;
    private String problem;

    private PostSendOps(QueuePair pair, MemorySegment qp, Arena arena) {
        this.pair = pair;
        this.handle = (NativeHandle) pair;
        this.qp = qp.address();
        this.post = postSend(qp);
        this.maxWr = Math.max(pair.capabilities().maxSendWr(), 1);
        this.maxSge = pair.capabilities().maxSendSge();
        this.maxInline = pair.capabilities().maxInlineData();
        this.wrs = arena.allocate(IBV_SEND_WR, maxWr);
        this.sges = arena.allocate(SGE * maxWr * Math.max(maxSge, 1), 8);
        this.inline = arena.allocate((long) maxWr * Math.max(maxInline, 1), 8);
        this.zero = arena.allocate(IBV_SEND_WR);
        this.badWr = arena.allocate(ADDRESS);
        this.ahs = new NativeHandle[maxWr];
    }

    /**
     * @param pair a queue pair of the generic binding, open, with its actual capabilities
     * @param qp its {@code struct ibv_qp *}
     * @return its send ops through {@code ibv_post_send}
     * @throws UnsupportedVerbException if the provider set no {@code post_send}
     */
    public static PostSendOps of(QueuePair pair, MemorySegment qp) {
        return new PostSendOps(pair, qp, Arena.ofAuto());
    }

    /** @return {@code qp->context->ops.post_send}, the function the inline {@code ibv_post_send} calls */
    @SuppressWarnings("restricted")
    private static MemorySegment postSend(MemorySegment qp) {
        Abi abi = Abi.current();
        MemorySegment context = qp.reinterpret(abi.ibvQpEx.byteSize())
                .get(ADDRESS, Abi.offset(abi.ibvQpEx, "qp_base", "context")).reinterpret(abi.ibvContext.byteSize());
        MemorySegment function = context.get(ADDRESS, Abi.offset(abi.ibvContext, "ops", "post_send"));
        if (function.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(VERB, "the provider set no post_send in ibv_context_ops");
        }
        return function;
    }

    @Override
    public QueuePair queuePair() {
        return pair;
    }

    @Override
    public long batchHeldBy(Thread thread) {
        return batchOpen && batchThread == thread ? batches : 0;
    }

    @Override
    public void start() {
        discard();
        hold();
    }

    @Override
    public SendOps wrId(long id) {
        hold();
        this.wrId = id;
        return this;
    }

    @Override
    public SendOps wrFlags(int sendFlags) {
        hold();
        this.flags = sendFlags;
        return this;
    }

    @Override
    public SendOps send() {
        begin(SEND);
        return this;
    }

    @Override
    public SendOps sendWithImm(int immData) {
        return withInt(begin(SEND_WITH_IMM), IMM_DATA, Integer.reverseBytes(immData));
    }

    @Override
    public SendOps sendWithInv(int invalidateRkey) {
        return withInt(begin(SEND_WITH_INV), IMM_DATA, invalidateRkey);
    }

    @Override
    public SendOps localInv(int invalidateRkey) {
        return withInt(begin(LOCAL_INV), IMM_DATA, invalidateRkey);
    }

    @Override
    public SendOps rdmaWrite(int rkey, long remoteAddress) {
        return withRemote(begin(RDMA_WRITE), rkey, remoteAddress);
    }

    @Override
    public SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        long at = begin(RDMA_WRITE_WITH_IMM);
        withRemote(at, rkey, remoteAddress);
        return withInt(at, IMM_DATA, Integer.reverseBytes(immData));
    }

    @Override
    public SendOps rdmaRead(int rkey, long remoteAddress) {
        return withRemote(begin(RDMA_READ), rkey, remoteAddress);
    }

    @Override
    public SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        return withAtomic(begin(ATOMIC_CMP_AND_SWP), rkey, remoteAddress, compare, swap);
    }

    @Override
    public SendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        return withAtomic(begin(ATOMIC_FETCH_AND_ADD), rkey, remoteAddress, add, 0);
    }

    @Override
    public SendOps sendTso(MemorySegment header, int mss) {
        throw unbound("sendTso");
    }

    @Override
    public SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        throw unbound("atomicWrite");
    }

    @Override
    public SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        throw unbound("flush");
    }

    @Override
    public SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo bindInfo) {
        throw unbound("bindMw");
    }

    private static UnsupportedVerbException unbound(String builder) {
        return new UnsupportedVerbException(VERB, builder + " is not offered on a queue pair without ibv_qp_ex");
    }

    @Override
    public SendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey) {
        NativeHandle.of(ah, VERB);
        NativeHandle held = (NativeHandle) ah;
        if (current < 0) {
            return this;
        }
        held.enterCall(VERB);
        releaseAh(current);
        ahs[current] = held;
        long at = current * wrSize;
        wrs.set(JAVA_LONG, at + UD_AH, held.pointer().address());
        wrs.set(JAVA_INT, at + UD_REMOTE_QPN, remoteQpn);
        wrs.set(JAVA_INT, at + UD_REMOTE_QKEY, remoteQkey);
        return this;
    }

    @Override
    public SendOps setXrcSrqn(int remoteSrqn) {
        return current < 0 ? this : withInt(current * wrSize, XRC_REMOTE_SRQN, remoteSrqn);
    }

    @Override
    public SendOps setSge(int lkey, long address, int length) {
        if (entries(1)) {
            sge(0, address, length, lkey);
        }
        return this;
    }

    @Override
    public SendOps setSgeList(ScatterGatherList list) {
        if (list == null) {
            fail("the scatter/gather list is null");
        } else if (entries(list.size())) {
            for (int i = 0; i < list.size(); i++) {
                sge(i, list.address(i), list.length(i), list.lkey(i));
            }
        }
        return this;
    }

    @Override
    public SendOps setInlineData(MemorySegment data) {
        if (data == null) {
            fail("the inline data is null");
        } else if (inlineFits(data.byteSize())) {
            copyInline(data, 0);
            inlineEntry(data.byteSize());
        }
        return this;
    }

    @Override
    public SendOps setInlineDataList(List<MemorySegment> buffers) {
        if (buffers == null) {
            fail("the inline buffer list is null");
            return this;
        }
        long total = 0;
        for (int i = 0; i < buffers.size(); i++) {
            if (buffers.get(i) == null) {
                fail("an inline buffer is null");
                return this;
            }
            total += buffers.get(i).byteSize();
        }
        if (inlineFits(total)) {
            long offset = 0;
            for (int i = 0; i < buffers.size() && problem == null; i++) {
                copyInline(buffers.get(i), offset);
                offset += buffers.get(i).byteSize();
            }
            inlineEntry(total);
        }
        return this;
    }

    @Override
    public void complete() {
        hold();
        if (problem != null) {
            String detail = problem;
            discard();
            throw new InvalidArgumentException(VERB, detail + " (the batch was discarded)");
        }
        int posted = count;
        int rc;
        try {
            rc = posted == 0 ? 0 : post();
        } finally {
            discard();
        }
        if (rc != 0) {
            throw VerbsException.of(VERB, rc, "request " + failedIndex() + " of " + posted
                    + " (bad_wr) and those after it were not posted");
        }
    }

    @Override
    public void abort() {
        discard();
    }

    private int post() {
        badWr.set(ADDRESS, 0, MemorySegment.NULL);
        try {
            return (int) CALL_POST.invokeExact(post, qp, wrs.address(), badWr.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private long failedIndex() {
        long bad = badWr.get(ADDRESS, 0).address();
        return bad == 0 ? -1 : (bad - wrs.address()) / wrSize;
    }

    /** Holds the queue pair for a batch unless this batch holds it already. */
    private void hold() {
        if (!batchOpen) {
            handle.enterCall(VERB);
            batchOpen = true;
            batchThread = Thread.currentThread();
            batches++;
        }
    }

    /** Ends the batch: lets go of its address handles and of the queue pair, and forgets its requests. */
    private void discard() {
        for (int i = 0; i < count; i++) {
            releaseAh(i);
        }
        count = 0;
        current = -1;
        problem = null;
        if (batchOpen) {
            batchOpen = false;
            batchThread = null;
            handle.leaveCall();
        }
    }

    private void releaseAh(int index) {
        if (ahs[index] != null) {
            ahs[index].leaveCall();
            ahs[index] = null;
        }
    }

    /** Starts the next request of the chain with an opcode; @return its offset, or -1 if the batch is full. */
    private long begin(int opcode) {
        hold();
        if (count == maxWr) {
            fail("more than max_send_wr " + maxWr + " requests in one batch");
            current = -1;
            return -1;
        }
        current = count++;
        long at = current * wrSize;
        MemorySegment.copy(zero, 0, wrs, at, wrSize);
        wrs.set(JAVA_LONG, at + WR_ID, wrId);
        wrs.set(JAVA_INT, at + OPCODE, opcode);
        wrs.set(JAVA_INT, at + SEND_FLAGS, flags);
        if (current > 0) {
            wrs.set(JAVA_LONG, at - wrSize + NEXT, wrs.address() + at);
        }
        return at;
    }

    private SendOps withInt(long at, long member, int value) {
        if (at >= 0) {
            wrs.set(JAVA_INT, at + member, value);
        }
        return this;
    }

    private SendOps withRemote(long at, int rkey, long remoteAddress) {
        if (at >= 0) {
            wrs.set(JAVA_LONG, at + REMOTE_ADDR, remoteAddress);
            wrs.set(JAVA_INT, at + RKEY, rkey);
        }
        return this;
    }

    private SendOps withAtomic(long at, int rkey, long remoteAddress, long compareAdd, long swap) {
        if (at >= 0) {
            wrs.set(JAVA_LONG, at + ATOMIC_REMOTE_ADDR, remoteAddress);
            wrs.set(JAVA_LONG, at + COMPARE_ADD, compareAdd);
            wrs.set(JAVA_LONG, at + SWAP, swap);
            wrs.set(JAVA_INT, at + ATOMIC_RKEY, rkey);
        }
        return this;
    }

    /** Points the current request at its {@code n} entries; @return false if there is none or they do not fit. */
    private boolean entries(int n) {
        if (current < 0) {
            return false;
        }
        if (n > maxSge) {
            fail(n + " scatter/gather entries exceed max_send_sge " + maxSge);
            return false;
        }
        long at = current * wrSize;
        wrs.set(JAVA_LONG, at + SG_LIST, n == 0 ? 0 : sges.address() + sgeBase());
        wrs.set(JAVA_INT, at + NUM_SGE, n);
        return true;
    }

    private long sgeBase() {
        return current * SGE * Math.max(maxSge, 1);
    }

    private void sge(int index, long address, int length, int lkey) {
        long at = sgeBase() + index * SGE;
        sges.set(JAVA_LONG, at, address);
        sges.set(JAVA_INT, at + 8, length);
        sges.set(JAVA_INT, at + 12, lkey);
    }

    private boolean inlineFits(long length) {
        if (current < 0) {
            return false;
        }
        if (length > maxInline) {
            fail(length + " bytes of inline data exceed max_inline_data " + maxInline);
            return false;
        }
        return true;
    }

    /** Copies as an access of the data's arena: one closed meanwhile is a problem of the batch, not a crash. */
    private void copyInline(MemorySegment data, long offset) {
        try {
            MemorySegment.copy(data, 0, inline, (long) current * Math.max(maxInline, 1) + offset, data.byteSize());
        } catch (IllegalStateException | WrongThreadException unreadable) {
            fail("the inline data cannot be read: " + unreadable.getMessage());
        }
    }

    /** The staged copy as one entry with {@code IBV_SEND_INLINE}: the provider copies it at the post. */
    private void inlineEntry(long length) {
        if (problem != null || current < 0) {
            return;
        }
        long at = current * wrSize;
        wrs.set(JAVA_LONG, at + SG_LIST, sges.address() + sgeBase());
        wrs.set(JAVA_INT, at + NUM_SGE, 1);
        wrs.set(JAVA_INT, at + SEND_FLAGS, wrs.get(JAVA_INT, at + SEND_FLAGS) | INLINE);
        sge(0, inline.address() + (long) current * Math.max(maxInline, 1), (int) length, 0);
    }

    private void fail(String detail) {
        if (problem == null) {
            problem = detail;
        }
    }
}
