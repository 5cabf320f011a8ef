package org.verbs4j.provider.generic.raw;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

/**
 * The librdmacm library and the downcall handles of its exported functions, loaded once per JVM on first use.
 * Every function that reports through errno captures it (its first argument); none is a critical handle, as
 * each one talks to the kernel.
 */
@SuppressWarnings("restricted")
public final class Rdmacm {

    /** The soname of librdmacm. */
    public static final String SONAME = "librdmacm.so.1";
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 04000;

    private static Rdmacm instance;

    private final Ibverbs ib;
    /** {@code struct rdma_cm_event} of this CPU. */
    public final StructLayout cmEvent;
    /** {@code struct rdma_addrinfo}. */
    public final StructLayout addrInfo;

    // Named after their function without the rdma_ prefix; each captures errno.
    public final MethodHandle createEventChannel;
    public final MethodHandle destroyEventChannel;
    public final MethodHandle createId;
    public final MethodHandle destroyId;
    public final MethodHandle bindAddr;
    public final MethodHandle resolveAddr;
    public final MethodHandle resolveRoute;
    public final MethodHandle listen;
    public final MethodHandle connect;
    public final MethodHandle accept;
    public final MethodHandle reject;
    public final MethodHandle disconnect;
    public final MethodHandle getCmEvent;
    public final MethodHandle ackCmEvent;
    public final MethodHandle establish;
    public final MethodHandle initQpAttr;
    public final MethodHandle joinMulticast;
    public final MethodHandle leaveMulticast;
    public final MethodHandle getDevices;
    public final MethodHandle freeDevices;
    public final MethodHandle getAddrInfo;
    public final MethodHandle freeAddrInfo;
    private final MethodHandle fcntl;

    private Rdmacm(NativeLibrary lib, Ibverbs ib) {
        this.ib = ib;
        this.cmEvent = CmAbi.cmEvent(ib.abi());
        this.addrInfo = CmAbi.addrInfo();
        Linker.Option errno = ErrnoCapture.OPTION;
        FunctionDescriptor idToInt = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        FunctionDescriptor idPtrToInt = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
        FunctionDescriptor idIntToInt = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT);
        createEventChannel = lib.downcall(CmSymbol.RDMA_CREATE_EVENT_CHANNEL.cName(),
                FunctionDescriptor.of(ADDRESS), errno);
        destroyEventChannel = lib.downcall(CmSymbol.RDMA_DESTROY_EVENT_CHANNEL.cName(),
                FunctionDescriptor.ofVoid(ADDRESS));
        createId = lib.downcall(CmSymbol.RDMA_CREATE_ID.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT), errno);
        destroyId = lib.downcall(CmSymbol.RDMA_DESTROY_ID.cName(), idToInt, errno);
        bindAddr = lib.downcall(CmSymbol.RDMA_BIND_ADDR.cName(), idPtrToInt, errno);
        resolveAddr = lib.downcall(CmSymbol.RDMA_RESOLVE_ADDR.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT), errno);
        resolveRoute = lib.downcall(CmSymbol.RDMA_RESOLVE_ROUTE.cName(), idIntToInt, errno);
        listen = lib.downcall(CmSymbol.RDMA_LISTEN.cName(), idIntToInt, errno);
        connect = lib.downcall(CmSymbol.RDMA_CONNECT.cName(), idPtrToInt, errno);
        accept = lib.downcall(CmSymbol.RDMA_ACCEPT.cName(), idPtrToInt, errno);
        reject = lib.downcall(CmSymbol.RDMA_REJECT.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_BYTE), errno);
        disconnect = lib.downcall(CmSymbol.RDMA_DISCONNECT.cName(), idToInt, errno);
        getCmEvent = lib.downcall(CmSymbol.RDMA_GET_CM_EVENT.cName(), idPtrToInt, errno);
        ackCmEvent = lib.downcall(CmSymbol.RDMA_ACK_CM_EVENT.cName(), idToInt, errno);
        establish = lib.downcall(CmSymbol.RDMA_ESTABLISH.cName(), idToInt, errno);
        initQpAttr = lib.downcall(CmSymbol.RDMA_INIT_QP_ATTR.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS), errno);
        joinMulticast = lib.downcall(CmSymbol.RDMA_JOIN_MULTICAST.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS), errno);
        leaveMulticast = lib.downcall(CmSymbol.RDMA_LEAVE_MULTICAST.cName(), idPtrToInt, errno);
        getDevices = lib.downcall(CmSymbol.RDMA_GET_DEVICES.cName(), FunctionDescriptor.of(ADDRESS, ADDRESS), errno);
        freeDevices = lib.downcall(CmSymbol.RDMA_FREE_DEVICES.cName(), FunctionDescriptor.ofVoid(ADDRESS));
        getAddrInfo = lib.downcall(CmSymbol.RDMA_GETADDRINFO.cName(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS), errno);
        freeAddrInfo = lib.downcall(CmSymbol.RDMA_FREEADDRINFO.cName(), FunctionDescriptor.ofVoid(ADDRESS));
        Linker linker = Linker.nativeLinker();
        fcntl = linker.downcallHandle(linker.defaultLookup().find("fcntl").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), Linker.Option.firstVariadicArg(2),
                errno);
    }

    /**
     * @return the shared instance, loading librdmacm (and libibverbs) on first use
     * @throws org.verbs4j.UnsupportedVerbException if either cannot be loaded (on every call)
     */
    public static synchronized Rdmacm get() {
        if (instance == null) {
            instance = new Rdmacm(NativeLibrary.load(SONAME), Ibverbs.get());
        }
        return instance;
    }

    /** @return libibverbs, whose structs librdmacm's contain */
    public Ibverbs ib() {
        return ib;
    }

    /**
     * Sets {@code O_NONBLOCK} on a descriptor, so that {@code rdma_get_cm_event} returns {@code EAGAIN} instead of
     * blocking (rdma-core's examples do the same with {@code fcntl}).
     *
     * @param fd the channel's descriptor
     */
    public void setNonBlocking(int fd) {
        try (java.lang.foreign.Arena call = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment state = ErrnoCapture.allocate(call);
            int flags = (int) fcntl.invokeExact(state, fd, F_GETFL, 0);
            if (flags < 0 || (int) fcntl.invokeExact(state, fd, F_SETFL, flags | O_NONBLOCK) < 0) {
                throw org.verbs4j.VerbsException.of("rdma_create_event_channel", ErrnoCapture.errno(state),
                        "fcntl(O_NONBLOCK) on fd " + fd);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }
}
