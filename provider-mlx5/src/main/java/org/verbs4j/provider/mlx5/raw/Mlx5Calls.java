package org.verbs4j.provider.mlx5.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Native;

/**
 * The mlx5dv entry points of one loaded libmlx5, called as C calls them: ints are 0 or a positive errno,
 * constructors return NULL and set errno. Each handle is made on first use, so a function the loaded release
 * lacks fails only when called, with an {@link org.verbs4j.UnsupportedVerbException}. Not the data path.
 */
@SuppressWarnings("restricted")
public final class Mlx5Calls {

    private static final FunctionDescriptor INT_PP = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    private static final FunctionDescriptor PTR_PPP = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS);

    private final Mlx5Library library;

    /** @param library the loaded libmlx5 */
    public Mlx5Calls(Mlx5Library library) {
        this.library = library;
    }

    /** @return the library called */
    public Mlx5Library library() {
        return library;
    }

    /**
     * {@code mlx5dv_query_device(context, attrs_out)}.
     *
     * @param context the {@code struct ibv_context *}
     * @param attrs a {@code struct mlx5dv_context} with the requested {@code comp_mask}
     */
    public void queryDevice(MemorySegment context, MemorySegment attrs) {
        Native.check(callInt(Mlx5Function.QUERY_DEVICE, context, attrs), Mlx5Function.QUERY_DEVICE.cName());
    }

    /**
     * {@code mlx5dv_get_clock_info(context, clock_info)}.
     *
     * @param context the {@code struct ibv_context *}
     * @param clockInfo a {@code struct mlx5dv_clock_info} to fill
     */
    public void getClockInfo(MemorySegment context, MemorySegment clockInfo) {
        Native.check(callInt(Mlx5Function.GET_CLOCK_INFO, context, clockInfo), Mlx5Function.GET_CLOCK_INFO.cName());
    }

    /**
     * {@code _mlx5dv_query_port(context, port_num, info, info_len)}, what the inline {@code mlx5dv_query_port}
     * calls with {@code sizeof(struct mlx5dv_port)}.
     */
    public void queryPort(MemorySegment context, int port, MemorySegment info) {
        MethodHandle handle = library.downcall(Mlx5Function.QUERY_PORT,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG));
        try {
            Native.check((int) handle.invokeExact(context, port, info, info.byteSize()),
                    Mlx5Function.QUERY_PORT.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** @return {@code mlx5dv_init_obj(obj, obj_type)}: 0 or a positive errno */
    public int initObj(MemorySegment obj, long objType) {
        MethodHandle handle = library.downcall(Mlx5Function.INIT_OBJ,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
        try {
            return (int) handle.invokeExact(obj, objType);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * {@code mlx5dv_create_cq(context, cq_attr, mlx5_cq_attr)}.
     *
     * @return the {@code struct ibv_cq_ex *}
     * @throws org.verbs4j.VerbsException with libmlx5's errno if it created none
     */
    public MemorySegment createCq(MemorySegment context, MemorySegment attr, MemorySegment dvAttr, Arena call) {
        return construct(Mlx5Function.CREATE_CQ, context, attr, dvAttr, call);
    }

    /**
     * {@code mlx5dv_create_qp(context, qp_attr, mlx5_qp_attr)}.
     *
     * @return the {@code struct ibv_qp *}
     * @throws org.verbs4j.VerbsException with libmlx5's errno if it created none
     */
    public MemorySegment createQp(MemorySegment context, MemorySegment attr, MemorySegment dvAttr, Arena call) {
        return construct(Mlx5Function.CREATE_QP, context, attr, dvAttr, call);
    }

    /**
     * {@code mlx5dv_qp_ex_from_ibv_qp_ex(qp)}: a bare {@code container_of}, valid only for a queue pair that
     * {@code mlx5dv_create_qp} created.
     *
     * @return the {@code struct mlx5dv_qp_ex *}, {@link Mlx5Layout#QP_EX_SIZE} bytes
     */
    public MemorySegment qpExFromIbvQpEx(MemorySegment qp) {
        MethodHandle handle = library.downcall(Mlx5Function.QP_EX_FROM_IBV_QP_EX,
                FunctionDescriptor.of(ADDRESS, ADDRESS));
        try {
            return ((MemorySegment) handle.invokeExact(qp)).reinterpret(Mlx5Layout.QP_EX_SIZE);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * {@code mlx5dv_open_device(device, attr)}.
     *
     * @param device the {@code struct ibv_device *}
     * @param attr a {@code struct mlx5dv_context_attr}
     * @return the {@code struct ibv_context *}, closed with {@code ibv_close_device}
     * @throws org.verbs4j.VerbsException with libmlx5's errno if it opened none
     */
    public MemorySegment openDevice(MemorySegment device, MemorySegment attr, Arena call) {
        MethodHandle handle = library.downcall(Mlx5Function.OPEN_DEVICE, FunctionDescriptor.of(ADDRESS, ADDRESS,
                ADDRESS), ErrnoCapture.OPTION);
        MemorySegment state = ErrnoCapture.allocate(call);
        try {
            MemorySegment opened = (MemorySegment) handle.invokeExact(state, device, attr);
            return Native.checkPointer(opened, state, Mlx5Function.OPEN_DEVICE.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * {@code mlx5dv_get_data_direct_sysfs_path(context, buf, buf_len)}, with {@code buf_len} the buffer's size.
     *
     * @throws org.verbs4j.VerbsException with libmlx5's errno (ENOSPC for a buffer too small)
     */
    public void dataDirectSysfsPath(MemorySegment context, MemorySegment buffer) {
        MethodHandle handle = library.downcall(Mlx5Function.GET_DATA_DIRECT_SYSFS_PATH,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
        try {
            Native.check((int) handle.invokeExact(context, buffer, buffer.byteSize()),
                    Mlx5Function.GET_DATA_DIRECT_SYSFS_PATH.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * {@code mlx5dv_reg_dmabuf_mr(pd, offset, length, iova, fd, access, mlx5_access)}.
     *
     * @return the {@code struct ibv_mr *}, deregistered with {@code ibv_dereg_mr}
     * @throws org.verbs4j.UnsupportedVerbException if the loaded release is older than 54
     * @throws org.verbs4j.VerbsException with libmlx5's errno if it registered nothing (EOPNOTSUPP: not mlx5)
     */
    public MemorySegment regDmabufMr(MemorySegment pd, long offset, long length, long iova, int fd, int access,
            int mlx5Access, Arena call) {
        MethodHandle handle = library.downcall(Mlx5Function.REG_DMABUF_MR, FunctionDescriptor.of(ADDRESS, ADDRESS,
                JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT), ErrnoCapture.OPTION);
        MemorySegment state = ErrnoCapture.allocate(call);
        try {
            MemorySegment mr = (MemorySegment) handle.invokeExact(state, pd, offset, length, iova, fd, access,
                    mlx5Access);
            return Native.checkPointer(mr, state, Mlx5Function.REG_DMABUF_MR.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private int callInt(Mlx5Function function, MemorySegment first, MemorySegment second) {
        try {
            return (int) library.downcall(function, INT_PP).invokeExact(first, second);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private MemorySegment construct(Mlx5Function function, MemorySegment context, MemorySegment attr,
            MemorySegment dvAttr, Arena call) {
        MethodHandle handle = library.downcall(function, PTR_PPP, ErrnoCapture.OPTION);
        MemorySegment state = ErrnoCapture.allocate(call);
        try {
            MemorySegment created = (MemorySegment) handle.invokeExact(state, context, attr, dvAttr);
            return Native.checkPointer(created, state, function.cName());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
