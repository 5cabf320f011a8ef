package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.AddressHandle;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.QueuePair;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * The DC addressing of a DCI's send requests, the inline {@code mlx5dv_wr_set_dc_addr} and
 * {@code mlx5dv_wr_set_dc_addr_stream}, reached with {@code queuePair.unwrap(Mlx5DcSendOps.class)}. Between
 * {@code sendOps().start()} and {@code complete()}, each request is built as on RC (for example
 * {@code send()} or {@code rdmaWrite(...)}), then addressed here, then given its buffers ({@code setSge}).
 *
 * <p>The methods allocate nothing and call libmlx5's {@code struct mlx5dv_qp_ex} pointers through
 * {@code static final} critical invokers. A DCT has no send operations: these methods throw for it.
 */
public final class Mlx5DcSendOps {

    private static final String SET_DC_ADDR = "mlx5dv_wr_set_dc_addr";
    private static final String SET_DC_ADDR_STREAM = "mlx5dv_wr_set_dc_addr_stream";
    private static final MethodHandle SET_DC_ADDR_INVOKER = FunctionPointers.criticalInvoker(
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG));
    private static final MethodHandle SET_DC_ADDR_STREAM_INVOKER = FunctionPointers.criticalInvoker(
            FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, JAVA_INT, JAVA_LONG, JAVA_SHORT));

    private final QueuePair queuePair;
    private final MemorySegment mqp;
    private final MemorySegment setDcAddr;
    private final MemorySegment setDcAddrStream;

    Mlx5DcSendOps(QueuePair queuePair, MemorySegment mqp, MemorySegment setDcAddr, MemorySegment setDcAddrStream) {
        this.queuePair = queuePair;
        this.mqp = mqp;
        this.setDcAddr = setDcAddr;
        this.setDcAddrStream = setDcAddrStream;
    }

    /** @return the queue pair */
    public QueuePair queuePair() {
        return queuePair;
    }

    /**
     * Addresses the current request to a DCT ({@code mlx5dv_wr_set_dc_addr}).
     *
     * @param ah the address handle of the DCT's port
     * @param remoteDctn the DCT's number
     * @param remoteDcKey the DCT's access key
     * @return this
     * @throws InvalidArgumentException if this is a DCT, or a DCI created without send operations
     * @throws ClosedObjectException if the queue pair or the address handle is closed
     */
    public Mlx5DcSendOps setDcAddr(AddressHandle ah, int remoteDctn, long remoteDcKey) {
        MemorySegment ahPointer = checked(ah, setDcAddr, SET_DC_ADDR);
        try {
            SET_DC_ADDR_INVOKER.invokeExact(setDcAddr, mqp, ahPointer, remoteDctn, remoteDcKey);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
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
     * @throws InvalidArgumentException if this is a DCT, or a DCI created without send operations
     * @throws ClosedObjectException if the queue pair or the address handle is closed
     */
    public Mlx5DcSendOps setDcAddrStream(AddressHandle ah, int remoteDctn, long remoteDcKey, short streamId) {
        MemorySegment ahPointer = checked(ah, setDcAddrStream, SET_DC_ADDR_STREAM);
        try {
            SET_DC_ADDR_STREAM_INVOKER.invokeExact(setDcAddrStream, mqp, ahPointer, remoteDctn, remoteDcKey,
                    streamId);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return this;
    }

    private MemorySegment checked(AddressHandle ah, MemorySegment function, String verb) {
        if (queuePair.isClosed()) {
            throw new ClosedObjectException(verb, "the queue pair is closed");
        }
        if (function.equals(MemorySegment.NULL)) {
            throw new InvalidArgumentException(verb, "libmlx5 set no DC addressing on this queue pair: a DCT, or"
                    + " a DCI created without send operations");
        }
        return NativeHandle.of(ah, verb);
    }
}
