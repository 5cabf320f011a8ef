package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Set;
import org.verbs4j.AddressHandle;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.PlainMemory;
import org.verbs4j.provider.generic.vendor.SendBatch;

/**
 * The {@code ibv_wr_*} functions of one queue pair: the function pointers of its {@code struct ibv_qp_ex}
 * (from {@code ibv_qp_to_qp_ex}), called through {@code static final} critical handles that take the
 * function pointer as their first argument ({@link FunctionPointers#criticalInvoker}), so that the JIT
 * inlines each call. A builder is called only if its send-ops flag was requested at creation (rxe and EFA
 * leave the others NULL); a NULL pointer is never called, the verb fails with an exception naming it
 * instead. No call allocates. Not thread-safe, as in C.
 *
 * <p>A batch holds its queue pair from {@code start()} (or the first builder or setter called outside a batch) to
 * {@code complete()} or {@code abort()}, so that a close from another thread waits for the batch to end (bounded,
 * then {@code BusyException}) and a close from the batch's own thread is refused: the batch's thread takes this
 * object with a compare-and-set and gives it back with a release store, and a close takes it the same way
 * ({@link #exclude}) once no batch is open. Inside a batch the calls add no atomic operation.
 */
@SuppressWarnings("restricted")
final class NativeSendOps implements SendOps, SendBatch {

    /** {@code struct ibv_qp_ex *} and the other pointers the binding owns, passed as addresses (LP64). */
    private static final java.lang.foreign.ValueLayout.OfLong PTR = JAVA_LONG;
    private static final String INLINE = "ibv_wr_set_inline_data";
    private static final String INLINE_LIST = "ibv_wr_set_inline_data_list";
    private static final MethodHandle CALL_V = invoker(FunctionDescriptor.ofVoid(PTR));
    /**
     * {@code wr_start} ({@code void}, the register ignored) and {@code wr_complete} ({@code int}, the low half kept:
     * the ABIs leave the upper half unspecified) through a handle of a 64-bit return: FFM shares one downcall stub,
     * and its one indirect call, among the handles of a C signature, and a loop that calls several functions in
     * turn through one stub mispredicts its target; these two get a stub apart from the builders' ({@code wr_send})
     * and the poll's ({@code next_poll}, {@code end_poll}).
     */
    private static final MethodHandle CALL_L = invoker(FunctionDescriptor.of(JAVA_LONG, PTR));
    private static final MethodHandle CALL_V_I = invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT));
    private static final MethodHandle CALL_V_IL = invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT, JAVA_LONG));
    private static final MethodHandle CALL_V_ILI =
            invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle CALL_V_ILL =
            invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle CALL_V_ILLL =
            invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle CALL_V_ILLBB =
            invoker(FunctionDescriptor.ofVoid(PTR, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_BYTE, JAVA_BYTE));
    /** {@code (qp, ibv_ah *, remote_qpn, remote_qkey)}. */
    private static final MethodHandle CALL_V_LII = invoker(FunctionDescriptor.ofVoid(PTR, PTR, JAVA_INT, JAVA_INT));
    /** {@code (qp, ibv_mw *, rkey, const ibv_mw_bind_info *)}. */
    private static final MethodHandle CALL_V_LIL = invoker(FunctionDescriptor.ofVoid(PTR, PTR, JAVA_INT, PTR));
    /** {@code (qp, size_t, const struct *)}: the SGE and inline-data lists. */
    private static final MethodHandle CALL_V_LL = invoker(FunctionDescriptor.ofVoid(PTR, JAVA_LONG, PTR));
    /**
     * {@code (qp, void *addr, size_t length)} for the application's inline data: an {@code ADDRESS}, so that
     * the linker refuses a segment whose arena is closed instead of passing a dangling address (and keeps a
     * shared arena open for the call); a heap segment is passed in place, which a critical call allows and
     * the function copies at once.
     */
    private static final MethodHandle CALL_V_PL =
            FunctionPointers.heapCriticalInvoker(FunctionDescriptor.ofVoid(PTR, ADDRESS, JAVA_LONG));
    /** {@code (qp, void *hdr, u16 hdr_sz, u16 mss)}, the header an application segment as above. */
    private static final MethodHandle CALL_V_PSS =
            invoker(FunctionDescriptor.ofVoid(PTR, ADDRESS, JAVA_SHORT, JAVA_SHORT));
    private static final VarHandle OWNER = ownerHandle();
    /** The owner of {@link #owner} while a close holds the queue pair. */
    private static final Object CLOSED = new Object();
    /** The rdma-core release that added {@code ibv_qp_ex.wr_flush} (before it, offset 352 is not a pointer). */
    static final int WR_FLUSH_SINCE = Abi.SINCE.get("ibv_qp_ex.wr_flush");

    private final NativeQueuePair qp;
    private final MemorySegment qpx;
    private final long qpxAddress;
    private final Set<SendOpsFlag> requested;
    /** The addresses of {@code ibv_qp_ex.wr_id} and {@code wr_flags}, stored to in a batch (which holds the QP). */
    private final long wrIdAddress;
    private final long wrFlagsAddress;
    private final MemorySegment start;
    private final MemorySegment complete;
    private final MemorySegment abort;
    private final MemorySegment send;
    private final MemorySegment sendImm;
    private final MemorySegment sendInv;
    private final MemorySegment sendTso;
    private final MemorySegment rdmaWrite;
    private final MemorySegment rdmaWriteImm;
    private final MemorySegment rdmaRead;
    private final MemorySegment atomicCmpSwp;
    private final MemorySegment atomicFetchAdd;
    private final MemorySegment localInv;
    private final MemorySegment bindMw;
    private final MemorySegment atomicWrite;
    private final MemorySegment flush;
    private final MemorySegment bindInfo;
    private final long bindMrOffset;
    private final long bindAddrOffset;
    private final long bindLengthOffset;
    private final long bindAccessOffset;
    private final MemorySegment setUdAddr;
    private final MemorySegment setXrcSrqn;
    private final MemorySegment setSge;
    private final MemorySegment setSgeList;
    private final MemorySegment setInlineData;
    private final MemorySegment setInlineDataList;
    private final Arena arena = Arena.ofAuto();
    private final NativeSgeArray sgeArray = new NativeSgeArray(arena);
    /** Where {@link #setInlineDataList} passes its one {@code ibv_data_buf}. */
    private MemorySegment list = MemorySegment.NULL;
    /** Where {@link #setInlineDataList} gathers the pieces before the call; grown when too small. */
    private MemorySegment staged = MemorySegment.NULL;
    /** The batch's first problem of a builder or setter ("verb: detail"), which complete() reports, or null. */
    private String problem;
    private NativeMemoryWindow[] pendingWindows = new NativeMemoryWindow[4];
    private int[] pendingRkeys = new int[4];
    private int pendingBinds;
    /** The thread whose batch is open, {@link #CLOSED} once a close holds the queue pair, or {@code null}. */
    @SuppressWarnings("unused") // read and written through OWNER
    private Object owner;
    /** Whether this object holds its queue pair for an open batch. */
    private boolean batchOpen;
    /** The thread that opened the batch, for a close from that thread. */
    private Thread batchThread;
    /** The number of the last batch opened, for {@link #batchHeldBy}. */
    private long batches;

    private NativeSendOps(NativeQueuePair qp, Abi abi, MemorySegment qpx, int release) {
        this.qp = qp;
        this.qpx = qpx;
        this.qpxAddress = qpx.address();
        this.requested = qp.sendOpsFlags();
        StructLayout l = abi.ibvQpEx;
        this.wrIdAddress = qpxAddress + Abi.offset(l, "wr_id");
        this.wrFlagsAddress = qpxAddress + Abi.offset(l, "wr_flags");
        this.start = fn(l, "wr_start");
        this.complete = fn(l, "wr_complete");
        this.abort = fn(l, "wr_abort");
        this.send = op(l, SendOpsFlag.SEND, "wr_send");
        this.sendImm = op(l, SendOpsFlag.SEND_WITH_IMM, "wr_send_imm");
        this.sendInv = op(l, SendOpsFlag.SEND_WITH_INV, "wr_send_inv");
        this.sendTso = op(l, SendOpsFlag.TSO, "wr_send_tso");
        this.rdmaWrite = op(l, SendOpsFlag.RDMA_WRITE, "wr_rdma_write");
        this.rdmaWriteImm = op(l, SendOpsFlag.RDMA_WRITE_WITH_IMM, "wr_rdma_write_imm");
        this.rdmaRead = op(l, SendOpsFlag.RDMA_READ, "wr_rdma_read");
        this.atomicCmpSwp = op(l, SendOpsFlag.ATOMIC_CMP_AND_SWP, "wr_atomic_cmp_swp");
        this.atomicFetchAdd = op(l, SendOpsFlag.ATOMIC_FETCH_AND_ADD, "wr_atomic_fetch_add");
        this.localInv = op(l, SendOpsFlag.LOCAL_INV, "wr_local_inv");
        this.bindMw = op(l, SendOpsFlag.BIND_MW, "wr_bind_mw");
        this.atomicWrite = op(l, SendOpsFlag.ATOMIC_WRITE, "wr_atomic_write");
        this.flush = hasWrFlush(release) ? op(l, SendOpsFlag.FLUSH, "wr_flush") : null;
        this.bindInfo = arena.allocate(abi.ibvMwBindInfo);
        this.bindMrOffset = Abi.offset(abi.ibvMwBindInfo, "mr");
        this.bindAddrOffset = Abi.offset(abi.ibvMwBindInfo, "addr");
        this.bindLengthOffset = Abi.offset(abi.ibvMwBindInfo, "length");
        this.bindAccessOffset = Abi.offset(abi.ibvMwBindInfo, "mw_access_flags");
        this.setUdAddr = fn(l, "wr_set_ud_addr");
        this.setXrcSrqn = fn(l, "wr_set_xrc_srqn");
        this.setSge = fn(l, "wr_set_sge");
        this.setSgeList = fn(l, "wr_set_sge_list");
        this.setInlineData = fn(l, "wr_set_inline_data");
        this.setInlineDataList = fn(l, "wr_set_inline_data_list");
    }

    static NativeSendOps of(NativeQueuePair qp, NativeContext context, MemorySegment qpPointer) {
        MemorySegment qpx;
        try {
            qpx = (MemorySegment) context.ib.qpToQpEx.invokeExact(qpPointer);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        if (qpx.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException("ibv_qp_to_qp_ex", "the provider gave no ibv_qp_ex");
        }
        return new NativeSendOps(qp, context.abi, qpx.reinterpret(context.abi.ibvQpEx.byteSize()),
                context.ib.release());
    }

    /**
     * @param release the loaded rdma-core release, 0 if unknown
     * @return whether {@code struct ibv_qp_ex} has {@code wr_flush}
     */
    static boolean hasWrFlush(int release) {
        return release >= WR_FLUSH_SINCE;
    }

    private static MethodHandle invoker(FunctionDescriptor descriptor) {
        return FunctionPointers.criticalInvoker(descriptor);
    }

    /** @return the function pointer of a member, or {@code null} if the provider left it NULL */
    private MemorySegment fn(StructLayout l, String member) {
        MemorySegment pointer = qpx.get(ADDRESS, Abi.offset(l, member));
        return pointer.equals(MemorySegment.NULL) ? null : pointer;
    }

    /** @return the builder's function pointer if its flag was requested, else {@code null} */
    private MemorySegment op(StructLayout l, SendOpsFlag flag, String member) {
        return requested.contains(flag) ? fn(l, member) : null;
    }

    /**
     * @return the builder's function pointer
     * @throws InvalidArgumentException if its flag was not requested (the pointer may be NULL or a
     *     provider's builder for another queue type); the message is built only then
     */
    private MemorySegment builder(MemorySegment pointer, String verb, SendOpsFlag flag) {
        if (pointer == null) {
            qp.ensureOpen(verb);
            throw new InvalidArgumentException(verb,
                    flag + " was not requested in send_ops_flags when the queue pair was created");
        }
        hold(verb);
        return pointer;
    }

    /**
     * @return the setter's (or start/complete/abort's) function pointer
     * @throws InvalidArgumentException if the provider left it NULL
     */
    private MemorySegment setter(MemorySegment pointer, String verb) {
        if (pointer == null) {
            qp.ensureOpen(verb);
            throw new InvalidArgumentException(verb, "the provider does not implement " + verb + " for this queue pair");
        }
        hold(verb);
        return pointer;
    }

    private static VarHandle ownerHandle() {
        try {
            return MethodHandles.lookup().findVarHandle(NativeSendOps.class, "owner", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Holds the queue pair for the batch unless it is held already; a held queue pair cannot be closed, so the
     * calls inside a batch need not check that it is open.
     *
     * @throws org.verbs4j.ClosedObjectException if it is closed or being closed
     */
    private void hold(String verb) {
        if (!batchOpen) {
            open(verb);
        }
    }

    private void open(String verb) {
        qp.ensureOpen(verb);
        Thread self = Thread.currentThread();
        if (!OWNER.compareAndSet(this, null, self)) {
            refuseBatch(verb);
        }
        if (qp.closing()) { // a close waits for the batch: let it in rather than take the queue pair again
            OWNER.setRelease(this, null);
            throw new ClosedObjectException(verb, "the queue pair is being closed");
        }
        batchOpen = true;
        batchThread = self;
        batches++;
    }

    private void refuseBatch(String verb) {
        if (OWNER.getVolatile(this) == CLOSED) {
            throw new ClosedObjectException(verb, "the queue pair is closed or being closed");
        }
        throw new BusyException(verb, "another thread's send batch is open on this queue pair (its send ops are not"
                + " thread-safe, as in C)");
    }

    /** Lets go of the queue pair at the end of a batch. */
    private void release() {
        if (batchOpen) {
            batchOpen = false;
            batchThread = null;
            OWNER.setRelease(this, null);
        }
    }

    /**
     * Takes this object for a close of the queue pair, after another thread's open batch has ended.
     *
     * @param deadline the {@link System#nanoTime()} after which it fails
     * @param verb the closing verb, for the message
     * @throws BusyException if a batch is still open then
     */
    void exclude(long deadline, String verb) {
        for (int spins = 0; !OWNER.compareAndSet(this, null, CLOSED); spins++) {
            if (!CloseWait.pause(spins, deadline)) {
                throw new BusyException(verb, "another thread's send batch is still open after "
                        + CloseWait.timeout().toMillis() + " ms");
            }
        }
    }

    /** Undoes {@link #exclude} after a close that failed. */
    void readmit() {
        OWNER.compareAndSet(this, CLOSED, null);
    }

    /** @return whether a thread's batch holds the queue pair */
    boolean heldBy(Thread thread) {
        return batchOpen && batchThread == thread;
    }

    @Override
    public long batchHeldBy(Thread thread) {
        return heldBy(thread) ? batches : 0;
    }

    @Override
    public QueuePair queuePair() {
        return qp;
    }

    @Override
    public void start() {
        MemorySegment fn = setter(start, "ibv_wr_start");
        settleBinds(false);
        problem = null;
        try {
            long ignored = (long) CALL_L.invokeExact(fn, qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public SendOps wrId(long wrId) {
        hold("ibv_qp_ex.wr_id");
        PlainMemory.putLong(wrIdAddress, wrId);
        return this;
    }

    @Override
    public SendOps wrFlags(int sendFlags) {
        hold("ibv_qp_ex.wr_flags");
        PlainMemory.putInt(wrFlagsAddress, sendFlags);
        return this;
    }

    @Override
    public SendOps send() {
        MemorySegment fn = builder(send, "ibv_wr_send", SendOpsFlag.SEND);
        try {
            CALL_V.invokeExact(fn, qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps sendWithImm(int immData) {
        return callWithInt(builder(sendImm, "ibv_wr_send_imm", SendOpsFlag.SEND_WITH_IMM), Integer.reverseBytes(immData));
    }

    @Override
    public SendOps sendWithInv(int invalidateRkey) {
        return callWithInt(builder(sendInv, "ibv_wr_send_inv", SendOpsFlag.SEND_WITH_INV), invalidateRkey);
    }

    @Override
    public SendOps localInv(int invalidateRkey) {
        return callWithInt(builder(localInv, "ibv_wr_local_inv", SendOpsFlag.LOCAL_INV), invalidateRkey);
    }

    @Override
    public SendOps setXrcSrqn(int remoteSrqn) {
        return callWithInt(setter(setXrcSrqn, "ibv_wr_set_xrc_srqn"), remoteSrqn);
    }

    /** Calls a {@code void (*)(struct ibv_qp_ex *, uint32_t)}. */
    private SendOps callWithInt(MemorySegment fn, int value) {
        try {
            CALL_V_I.invokeExact(fn, qpxAddress, value);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps sendTso(MemorySegment header, int mss) {
        MemorySegment fn = builder(sendTso, "ibv_wr_send_tso", SendOpsFlag.TSO);
        try {
            CALL_V_PSS.invokeExact(fn, qpxAddress, header, (short) header.byteSize(), (short) mss);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps rdmaWrite(int rkey, long remoteAddress) {
        return callWithRemote(builder(rdmaWrite, "ibv_wr_rdma_write", SendOpsFlag.RDMA_WRITE), rkey, remoteAddress);
    }

    @Override
    public SendOps rdmaRead(int rkey, long remoteAddress) {
        return callWithRemote(builder(rdmaRead, "ibv_wr_rdma_read", SendOpsFlag.RDMA_READ), rkey, remoteAddress);
    }

    /** Calls a {@code void (*)(struct ibv_qp_ex *, uint32_t rkey, uint64_t remote_addr)}. */
    private SendOps callWithRemote(MemorySegment fn, int rkey, long remoteAddress) {
        try {
            CALL_V_IL.invokeExact(fn, qpxAddress, rkey, remoteAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        MemorySegment fn = builder(rdmaWriteImm, "ibv_wr_rdma_write_imm", SendOpsFlag.RDMA_WRITE_WITH_IMM);
        try {
            CALL_V_ILI.invokeExact(fn, qpxAddress, rkey, remoteAddress, Integer.reverseBytes(immData));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        MemorySegment fn = builder(atomicCmpSwp, "ibv_wr_atomic_cmp_swp", SendOpsFlag.ATOMIC_CMP_AND_SWP);
        try {
            CALL_V_ILLL.invokeExact(fn, qpxAddress, rkey, remoteAddress, compare, swap);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        return callWithRemoteAndLong(builder(atomicFetchAdd, "ibv_wr_atomic_fetch_add",
                SendOpsFlag.ATOMIC_FETCH_AND_ADD), rkey, remoteAddress, add);
    }

    @Override
    public SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        MemorySegment fn = builder(atomicWrite, "ibv_wr_atomic_write", SendOpsFlag.ATOMIC_WRITE);
        if (value8 == null || !value8.isNative() || value8.byteSize() < Long.BYTES || !value8.scope().isAlive()) {
            throw new InvalidArgumentException("ibv_wr_atomic_write", "the value must be live native memory of 8 bytes");
        }
        return callWithRemoteAndLong(fn, rkey, remoteAddress, value8.address());
    }

    /** Calls a {@code void (*)(struct ibv_qp_ex *, uint32_t rkey, uint64_t remote_addr, uint64_t)}. */
    private SendOps callWithRemoteAndLong(MemorySegment fn, int rkey, long remoteAddress, long value) {
        try {
            CALL_V_ILL.invokeExact(fn, qpxAddress, rkey, remoteAddress, value);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        MemorySegment fn = builder(flush, "ibv_wr_flush", SendOpsFlag.FLUSH);
        if (type == null || level == null) {
            throw new InvalidArgumentException("ibv_wr_flush", "the placement type and selectivity level are required");
        }
        try {
            CALL_V_ILLBB.invokeExact(fn, qpxAddress, rkey, remoteAddress, length, (byte) type.value(),
                    (byte) level.value());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo info) {
        MemorySegment fn = builder(bindMw, "ibv_wr_bind_mw", SendOpsFlag.BIND_MW);
        if (!(window instanceof NativeMemoryWindow mw) || info == null
                || !(info.memoryRegion() instanceof NativeMemoryRegion mr)) {
            fail("ibv_wr_bind_mw", "the window or region is not from this provider");
            return this;
        }
        if (mw.isClosed() || mr.isClosed()) {
            fail("ibv_wr_bind_mw", "the window or region is closed");
            return this;
        }
        bindInfo.set(JAVA_LONG, bindMrOffset, mr.pointer().address());
        bindInfo.set(JAVA_LONG, bindAddrOffset, info.address());
        bindInfo.set(JAVA_LONG, bindLengthOffset, info.length());
        bindInfo.set(JAVA_INT, bindAccessOffset, (int) org.verbs4j.Flags.toBits("ibv_wr_bind_mw", info.access()));
        mw.enter("ibv_wr_bind_mw");
        try {
            mr.enter("ibv_wr_bind_mw");
            try {
                CALL_V_LIL.invokeExact(fn, qpxAddress, mw.pointer().address(), rkey, bindInfo.address());
            } finally {
                mr.leave();
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            mw.leave();
        }
        addPendingBind(mw, rkey);
        return this;
    }

    private void addPendingBind(NativeMemoryWindow mw, int rkey) {
        if (pendingBinds == pendingWindows.length) {
            pendingWindows = java.util.Arrays.copyOf(pendingWindows, pendingBinds * 2);
            pendingRkeys = java.util.Arrays.copyOf(pendingRkeys, pendingBinds * 2);
        }
        pendingWindows[pendingBinds] = mw;
        pendingRkeys[pendingBinds++] = rkey;
    }

    /** @param posted whether the batch was posted, so that its binds give the windows their new rkeys */
    private void settleBinds(boolean posted) {
        for (int i = 0; i < pendingBinds; i++) {
            if (posted) {
                pendingWindows[i].bound(pendingRkeys[i]);
            }
            pendingWindows[i] = null;
        }
        pendingBinds = 0;
    }

    @Override
    public SendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey) {
        MemorySegment fn = setter(setUdAddr, "ibv_wr_set_ud_addr");
        if (!(ah instanceof NativeAddressHandle nativeAh)) {
            throw new InvalidArgumentException("ibv_wr_set_ud_addr", "the address handle is not from this provider");
        }
        nativeAh.enter("ibv_wr_set_ud_addr");
        try {
            CALL_V_LII.invokeExact(fn, qpxAddress, nativeAh.pointer().address(), remoteQpn, remoteQkey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            nativeAh.leave();
        }
        return this;
    }

    @Override
    public SendOps setSge(int lkey, long address, int length) {
        return callSge(setter(setSge, "ibv_wr_set_sge"), lkey, address, length);
    }

    /** Calls {@code void (*wr_set_sge)(struct ibv_qp_ex *, uint32_t lkey, uint64_t addr, uint32_t length)}. */
    private SendOps callSge(MemorySegment fn, int lkey, long address, int length) {
        try {
            CALL_V_ILI.invokeExact(fn, qpxAddress, lkey, address, length);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    /**
     * A list of one entry goes to {@code wr_set_sge}, which the man page defines as that list (and which copies
     * no array); a longer one is copied into this object's {@code ibv_sge} array ({@link NativeSgeArray}).
     */
    @Override
    public SendOps setSgeList(ScatterGatherList sges) {
        MemorySegment fn = setter(setSgeList, "ibv_wr_set_sge_list");
        if (sges == null) {
            fail("ibv_wr_set_sge_list", "the list is null");
            return this;
        }
        int count = sges.size();
        if (count == 1 && setSge != null) {
            return callSge(setSge, sges.lkey(0), sges.address(0), sges.length(0));
        }
        return callWithList(fn, count, sgeArray.copy(sges));
    }

    @Override
    public SendOps setInlineData(MemorySegment data) {
        MemorySegment fn = setter(setInlineData, INLINE);
        if (data == null) {
            fail(INLINE, "the data is null");
            return this;
        }
        return callInline(fn, data, data.byteSize());
    }

    /**
     * Gathers the pieces into a buffer of this object first, with copies that are accesses of their arenas
     * (an arena closed meanwhile stops the copy instead of leaving the function to read freed memory, and
     * heap segments work too), then hands that buffer to {@code wr_set_inline_data} when the provider has it:
     * rxe's {@code wr_set_inline_data_list} before rdma-core 64 copies the pieces but sets the length to 0.
     */
    @Override
    public SendOps setInlineDataList(List<MemorySegment> buffers) {
        MemorySegment listFn = setter(setInlineDataList, INLINE_LIST);
        if (buffers == null || hasNull(buffers)) {
            fail(INLINE_LIST, "the list or one of its buffers is null");
            return this;
        }
        long total = gather(buffers);
        if (total < 0) {
            return this;
        }
        if (setInlineData != null) {
            return callInline(setInlineData, staged, total);
        }
        MemorySegment native16 = buffer(1);
        native16.set(JAVA_LONG, 0, staged.address());
        native16.set(JAVA_LONG, 8, total);
        return callWithList(listFn, 1, native16.address());
    }

    /**
     * Calls {@code wr_set_inline_data} ({@code fn}) with {@code length} bytes of {@code data}; data the linker
     * cannot pass (its arena closed, or confined to another thread) is a problem of the batch.
     */
    private SendOps callInline(MemorySegment fn, MemorySegment data, long length) {
        try {
            CALL_V_PL.invokeExact(fn, qpxAddress, data, length);
        } catch (IllegalStateException | WrongThreadException unreadable) {
            fail(INLINE, "the data cannot be read: " + unreadable.getMessage());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    /** Without an iterator: no allocation on the data path (and no {@code contains(null)}, which List.of refuses). */
    private static boolean hasNull(List<MemorySegment> buffers) {
        for (int i = 0; i < buffers.size(); i++) {
            if (buffers.get(i) == null) {
                return true;
            }
        }
        return false;
    }

    /** Records the batch's first problem, which {@link #complete()} reports (setters report nothing). */
    private void fail(String verb, String detail) {
        if (problem == null) {
            problem = verb + ": " + detail;
        }
    }

    /**
     * Copies {@code buffers} one after another into {@link #staged}.
     *
     * @return their total size, or -1 if they do not fit in {@code max_inline_data} or cannot be read (a
     *     problem of the batch)
     */
    private long gather(List<MemorySegment> buffers) {
        long total = 0;
        for (int i = 0; i < buffers.size(); i++) {
            total += buffers.get(i).byteSize();
        }
        int maxInline = qp.capabilities().maxInlineData();
        if (total > maxInline) {
            fail(INLINE_LIST, total + " bytes exceed max_inline_data " + maxInline);
            return -1;
        }
        if (staged.byteSize() < total) {
            staged = arena.allocate(total, Long.BYTES);
        }
        long offset = 0;
        try {
            for (int i = 0; i < buffers.size(); i++) {
                MemorySegment.copy(buffers.get(i), 0, staged, offset, buffers.get(i).byteSize());
                offset += buffers.get(i).byteSize();
            }
        } catch (IllegalStateException | WrongThreadException unreadable) {
            fail(INLINE_LIST, "a buffer cannot be read: " + unreadable.getMessage());
            return -1;
        }
        return total;
    }

    /** Calls a {@code void (*)(struct ibv_qp_ex *, size_t num, const struct *list)}. */
    private SendOps callWithList(MemorySegment fn, int count, long array) {
        try {
            CALL_V_LL.invokeExact(fn, qpxAddress, (long) count, array);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    /** {@code struct ibv_data_buf} is 16 bytes. */
    private MemorySegment buffer(int entries) {
        if (list.byteSize() < entries * 16L) {
            list = arena.allocate(Math.max(entries, 4) * 16L, 8);
        }
        return list;
    }

    @Override
    public void complete() {
        MemorySegment fn = setter(complete, "ibv_wr_complete");
        if (problem != null) {
            abort();
            throw new InvalidArgumentException("ibv_wr_complete", problem + " (the batch was discarded)");
        }
        int rc;
        try {
            rc = (int) (long) CALL_L.invokeExact(fn, qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            release();
        }
        settleBinds(rc == 0);
        Native.check(rc, "ibv_wr_complete");
    }

    @Override
    public void abort() {
        MemorySegment fn = setter(abort, "ibv_wr_abort");
        settleBinds(false);
        try {
            CALL_V.invokeExact(fn, qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            release();
        }
    }
}
