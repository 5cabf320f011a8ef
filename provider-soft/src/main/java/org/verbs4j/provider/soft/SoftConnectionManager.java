package org.verbs4j.provider.soft;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.verbs4j.Context;
import org.verbs4j.Errno;
import org.verbs4j.VerbsException;
import org.verbs4j.cm.AddrInfoFlag;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.AddressInfo;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.wire.SoftSettings;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The connection manager of the soft devices: the rdma_cm semantics inside the JVM. Every identifier of
 * the JVM changes state under one lock; events are queued on the channels at once, and the two waits of
 * the protocol (an address of a soft network that no device has, a request held by a full backlog) end on
 * the fabric's timer. It owns one context per device, opened on first use.
 */
final class SoftConnectionManager implements ConnectionManager {

    /**
     * The system property with the CM response timeout in ms: how long a request held by a full backlog waits before
     * UNREACHABLE, and the response timeout the REQs over the network carry ({@link CmWireTimeouts}).
     */
    static final String RESPONSE_TIMEOUT_PROPERTY = "verbs4j.soft.cm-response-timeout-ms";

    private final SoftFabric fabric;
    private final ReentrantLock lock = new ReentrantLock();
    private final CmPorts ports = new CmPorts();
    private final CmAddresses addresses;
    private final SoftContext[] contexts;

    SoftConnectionManager(SoftFabric fabric) {
        this.fabric = fabric;
        this.addresses = new CmAddresses(fabric.devices());
        this.contexts = new SoftContext[fabric.devices().size()];
    }

    /** @return the connection manager of the soft provider's fabric */
    static SoftConnectionManager instance() {
        return (SoftConnectionManager) SoftFabric.instance().connectionManager();
    }

    @Override
    public String providerId() {
        return SoftProvider.ID;
    }

    @Override
    public EventChannel createEventChannel() {
        return SoftObject.created(new SoftEventChannel());
    }

    @Override
    public CmId createId(EventChannel channel, PortSpace portSpace, Object userContext) {
        if (channel == null) {
            throw Failures.invalid("rdma_create_id", "an event channel is required: identifiers without one"
                    + " (synchronous operation) are not offered");
        }
        Failures.required("rdma_create_id", portSpace, "the port space");
        if (!(channel instanceof SoftEventChannel soft)) {
            throw Failures.invalid("rdma_create_id", "the event channel is not one of the soft connection manager");
        }
        if (portSpace != PortSpace.TCP && portSpace != PortSpace.UDP) {
            throw Failures.unsupported("rdma_create_id", portSpace.cName() + " is not offered by the soft devices;"
                    + " RDMA_PS_TCP and RDMA_PS_UDP are");
        }
        return SoftObject.created(new SoftCmId(this, soft, portSpace, userContext));
    }

    @Override
    public List<AddressInfo> getAddressInfo(String node, String service, AddressHints hints) {
        return List.of(CmAddressInfo.resolve(addresses, node, service, hints));
    }

    @Override
    public List<Context> devices() {
        List<Context> all = new ArrayList<>();
        for (SoftDevice device : fabric.devices()) {
            all.add(contextOf(device));
        }
        return List.copyOf(all);
    }

    /** @return the connection manager's open context on {@code device}, opened again if the user closed it */
    SoftContext contextOf(SoftDevice device) {
        synchronized (contexts) {
            SoftContext context = contexts[device.index()];
            if (context == null || context.isClosed()) {
                context = (SoftContext) device.open();
                contexts[device.index()] = context;
            }
            return context;
        }
    }

    CmPorts ports() {
        return ports;
    }

    CmAddresses addresses() {
        return addresses;
    }

    <T> T locked(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    void locked(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code action} under the lock on the fabric's timer after {@code millis}. */
    void later(long millis, Runnable action) {
        afterNanos(TimeUnit.MILLISECONDS.toNanos(millis), action);
    }

    /** Runs {@code action} under the lock on the fabric's timer after {@code nanos}. */
    void afterNanos(long nanos, Runnable action) {
        fabric.schedule(() -> locked(action), nanos);
    }

    /** @return the devices bound to an address on the network */
    List<SoftDevice> networkDevices() {
        List<SoftDevice> networked = new ArrayList<>();
        for (SoftDevice device : fabric.devices()) {
            if (device.networkAddress() != null) {
                networked.add(device);
            }
        }
        return networked;
    }

    /** @return the IB CM of {@code device}, which is on the network: made, and the device's port opened, once */
    CmWire wireOf(SoftDevice device) {
        CmWire wire = device.cmWire();
        if (wire == null) {
            contextOf(device);
            wire = new CmWire(this, device, device.networkPort().endpoint(), fabric.network().udpPort());
            device.cmWire(wire);
        }
        return wire;
    }

    static long responseTimeoutMillis() {
        return SoftSettings.number(RESPONSE_TIMEOUT_PROPERTY, 4096);
    }

    /** @return the listener in {@code space} that takes a request to {@code destination}, or {@code null} */
    SoftCmId listenerFor(PortSpace space, InetSocketAddress destination) {
        for (SoftCmId id : ports.bindings(space, destination.getPort())) {
            if (id.isListening() && id.listensOn(destination.getAddress())) {
                return id;
            }
        }
        return null;
    }

    static InetAddress wildcard(InetAddress like) {
        try {
            return InetAddress.getByAddress(new byte[like.getAddress().length]);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    static VerbsException failure(String verb, Errno errno, String detail) {
        return VerbsEvents.failed(VerbsException.of(verb, errno.code(), detail));
    }

    static boolean passive(AddressHints hints) {
        return hints.flags().contains(AddrInfoFlag.PASSIVE);
    }
}
