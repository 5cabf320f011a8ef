package org.verbs4j.provider.efa.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The exported efadv verbs, one method each, with the newest struct size as {@code inlen}. Each throws a
 * {@link VerbsException} naming the verb and the errno; a non-EFA object gives EOPNOTSUPP, an
 * {@link org.verbs4j.UnsupportedVerbException}, as does a function the loaded release lacks. The caller owns
 * the structs, allocated zeroed at their newest size ({@link #allocate}).
 */
public final class Efadv {

    private static final FunctionDescriptor INT_PTR_PTR_U32 = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor PTR_PTR_PTR_PTR_U32 =
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor PTR_PTR = FunctionDescriptor.of(ADDRESS, ADDRESS);
    private static final FunctionDescriptor PTR_PTR_PTR_U32 = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor INT_PTR_PTR_PTR_U32 =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT);

    private final Libefa libefa;

    /** @param libefa the loaded library */
    public Efadv(Libefa libefa) {
        this.libefa = libefa;
    }

    /** @return the loaded library */
    public Libefa libefa() {
        return libefa;
    }

    /**
     * @param arena the owner of the struct
     * @param struct an efadv struct
     * @return a zeroed struct of its newest size
     */
    public static MemorySegment allocate(Arena arena, EfaStruct struct) {
        return arena.allocate(struct.newestSize(), 8);
    }

    /** {@code efadv_query_device(context, attr, sizeof attr)}. */
    public void queryDevice(MemorySegment context, MemorySegment attr, Arena call) {
        query(EfaSymbol.EFADV_QUERY_DEVICE, context, attr, EfaAbi.DEVICE_ATTR, call);
    }

    /** {@code efadv_query_ah(ah, attr, sizeof attr)}. */
    public void queryAh(MemorySegment ah, MemorySegment attr, Arena call) {
        query(EfaSymbol.EFADV_QUERY_AH, ah, attr, EfaAbi.AH_ATTR, call);
    }

    /** {@code efadv_query_mr(mr, attr, sizeof attr)}, rdma-core 50 and later. */
    public void queryMr(MemorySegment mr, MemorySegment attr, Arena call) {
        query(EfaSymbol.EFADV_QUERY_MR, mr, attr, EfaAbi.MR_ATTR, call);
    }

    /** {@code efadv_query_cq(cq, attr, sizeof attr)}, rdma-core 59 and later: the raw ring of the queue. */
    public void queryCq(MemorySegment cq, MemorySegment attr, Arena call) {
        query(EfaSymbol.EFADV_QUERY_CQ, cq, attr, EfaAbi.CQ_ATTR, call);
    }

    /** {@code efadv_query_qp_wqs(qp, sq, rq, sizeof attr)}, rdma-core 59 and later: the raw rings. */
    public void queryQpWqs(MemorySegment qp, MemorySegment sq, MemorySegment rq, Arena call) {
        int rc = invokeInt(EfaSymbol.EFADV_QUERY_QP_WQS, INT_PTR_PTR_PTR_U32, call, qp, sq, rq,
                (int) EfaAbi.WQ_ATTR.newestSize());
        Native.check(rc, EfaSymbol.EFADV_QUERY_QP_WQS.cName());
    }

    /**
     * {@code efadv_get_max_sq_depth(context, attr, sizeof attr)}, rdma-core 63 and later.
     *
     * @return the depth
     */
    public int maxSqDepth(MemorySegment context, MemorySegment attr, Arena call) {
        return depth(EfaSymbol.EFADV_GET_MAX_SQ_DEPTH, context, attr, EfaAbi.SQ_DEPTH_ATTR, call);
    }

    /**
     * {@code efadv_get_max_rq_depth(context, attr, sizeof attr)}, rdma-core 63 and later. The caller has
     * checked that {@code max_recv_sge} is not 0 (libefa divides by it).
     *
     * @return the depth
     */
    public int maxRqDepth(MemorySegment context, MemorySegment attr, Arena call) {
        return depth(EfaSymbol.EFADV_GET_MAX_RQ_DEPTH, context, attr, EfaAbi.RQ_DEPTH_ATTR, call);
    }

    /**
     * {@code efadv_create_cq(context, attr_ex, efa_attr, sizeof efa_attr)}.
     *
     * @return the {@code struct ibv_cq_ex *}
     */
    public MemorySegment createCq(MemorySegment context, MemorySegment initAttr, MemorySegment efaAttr, Arena call) {
        return create(EfaSymbol.EFADV_CREATE_CQ, context, initAttr, efaAttr, EfaAbi.CQ_INIT_ATTR, call);
    }

    /**
     * {@code efadv_create_qp_ex(context, attr_ex, efa_attr, sizeof efa_attr)}.
     *
     * @return the {@code struct ibv_qp *}
     */
    public MemorySegment createQpEx(MemorySegment context, MemorySegment initAttr, MemorySegment efaAttr, Arena call) {
        return create(EfaSymbol.EFADV_CREATE_QP_EX, context, initAttr, efaAttr, EfaAbi.QP_INIT_ATTR, call);
    }

    /**
     * {@code efadv_create_driver_qp(pd, attr, driver_qp_type)}.
     *
     * @return the {@code struct ibv_qp *}
     */
    public MemorySegment createDriverQp(MemorySegment pd, MemorySegment initAttr, int driverQpType, Arena call) {
        EfaSymbol symbol = EfaSymbol.EFADV_CREATE_DRIVER_QP;
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment qp = (MemorySegment) libefa.handle(symbol, PTR_PTR_PTR_U32)
                    .invokeExact(errno, pd, initAttr, driverQpType);
            return Native.checkPointer(qp, errno, symbol.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** @return {@code efadv_cq_from_ibv_cq_ex(cq)}: no check, an EFA queue only */
    public MemorySegment cqFromCqEx(MemorySegment cq, Arena call) {
        return cast(EfaSymbol.EFADV_CQ_FROM_IBV_CQ_EX, cq, EfaAbi.CQ, call);
    }

    /** @return {@code efadv_qp_from_ibv_qp_ex(qp)}, rdma-core 64 and later: no check, an EFA queue pair only */
    public MemorySegment qpFromQpEx(MemorySegment qp, Arena call) {
        return cast(EfaSymbol.EFADV_QP_FROM_IBV_QP_EX, qp, EfaAbi.QP, call);
    }

    private void query(EfaSymbol symbol, MemorySegment object, MemorySegment attr, EfaStruct struct, Arena call) {
        Native.check(invokeInt(symbol, INT_PTR_PTR_U32, call, object, attr, (int) struct.newestSize()), symbol.cName());
    }

    private int depth(EfaSymbol symbol, MemorySegment context, MemorySegment attr, EfaStruct struct, Arena call) {
        int depth = invokeInt(symbol, INT_PTR_PTR_U32, call, context, attr, (int) struct.newestSize());
        if (depth < 0) {
            throw VerbsException.of(symbol.cName(), -depth, null);
        }
        return depth;
    }

    private int invokeInt(EfaSymbol symbol, FunctionDescriptor descriptor, Arena call, Object... arguments) {
        Object[] withErrno = new Object[arguments.length + 1];
        withErrno[0] = ErrnoCapture.allocate(call);
        System.arraycopy(arguments, 0, withErrno, 1, arguments.length);
        try {
            return (int) libefa.handle(symbol, descriptor).invokeWithArguments(withErrno);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private MemorySegment create(EfaSymbol symbol, MemorySegment context, MemorySegment initAttr,
            MemorySegment efaAttr, EfaStruct struct, Arena call) {
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment created = (MemorySegment) libefa.handle(symbol, PTR_PTR_PTR_PTR_U32)
                    .invokeExact(errno, context, initAttr, efaAttr, (int) struct.newestSize());
            return Native.checkPointer(created, errno, symbol.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @SuppressWarnings("restricted")
    private MemorySegment cast(EfaSymbol symbol, MemorySegment object, EfaStruct struct, Arena call) {
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment cast = (MemorySegment) libefa.handle(symbol, PTR_PTR).invokeExact(errno, object);
            return Native.checkPointer(cast, errno, symbol.cName()).reinterpret(struct.newestSize());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
