package org.verbs4j.provider.soft;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Device;
import org.verbs4j.Gid;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.provider.soft.engine.FabricLock;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.engine.Requester;
import org.verbs4j.provider.soft.engine.Wire;
import org.verbs4j.provider.soft.wire.InJvmWire;
import org.verbs4j.provider.soft.engine.MulticastGroups;
import org.verbs4j.provider.soft.wire.NetworkWire;
import org.verbs4j.provider.soft.wire.SoftNetwork;
import org.verbs4j.provider.soft.wire.SoftSettings;
import org.verbs4j.provider.soft.wire.WireFabric;

/**
 * The fabric that joins every soft device of the JVM: the queue pairs by number, the memory keys, the
 * multicast groups, the device clock, the one lock under which work requests execute, the requester and
 * the {@link Wire} it sends through, and the daemon timer that retries requests after a receiver-not-ready
 * NAK.
 */
public final class SoftFabric implements WireFabric {

    /** The system property with the number of soft devices. */
    static final String DEVICES_PROPERTY = "verbs4j.soft.devices";
    /** The first queue pair number handed out; 0 and 1 are the special QPs of InfiniBand. */
    static final int FIRST_QPN = 0x11;
    /** Queue pair numbers and key indexes are 24 bits. */
    static final int NUMBER_LIMIT = 1 << 24;

    private static final SoftFabric INSTANCE = new SoftFabric(SoftNetwork.fromSettings(),
            (int) Math.max(0, SoftSettings.number(DEVICES_PROPERTY, 1)));

    private final ReentrantLock lock = new FabricLock();
    private final DeviceClock clock = new DeviceClock();
    private final ObjectTable<SoftQueuePair> queuePairs = new ObjectTable<>(FIRST_QPN, NUMBER_LIMIT);
    private final ObjectTable<Object> keys = new ObjectTable<>(1, NUMBER_LIMIT);
    private final ObjectTable<SoftSharedReceiveQueue> xrcSrqs = new ObjectTable<>(1, NUMBER_LIMIT);
    private final MulticastGroups multicast = new MulticastGroups();
    private final SoftNetwork network;
    private final Wire wire;
    private final Requester requester;
    private final List<SoftDevice> devices;
    private final ScheduledThreadPoolExecutor timer;
    private final SoftConnectionManager connectionManager;
    private volatile boolean closed;

    private SoftFabric(SoftNetwork network, int count) {
        this.network = network;
        this.wire = network.configured() ? new NetworkWire(this, new InJvmWire(this)) : new InJvmWire(this);
        this.requester = new Requester(this, wire);
        List<SoftDevice> created = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            created.add(new SoftDevice(this, index, network.address(index)));
        }
        devices = List.copyOf(created);
        timer = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "verbs4j-soft-timer");
            thread.setDaemon(true);
            return thread;
        });
        timer.setKeepAliveTime(1, TimeUnit.SECONDS);
        timer.allowCoreThreadTimeOut(true);
        timer.setRemoveOnCancelPolicy(true);
        connectionManager = new SoftConnectionManager(this);
    }

    /** @return the fabric of the soft provider, from the settings */
    static SoftFabric instance() {
        return INSTANCE;
    }

    /**
     * @param network which devices live on the network
     * @param count how many devices
     * @return a fabric of its own, apart from the provider's, to {@link #close} when done
     */
    public static SoftFabric open(SoftNetwork network, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("a fabric of " + count + " devices");
        }
        return new SoftFabric(network, count);
    }

    /** @return the devices, soft0 first */
    public List<Device> publicDevices() {
        return List.copyOf(devices);
    }

    /** @return rdma_cm's semantics for the fabric's addresses */
    public ConnectionManager connectionManager() {
        return connectionManager;
    }

    /**
     * Unbinds every device's address, ending its receive loop, and stops the timer: afterwards no device opens a
     * context, and what the contexts still open send to the network is lost. Idempotent.
     */
    public void close() {
        closed = true;
        for (SoftDevice device : devices) {
            device.closeNetworkPort();
        }
        timer.shutdownNow();
    }

    /** @return whether {@link #close} was called */
    boolean closed() {
        return closed;
    }

    List<SoftDevice> devices() {
        return devices;
    }

    /** @return the lock under which every work request and queue pair transition executes */
    public ReentrantLock lock() {
        return lock;
    }

    DeviceClock clock() {
        return clock;
    }

    public ObjectTable<SoftQueuePair> queuePairs() {
        return queuePairs;
    }

    public ObjectTable<Object> keys() {
        return keys;
    }

    /** @return the XRC shared receive queues by SRQ number, the address of an XRC_SEND request */
    ObjectTable<SoftSharedReceiveQueue> xrcSrqs() {
        return xrcSrqs;
    }

    /** @return the engine that executes send queues; used with the fabric lock held */
    public Requester requester() {
        return requester;
    }

    /** @return what carries requests between queue pairs, and answers back; used with the fabric lock held */
    public Wire wire() {
        return wire;
    }

    /** @return which devices live on the network, and their UDP port */
    public SoftNetwork network() {
        return network;
    }

    /** @return whether a soft device of this JVM has {@code gid} in its GID table */
    public boolean ownsGid(Gid gid) {
        for (int i = 0; i < devices.size(); i++) {
            if (devices.get(i).ownsGid(gid)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return whether traffic to {@code gid} stays inside the JVM: a soft device of the JVM has it and is no
     *     separate host ({@link SoftNetwork#separateHosts()})
     */
    @Override
    public boolean keepsInJvm(Gid gid) {
        for (int i = 0; i < devices.size(); i++) {
            SoftDevice device = devices.get(i);
            if (device.ownsGid(gid) && !device.separateHost()) {
                return true;
            }
        }
        return false;
    }

    public MulticastGroups multicast() {
        return multicast;
    }

    /** Runs {@code action} on the daemon timer thread after {@code delayNanos}. */
    public void schedule(Runnable action, long delayNanos) {
        try {
            timer.schedule(action, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // the fabric was closed: its timers fire no more
        }
    }
}
