package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AddressHandle;
import org.verbs4j.Errno;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.soft.engine.DeviceMemory;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.FieldHandles;
import org.verbs4j.provider.soft.engine.SendOpcode;
import org.verbs4j.provider.soft.engine.SendOperands;
import org.verbs4j.provider.soft.engine.SendQueue;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The send-ops API of a soft queue pair. Requests are built directly in the free slots of the send queue
 * (nothing is allocated); a problem is remembered and reported by {@link #complete()}, which discards the
 * whole batch. {@link #complete()} publishes the batch and executes it at once in the calling thread.
 *
 * <p>A problem of a builder or setter is remembered when it happens. A request that is incomplete (no data,
 * no UD address, no XRC SRQ number, a bad atomic SGE) is found when the next builder or {@link #complete()}
 * ends it, while its slot is still in the cache; {@link #complete()} reports the first incomplete request
 * only if no builder or setter failed.
 */
final class SoftSendOps implements SendOps {

    private static final String COMPLETE = "ibv_wr_complete";
    private static final VarHandle OWNER = FieldHandles.of(MethodHandles.lookup(), "owner", Thread.class);
    private static final long CLOSE_PARK_NANOS = 100_000;
    private static final long NONE = -1;

    private final SoftQueuePair qp;
    private final long opsBits;
    private final SendQueue queue;
    /** Where a request that has no slot is built (made at the first such request), or {@code null}. */
    private SendWqe overflow;
    private final int maxSge;
    private final int maxInline;
    private final boolean needsUdAddress;
    private final boolean needsXrcSrqn;
    private boolean inBatch;
    /** The thread whose batch is open, or {@code null}: release stores, read by a close of the queue pair. */
    private Thread owner;
    private long base;
    private int staged;
    private long nextWrId;
    private int nextFlags;
    private SendWqe current;
    /** The position of the request being built if it is a packed SEND ({@link SendQueue#pack}), or {@link #NONE}. */
    private long packed = NONE;
    private int errno;
    private String problem;
    /** The index in the batch of the first incomplete request, or -1. */
    private int firstIncomplete;

    SoftSendOps(SoftQueuePair qp, long opsBits) {
        this.qp = qp;
        this.opsBits = opsBits;
        this.queue = qp.sendQueue();
        this.maxSge = qp.capabilities().maxSendSge();
        this.maxInline = qp.capabilities().maxInlineData();
        this.needsUdAddress = qp.type() == QpType.UD;
        this.needsXrcSrqn = qp.type() == QpType.XRC_SEND;
    }

    @Override
    public QueuePair queuePair() {
        return qp;
    }

    @Override
    public void start() {
        qp.ensureOpen("ibv_wr_start");
        OWNER.setRelease(this, Thread.currentThread());
        inBatch = true;
        base = queue.posted;
        staged = 0;
        current = null;
        packed = NONE;
        errno = 0;
        problem = null;
        firstIncomplete = -1;
    }

    @Override
    public SendOps wrId(long wrId) {
        nextWrId = wrId;
        return this;
    }

    @Override
    public SendOps wrFlags(int sendFlags) {
        nextFlags = sendFlags;
        return this;
    }

    private SendOps build(SendOpcode opcode, SendOpsFlag flag) {
        if (opcode == null || (opsBits & flag.value()) == 0) {
            throw notRequested(flag);
        }
        endRequest();
        if (!inBatch) {
            fail(Errno.EINVAL, "a request was built outside ibv_wr_start ... ibv_wr_complete");
            current = overflow();
        } else if (!queue.hasRoom(base + staged)) {
            fail(Errno.ENOMEM, "the send queue is full (" + queue.capacity() + " requests)");
            current = overflow();
        } else if (opcode == SendOpcode.SEND) {
            return buildPacked();
        } else {
            current = queue.fresh(base + staged);
            staged++;
        }
        packed = NONE;
        current.clear(opcode, nextWrId, nextFlags);
        return this;
    }

    /** Starts a SEND packed in the next free slot (see {@link SendQueue}). */
    private SendOps buildPacked() {
        current = null;
        packed = base + staged++;
        queue.pack(packed, nextWrId, nextFlags);
        return this;
    }

    /** @return the request that takes what is built without a slot, to be discarded with the batch */
    private SendWqe overflow() {
        if (overflow == null) {
            overflow = new SendWqe(maxSge, DeviceMemory.buffer(maxInline), 0);
        }
        return overflow;
    }

    private static RuntimeException notRequested(SendOpsFlag flag) {
        return Failures.invalid("ibv_wr_" + flag.name().toLowerCase(java.util.Locale.ROOT),
                flag + " was not requested in send_ops_flags at creation");
    }

    private void fail(Errno code, String why) {
        if (errno == 0) {
            errno = code.code();
            problem = why;
        }
    }

    /** @return the request being built as an object (a packed SEND is turned into one) */
    private SendWqe current(String verb) {
        if (packed != NONE) {
            current = queue.slot(packed);
            packed = NONE;
        }
        if (current == null) {
            fail(Errno.EINVAL, verb + " was called before a builder");
            return overflow();
        }
        return current;
    }

    @Override
    public SendOps send() {
        return build(SendOpcode.SEND, SendOpsFlag.SEND);
    }

    @Override
    public SendOps sendWithImm(int immData) {
        build(SendOpcode.SEND_WITH_IMM, SendOpsFlag.SEND_WITH_IMM);
        current.immData = immData;
        return this;
    }

    @Override
    public SendOps sendWithInv(int invalidateRkey) {
        build(SendOpcode.SEND_WITH_INV, SendOpsFlag.SEND_WITH_INV);
        current.invalidateRkey = invalidateRkey;
        return this;
    }

    @Override
    public SendOps sendTso(MemorySegment header, int mss) {
        return build(null, SendOpsFlag.TSO);
    }

    @Override
    public SendOps rdmaWrite(int rkey, long remoteAddress) {
        build(SendOpcode.RDMA_WRITE, SendOpsFlag.RDMA_WRITE);
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        build(SendOpcode.RDMA_WRITE_WITH_IMM, SendOpsFlag.RDMA_WRITE_WITH_IMM);
        current.immData = immData;
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps rdmaRead(int rkey, long remoteAddress) {
        build(SendOpcode.RDMA_READ, SendOpsFlag.RDMA_READ);
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        build(SendOpcode.ATOMIC_CMP_AND_SWP, SendOpsFlag.ATOMIC_CMP_AND_SWP);
        SendOperands operands = current.operands();
        operands.compareAdd = compare;
        operands.swap = swap;
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        build(SendOpcode.ATOMIC_FETCH_AND_ADD, SendOpsFlag.ATOMIC_FETCH_AND_ADD);
        current.operands().compareAdd = add;
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        if (value8 == null || value8.byteSize() < Long.BYTES || !value8.isNative()) {
            throw Failures.invalid("ibv_wr_atomic_write", "the value must be a native segment of 8 bytes");
        }
        build(SendOpcode.ATOMIC_WRITE, SendOpsFlag.ATOMIC_WRITE);
        current.operands().swap = value8.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
        current.hasData = true;
        return remote(rkey, remoteAddress);
    }

    @Override
    public SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        if (type == null || level == null) {
            throw Failures.invalid("ibv_wr_flush", "the placement type and selectivity level are required");
        }
        build(SendOpcode.FLUSH, SendOpsFlag.FLUSH);
        SendOperands operands = current.operands();
        operands.flushLength = length;
        operands.flushType = type;
        operands.flushLevel = level;
        current.hasData = true;
        return remote(rkey, remoteAddress);
    }

    private SendOps remote(int rkey, long remoteAddress) {
        current.rkey = rkey;
        current.remoteAddress = remoteAddress;
        return this;
    }

    @Override
    public SendOps localInv(int invalidateRkey) {
        build(SendOpcode.LOCAL_INV, SendOpsFlag.LOCAL_INV);
        current.invalidateRkey = invalidateRkey;
        current.hasData = true;
        return this;
    }

    @Override
    public SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo bindInfo) {
        build(SendOpcode.BIND_MW, SendOpsFlag.BIND_MW);
        if (!(window instanceof SoftMemoryWindow soft) || soft.softPd() != qp.softPd() || bindInfo == null) {
            fail(Errno.EINVAL, "the memory window is not a window of the queue pair's protection domain");
            return this;
        }
        if (soft.isClosed() || bindInfo.memoryRegion() != null && bindInfo.memoryRegion().isClosed()) {
            fail(Errno.EINVAL, "ibv_wr_bind_mw: the window or region is closed");
            return this;
        }
        SendOperands operands = current.operands();
        operands.window = soft;
        operands.windowRkey = rkey;
        operands.bindInfo = bindInfo;
        current.hasData = true;
        return this;
    }

    @Override
    public SendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey) {
        SendWqe wqe = current("ibv_wr_set_ud_addr");
        if (qp.type() != QpType.UD) {
            fail(Errno.EINVAL, "ibv_wr_set_ud_addr on a " + qp.type() + " queue pair");
        } else if (!(ah instanceof SoftAddressHandle soft) || soft.isClosed() || soft.softPd() != qp.softPd()) {
            fail(Errno.EINVAL, "the address handle is closed or belongs to another protection domain");
        } else {
            wqe.ah = soft;
            wqe.remoteQpn = remoteQpn & 0xffffff;
            wqe.remoteQkey = remoteQkey;
            wqe.hasUdAddress = true;
        }
        return this;
    }

    @Override
    public SendOps setXrcSrqn(int remoteSrqn) {
        SendWqe wqe = current("ibv_wr_set_xrc_srqn");
        if (qp.type() != QpType.XRC_SEND) {
            fail(Errno.EINVAL, "ibv_wr_set_xrc_srqn on a " + qp.type() + " queue pair");
        } else {
            wqe.operands().remoteSrqn = remoteSrqn & 0xffffff;
            wqe.hasXrcSrqn = true;
        }
        return this;
    }

    @Override
    public SendOps setSge(int lkey, long address, int length) {
        if (packed != NONE && !queue.hasPackedSge(packed) && maxSge >= 1) {
            queue.packSge(packed, address, length, lkey);
            return this;
        }
        SendWqe wqe = dataTarget("ibv_wr_set_sge", 1);
        if (wqe != null) {
            wqe.sges.setSingle(address, length, lkey);
            wqe.hasData = true;
        }
        return this;
    }

    @Override
    public SendOps setSgeList(ScatterGatherList list) {
        if (list == null) {
            fail(Errno.EINVAL, "ibv_wr_set_sge_list: the list is null");
            return this;
        }
        SendWqe wqe = dataTarget("ibv_wr_set_sge_list", list.size());
        if (wqe != null) {
            for (int i = 0; i < list.size(); i++) {
                wqe.sges.add(list.address(i), list.length(i), list.lkey(i));
            }
            wqe.hasData = true;
        }
        return this;
    }

    private SendWqe dataTarget(String verb, int sgeCount) {
        SendWqe wqe = current(verb);
        if (wqe.hasData) {
            fail(Errno.EINVAL, verb + ": the request already has its data");
            return null;
        }
        if (sgeCount > maxSge) {
            fail(Errno.EINVAL, verb + ": " + sgeCount + " SGEs exceed max_send_sge " + maxSge);
            return null;
        }
        return wqe;
    }

    @Override
    public SendOps setInlineData(MemorySegment data) {
        if (data == null) {
            fail(Errno.EINVAL, "ibv_wr_set_inline_data: the data is null");
            return this;
        }
        SendWqe wqe = inlineTarget("ibv_wr_set_inline_data", data.byteSize());
        if (wqe != null && copyInline("ibv_wr_set_inline_data", data, wqe, 0)) {
            wqe.inlineLength = (int) data.byteSize();
        }
        return this;
    }

    @Override
    public SendOps setInlineDataList(List<MemorySegment> buffers) {
        if (buffers == null || hasNull(buffers)) {
            fail(Errno.EINVAL, "ibv_wr_set_inline_data_list: the list or one of its buffers is null");
            return this;
        }
        long total = 0;
        for (int i = 0; i < buffers.size(); i++) {
            total += buffers.get(i).byteSize();
        }
        SendWqe wqe = inlineTarget("ibv_wr_set_inline_data_list", total);
        if (wqe != null) {
            long offset = 0;
            for (int i = 0; i < buffers.size(); i++) {
                MemorySegment piece = buffers.get(i);
                if (!copyInline("ibv_wr_set_inline_data_list", piece, wqe, offset)) {
                    return this;
                }
                offset += piece.byteSize();
            }
            wqe.inlineLength = (int) total;
        }
        return this;
    }

    private static boolean hasNull(List<MemorySegment> buffers) {
        for (int i = 0; i < buffers.size(); i++) {
            if (buffers.get(i) == null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Copies {@code data} into the inline buffer of {@code wqe} at {@code offset}; data that cannot be read
     * (its arena closed, or confined to another thread) is a problem of the batch.
     *
     * @return whether it was copied
     */
    private boolean copyInline(String verb, MemorySegment data, SendWqe wqe, long offset) {
        try {
            MemorySegment.copy(data, 0, wqe.inlineBuffer, wqe.inlineOffset + offset, data.byteSize());
            return true;
        } catch (IllegalStateException | WrongThreadException unreadable) {
            fail(Errno.EINVAL, verb + ": the data cannot be read: " + unreadable.getMessage());
            return false;
        }
    }

    private SendWqe inlineTarget(String verb, long bytes) {
        SendWqe wqe = current(verb);
        if (wqe.hasData) {
            fail(Errno.EINVAL, verb + ": the request already has its data");
            return null;
        }
        if (wqe.opcode == null || !wqe.opcode.allowsInline()) {
            fail(Errno.EINVAL, verb + ": inline data is valid for SEND and RDMA_WRITE only");
            return null;
        }
        if (bytes > maxInline) {
            fail(Errno.EINVAL, verb + ": " + bytes + " bytes exceed max_inline_data " + maxInline);
            return null;
        }
        wqe.isInline = true;
        wqe.hasData = true;
        return wqe;
    }

    @Override
    public void complete() {
        qp.ensureOpen(COMPLETE);
        if (!inBatch) {
            throw Failures.invalid(COMPLETE, "ibv_wr_start was not called");
        }
        try {
            completeBatch();
        } finally {
            OWNER.setRelease(this, null);
        }
    }

    private void completeBatch() {
        endRequest();
        inBatch = false;
        current = null;
        packed = NONE;
        if (errno == 0 && firstIncomplete >= 0) {
            SendWqe wqe = queue.slot(base + firstIncomplete);
            fail(Errno.EINVAL, incompleteness(wqe).describe(firstIncomplete));
        }
        if (errno != 0) {
            staged = 0;
            throw VerbsEvents.failed(VerbsException.of(COMPLETE, errno, problem));
        }
        postAndExecute();
    }

    /** Posts the staged requests and executes them, under the fabric lock. */
    private void postAndExecute() {
        ReentrantLock fabricLock = qp.fabric().lock();
        fabricLock.lock();
        try {
            qp.ensureOpen(COMPLETE);
            QpState state = qp.state();
            if (state == QpState.RESET || state == QpState.INIT || state == QpState.RTR) {
                staged = 0;
                throw notReady(state);
            }
            queue.posted = base + staged;
            staged = 0;
            qp.fabric().requester().progress(qp);
        } finally {
            fabricLock.unlock();
        }
    }

    private static RuntimeException notReady(QpState state) {
        return Failures.invalid(COMPLETE, "the queue pair is in " + state + ": sends need RTS");
    }

    /** Notes whether the request being built, which the caller ends, is incomplete. */
    private void endRequest() {
        if (firstIncomplete < 0 && (packed != NONE ? packedIncomplete()
                : current != null && current != overflow && incompleteness(current) != Incompleteness.NONE)) {
            firstIncomplete = staged - 1;
        }
    }

    /** @return whether the packed SEND being built is incomplete (see {@link #incompleteness}) */
    private boolean packedIncomplete() {
        return !queue.hasPackedSge(packed) || needsUdAddress || needsXrcSrqn;
    }

    private Incompleteness incompleteness(SendWqe wqe) {
        if (wqe.opcode.carriesData() && !wqe.hasData) {
            return Incompleteness.NO_DATA;
        }
        if (needsUdAddress && !wqe.hasUdAddress) {
            return Incompleteness.NO_UD_ADDRESS;
        }
        if (needsXrcSrqn && !wqe.hasXrcSrqn) {
            return Incompleteness.NO_XRC_SRQN;
        }
        if (wqe.opcode.isAtomic() && (wqe.sges.count != 1 || wqe.sges.length(0) != Long.BYTES)) {
            return Incompleteness.ATOMIC_SGE;
        }
        return Incompleteness.NONE;
    }

    /** What a request lacks when its batch completes. */
    private enum Incompleteness {
        NONE(""),
        NO_DATA("request %d of the batch has no data setter"),
        NO_UD_ADDRESS("request %d of the batch has no ibv_wr_set_ud_addr"),
        NO_XRC_SRQN("request %d of the batch has no ibv_wr_set_xrc_srqn"),
        ATOMIC_SGE("an atomic operation needs one 8-byte SGE");

        private final String format;

        Incompleteness(String format) {
            this.format = format;
        }

        String describe(int index) {
            return String.format(java.util.Locale.ROOT, format, index);
        }
    }

    @Override
    public void abort() {
        qp.ensureOpen("ibv_wr_abort");
        OWNER.setRelease(this, null);
        inBatch = false;
        staged = 0;
        current = null;
        packed = NONE;
        errno = 0;
        problem = null;
    }

    /**
     * Waits until no other thread has a batch open (a close of the queue pair must not destroy what a batch
     * builds on); the calling thread's own open batch is refused at once.
     *
     * @param deadline a {@link System#nanoTime()} after which the close fails with {@code EBUSY}
     */
    void awaitBatchEnd(String destroyVerb, long deadline) {
        Thread holder = (Thread) OWNER.getAcquire(this);
        if (holder == Thread.currentThread()) {
            throw Failures.busy(destroyVerb, "the calling thread's send batch is open: call ibv_wr_complete or "
                    + "ibv_wr_abort first");
        }
        while (holder != null) {
            if (System.nanoTime() - deadline >= 0) {
                throw Failures.busy(destroyVerb, "another thread's send batch is still open after "
                        + EventAccount.destroyTimeout() + " (property " + EventAccount.DESTROY_TIMEOUT_PROPERTY + ")");
            }
            LockSupport.parkNanos(CLOSE_PARK_NANOS);
            holder = (Thread) OWNER.getAcquire(this);
        }
    }
}
