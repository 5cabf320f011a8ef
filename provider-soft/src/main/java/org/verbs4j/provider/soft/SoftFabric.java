package org.verbs4j.provider.soft;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.Gid;
import org.verbs4j.provider.soft.engine.FabricLock;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.engine.Requester;
import org.verbs4j.provider.soft.engine.Wire;
import org.verbs4j.provider.soft.wire.InJvmWire;
import org.verbs4j.provider.soft.engine.MulticastGroups;
import org.verbs4j.provider.soft.wire.NetworkWire;
import org.verbs4j.provider.soft.wire.SoftNetwork;
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

    private static final SoftFabric INSTANCE = new SoftFabric();

    private final ReentrantLock lock = new FabricLock();
    private final DeviceClock clock = new DeviceClock();
    private final ObjectTable<SoftQueuePair> queuePairs = new ObjectTable<>(FIRST_QPN, NUMBER_LIMIT);
    private final ObjectTable<Object> keys = new ObjectTable<>(1, NUMBER_LIMIT);
    private final ObjectTable<SoftSharedReceiveQueue> xrcSrqs = new ObjectTable<>(1, NUMBER_LIMIT);
    private final MulticastGroups multicast = new MulticastGroups();
    private final SoftNetwork network = SoftNetwork.fromProperties();
    private final Wire wire = network.configured() ? new NetworkWire(this, new InJvmWire(this)) : new InJvmWire(this);
    private final Requester requester = new Requester(this, wire);
    private final List<SoftDevice> devices;
    private final ScheduledThreadPoolExecutor timer;

    private SoftFabric() {
        int count = Math.max(0, Integer.getInteger(DEVICES_PROPERTY, 1));
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
    }

    static SoftFabric instance() {
        return INSTANCE;
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
        timer.schedule(action, delayNanos, TimeUnit.NANOSECONDS);
    }
}
