package org.verbs4j.provider.generic.binding;

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
import java.util.List;
import java.util.Set;
import org.verbs4j.AddressHandle;
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

/**
 * The {@code ibv_wr_*} functions of one queue pair: the function pointers of its {@code struct ibv_qp_ex}
 * (from {@code ibv_qp_to_qp_ex}), called through critical handles. A builder is called only if its
 * send-ops flag was requested at creation (rxe and EFA leave the others NULL); a NULL pointer is never
 * called. Not thread-safe, as in C.
 */
@SuppressWarnings("restricted")
final class NativeSendOps implements SendOps {

    /** {@code struct ibv_qp_ex *}, passed as its address (same register as a pointer on LP64). */
    private static final java.lang.foreign.ValueLayout.OfLong QPX = JAVA_LONG;
    private static final FunctionDescriptor V = FunctionDescriptor.ofVoid(QPX);
    private static final FunctionDescriptor V_I = FunctionDescriptor.ofVoid(QPX, JAVA_INT);
    private static final FunctionDescriptor V_IL = FunctionDescriptor.ofVoid(QPX, JAVA_INT, JAVA_LONG);
    private static final FunctionDescriptor V_ILI = FunctionDescriptor.ofVoid(QPX, JAVA_INT, JAVA_LONG, JAVA_INT);
    private static final FunctionDescriptor V_ILL = FunctionDescriptor.ofVoid(QPX, JAVA_INT, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor V_ILLL =
            FunctionDescriptor.ofVoid(QPX, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor V_PII = FunctionDescriptor.ofVoid(QPX, ADDRESS, JAVA_INT, JAVA_INT);
    private static final FunctionDescriptor V_PSS = FunctionDescriptor.ofVoid(QPX, ADDRESS, JAVA_SHORT, JAVA_SHORT);
    private static final FunctionDescriptor V_PL = FunctionDescriptor.ofVoid(QPX, ADDRESS, JAVA_LONG);
    private static final FunctionDescriptor V_LP = FunctionDescriptor.ofVoid(QPX, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor I = FunctionDescriptor.of(JAVA_INT, QPX);
    private static final FunctionDescriptor V_PIP = FunctionDescriptor.ofVoid(QPX, ADDRESS, JAVA_INT, JAVA_LONG);
    private static final FunctionDescriptor V_ILLBB =
            FunctionDescriptor.ofVoid(QPX, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_BYTE, JAVA_BYTE);
    /** The rdma-core release that added {@code ibv_qp_ex.wr_flush} (before it, offset 352 is not a pointer). */
    static final int WR_FLUSH_SINCE = Abi.SINCE.get("ibv_qp_ex.wr_flush");

    private final NativeQueuePair qp;
    private final MemorySegment qpx;
    private final long qpxAddress;
    private final Set<SendOpsFlag> requested;
    private final long wrIdOffset;
    private final long wrFlagsOffset;
    private final MethodHandle start;
    private final MethodHandle complete;
    private final MethodHandle abort;
    private final MethodHandle send;
    private final MethodHandle sendImm;
    private final MethodHandle sendInv;
    private final MethodHandle sendTso;
    private final MethodHandle rdmaWrite;
    private final MethodHandle rdmaWriteImm;
    private final MethodHandle rdmaRead;
    private final MethodHandle atomicCmpSwp;
    private final MethodHandle atomicFetchAdd;
    private final MethodHandle localInv;
    private final MethodHandle bindMw;
    private final MethodHandle atomicWrite;
    private final MethodHandle flush;
    private final MemorySegment bindInfo;
    private final long bindMrOffset;
    private final long bindAddrOffset;
    private final long bindLengthOffset;
    private final long bindAccessOffset;
    private final MethodHandle setUdAddr;
    private final MethodHandle setXrcSrqn;
    private final MethodHandle setSge;
    private final MethodHandle setSgeList;
    private final MethodHandle setInlineData;
    private final MethodHandle setInlineDataList;
    private final Arena arena = Arena.ofAuto();
    private MemorySegment list = MemorySegment.NULL;
    private NativeMemoryWindow[] pendingWindows = new NativeMemoryWindow[4];
    private int[] pendingRkeys = new int[4];
    private int pendingBinds;

    private NativeSendOps(NativeQueuePair qp, Abi abi, MemorySegment qpx, int release) {
        this.qp = qp;
        this.qpx = qpx;
        this.qpxAddress = qpx.address();
        this.requested = qp.sendOpsFlags();
        StructLayout l = abi.ibvQpEx;
        this.wrIdOffset = Abi.offset(l, "wr_id");
        this.wrFlagsOffset = Abi.offset(l, "wr_flags");
        this.start = fn(l, "wr_start", V);
        this.complete = fn(l, "wr_complete", I);
        this.abort = fn(l, "wr_abort", V);
        this.send = op(l, SendOpsFlag.SEND, "wr_send", V);
        this.sendImm = op(l, SendOpsFlag.SEND_WITH_IMM, "wr_send_imm", V_I);
        this.sendInv = op(l, SendOpsFlag.SEND_WITH_INV, "wr_send_inv", V_I);
        this.sendTso = op(l, SendOpsFlag.TSO, "wr_send_tso", V_PSS);
        this.rdmaWrite = op(l, SendOpsFlag.RDMA_WRITE, "wr_rdma_write", V_IL);
        this.rdmaWriteImm = op(l, SendOpsFlag.RDMA_WRITE_WITH_IMM, "wr_rdma_write_imm", V_ILI);
        this.rdmaRead = op(l, SendOpsFlag.RDMA_READ, "wr_rdma_read", V_IL);
        this.atomicCmpSwp = op(l, SendOpsFlag.ATOMIC_CMP_AND_SWP, "wr_atomic_cmp_swp", V_ILLL);
        this.atomicFetchAdd = op(l, SendOpsFlag.ATOMIC_FETCH_AND_ADD, "wr_atomic_fetch_add", V_ILL);
        this.localInv = op(l, SendOpsFlag.LOCAL_INV, "wr_local_inv", V_I);
        this.bindMw = op(l, SendOpsFlag.BIND_MW, "wr_bind_mw", V_PIP);
        this.atomicWrite = op(l, SendOpsFlag.ATOMIC_WRITE, "wr_atomic_write", V_ILL);
        this.flush = hasWrFlush(release) ? op(l, SendOpsFlag.FLUSH, "wr_flush", V_ILLBB) : null;
        this.bindInfo = arena.allocate(abi.ibvMwBindInfo);
        this.bindMrOffset = Abi.offset(abi.ibvMwBindInfo, "mr");
        this.bindAddrOffset = Abi.offset(abi.ibvMwBindInfo, "addr");
        this.bindLengthOffset = Abi.offset(abi.ibvMwBindInfo, "length");
        this.bindAccessOffset = Abi.offset(abi.ibvMwBindInfo, "mw_access_flags");
        this.setUdAddr = fn(l, "wr_set_ud_addr", V_PII);
        this.setXrcSrqn = fn(l, "wr_set_xrc_srqn", V_I);
        this.setSge = fn(l, "wr_set_sge", V_ILI);
        this.setSgeList = fn(l, "wr_set_sge_list", V_LP);
        this.setInlineData = fn(l, "wr_set_inline_data", V_PL);
        this.setInlineDataList = fn(l, "wr_set_inline_data_list", V_LP);
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

    private MethodHandle fn(StructLayout l, String member, FunctionDescriptor descriptor) {
        MemorySegment pointer = qpx.get(ADDRESS, Abi.offset(l, member));
        return pointer.equals(MemorySegment.NULL) ? null : FunctionPointers.critical(pointer, descriptor);
    }

    private MethodHandle op(StructLayout l, SendOpsFlag flag, String member, FunctionDescriptor descriptor) {
        return requested.contains(flag) ? fn(l, member, descriptor) : null;
    }

    private MethodHandle require(MethodHandle handle, String verb, String why) {
        qp.ensureOpen(verb);
        if (handle == null) {
            throw new InvalidArgumentException(verb, why);
        }
        return handle;
    }

    private MethodHandle builder(MethodHandle handle, String verb, SendOpsFlag flag) {
        return require(handle, verb, flag + " was not requested in send_ops_flags when the queue pair was created");
    }

    private MethodHandle setter(MethodHandle handle, String verb) {
        return require(handle, verb, "the provider does not implement " + verb + " for this queue pair");
    }

    @Override
    public QueuePair queuePair() {
        return qp;
    }

    @Override
    public void start() {
        settleBinds(false);
        try {
            setter(start, "ibv_wr_start").invokeExact(qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public SendOps wrId(long wrId) {
        qp.ensureOpen("ibv_qp_ex.wr_id");
        qpx.set(JAVA_LONG, wrIdOffset, wrId);
        return this;
    }

    @Override
    public SendOps wrFlags(int sendFlags) {
        qp.ensureOpen("ibv_qp_ex.wr_flags");
        qpx.set(JAVA_INT, wrFlagsOffset, sendFlags);
        return this;
    }

    @Override
    public SendOps send() {
        try {
            builder(send, "ibv_wr_send", SendOpsFlag.SEND).invokeExact(qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps sendWithImm(int immData) {
        try {
            builder(sendImm, "ibv_wr_send_imm", SendOpsFlag.SEND_WITH_IMM).invokeExact(qpxAddress,
                    Integer.reverseBytes(immData));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps sendWithInv(int invalidateRkey) {
        try {
            builder(sendInv, "ibv_wr_send_inv", SendOpsFlag.SEND_WITH_INV).invokeExact(qpxAddress, invalidateRkey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps sendTso(MemorySegment header, int mss) {
        try {
            builder(sendTso, "ibv_wr_send_tso", SendOpsFlag.TSO).invokeExact(qpxAddress, header,
                    (short) header.byteSize(), (short) mss);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps rdmaWrite(int rkey, long remoteAddress) {
        try {
            builder(rdmaWrite, "ibv_wr_rdma_write", SendOpsFlag.RDMA_WRITE).invokeExact(qpxAddress, rkey, remoteAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        try {
            builder(rdmaWriteImm, "ibv_wr_rdma_write_imm", SendOpsFlag.RDMA_WRITE_WITH_IMM).invokeExact(qpxAddress, rkey,
                    remoteAddress, Integer.reverseBytes(immData));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps rdmaRead(int rkey, long remoteAddress) {
        try {
            builder(rdmaRead, "ibv_wr_rdma_read", SendOpsFlag.RDMA_READ).invokeExact(qpxAddress, rkey, remoteAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        try {
            builder(atomicCmpSwp, "ibv_wr_atomic_cmp_swp", SendOpsFlag.ATOMIC_CMP_AND_SWP).invokeExact(qpxAddress, rkey,
                    remoteAddress, compare, swap);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        try {
            builder(atomicFetchAdd, "ibv_wr_atomic_fetch_add", SendOpsFlag.ATOMIC_FETCH_AND_ADD).invokeExact(qpxAddress,
                    rkey, remoteAddress, add);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        MethodHandle handle = builder(atomicWrite, "ibv_wr_atomic_write", SendOpsFlag.ATOMIC_WRITE);
        if (value8 == null || !value8.isNative() || value8.byteSize() < Long.BYTES) {
            throw new InvalidArgumentException("ibv_wr_atomic_write", "the value must be native memory of 8 bytes");
        }
        try {
            handle.invokeExact(qpxAddress, rkey, remoteAddress, value8.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        MethodHandle handle = builder(flush, "ibv_wr_flush", SendOpsFlag.FLUSH);
        if (type == null || level == null) {
            throw new InvalidArgumentException("ibv_wr_flush", "the placement type and selectivity level are required");
        }
        try {
            handle.invokeExact(qpxAddress, rkey, remoteAddress, length, (byte) type.value(), (byte) level.value());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps localInv(int invalidateRkey) {
        try {
            builder(localInv, "ibv_wr_local_inv", SendOpsFlag.LOCAL_INV).invokeExact(qpxAddress, invalidateRkey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo info) {
        MethodHandle builder = builder(bindMw, "ibv_wr_bind_mw", SendOpsFlag.BIND_MW);
        if (!(window instanceof NativeMemoryWindow mw) || !(info.memoryRegion() instanceof NativeMemoryRegion mr)) {
            throw new InvalidArgumentException("ibv_wr_bind_mw", "the window or region is not from this provider");
        }
        mw.ensureOpen("ibv_wr_bind_mw");
        mr.ensureOpen("ibv_wr_bind_mw");
        bindInfo.set(JAVA_LONG, bindMrOffset, mr.pointer().address());
        bindInfo.set(JAVA_LONG, bindAddrOffset, info.address());
        bindInfo.set(JAVA_LONG, bindLengthOffset, info.length());
        bindInfo.set(JAVA_INT, bindAccessOffset, (int) org.verbs4j.Flags.toBits(info.access()));
        try {
            builder.invokeExact(qpxAddress, mw.pointer(), rkey, bindInfo.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
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
        if (!(ah instanceof NativeAddressHandle nativeAh)) {
            throw new InvalidArgumentException("ibv_wr_set_ud_addr", "the address handle is not from this provider");
        }
        try {
            setter(setUdAddr, "ibv_wr_set_ud_addr").invokeExact(qpxAddress, nativeAh.pointer(), remoteQpn, remoteQkey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps setXrcSrqn(int remoteSrqn) {
        try {
            setter(setXrcSrqn, "ibv_wr_set_xrc_srqn").invokeExact(qpxAddress, remoteSrqn);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps setSge(int lkey, long address, int length) {
        try {
            setter(setSge, "ibv_wr_set_sge").invokeExact(qpxAddress, lkey, address, length);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps setSgeList(ScatterGatherList sges) {
        MemorySegment native16 = buffer(sges.size());
        for (int i = 0; i < sges.size(); i++) {
            native16.set(JAVA_LONG, i * 16L, sges.address(i));
            native16.set(JAVA_INT, i * 16L + 8, sges.length(i));
            native16.set(JAVA_INT, i * 16L + 12, sges.lkey(i));
        }
        try {
            setter(setSgeList, "ibv_wr_set_sge_list").invokeExact(qpxAddress, (long) sges.size(), native16.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps setInlineData(MemorySegment data) {
        try {
            setter(setInlineData, "ibv_wr_set_inline_data").invokeExact(qpxAddress, data, data.byteSize());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    @Override
    public SendOps setInlineDataList(List<MemorySegment> buffers) {
        MemorySegment native16 = buffer(buffers.size());
        for (int i = 0; i < buffers.size(); i++) {
            native16.set(JAVA_LONG, i * 16L, buffers.get(i).address());
            native16.set(JAVA_LONG, i * 16L + 8, buffers.get(i).byteSize());
        }
        try {
            setter(setInlineDataList, "ibv_wr_set_inline_data_list").invokeExact(qpxAddress, (long) buffers.size(),
                    native16.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    /** Both {@code struct ibv_sge} and {@code struct ibv_data_buf} are 16 bytes. */
    private MemorySegment buffer(int entries) {
        if (list.byteSize() < entries * 16L) {
            list = arena.allocate(Math.max(entries, 4) * 16L, 8);
        }
        return list;
    }

    @Override
    public void complete() {
        int rc;
        try {
            rc = (int) setter(complete, "ibv_wr_complete").invokeExact(qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        settleBinds(rc == 0);
        Native.check(rc, "ibv_wr_complete");
    }

    @Override
    public void abort() {
        settleBinds(false);
        try {
            setter(abort, "ibv_wr_abort").invokeExact(qpxAddress);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
