package org.verbs4j.provider.mlx5;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.verbs4j.provider.mlx5.raw.Mlx5Layout.*;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Args;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.generic.vendor.VendorRegistrar;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;
import org.verbs4j.provider.mlx5.raw.Mlx5Function;

/**
 * The mlx5 direct verbs of an open ConnectX device, reached with {@code context.unwrap(Mlx5Context.class)}:
 * its mlx5 caps ({@code mlx5dv_query_device}, queried once at open), completion queues and queue pairs with
 * mlx5 attributes ({@code mlx5dv_create_cq}, {@code mlx5dv_create_qp}), which are ordinary
 * {@link CompletionQueue}s and {@link QueuePair}s of the context, dmabuf registration
 * ({@code mlx5dv_reg_dmabuf_mr}), the clock and the ports.
 */
public final class Mlx5Context {

    private static final String DATA_DIRECT = "mlx5dv_get_data_direct_sysfs_path";
    /** Linux's {@code PATH_MAX}, the buffer for a sysfs path. */
    private static final int PATH_MAX = 4096;

    private final Context context;
    private final Mlx5Calls calls;
    private final Mlx5DeviceAttributes attributes;

    Mlx5Context(Context context, Mlx5Calls calls, Mlx5DeviceAttributes attributes) {
        this.context = context;
        this.calls = calls;
        this.attributes = attributes;
    }

    /**
     * Opens a ConnectX device with {@code mlx5dv_open_device}, for example for DEVX; the context is an ordinary
     * one of the mlx5 provider, closed with {@code ibv_close_device}, whose {@code unwrap(Mlx5Context.class)}
     * is this view.
     *
     * @param deviceName the device, one that libmlx5 claims ({@code mlx5dv_is_supported})
     * @param options the {@code struct mlx5dv_context_attr} flags
     * @return the open context
     * @throws org.verbs4j.UnsupportedVerbException if libmlx5 does not claim the device
     * @throws InvalidArgumentException if the options are missing
     * @throws org.verbs4j.VerbsException with libmlx5's errno (EPERM: DEVX refused by the kernel)
     */
    public static Context open(String deviceName, Mlx5OpenOptions options) {
        Requests.require(options, DeviceOpener.VERB);
        Device device = claimed(deviceName);
        return Requests.withOpen(options, device::open);
    }

    private static Device claimed(String deviceName) {
        for (Device device : new Mlx5Provider().devices()) {
            if (device.name().equals(deviceName)) {
                return device;
            }
        }
        throw new UnsupportedVerbException(DeviceOpener.VERB, deviceName + " is not a device that libmlx5 claims"
                + " (mlx5dv_is_supported)");
    }

    /** @return the context */
    public Context context() {
        return context;
    }

    /** @return the device's mlx5 caps ({@code mlx5dv_query_device}) */
    public Mlx5DeviceAttributes deviceAttributes() {
        return attributes;
    }

    /**
     * Creates a completion queue with mlx5 attributes ({@code mlx5dv_create_cq}); it is polled as any other.
     *
     * @param attributes the generic attributes
     * @param options the mlx5 attributes, checked against {@link #deviceAttributes()}
     * @return the completion queue
     * @throws org.verbs4j.InvalidArgumentException for a CQE size other than 64 or 128, or padding without 128,
     *     or missing options
     * @throws org.verbs4j.UnsupportedVerbException for a compression format or padding the device lacks
     */
    public CompletionQueue createCompletionQueue(CqInitAttributes attributes, Mlx5CqOptions options) {
        Requests.require(options, CqCreator.VERB);
        return Requests.withCq(new Requests.Cq(options, this.attributes),
                () -> context.createCompletionQueue(attributes));
    }

    /**
     * Creates a queue pair with mlx5 attributes ({@code mlx5dv_create_qp}); a DC queue pair is
     * {@link org.verbs4j.QpType#DRIVER}, and a DCI's requests are addressed through
     * {@code unwrap(Mlx5DcSendOps.class)}.
     *
     * @param attributes the generic attributes
     * @param options the mlx5 attributes
     * @return the queue pair
     * @throws org.verbs4j.InvalidArgumentException if DC is asked on another type, a DCT is given send
     *     operations, DCI streams exceed the caps, or the options are missing
     * @throws org.verbs4j.UnsupportedVerbException for a create flag the loaded release lacks, or streams the
     *     device lacks
     */
    public QueuePair createQueuePair(QpInitAttributes attributes, Mlx5QpOptions options) {
        Requests.require(options, QpCreator.VERB);
        return Requests.withQp(new Requests.Qp(options, this.attributes), () -> context.createQueuePair(attributes));
    }

    /**
     * @return the clock conversion state ({@code mlx5dv_get_clock_info}), whose {@link Mlx5ClockInfo#tsToNs}
     *     converts raw completion timestamps
     * @throws org.verbs4j.ClosedObjectException if the context is closed
     */
    public Mlx5ClockInfo clockInfo() {
        NativeHandle handle = held("mlx5dv_get_clock_info");
        try {
            return clockInfo(calls, handle.pointer());
        } finally {
            handle.leaveCall();
        }
    }

    /**
     * @param port a port number, from 1
     * @return the port's mlx5 attributes ({@code mlx5dv_query_port}, rdma-core 35 and later)
     * @throws InvalidArgumentException for a port number below 1 (one beyond the device's ports is the
     *     kernel's EINVAL)
     * @throws org.verbs4j.ClosedObjectException if the context is closed
     */
    public Mlx5Port queryPort(int port) {
        if (port < 1) {
            throw new InvalidArgumentException("mlx5dv_query_port", "port " + port + " is below 1");
        }
        NativeHandle handle = held("mlx5dv_query_port");
        try {
            return queryPort(calls, handle.pointer(), port);
        } finally {
            handle.leaveCall();
        }
    }

    /**
     * The raw escape hatch {@code mlx5dv_init_obj}: fills the caller's {@code struct mlx5dv_obj} with the
     * buffers, doorbells and numbers of the objects it names, for code that writes WQEs or reads CQEs itself.
     * <b>Side effect</b>: asking for a completion queue ({@code MLX5DV_OBJ_CQ}) marks it as owned by the
     * caller, and libmlx5 stops cleaning its CQEs when a queue pair is destroyed. The pointers inside are
     * valid only while the named objects are open. Only the struct itself is checked (native, open, as large
     * as the loaded release's {@code struct mlx5dv_obj}, known type bits); the {@code in} pointers are C's.
     *
     * @param obj a {@code struct mlx5dv_obj} whose {@code in} members point at the objects
     * @param objTypes the {@code MLX5DV_OBJ_*} bits
     * @return 0 or libmlx5's errno
     * @throws InvalidArgumentException for a struct too small, not native or freed, or an unknown type bit
     * @throws org.verbs4j.ClosedObjectException if the context is closed
     */
    public int initObjRaw(MemorySegment obj, long objTypes) {
        ObjStruct.check(obj, objTypes, calls.library().release());
        NativeHandle handle = held(ObjStruct.VERB);
        try {
            return calls.initObj(obj, objTypes);
        } finally {
            handle.leaveCall();
        }
    }

    /**
     * @return the sysfs path of the device's data-direct device ({@code mlx5dv_get_data_direct_sysfs_path},
     *     rdma-core 54 and later), for registering memory with {@code MLX5DV_REG_DMABUF_ACCESS_DATA_DIRECT}
     * @throws org.verbs4j.UnsupportedVerbException if the loaded libmlx5 is older than 54, or the device is
     *     not mlx5
     * @throws org.verbs4j.VerbsException with the kernel's errno if the device has no data-direct device
     * @throws org.verbs4j.ClosedObjectException if the context is closed
     */
    public String dataDirectSysfsPath() {
        NativeHandle handle = held(DATA_DIRECT);
        try {
            return dataDirectSysfsPath(calls, handle.pointer());
        } finally {
            handle.leaveCall();
        }
    }

    static String dataDirectSysfsPath(Mlx5Calls calls, MemorySegment context) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment buffer = call.allocate(PATH_MAX);
            calls.dataDirectSysfsPath(context, buffer);
            return buffer.getString(0);
        }
    }

    /**
     * Registers a dmabuf's memory with {@code mlx5dv_reg_dmabuf_mr} (rdma-core 54 and later): an ordinary
     * {@link MemoryRegion} of {@code pd}, deregistered with {@code ibv_dereg_mr}, whose address is the region's
     * {@code iova} and whose segment is {@link MemorySegment#NULL} (the memory has no address in this process).
     *
     * @param pd a protection domain of this context
     * @param region the dmabuf fd, offset, length and iova
     * @param access the {@code IBV_ACCESS_*} flags, checked as {@code ibv_reg_mr} checks them
     * @param mlx5Access the {@code mlx5_access} flags (none, or {@link Mlx5DmabufAccess#DATA_DIRECT})
     * @return the registered region
     * @throws UnsupportedVerbException if the loaded libmlx5 is older than 54, or the device is not mlx5
     *     (EOPNOTSUPP)
     * @throws InvalidArgumentException for a missing argument or a protection domain of another context
     * @throws org.verbs4j.VerbsException with the kernel's errno (for example EBADF for an fd that is not a
     *     dmabuf)
     * @throws org.verbs4j.ClosedObjectException if the protection domain is closed
     */
    public MemoryRegion registerDmabuf(ProtectionDomain pd, Mlx5DmabufRegion region, Set<AccessFlag> access,
            Set<Mlx5DmabufAccess> mlx5Access) {
        String verb = DmabufRegistration.VERB;
        calls.library().require(Mlx5Function.REG_DMABUF_MR);
        VendorRegistrar registrar = registrar(pd, verb);
        Requests.require(region, verb);
        Args.required(verb, access, "the access flags");
        Set<Mlx5DmabufAccess> flags = Set.copyOf(Args.required(verb, mlx5Access, "the mlx5 access flags"));
        return Requests.withMr(new Requests.Mr(region, flags),
                () -> registrar.registerVendorMemory(verb, region.iova(), region.length(), access));
    }

    private VendorRegistrar registrar(ProtectionDomain pd, String verb) {
        NativeHandle.of(pd, verb);
        if (pd.context() != context || !(pd instanceof VendorRegistrar registrar)) {
            throw new InvalidArgumentException(verb, "the protection domain is not one of this context's");
        }
        return registrar;
    }

    /** @return the context as a native handle, held open until {@link NativeHandle#leaveCall()} */
    private NativeHandle held(String verb) {
        NativeHandle.of(context, verb);
        NativeHandle handle = (NativeHandle) context;
        handle.enterCall(verb);
        return handle;
    }

    static Mlx5ClockInfo clockInfo(Mlx5Calls calls, MemorySegment context) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment c = call.allocate(CLOCK_INFO_SIZE, 8);
            calls.getClockInfo(context, c);
            return new Mlx5ClockInfo(c.get(JAVA_LONG, CLOCK_NSEC), c.get(JAVA_LONG, CLOCK_LAST_CYCLES),
                    c.get(JAVA_LONG, CLOCK_FRAC), c.get(JAVA_INT, CLOCK_MULT), c.get(JAVA_INT, CLOCK_SHIFT),
                    c.get(JAVA_LONG, CLOCK_MASK));
        }
    }

    static Mlx5Port queryPort(Mlx5Calls calls, MemorySegment context, int port) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment p = call.allocate(PORT_SIZE, 8);
            calls.queryPort(context, port, p);
            return new Mlx5Port(p.get(JAVA_LONG, PORT_FLAGS), Short.toUnsignedInt(p.get(JAVA_SHORT, PORT_VPORT)),
                    Short.toUnsignedInt(p.get(JAVA_SHORT, PORT_VPORT_VHCA_ID)),
                    Short.toUnsignedInt(p.get(JAVA_SHORT, PORT_ESW_OWNER_VHCA_ID)));
        }
    }
}
