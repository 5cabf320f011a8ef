package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/**
 * The libibverbs library and the downcall handles of its exported functions, loaded once per JVM on
 * first use, with the struct layouts of this CPU and the rdma-core release that was loaded.
 */
@SuppressWarnings("restricted")
public final class Ibverbs {

    /** The soname of libibverbs. */
    public static final String SONAME = "libibverbs.so.1";

    private static Ibverbs instance;

    private final DeviceListBinding deviceList;
    private final Abi abi;
    private final int release;

    // The downcall handles of the exported functions, each named after its function without the ibv_ prefix
    // (openDevice is ibv_open_device); the NULL-returning constructors capture errno (their first argument).
    /** {@code ibv_open_device}, capturing errno. */
    public final MethodHandle openDevice;
    public final MethodHandle closeDevice;
    public final MethodHandle queryDevice;
    public final MethodHandle queryGid;
    public final MethodHandle queryGidTable;
    public final MethodHandle allocPd;
    public final MethodHandle deallocPd;
    public final MethodHandle regMr;
    public final MethodHandle deregMr;
    public final MethodHandle regDmabufMr;
    public final MethodHandle createCompChannel;
    public final MethodHandle destroyCompChannel;
    public final MethodHandle getCqEvent;
    public final MethodHandle ackCqEvents;
    public final MethodHandle destroyCq;
    public final MethodHandle resizeCq;
    public final MethodHandle createQp;
    public final MethodHandle qpToQpEx;
    public final MethodHandle modifyQp;
    public final MethodHandle queryQp;
    public final MethodHandle destroyQp;
    public final MethodHandle createSrq;
    public final MethodHandle modifySrq;
    public final MethodHandle querySrq;
    public final MethodHandle destroySrq;
    public final MethodHandle createAh;
    public final MethodHandle createAhFromWc;
    public final MethodHandle initAhFromWc;
    public final MethodHandle destroyAh;
    public final MethodHandle attachMcast;
    public final MethodHandle detachMcast;
    public final MethodHandle getAsyncEvent;
    public final MethodHandle ackAsyncEvent;
    /** libc {@code poll(2)}, for the waits on event channels (in slices, see {@link Poll}). */
    final MethodHandle poll;

    private Ibverbs(NativeLibrary lib) {
        this.deviceList = new DeviceListBinding(lib);
        this.abi = Abi.current();
        this.release = RdmaCoreVersion.loaded();
        FunctionDescriptor ptrToInt = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        FunctionDescriptor ptrToPtr = FunctionDescriptor.of(ADDRESS, ADDRESS);
        openDevice = lib.downcall(Symbol.IBV_OPEN_DEVICE, ptrToPtr, ErrnoCapture.OPTION);
        closeDevice = lib.downcall(Symbol.IBV_CLOSE_DEVICE, ptrToInt);
        queryDevice = lib.downcall(Symbol.IBV_QUERY_DEVICE, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        queryGid = lib.downcall(Symbol.IBV_QUERY_GID,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, JAVA_INT, ADDRESS));
        queryGidTable = lib.downcall(Symbol.IBV_QUERY_GID_TABLE,
                FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_LONG));
        allocPd = lib.downcall(Symbol.IBV_ALLOC_PD, ptrToPtr, ErrnoCapture.OPTION);
        deallocPd = lib.downcall(Symbol.IBV_DEALLOC_PD, ptrToInt);
        regMr = lib.downcall(Symbol.IBV_REG_MR,
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT), ErrnoCapture.OPTION);
        deregMr = lib.downcall(Symbol.IBV_DEREG_MR, ptrToInt);
        regDmabufMr = lib.downcall(Symbol.IBV_REG_DMABUF_MR, FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG,
                JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT), ErrnoCapture.OPTION);
        createCompChannel = lib.downcall(Symbol.IBV_CREATE_COMP_CHANNEL, ptrToPtr, ErrnoCapture.OPTION);
        destroyCompChannel = lib.downcall(Symbol.IBV_DESTROY_COMP_CHANNEL, ptrToInt);
        getCqEvent = lib.downcall(Symbol.IBV_GET_CQ_EVENT,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS), ErrnoCapture.OPTION);
        ackCqEvents = lib.downcall(Symbol.IBV_ACK_CQ_EVENTS, FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
        destroyCq = lib.downcall(Symbol.IBV_DESTROY_CQ, ptrToInt);
        resizeCq = lib.downcall(Symbol.IBV_RESIZE_CQ, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        createQp = lib.downcall(Symbol.IBV_CREATE_QP, FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS),
                ErrnoCapture.OPTION);
        qpToQpEx = lib.downcall(Symbol.IBV_QP_TO_QP_EX, ptrToPtr);
        modifyQp = lib.downcall(Symbol.IBV_MODIFY_QP, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        queryQp = lib.downcall(Symbol.IBV_QUERY_QP,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        destroyQp = lib.downcall(Symbol.IBV_DESTROY_QP, ptrToInt);
        createSrq = lib.downcall(Symbol.IBV_CREATE_SRQ, FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS),
                ErrnoCapture.OPTION);
        modifySrq = lib.downcall(Symbol.IBV_MODIFY_SRQ,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        querySrq = lib.downcall(Symbol.IBV_QUERY_SRQ, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        destroySrq = lib.downcall(Symbol.IBV_DESTROY_SRQ, ptrToInt);
        createAh = lib.downcall(Symbol.IBV_CREATE_AH, FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS),
                ErrnoCapture.OPTION);
        createAhFromWc = lib.downcall(Symbol.IBV_CREATE_AH_FROM_WC,
                FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_BYTE), ErrnoCapture.OPTION);
        initAhFromWc = lib.downcall(Symbol.IBV_INIT_AH_FROM_WC,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, ADDRESS, ADDRESS, ADDRESS), ErrnoCapture.OPTION);
        destroyAh = lib.downcall(Symbol.IBV_DESTROY_AH, ptrToInt);
        attachMcast = lib.downcall(Symbol.IBV_ATTACH_MCAST,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_SHORT));
        detachMcast = lib.downcall(Symbol.IBV_DETACH_MCAST,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_SHORT));
        getAsyncEvent = lib.downcall(Symbol.IBV_GET_ASYNC_EVENT,
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), ErrnoCapture.OPTION);
        ackAsyncEvent = lib.downcall(Symbol.IBV_ACK_ASYNC_EVENT, FunctionDescriptor.ofVoid(ADDRESS));
        Linker linker = Linker.nativeLinker();
        poll = linker.downcallHandle(linker.defaultLookup().find("poll").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), ErrnoCapture.OPTION);
    }

    /**
     * @return the shared instance, loading libibverbs on first use
     * @throws org.verbs4j.UnsupportedVerbException if libibverbs cannot be loaded (on every call)
     */
    public static synchronized Ibverbs get() {
        if (instance == null) {
            instance = new Ibverbs(NativeLibrary.load(SONAME));
        }
        return instance;
    }

    /** @return the device-list binding */
    public DeviceListBinding deviceList() {
        return deviceList;
    }

    /** @return the struct layouts of this CPU */
    public Abi abi() {
        return abi;
    }

    /** @return the rdma-core major release of the loaded libibverbs, 0 if unknown */
    public int release() {
        return release;
    }
}
