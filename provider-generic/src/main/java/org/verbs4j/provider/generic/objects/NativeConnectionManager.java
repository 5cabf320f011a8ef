package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.verbs4j.Context;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.AddressInfo;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.Rdmacm;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;

/**
 * librdmacm as the api's connection manager, one per JVM. The device contexts librdmacm opens
 * ({@code rdma_cm_id.verbs}) are wrapped once each as a {@link NativeContext} the user cannot close.
 */
@SuppressWarnings("restricted")
public final class NativeConnectionManager implements ConnectionManager {

    private static NativeConnectionManager instance;

    final Rdmacm cm;
    private final Map<Long, NativeContext> contexts = new ConcurrentHashMap<>();

    private NativeConnectionManager(Rdmacm cm) {
        this.cm = cm;
    }

    /**
     * @return the connection manager, loading librdmacm on first use
     * @throws org.verbs4j.UnsupportedVerbException if librdmacm cannot be loaded
     */
    public static synchronized NativeConnectionManager get() {
        if (instance == null) {
            instance = new NativeConnectionManager(Rdmacm.get());
        }
        return instance;
    }

    @Override
    public String providerId() {
        return "generic";
    }

    @Override
    public EventChannel createEventChannel() {
        return NativeEventChannel.create(this);
    }

    @Override
    public CmId createId(EventChannel channel, PortSpace portSpace, Object userContext) {
        if (channel == null) {
            throw new InvalidArgumentException("rdma_create_id", "an event channel is required: identifiers"
                    + " without one (synchronous operation) are not offered");
        }
        Args.required("rdma_create_id", portSpace, "the port space");
        if (!(channel instanceof NativeEventChannel own)) {
            throw new InvalidArgumentException("rdma_create_id", channel == null ? "the channel is missing"
                    : "the channel is not one of librdmacm's");
        }
        return own.createId(portSpace, userContext);
    }

    @Override
    public List<AddressInfo> getAddressInfo(String node, String service, AddressHints hints) {
        return CmAddressInfo.resolve(cm, node, service, Args.required("rdma_getaddrinfo", hints, "the hints"));
    }

    @Override
    public List<Context> devices() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment count = call.allocate(JAVA_INT);
            MemorySegment list = Native.checkPointer((MemorySegment) cm.getDevices.invokeExact(errno, count), errno,
                    "rdma_get_devices");
            try {
                MemorySegment array = list.reinterpret(ADDRESS.byteSize() * count.get(JAVA_INT, 0));
                List<Context> result = new ArrayList<>();
                for (long at = 0; at < array.byteSize(); at += ADDRESS.byteSize()) {
                    result.add(context(array.get(ADDRESS, at)));
                }
                return List.copyOf(result);
            } finally {
                cm.freeDevices.invokeExact(list);
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * @param verbs a {@code struct ibv_context *} that librdmacm opened
     * @return its wrapper, the same for the same context
     */
    NativeContext context(MemorySegment verbs) {
        return contexts.computeIfAbsent(verbs.address(), address -> wrap(verbs));
    }

    private static NativeContext wrap(MemorySegment verbs) {
        Ibverbs ib = Ibverbs.get();
        MemorySegment context = verbs.reinterpret(ib.abi().ibvContext.byteSize());
        MemorySegment device = context.get(ADDRESS, 0);
        ListedDevice listed = new ListedDevice(ib.deviceList().describe(device), "generic", DirectVerbs.GENERIC);
        return NativeContext.borrowed(listed, context);
    }
}
