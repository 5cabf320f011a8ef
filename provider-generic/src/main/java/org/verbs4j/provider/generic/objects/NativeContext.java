package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.Capabilities;
import org.verbs4j.Capability;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DeviceMemory;
import org.verbs4j.DmAttributes;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.GidType;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.PortAttributes;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VendorAttribute;
import org.verbs4j.VerbsException;
import org.verbs4j.VerbsObject;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.XrcDomain;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.AhAttrs;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.NonBlockingFd;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;
import org.verbs4j.provider.generic.vendor.VendorDevice;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * An open device: C {@code struct ibv_context}, reached as rdma-core's static inlines reach it, through
 * the {@code verbs_context} that precedes it ({@link #op}).
 */
@SuppressWarnings("restricted")
public final class NativeContext extends NativeResource implements Context {

    private static final long MAX_OP_DISTANCE = VerbsContextOp.QUERY_PORT.distance();

    final Ibverbs ib;
    final Abi abi;
    private final ListedDevice device;
    private Object vendorView;
    private List<VendorAttribute> vendorAttributes = List.of();
    private final MemorySegment verbsContext;
    private DeviceAttributes attributes;
    private Capabilities capabilities;
    final Map<Long, NativeCompletionQueue> cqs = new ConcurrentHashMap<>();
    final Map<Long, NativeQueuePair> qps = new ConcurrentHashMap<>();
    final Map<Long, NativeWorkQueue> wqs = new ConcurrentHashMap<>();
    final Map<Long, NativeSharedReceiveQueue> srqs = new ConcurrentHashMap<>();
    private final Map<AsyncEvent, MemorySegment> pendingEvents = Collections.synchronizedMap(new IdentityHashMap<>());
    /** The same events as {@link #pendingEvents}, without Java objects, for the Cleaner actions of the queues. */
    final PendingAsyncEvents asyncEvents;

    /** Whether librdmacm opened it and closes it ({@link #borrowed}): the user cannot close it. */
    private final boolean borrowed;

    private NativeContext(Ibverbs ib, ListedDevice device, MemorySegment context, boolean borrowed) {
        super(context.reinterpret(ib.abi().ibvContext.byteSize()), null,
                borrowed ? () -> { } : destroyer(ib.closeDevice, context.address()));
        this.borrowed = borrowed;
        this.ib = ib;
        this.abi = ib.abi();
        this.device = device;
        this.asyncEvents = new PendingAsyncEvents(ib.ackAsyncEvent);
        this.verbsContext = MemorySegment.ofAddress(context.address() - MAX_OP_DISTANCE)
                .reinterpret(MAX_OP_DISTANCE + abi.ibvContext.byteSize());
        recordCreated();
    }

    /**
     * Reads what the device supports, and what the vendor adds and withdraws ({@link DirectVerbs#queryDevice});
     * on failure the context is closed again.
     */
    private NativeContext init() {
        try {
            NonBlockingFd.set(handle.get(JAVA_INT, Abi.offset(abi.ibvContext, "async_fd")), "ibv_open_device");
            DeviceQuery.Reported reported = DeviceQuery.queryWithRss(this);
            attributes = reported.attributes();
            Capabilities generic = DeviceQuery.capabilities(attributes, ib.release(),
                    NativeProtectionDomain.probeParentDomains(this), reported.rss());
            VendorDevice vendor = device.directVerbs().queryDevice(this, handle);
            EnumSet<Capability> all = generic.supported();
            all.addAll(vendor.capabilities());
            all.removeAll(vendor.withdrawn());
            capabilities = Capabilities.of(all);
            vendorView = vendor.view();
            vendorAttributes = vendor.attributes();
            return this;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Opens a device through its provider's direct verbs ({@code ibv_open_device} by default).
     *
     * @param device the listed device
     * @param nativeDevice the C {@code struct ibv_device *} of the current device list
     * @return the context
     */
    static NativeContext open(ListedDevice device, MemorySegment nativeDevice) {
        Ibverbs ib = Ibverbs.get();
        MemorySegment context;
        try (Arena call = Arena.ofConfined()) {
            context = device.directVerbs().openDevice(new DeviceOpening(nativeDevice, device.name(), call));
        }
        if (context == null || context.equals(MemorySegment.NULL)) {
            throw new IllegalStateException(device.directVerbs() + " opened no context for " + device.name());
        }
        return new NativeContext(ib, device, context, false).init();
    }

    /**
     * Wraps a context that librdmacm opened ({@code rdma_cm_id.verbs}): it works as any other, but its
     * {@code close()} is refused, since librdmacm closes it.
     *
     * @param device the listed device of the context
     * @param context the C {@code struct ibv_context *}
     * @return the context
     */
    static NativeContext borrowed(ListedDevice device, MemorySegment context) {
        return new NativeContext(Ibverbs.get(), device, context, true).init();
    }

    /** @return the provider's direct verbs, which create this context's queues */
    DirectVerbs directVerbs() {
        return device.directVerbs();
    }

    @Override
    protected Object vendorView() {
        return vendorView;
    }

    /**
     * The function pointer of a {@code verbs_context} op, exactly as {@code verbs_get_ctx_op} finds it.
     *
     * @param op the op
     * @return its address, or NULL if the context is not extended, the library's {@code verbs_context} is
     *     too small for it, or the op is NULL
     */
    MemorySegment op(VerbsContextOp op) {
        long contextAt = MAX_OP_DISTANCE;
        if (verbsContext.get(JAVA_LONG, contextAt + Abi.offset(abi.ibvContext, "abi_compat")) != -1L) {
            return MemorySegment.NULL;
        }
        long size = verbsContext.get(JAVA_LONG, contextAt - VerbsContextOp.SZ.distance());
        if (size < op.distance() + abi.ibvContext.byteSize()) {
            return MemorySegment.NULL;
        }
        return verbsContext.get(ADDRESS, contextAt - op.distance());
    }

    /**
     * @param op an op, which must be available
     * @param verb the C verb, for the message
     * @return its function pointer
     * @throws UnsupportedVerbException (EOPNOTSUPP, as the inline) if unavailable
     */
    MemorySegment requireOp(VerbsContextOp op, String verb) {
        MemorySegment pointer = op(op);
        if (pointer.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(verb, "libibverbs has no " + op.member() + " for " + device.name());
        }
        return pointer;
    }

    /**
     * @param slot a member of {@code struct ibv_context_ops}, for example {@code "poll_cq"}
     * @return the function pointer in that slot of this context
     */
    MemorySegment contextOp(String slot) {
        return handle.get(ADDRESS, Abi.offset(abi.ibvContext, "ops", slot));
    }

    @Override
    protected String destroyVerb() {
        return "ibv_close_device";
    }

    @Override
    protected void destroyNative() {
        if (borrowed) {
            throw new InvalidArgumentException("ibv_close_device", "the context of " + device.name()
                    + " belongs to the connection manager (librdmacm), which closes it");
        }
        Native.destroy(ib.closeDevice, handle, "ibv_close_device");
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    protected String deviceName() {
        return device.name();
    }

    @Override
    public DeviceAttributes queryDevice() {
        enter("ibv_query_device_ex");
        try {
            return DeviceQuery.query(this);
        } finally {
            leave();
        }
    }

    @Override
    public PortAttributes queryPort(int portNum) {
        enter("ibv_query_port");
        try {
            checkPort(portNum, "ibv_query_port");
            return PortQuery.query(this, portNum);
        } finally {
            leave();
        }
    }

    @Override
    public List<GidEntry> queryGidTable(int portNum) {
        enter("ibv_query_gid_table");
        try {
            checkPort(portNum, "ibv_query_gid_table");
            StructLayout layout = abi.ibvGidEntry;
            int max = 0;
            for (int port = 1; port <= attributes.physPortCount(); port++) {
                max += PortQuery.query(this, port).gidTblLen();
            }
            try (Arena call = Arena.ofConfined()) {
                MemorySegment entries = call.allocate(layout, Math.max(max, 1));
                long count = (long) ib.queryGidTable.invokeExact(handle, entries, (long) max, 0, layout.byteSize());
                if (count < 0) {
                    throw VerbsException.of("ibv_query_gid_table", (int) -count, null);
                }
                return gidEntries(entries, count, portNum);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    private List<GidEntry> gidEntries(MemorySegment entries, long count, int portNum) {
        StructLayout layout = abi.ibvGidEntry;
        List<GidEntry> result = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            MemorySegment entry = entries.asSlice(i * layout.byteSize(), layout.byteSize());
            int port = entry.get(JAVA_INT, Abi.offset(layout, "port_num"));
            if (port == portNum) {
                result.add(new GidEntry(Gid.read(entry, Abi.offset(layout, "gid")),
                        entry.get(JAVA_INT, Abi.offset(layout, "gid_index")), port,
                        GidType.fromValue(entry.get(JAVA_INT, Abi.offset(layout, "gid_type"))),
                        entry.get(JAVA_INT, Abi.offset(layout, "ndev_ifindex"))));
            }
        }
        return result;
    }

    @Override
    public Gid queryGid(int portNum, int index) {
        enter("ibv_query_gid");
        try {
            checkPort(portNum, "ibv_query_gid");
            try (Arena call = Arena.ofConfined()) {
                MemorySegment gid = call.allocate(16, 8);
                int rc = (int) ib.queryGid.invokeExact(handle, (byte) portNum, index, gid);
                if (rc != 0) {
                    throw new InvalidArgumentException("ibv_query_gid", "no GID " + index + " on port " + portNum);
                }
                return Gid.read(gid, 0);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public AhAttributes initAhFromCompletion(int portNum, CompletionQueue cq, MemorySegment grh) {
        String verb = "ibv_init_ah_from_wc";
        enter(verb);
        try (Arena call = Arena.ofConfined()) {
            return replyAddress(verb, portNum, ReplyRoute.of(abi, call, verb, cq, grh), call);
        } finally {
            leave();
        }
    }

    /**
     * Calls {@code ibv_init_ah_from_wc}.
     *
     * @param verb the verb to name in a failure
     * @param portNum the port the message arrived on
     * @param route the completion and its header
     * @param call the arena of the call
     * @return the address vector
     */
    AhAttributes replyAddress(String verb, int portNum, ReplyRoute route, Arena call) {
        checkPort(portNum, verb);
        MemorySegment attr = call.allocate(abi.ibvAhAttr);
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            int rc = (int) ib.initAhFromWc.invokeExact(errno, handle, (byte) portNum, route.wc(), route.grh(), attr);
            if (rc != 0) {
                int code = ErrnoCapture.errno(errno);
                throw VerbsException.of(verb, code == 0 ? Errno.EINVAL.code() : code,
                        "no reply address from the GRH (not IPv4 or IPv6, a multicast destination, or no GID of port "
                        + portNum + " is its destination)");
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        return AhAttrs.read(abi, attr, 0);
    }

    private void checkPort(int portNum, String verb) {
        if (portNum < 1 || portNum > attributes.physPortCount()) {
            throw new InvalidArgumentException(verb, "port " + portNum + " does not exist (the device has "
                    + attributes.physPortCount() + ")");
        }
    }

    @Override
    public List<VendorAttribute> vendorAttributes() {
        enter("vendor_attributes");
        try {
            return vendorAttributes;
        } finally {
            leave();
        }
    }

    @Override
    public int numCompVectors() {
        enter("num_comp_vectors");
        try {
            return handle.get(JAVA_INT, Abi.offset(abi.ibvContext, "num_comp_vectors"));
        } finally {
            leave();
        }
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public ProtectionDomain allocateProtectionDomain() {
        enter("ibv_alloc_pd");
        try {
            return NativeProtectionDomain.allocate(this);
        } finally {
            leave();
        }
    }

    @Override
    public DeviceMemory allocateDeviceMemory(DmAttributes attributes) {
        enter("ibv_alloc_dm");
        try {
            return NativeDeviceMemory.allocate(this, attributes);
        } finally {
            leave();
        }
    }

    @Override
    public ProtectionDomain allocateParentDomain(ProtectionDomain protectionDomain) {
        enter("ibv_alloc_parent_domain");
        boolean scope = UsedObjects.begin();
        try {
            return NativeProtectionDomain.allocateParent(this,
                    NativeProtectionDomain.of(protectionDomain, this, "ibv_alloc_parent_domain"));
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public XrcDomain openXrcDomain() {
        enter("ibv_open_xrcd");
        try {
            return NativeXrcDomain.open(this);
        } finally {
            leave();
        }
    }

    @Override
    public CompletionChannel createCompletionChannel() {
        enter("ibv_create_comp_channel");
        try {
            capabilities.require(Capability.COMPLETION_CHANNEL, "ibv_create_comp_channel");
            return NativeCompletionChannel.create(this);
        } finally {
            leave();
        }
    }

    @Override
    public CompletionQueue createCompletionQueue(CqInitAttributes attributes) {
        enter("ibv_create_cq_ex");
        boolean scope = UsedObjects.begin();
        try {
            return NativeCompletionQueue.create(this, attributes);
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public QueuePair createQueuePair(QpInitAttributes attributes) {
        enter("ibv_create_qp_ex");
        boolean scope = UsedObjects.begin();
        try {
            return NativeQueuePair.create(this, attributes);
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public SharedReceiveQueue createSharedReceiveQueue(SrqInitAttributes attributes) {
        enter("ibv_create_srq_ex");
        boolean scope = UsedObjects.begin();
        try {
            return NativeSharedReceiveQueue.create(this, attributes);
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public WorkQueue createWorkQueue(WqInitAttributes attributes) {
        enter(NativeWorkQueue.CREATE);
        boolean scope = UsedObjects.begin();
        try {
            return NativeWorkQueue.create(this, attributes);
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public RwqIndirectionTable createIndirectionTable(List<WorkQueue> workQueues) {
        enter(NativeIndirectionTable.CREATE);
        boolean scope = UsedObjects.begin();
        try {
            return NativeIndirectionTable.create(this, workQueues);
        } finally {
            if (scope) {
                UsedObjects.leaveAll();
            }
            leave();
        }
    }

    @Override
    public AsyncEvent getAsyncEvent() {
        ensureOpen("ibv_get_async_event");
        AsyncEvent event;
        do {
            awaitReadable(ib, asyncFd(), null, "ibv_get_async_event");
            event = readAsyncEvent();
        } while (event == null);
        return event;
    }

    @Override
    public AsyncEvent getAsyncEvent(Duration timeout) {
        ensureOpen("ibv_get_async_event");
        return awaitReadable(ib, asyncFd(), Args.required("ibv_get_async_event", timeout, "the timeout"), "ibv_get_async_event")
                ? readAsyncEvent() : null;
    }

    private int asyncFd() {
        enter("ibv_get_async_event");
        try {
            return handle.get(JAVA_INT, Abi.offset(abi.ibvContext, "async_fd"));
        } finally {
            leave();
        }
    }

    /**
     * Reads the event the wait found, holding the context (the wait holds nothing: a close never waits for it);
     * null if another thread read it first (the descriptor is non-blocking: EAGAIN).
     */
    private AsyncEvent readAsyncEvent() {
        enter("ibv_get_async_event");
        try {
            return readAsyncEventEntered();
        } finally {
            leave();
        }
    }

    private AsyncEvent readAsyncEventEntered() {
        MemorySegment event = Arena.ofAuto().allocate(abi.ibvAsyncEvent);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            int rc = (int) ib.getAsyncEvent.invokeExact(errno, handle, event);
            if (rc != 0 && ErrnoCapture.errno(errno) == NonBlockingFd.EAGAIN) {
                return null;
            }
            if (rc != 0) {
                throw VerbsException.of("ibv_get_async_event", ErrnoCapture.errno(errno), null);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        AsyncEvent result = toAsyncEvent(event);
        asyncEvents.add(event);
        pendingEvents.put(result, event);
        return result;
    }

    private AsyncEvent toAsyncEvent(MemorySegment event) {
        AsyncEventType type = AsyncEventType.fromValue(event.get(JAVA_INT, Abi.offset(abi.ibvAsyncEvent,
                "event_type")));
        long element = event.get(JAVA_LONG, 0);
        VerbsObject object = switch (type.element()) {
            case CQ -> cqs.get(element);
            case QP -> qps.get(element);
            case SRQ -> srqs.get(element);
            case WQ -> wqs.get(element);
            default -> null;
        };
        int port = type.element() == AsyncEventType.Element.PORT ? event.get(JAVA_INT, 0) : 0;
        VerbsEvents.asyncEvent(device.name(), type, object == null ? "port " + port : ObjectKind.of(object.getClass()));
        return new AsyncEvent(type, object, port);
    }

    @Override
    public void ackAsyncEvent(AsyncEvent event) {
        enter("ibv_ack_async_event");
        try {
            MemorySegment nativeEvent = pendingEvents.remove(event);
            if (nativeEvent == null || !asyncEvents.acknowledge(nativeEvent)) {
                throw new InvalidArgumentException("ibv_ack_async_event",
                        "the event was already acknowledged or is not from this context");
            }
        } finally {
            leave();
        }
    }
}
