package org.verbs4j.tck;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.MemoryRegion;
import org.verbs4j.DeviceMemory;
import org.verbs4j.DmAttributes;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.Unwrappable;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.VerbsObject;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.XrcDomain;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * One object of each api interface on a context of its own, for the bad-input sweep: a protection domain, a
 * registered region, a completion channel and a queue that uses it, an RC queue pair in RTS and its send-ops,
 * and, where the device has them, a memory window, an address handle, a shared receive queue, an XRC domain, device
 * memory, a receive work queue and an indirection table. Where the provider offers connection management and the device
 * an IPv4 address, also its connection manager, an event channel with identifiers (bound, listening, idle, and
 * bound in the datagram port space), and the ADDR_RESOLVED event of a third identifier (on a channel of its own). A closed world closes them all once
 * made.
 */
final class SweepWorld {

    private final Arena arena = Arena.ofShared();
    private final Map<Class<?>, Object> objects = new LinkedHashMap<>();
    private final List<VerbsObject> closeOrder = new ArrayList<>();
    private final List<CmId> otherIds = new ArrayList<>();
    private final MemorySegment deadSegment;

    SweepWorld(Device device, Loopback loopback, TckEnvironment environment) {
        objects.put(Device.class, device);
        Context context = add(Context.class, device.open());
        ProtectionDomain pd = add(ProtectionDomain.class, context.allocateProtectionDomain());
        add(MemoryRegion.class, pd.registerMemory(arena.allocate(64, 64), EnumSet.of(AccessFlag.LOCAL_WRITE,
                AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ)));
        CompletionChannel channel = add(CompletionChannel.class, context.createCompletionChannel());
        CompletionQueue cq = add(CompletionQueue.class, context.createCompletionQueue(CqInitAttributes.builder(16)
                .channel(channel).build()));
        QueuePair qp = add(QueuePair.class, context.createQueuePair(
                loopback.connectedAttributes(QpType.RC, pd, cq).build()));
        loopback.toRts(qp, qp.qpNum());
        objects.put(SendOps.class, qp.sendOps());
        optional(MemoryWindow.class, () -> pd.allocateMemoryWindow(MwType.TYPE_1));
        optional(AddressHandle.class, () -> pd.createAddressHandle(loopback.ownAddress()));
        optional(SharedReceiveQueue.class, () -> context.createSharedReceiveQueue(SrqInitAttributes.basic(pd, 16, 1)));
        optional(XrcDomain.class, context::openXrcDomain);
        optional(DeviceMemory.class, () -> context.allocateDeviceMemory(DmAttributes.ofLength(64)));
        Optional<WorkQueue> wq = optional(WorkQueue.class, () -> context.createWorkQueue(
                WqInitAttributes.rq(16, 1, pd, cq)));
        wq.ifPresent(queue -> optional(RwqIndirectionTable.class, () -> context.createIndirectionTable(
                List.of(queue))));
        connections(device, context, environment);
        Arena dead = Arena.ofShared();
        deadSegment = dead.allocate(64);
        dead.close();
    }

    private <T> T add(Class<T> type, T object) {
        objects.put(type, object);
        return closedFirst(object);
    }

    /** @return {@code object}, which {@link #close()} closes before the objects made earlier */
    private <T> T closedFirst(T object) {
        closeOrder.add(0, (VerbsObject) object);
        return object;
    }

    /** Makes the connection-management objects, unless the provider or device has none. */
    private void connections(Device device, Context context, TckEnvironment environment) {
        ConnectionManager cm;
        try {
            cm = device.connectionManager();
        } catch (UnsupportedVerbException none) {
            return;
        }
        Optional<InetAddress> address = ipv4(context, environment.portNum());
        if (address.isEmpty()) {
            return;
        }
        objects.put(ConnectionManager.class, cm);
        EventChannel channel = add(EventChannel.class, cm.createEventChannel());
        CmId listener = closedFirst(cm.createId(channel, PortSpace.TCP, "listening"));
        listener.bind(new InetSocketAddress(address.get(), 0));
        listener.listen(1);
        otherIds.add(listener);
        add(CmId.class, cm.createId(channel, PortSpace.TCP, "bound")).bind(new InetSocketAddress(address.get(), 0));
        otherIds.add(closedFirst(cm.createId(channel, PortSpace.TCP, "idle")));
        CmId datagrams = closedFirst(cm.createId(channel, PortSpace.UDP, "bound datagram"));
        datagrams.bind(new InetSocketAddress(address.get(), 0));
        otherIds.add(datagrams);
        EventChannel resolverChannel = closedFirst(cm.createEventChannel());
        CmId resolver = closedFirst(cm.createId(resolverChannel, PortSpace.TCP, "resolving"));
        resolver.resolveAddress(null, listener.localAddress(), environment.eventTimeout());
        Optional.ofNullable(resolverChannel.getEvent(environment.eventTimeout()))
                .ifPresent(event -> objects.put(CmEvent.class, event));
    }

    /** @return the IPv4 address of the device's port: that of its first IPv4-mapped GID, if it has one */
    private static Optional<InetAddress> ipv4(Context context, int portNum) {
        for (GidEntry entry : context.queryGidTable(portNum)) {
            Gid gid = entry.gid();
            if (gid.high() == 0 && (gid.low() >>> 32) == 0xffffL) {
                try {
                    return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(gid.toBytes(), 12, 16)));
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return Optional.empty();
    }

    private <T> Optional<T> optional(Class<T> type, Supplier<T> creation) {
        try {
            return Optional.of(add(type, creation.get()));
        } catch (VerbsException unsupported) {
            return Optional.empty();
        }
    }

    /** @return the object of api interface {@code type} (for VerbsObject and Unwrappable, the queue) */
    Optional<Object> receiver(Class<?> type) {
        Class<?> key = type == VerbsObject.class || type == Unwrappable.class ? CompletionQueue.class : type;
        return Optional.ofNullable(objects.get(key));
    }

    /**
     * @return the objects of api interface {@code type} that the sweep calls: its {@link #receiver}, and for
     *     {@link CmId} also a listening, an idle and a bound datagram identifier
     */
    List<Object> receivers(Class<?> type) {
        List<Object> all = new ArrayList<>(receiver(type).stream().toList());
        if (type == CmId.class && !all.isEmpty()) {
            all.addAll(otherIds);
        }
        return all;
    }

    /** @return how a report names {@code receiver}: an identifier by its role in the world, with its state */
    static String describe(Object receiver) {
        return receiver instanceof CmId id ? "the " + id.userContext() + " identifier (" + id + ")"
                : String.valueOf(receiver);
    }

    /**
     * @return the object of api type {@code type}, which a closed world has closed; none for the connection
     *     manager and an event, which have no close
     */
    Optional<Object> closedInstance(Class<?> type) {
        if (type == ConnectionManager.class || type == CmEvent.class) {
            return Optional.empty();
        }
        return type == VerbsObject.class ? receiver(CompletionQueue.class) : receiver(type);
    }

    /** @return a segment whose arena is closed */
    MemorySegment deadSegment() {
        return deadSegment;
    }

    /**
     * Closes every object, children first; an open batch is ended first, the event acknowledged. Failures are
     * ignored (misuse left).
     */
    void close() {
        quietly(() -> ((SendOps) objects.get(SendOps.class)).abort());
        quietly(() -> ((CompletionQueue) objects.get(CompletionQueue.class)).endPoll());
        quietly(() -> {
            CompletionQueue cq = (CompletionQueue) objects.get(CompletionQueue.class);
            cq.ackEvents(cq.unacknowledgedEvents());
        });
        quietly(() -> receiver(CmEvent.class).map(CmEvent.class::cast).ifPresent(CmEvent::ack));
        for (VerbsObject object : closeOrder) {
            quietly(object::close);
        }
        arena.close();
    }

    /** @return the objects that are still open, with what their close said */
    List<String> stillOpen() {
        List<String> open = new ArrayList<>();
        for (VerbsObject object : closeOrder) {
            if (!object.isClosed()) {
                try {
                    object.close();
                    open.add(object + " (closed only when asked again)");
                } catch (VerbsException refused) {
                    open.add(object + ": " + refused.getMessage());
                }
            }
        }
        return open;
    }

    private static void quietly(Runnable action) {
        try {
            action.run();
        } catch (VerbsException ignored) {
            // closed already, or refused: the sweep left it so
        }
    }
}
