package org.verbs4j.provider.mlx5.standin;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BOOLEAN;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The stand-in libmlx5, loaded by path through FFM ({@code SymbolLookup.libraryLookup}, that is
 * {@code dlopen}; LD_PRELOAD would not reach FFM lookups): its objects, its recording API and plain downcalls of
 * its mlx5dv entry points, for tests that lay the structs out by hand. The Java binding is to load the same
 * library through its own code, pointed at it by a path.
 */
@SuppressWarnings("restricted")
public final class Mlx5StandIn {

    /** Entry points, in the order of {@code enum standin_entry} of mlx5_standin.c. */
    public enum Entry {
        IS_SUPPORTED, QUERY_DEVICE, CREATE_CQ, CREATE_QP, QP_EX_FROM_IBV_QP_EX, GET_CLOCK_INFO, INIT_OBJ,
        OPEN_DEVICE, QUERY_PORT, REG_DMABUF_MR, GET_DATA_DIRECT_SYSFS_PATH
    }

    /** Work-request function pointers, in the order of {@code enum standin_wr_op} of mlx5_standin.c. */
    public enum WrOp {
        START, COMPLETE, ABORT, SEND, SEND_IMM, SEND_INV, RDMA_WRITE, RDMA_WRITE_IMM, RDMA_READ, ATOMIC_CMP_SWP,
        ATOMIC_FETCH_ADD, BIND_MW, LOCAL_INV, SET_SGE, SET_SGE_LIST, SET_INLINE_DATA, SET_INLINE_DATA_LIST,
        SET_UD_ADDR, SET_DC_ADDR, SET_DC_ADDR_STREAM
    }

    /**
     * One call of a work-request pointer ({@code struct verbs4j_mlx5_wr_record}).
     *
     * @param a for SET_DC_ADDR[_STREAM] the {@code ibv_ah *}; for RDMA and atomics the rkey; for SET_SGE the lkey
     * @param b the remote DCTN; the remote address; the SGE address
     * @param c the remote DC key; compare or add; the SGE length
     * @param d the stream id; swap
     */
    public record WrCall(WrOp op, boolean requested, long qp, long wrId, long wrFlags, long a, long b, long c,
            long d) {
    }

    /** A pointer-returning call: the pointer and the errno captured right after it. */
    public record PointerResult(MemorySegment pointer, int errno) {

        public boolean failed() {
            return pointer.equals(MemorySegment.NULL);
        }
    }

    private static final MemoryLayout WR_RECORD = MemoryLayout.structLayout(JAVA_INT.withName("op"),
            JAVA_INT.withName("requested"), JAVA_LONG.withName("qp"), JAVA_LONG.withName("wr_id"),
            JAVA_LONG.withName("wr_flags"), JAVA_LONG.withName("a"), JAVA_LONG.withName("b"), JAVA_LONG.withName("c"),
            JAVA_LONG.withName("d"));
    private static final MemoryLayout CAPTURED = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURED.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private final Linker linker = Linker.nativeLinker();
    private final SymbolLookup library;
    private final Arena arena;

    private Mlx5StandIn(SymbolLookup library, Arena arena) {
        this.library = library;
        this.arena = arena;
    }

    /**
     * @param path the stand-in's shared library
     * @return it, loaded for the life of the JVM (its objects are never destroyed)
     */
    public static Mlx5StandIn load(Path path) {
        Arena arena = Arena.global();
        return new Mlx5StandIn(SymbolLookup.libraryLookup(path, arena), arena);
    }

    /** @return whether the library exports {@code name} (the 54+ entry points are absent on 44) */
    public boolean exports(String name) {
        return library.find(name).isPresent();
    }

    /** @return the stand-in's {@code struct ibv_context *} */
    public MemorySegment context() {
        return pointer("verbs4j_mlx5_standin_context");
    }

    /** @return the stand-in's {@code struct ibv_device *}, the only one {@code mlx5dv_is_supported} claims */
    public MemorySegment device() {
        return pointer("verbs4j_mlx5_standin_device");
    }

    /** @return a {@code struct ibv_pd *} of the stand-in context */
    public MemorySegment pd() {
        return pointer("verbs4j_mlx5_standin_pd");
    }

    /**
     * @param size {@code sizeof(struct mlx5dv_context)} of the stand-in's release
     * @return the persona's caps, which a test may change before a call; {@link #reset()} restores them
     */
    public MemorySegment caps(long size) {
        return pointer("verbs4j_mlx5_standin_caps").reinterpret(size);
    }

    /** Forgets every record and restores the persona's caps. */
    public void reset() {
        invoke("verbs4j_mlx5_standin_reset", FunctionDescriptor.ofVoid());
    }

    /** @return calls of {@code entry} since the last reset */
    public int calls(Entry entry) {
        return (int) invoke("verbs4j_mlx5_standin_calls", FunctionDescriptor.of(JAVA_INT, JAVA_INT), entry.ordinal());
    }

    /** @return the last result of {@code entry}: its return value, or errno (-1: none set) for a pointer */
    public int lastResult(Entry entry) {
        return (int) invoke("verbs4j_mlx5_standin_last_result", FunctionDescriptor.of(JAVA_INT, JAVA_INT),
                entry.ordinal());
    }

    /** @return the comp_mask of the vendor struct of the last call, as passed */
    public long lastCompMask(Entry entry) {
        return (long) invoke("verbs4j_mlx5_standin_last_comp_mask", FunctionDescriptor.of(JAVA_LONG, JAVA_INT),
                entry.ordinal());
    }

    /** @return the length argument of the last call (info_len, buf_len, length) or init_obj's obj_type */
    public long lastLength(Entry entry) {
        return (long) invoke("verbs4j_mlx5_standin_last_length", FunctionDescriptor.of(JAVA_LONG, JAVA_INT),
                entry.ordinal());
    }

    /** @return the vendor struct of the last call, as the caller passed it */
    public byte[] lastBytes(Entry entry) {
        return bytes("verbs4j_mlx5_standin_last_bytes", entry);
    }

    /** @return the {@code ibv_*_init_attr_ex} of the last call, as the caller passed it */
    public byte[] lastAttrBytes(Entry entry) {
        return bytes("verbs4j_mlx5_standin_last_attr_bytes", entry);
    }

    /** @return the union of the obj_type arguments of {@code mlx5dv_init_obj} since the last reset */
    public long initObjTypes() {
        return (long) invoke("verbs4j_mlx5_standin_init_obj_types", FunctionDescriptor.of(JAVA_LONG));
    }

    /** @return calls of work-request pointers for operations the QP was not created with */
    public int unrequestedCalls() {
        return (int) invoke("verbs4j_mlx5_standin_unrequested_calls", FunctionDescriptor.of(JAVA_INT));
    }

    /** @return every work-request pointer call since the last reset, in order */
    public List<WrCall> wrCalls() {
        int count = (int) invoke("verbs4j_mlx5_standin_wr_count", FunctionDescriptor.of(JAVA_INT));
        List<WrCall> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MemorySegment r = ((MemorySegment) invoke("verbs4j_mlx5_standin_wr",
                    FunctionDescriptor.of(ADDRESS, JAVA_INT), i)).reinterpret(WR_RECORD.byteSize());
            calls.add(new WrCall(WrOp.values()[r.get(JAVA_INT, 0)], r.get(JAVA_INT, 4) != 0, r.get(JAVA_LONG, 8),
                    r.get(JAVA_LONG, 16), r.get(JAVA_LONG, 24), r.get(JAVA_LONG, 32), r.get(JAVA_LONG, 40),
                    r.get(JAVA_LONG, 48), r.get(JAVA_LONG, 56)));
        }
        return calls;
    }

    /** @return {@code mlx5dv_is_supported(device)} */
    public boolean isSupported(MemorySegment device) {
        return (boolean) invoke("mlx5dv_is_supported", FunctionDescriptor.of(JAVA_BOOLEAN, ADDRESS), device);
    }

    /** @return the int an entry point of the form {@code int f(void *, void *)} returns */
    public int callInt(String name, MemorySegment first, MemorySegment second) {
        return (int) invoke(name, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), first, second);
    }

    /** @return {@code mlx5dv_init_obj(obj, obj_type)} */
    public int initObj(MemorySegment obj, long objType) {
        return (int) invoke("mlx5dv_init_obj", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG), obj, objType);
    }

    /** @return {@code _mlx5dv_query_port(context, port, info, info_len)} */
    public int queryPort(MemorySegment context, int port, MemorySegment info, long infoLen) {
        return (int) invoke("_mlx5dv_query_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS,
                JAVA_LONG), context, port, info, infoLen);
    }

    /** @return {@code mlx5dv_get_data_direct_sysfs_path(context, buf, buf_len)} */
    public int dataDirectSysfsPath(MemorySegment context, MemorySegment buf, long bufLen) {
        return (int) invoke("mlx5dv_get_data_direct_sysfs_path", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS,
                JAVA_LONG), context, buf, bufLen);
    }

    /** @return the pointer and errno of {@code f(a, b, c)}, for mlx5dv_create_cq and mlx5dv_create_qp */
    public PointerResult callPointer(String name, MemorySegment a, MemorySegment b, MemorySegment c) {
        MethodHandle handle = linker.downcallHandle(symbol(name), FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS,
                ADDRESS), Linker.Option.captureCallState("errno"));
        try (Arena call = Arena.ofConfined()) {
            MemorySegment state = call.allocate(CAPTURED);
            MemorySegment pointer = (MemorySegment) handle.invoke(state, a, b, c);
            return new PointerResult(pointer, (int) ERRNO.get(state, 0L));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return {@code mlx5dv_qp_ex_from_ibv_qp_ex(qp_ex)} */
    public MemorySegment qpExFrom(MemorySegment qpEx) {
        return (MemorySegment) invoke("mlx5dv_qp_ex_from_ibv_qp_ex", FunctionDescriptor.of(ADDRESS, ADDRESS), qpEx);
    }

    /**
     * Calls a function pointer read from native memory, as the binding calls the {@code ibv_qp_ex} and
     * {@code mlx5dv_qp_ex} pointers.
     */
    public Object callPointerAt(MemorySegment function, FunctionDescriptor descriptor, Object... arguments) {
        if (function.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("NULL function pointer");
        }
        try {
            return linker.downcallHandle(function, descriptor).invokeWithArguments(arguments);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return {@code size} bytes at a pointer the stand-in returned */
    public static MemorySegment view(MemorySegment pointer, long size) {
        return pointer.reinterpret(size);
    }

    /** @return memory for a test's hand-made struct, zeroed, living as long as the stand-in */
    public MemorySegment allocate(long size) {
        return arena.allocate(size, 8);
    }

    private byte[] bytes(String function, Entry entry) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment out = call.allocate(256);
            int n = (int) invoke(function, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT),
                    entry.ordinal(), out, 256);
            return out.asSlice(0, Math.min(n, 256)).toArray(JAVA_BYTE);
        }
    }

    private MemorySegment pointer(String function) {
        return (MemorySegment) invoke(function, FunctionDescriptor.of(ADDRESS));
    }

    private MemorySegment symbol(String name) {
        Optional<MemorySegment> found = library.find(name);
        return found.orElseThrow(() -> new IllegalStateException("the stand-in does not export " + name));
    }

    private Object invoke(String name, FunctionDescriptor descriptor, Object... arguments) {
        try {
            return linker.downcallHandle(symbol(name), descriptor).invokeWithArguments(arguments);
        } catch (Throwable e) {
            throw new IllegalStateException(name, e);
        }
    }
}
