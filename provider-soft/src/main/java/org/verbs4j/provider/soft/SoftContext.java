package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEvent;
import org.verbs4j.AsyncEventType;
import org.verbs4j.Capabilities;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.DeviceAttributes;
import org.verbs4j.DmAttributes;
import org.verbs4j.Gid;
import org.verbs4j.GidEntry;
import org.verbs4j.PortAttributes;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.XrcDomain;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.KnownPeers;
import org.verbs4j.provider.soft.wire.NetworkContext;

/** An open soft device: queries, object creation and the asynchronous event queue. */
public final class SoftContext extends SoftObject implements Context, NetworkContext {

    /** The system property that makes every new context start with a PORT_ACTIVE event on port 1. */
    static final String PORT_ACTIVE_EVENT_PROPERTY = "verbs4j.soft.port-active-event";
    static final int COMP_VECTORS = 4;

    private final SoftFabric fabric;
    private final SoftDevice device;
    private final DeviceAttributes attributes;
    private final List<GidEntry> gidTable;
    private final Capabilities capabilities;
    private final AsyncEventQueue events;
    private final KnownPeers knownPeers = new KnownPeers();
    private final DmBudget dmBudget = new DmBudget();

    SoftContext(SoftFabric fabric, SoftDevice device) {
        super("ibv_close_device", "context of " + device.name(), device.name());
        this.fabric = fabric;
        this.device = device;
        this.events = new AsyncEventQueue(device.name());
        this.attributes = DeviceProfile.attributes(device);
        this.capabilities = DeviceProfile.capabilities();
        this.gidTable = device.gidTable();
        if (Boolean.getBoolean(PORT_ACTIVE_EVENT_PROPERTY)) {
            events.post(AsyncEventType.PORT_ACTIVE, null, 1);
        }
    }

    SoftFabric fabric() {
        return fabric;
    }

    public SoftDevice softDevice() {
        return device;
    }

    public KnownPeers knownPeers() {
        return knownPeers;
    }

    AsyncEventQueue events() {
        return events;
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public DeviceAttributes queryDevice() {
        ensureOpen("ibv_query_device_ex");
        return attributes;
    }

    @Override
    public PortAttributes queryPort(int portNum) {
        ensureOpen("ibv_query_port");
        checkPort("ibv_query_port", portNum);
        return DeviceProfile.port();
    }

    @Override
    public List<GidEntry> queryGidTable(int portNum) {
        ensureOpen("ibv_query_gid_table");
        checkPort("ibv_query_gid_table", portNum);
        return gidTable;
    }

    @Override
    public Gid queryGid(int portNum, int index) {
        ensureOpen("ibv_query_gid");
        checkPort("ibv_query_gid", portNum);
        return gid("ibv_query_gid", index);
    }

    @Override
    public AhAttributes initAhFromCompletion(int portNum, CompletionQueue cq, MemorySegment grh) {
        String verb = "ibv_init_ah_from_wc";
        ensureOpen(verb);
        return ReplyAddress.of(this, verb, portNum, ReceivedRoute.of(verb, cq), grh);
    }

    /** @return the GID at {@code index} of port 1 (zero for an empty entry) */
    Gid gid(String verb, int index) {
        if (index < 0 || index >= DeviceProfile.GID_TABLE_LENGTH) {
            throw Failures.invalid(verb, "GID index " + index + " is not below the table length "
                    + DeviceProfile.GID_TABLE_LENGTH);
        }
        return index < gidTable.size() ? gidTable.get(index).gid() : Gid.ZERO;
    }

    /** @return whether {@code gid} is a GID of this device's port */
    public boolean ownsGid(Gid gid) {
        return device.ownsGid(gid);
    }

    static void checkPort(String verb, int portNum) {
        if (portNum < 1 || portNum > DeviceProfile.PORT_COUNT) {
            throw Failures.invalid(verb, "port " + portNum + " does not exist: the device has "
                    + DeviceProfile.PORT_COUNT + " port");
        }
    }

    @Override
    public int numCompVectors() {
        return COMP_VECTORS;
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public ProtectionDomain allocateProtectionDomain() {
        return created(new SoftProtectionDomain(this));
    }

    @Override
    public org.verbs4j.DeviceMemory allocateDeviceMemory(DmAttributes attributes) {
        return created(new SoftDeviceMemory(this, attributes));
    }

    /** @return the device memory of this context */
    DmBudget dmBudget() {
        return dmBudget;
    }

    @Override
    public ProtectionDomain allocateParentDomain(ProtectionDomain protectionDomain) {
        ensureOpen("ibv_alloc_parent_domain");
        SoftProtectionDomain pd = own("ibv_alloc_parent_domain", protectionDomain, SoftProtectionDomain.class,
                "the protection domain");
        if (pd.softContext() != this || pd.isParentDomain()) {
            throw Failures.invalid("ibv_alloc_parent_domain",
                    "the protection domain belongs to another context or is itself a parent domain");
        }
        return created(new SoftProtectionDomain(this, pd));
    }

    @Override
    public XrcDomain openXrcDomain() {
        ensureOpen("ibv_open_xrcd");
        return created(new SoftXrcDomain(this));
    }

    @Override
    public CompletionChannel createCompletionChannel() {
        return created(new SoftCompletionChannel(this));
    }

    @Override
    public CompletionQueue createCompletionQueue(CqInitAttributes attributes) {
        Failures.required("ibv_create_cq_ex", attributes, "the attributes");
        return created(new SoftCompletionQueue(this, attributes));
    }

    @Override
    public QueuePair createQueuePair(QpInitAttributes attributes) {
        Failures.required("ibv_create_qp_ex", attributes, "the attributes");
        return SoftQueuePair.create(this, attributes);
    }

    @Override
    public SharedReceiveQueue createSharedReceiveQueue(SrqInitAttributes attributes) {
        Failures.required("ibv_create_srq_ex", attributes, "the attributes");
        return created(new SoftSharedReceiveQueue(this, attributes));
    }

    @Override
    public WorkQueue createWorkQueue(WqInitAttributes attributes) {
        ensureOpen(SoftReceiveScaling.CREATE_WQ);
        return SoftReceiveScaling.createWorkQueue(attributes);
    }

    @Override
    public RwqIndirectionTable createIndirectionTable(List<WorkQueue> workQueues) {
        ensureOpen(SoftReceiveScaling.CREATE_TABLE);
        return SoftReceiveScaling.createIndirectionTable(workQueues);
    }

    @Override
    public AsyncEvent getAsyncEvent() {
        ensureOpen("ibv_get_async_event");
        AsyncEvent event = events.take(null);
        if (event == null) {
            throw Failures.closed("ibv_get_async_event", "context");
        }
        return event;
    }

    @Override
    public AsyncEvent getAsyncEvent(Duration timeout) {
        ensureOpen("ibv_get_async_event");
        return events.take(Failures.required("ibv_get_async_event", timeout, "the timeout"));
    }

    @Override
    public void ackAsyncEvent(AsyncEvent event) {
        ensureOpen("ibv_ack_async_event");
        if (event == null || !events.acknowledge(event)) {
            throw Failures.invalid("ibv_ack_async_event",
                    "the event was already acknowledged or does not come from this context");
        }
    }

    /** Checks that {@code object} is a soft object of this context and returns it as {@code type}. */
    <T extends SoftObject> T own(String verb, Object object, Class<T> type, String what) {
        if (object == null) {
            throw Failures.invalid(verb, what + " is missing");
        }
        if (!type.isInstance(object)) {
            throw Failures.invalid(verb, what + " does not belong to a soft device");
        }
        T owned = type.cast(object);
        owned.ensureOpen(verb);
        return owned;
    }

    @Override
    void destroy() {
        // Nothing to release: the children are gone.
    }

    @Override
    void afterClose() {
        events.shutDown();
    }

    @Override
    public String toString() {
        return "SoftContext[" + device.name() + "]";
    }
}
