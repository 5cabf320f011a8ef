package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.QP_EX_WR_SET_DC_ADDR;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.QP_EX_WR_SET_DC_ADDR_STREAM;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.List;
import org.verbs4j.AddressHandle;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwBindInfo;
import org.verbs4j.QueuePair;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendOps;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.generic.vendor.SendBatch;

/**
 * The send operations of a DCI with its DC addressing, the inline {@code mlx5dv_wr_set_dc_addr} and
 * {@code mlx5dv_wr_set_dc_addr_stream}, reached with {@code queuePair.unwrap(Mlx5DcSendOps.class)}. It is the
 * queue pair's {@link SendOps} (each method does what the generic one does) plus the addressing: between
 * {@link #start()} and {@link #complete()}, each request is built on this view as on RC (for example
 * {@link #send()} or {@link #rdmaWrite}), then addressed here once, then given its buffers ({@link #setSge}).
 *
 * <p>libmlx5 writes the address into the work request its last opcode began and checks nothing. This view
 * therefore refuses, with an {@link InvalidArgumentException}, an address that has no request of this
 * thread's open batch to go to: outside a batch, before the request's opcode, after a builder that takes no
 * address ({@link #bindMw}, {@link #localInv}), a second time for one request, or for a request built on the
 * generic {@code sendOps()} instead of this view. The open batch holds the queue pair open, and the address
 * handle is held open for the call, so that a close from another thread waits.
 *
 * <p>The methods allocate nothing and call libmlx5's {@code struct mlx5dv_qp_ex} pointers through
 * {@code static final} critical invokers. A DCT has no send operations: these methods throw for it.
 */
public final class Mlx5DcSendOps implements SendOps {

    private static final String SET_DC_ADDR = "mlx5dv_wr_set_dc_addr";
    private static final String SET_DC_ADDR_STREAM = "mlx5dv_wr_set_dc_addr_stream";
    private static final MethodHandle SET_DC_ADDR_INVOKER = FunctionPointers.criticalInvoker(
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG));
    private static final MethodHandle SET_DC_ADDR_STREAM_INVOKER = FunctionPointers.criticalInvoker(
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_SHORT));

    private final QueuePair queuePair;
    private final SendOps ops;
    private final MemorySegment mqp;
    private final MemorySegment setDcAddr;
    private final MemorySegment setDcAddrStream;
    private final int streams;
    /** The number of the batch whose last request awaits its address, or 0. */
    private long awaiting;

    /**
     * @param queuePair the DC queue pair
     * @param ops its generic send operations, {@code null} if it has none (a DCT)
     * @param mqp its {@code struct mlx5dv_qp_ex}
     * @param streams the number of DCI streams asked at creation, 0 for none
     */
    Mlx5DcSendOps(QueuePair queuePair, SendOps ops, MemorySegment mqp, int streams) {
        this.queuePair = queuePair;
        this.ops = ops;
        this.mqp = mqp;
        this.setDcAddr = mqp.get(ADDRESS, QP_EX_WR_SET_DC_ADDR);
        this.setDcAddrStream = mqp.get(ADDRESS, QP_EX_WR_SET_DC_ADDR_STREAM);
        this.streams = streams;
    }

    /**
     * Addresses the current request to a DCT ({@code mlx5dv_wr_set_dc_addr}).
     *
     * @param ah the address handle of the DCT's port
     * @param remoteDctn the DCT's number
     * @param remoteDcKey the DCT's access key
     * @return this
     * @throws InvalidArgumentException if this is a DCT or a DCI created without send operations, if no request
     *     of this thread's open batch awaits an address, or if {@code ah} is missing or not the binding's
     * @throws ClosedObjectException if the queue pair or the address handle is closed
     */
    public Mlx5DcSendOps setDcAddr(AddressHandle ah, int remoteDctn, long remoteDcKey) {
        MemorySegment fn = addressing(setDcAddr, SET_DC_ADDR);
        NativeHandle handle = handle(ah, SET_DC_ADDR);
        handle.enterCall(SET_DC_ADDR);
        try {
            SET_DC_ADDR_INVOKER.invokeExact(fn, mqp, handle.pointer(), remoteDctn, remoteDcKey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            handle.leaveCall();
        }
        awaiting = 0;
        return this;
    }

    /**
     * Addresses the current request to a DCT on one of the DCI's streams ({@code mlx5dv_wr_set_dc_addr_stream},
     * rdma-core 37 and later): requests of one stream complete in order, and an error stops only its stream.
     *
     * @param ah the address handle of the DCT's port
     * @param remoteDctn the DCT's number
     * @param remoteDcKey the DCT's access key
     * @param streamId the stream, below {@code 1 << logNumConcurrent} of the DCI's streams
     * @return this
     * @throws InvalidArgumentException as {@link #setDcAddr}, or for a stream beyond the DCI's streams
     * @throws ClosedObjectException if the queue pair or the address handle is closed
     */
    public Mlx5DcSendOps setDcAddrStream(AddressHandle ah, int remoteDctn, long remoteDcKey, short streamId) {
        MemorySegment fn = addressing(setDcAddrStream, SET_DC_ADDR_STREAM);
        checkStream(streamId);
        NativeHandle handle = handle(ah, SET_DC_ADDR_STREAM);
        handle.enterCall(SET_DC_ADDR_STREAM);
        try {
            SET_DC_ADDR_STREAM_INVOKER.invokeExact(fn, mqp, handle.pointer(), remoteDctn, remoteDcKey, streamId);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            handle.leaveCall();
        }
        awaiting = 0;
        return this;
    }

    /** @return the function pointer, once the queue pair and the batch are known fit to be written to */
    private MemorySegment addressing(MemorySegment function, String verb) {
        if (function.equals(MemorySegment.NULL) || ops == null) {
            throw new InvalidArgumentException(verb, "libmlx5 set no DC addressing on this queue pair: a DCT, or"
                    + " a DCI created without send operations");
        }
        if (queuePair.isClosed()) {
            throw new ClosedObjectException(verb, "the queue pair is closed");
        }
        if (awaiting == 0 || awaiting != batchOfThisThread()) {
            throw new InvalidArgumentException(verb, "no request of this thread's open batch awaits a DC address:"
                    + " call start() and the request's opcode (send(), rdmaWrite(...), ...) on this view first,"
                    + " and address each request once");
        }
        return function;
    }

    private void checkStream(short streamId) {
        if (streams != 0 && Short.toUnsignedInt(streamId) >= streams) {
            throw new InvalidArgumentException(SET_DC_ADDR_STREAM, "stream " + Short.toUnsignedInt(streamId)
                    + " is beyond the DCI's " + streams + " streams");
        }
    }

    private static NativeHandle handle(AddressHandle ah, String verb) {
        if (ah instanceof NativeHandle handle) {
            return handle;
        }
        throw new InvalidArgumentException(verb, ah == null ? "the address handle is missing"
                : "the address handle is not the generic binding's: " + ah.getClass().getName());
    }

    private long batchOfThisThread() {
        return ops instanceof SendBatch batch ? batch.batchHeldBy(Thread.currentThread()) : 0;
    }

    /** A builder that takes a DC address returned: its request awaits one. */
    private Mlx5DcSendOps built() {
        awaiting = batchOfThisThread();
        return this;
    }

    /** A builder that takes no DC address returned. */
    private Mlx5DcSendOps builtUnaddressed() {
        awaiting = 0;
        return this;
    }

    /** @return the generic send operations; for a DCT, the queue pair's refusal */
    private SendOps ops() {
        return ops != null ? ops : queuePair.sendOps();
    }

    @Override
    public QueuePair queuePair() {
        return queuePair;
    }

    @Override
    public void start() {
        awaiting = 0;
        ops().start();
    }

    @Override
    public Mlx5DcSendOps wrId(long wrId) {
        ops().wrId(wrId);
        return this;
    }

    @Override
    public Mlx5DcSendOps wrFlags(int sendFlags) {
        ops().wrFlags(sendFlags);
        return this;
    }

    @Override
    public Mlx5DcSendOps send() {
        ops().send();
        return built();
    }

    @Override
    public Mlx5DcSendOps sendWithImm(int immData) {
        ops().sendWithImm(immData);
        return built();
    }

    @Override
    public Mlx5DcSendOps sendWithInv(int invalidateRkey) {
        ops().sendWithInv(invalidateRkey);
        return built();
    }

    @Override
    public Mlx5DcSendOps sendTso(MemorySegment header, int mss) {
        ops().sendTso(header, mss);
        return builtUnaddressed();
    }

    @Override
    public Mlx5DcSendOps rdmaWrite(int rkey, long remoteAddress) {
        ops().rdmaWrite(rkey, remoteAddress);
        return built();
    }

    @Override
    public Mlx5DcSendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData) {
        ops().rdmaWriteWithImm(rkey, remoteAddress, immData);
        return built();
    }

    @Override
    public Mlx5DcSendOps rdmaRead(int rkey, long remoteAddress) {
        ops().rdmaRead(rkey, remoteAddress);
        return built();
    }

    @Override
    public Mlx5DcSendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap) {
        ops().atomicCmpSwp(rkey, remoteAddress, compare, swap);
        return built();
    }

    @Override
    public Mlx5DcSendOps atomicFetchAdd(int rkey, long remoteAddress, long add) {
        ops().atomicFetchAdd(rkey, remoteAddress, add);
        return built();
    }

    @Override
    public Mlx5DcSendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8) {
        ops().atomicWrite(rkey, remoteAddress, value8);
        return builtUnaddressed();
    }

    @Override
    public Mlx5DcSendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level) {
        ops().flush(rkey, remoteAddress, length, type, level);
        return builtUnaddressed();
    }

    @Override
    public Mlx5DcSendOps localInv(int invalidateRkey) {
        ops().localInv(invalidateRkey);
        return builtUnaddressed();
    }

    @Override
    public Mlx5DcSendOps bindMw(MemoryWindow window, int rkey, MwBindInfo bindInfo) {
        ops().bindMw(window, rkey, bindInfo);
        return builtUnaddressed();
    }

    @Override
    public Mlx5DcSendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey) {
        ops().setUdAddr(ah, remoteQpn, remoteQkey);
        return this;
    }

    @Override
    public Mlx5DcSendOps setXrcSrqn(int remoteSrqn) {
        ops().setXrcSrqn(remoteSrqn);
        return this;
    }

    @Override
    public Mlx5DcSendOps setSge(int lkey, long address, int length) {
        ops().setSge(lkey, address, length);
        return this;
    }

    @Override
    public Mlx5DcSendOps setSgeList(ScatterGatherList list) {
        ops().setSgeList(list);
        return this;
    }

    @Override
    public Mlx5DcSendOps setInlineData(MemorySegment data) {
        ops().setInlineData(data);
        return this;
    }

    @Override
    public Mlx5DcSendOps setInlineDataList(List<MemorySegment> buffers) {
        ops().setInlineDataList(buffers);
        return this;
    }

    @Override
    public void complete() {
        awaiting = 0;
        ops().complete();
    }

    @Override
    public void abort() {
        awaiting = 0;
        ops().abort();
    }
}
