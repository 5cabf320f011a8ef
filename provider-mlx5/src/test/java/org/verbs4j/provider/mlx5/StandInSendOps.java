package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.verbs4j.AddressHandle;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendOps;
import org.verbs4j.provider.generic.vendor.SendBatch;
import org.verbs4j.provider.mlx5.abi.Mlx5Abi;

/**
 * The generic send operations as the DC view sees them, over a stand-in queue pair: the {@code ibv_qp_ex}
 * pointers the stand-in set are called, and the batch is held as the generic {@code SendOps} holds it (from
 * {@code start()} or the first builder to {@code complete()} or {@code abort()}, a new number each time).
 * Without a queue pair, start() and send() only hold (for counting allocations). What the DC tests do not use throws.
 */
@SuppressWarnings("restricted")
final class StandInSendOps implements SendOps, SendBatch {

    private final MemorySegment qp;
    private long batches;
    private Thread holder;

    /** @param qp the stand-in's {@code struct ibv_qp_ex *}, or {@code null} to hold batches without calls */
    StandInSendOps(MemorySegment qp) {
        this.qp = qp == null ? null : qp.reinterpret(512);
    }

    @Override
    public long batchHeldBy(Thread thread) {
        return holder == thread ? batches : 0;
    }

    private void hold() {
        if (holder == null) {
            holder = Thread.currentThread();
            batches++;
        }
    }

    private SendOps call(String pointer, FunctionDescriptor descriptor, Object... rest) {
        hold();
        Object[] arguments = new Object[rest.length + 1];
        arguments[0] = qp;
        System.arraycopy(rest, 0, arguments, 1, rest.length);
        try {
            Linker.nativeLinker().downcallHandle(qp.get(ADDRESS, Mlx5Abi.offset("ibv_qp_ex", pointer)), descriptor)
                    .invokeWithArguments(arguments);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    @Override
    public QueuePair queuePair() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void start() {
        hold();
        if (qp != null) {
            call("wr_start", FunctionDescriptor.ofVoid(ADDRESS));
        }
    }

    @Override
    public SendOps wrId(long wrId) {
        hold();
        qp.set(JAVA_LONG, Mlx5Abi.offset("ibv_qp_ex", "wr_id"), wrId);
        return this;
    }

    @Override
    public SendOps wrFlags(int sendFlags) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps send() {
        hold();
        return qp == null ? this : call("wr_send", FunctionDescriptor.ofVoid(ADDRESS));
    }

    @Override
    public SendOps sendWithImm(int immData) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps sendWithInv(int invalidateRkey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps sendTso(MemorySegment header, int mss) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps rdmaWrite(int rkey, long remoteAddress) {
        return call("wr_rdma_write", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_LONG), rkey, remoteAddress);
    }

    @Override
    public SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps rdmaRead(int rkey, long remoteAddress) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps localInv(int invalidateRkey) {
        return call("wr_local_inv", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT), invalidateRkey);
    }

    @Override
    public SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo bindInfo) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps setXrcSrqn(int remoteSrqn) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps setSge(int lkey, long address, int length) {
        return call("wr_set_sge", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_LONG, JAVA_INT), lkey, address,
                length);
    }

    @Override
    public SendOps setSgeList(ScatterGatherList list) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps setInlineData(MemorySegment data) {
        throw new UnsupportedOperationException();
    }

    @Override
    public SendOps setInlineDataList(List<MemorySegment> buffers) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void complete() {
        call("wr_complete", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        holder = null;
    }

    @Override
    public void abort() {
        call("wr_abort", FunctionDescriptor.ofVoid(ADDRESS));
        holder = null;
    }
}
