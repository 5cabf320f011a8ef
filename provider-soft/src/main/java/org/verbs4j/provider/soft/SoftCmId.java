package org.verbs4j.provider.soft;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.verbs4j.AhAttributes;
import org.verbs4j.Context;
import org.verbs4j.Errno;
import org.verbs4j.Gid;
import org.verbs4j.Mtu;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.CmStatus;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.PrivateDataLimits;
import org.verbs4j.cm.UdParam;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.wire.roce.cm.CmConnection;
import org.verbs4j.provider.soft.wire.roce.cm.CmEvent;
import org.verbs4j.provider.soft.wire.roce.cm.CmSidrRep;
import org.verbs4j.provider.soft.wire.roce.cm.CmaHeader;
import org.verbs4j.provider.soft.wire.roce.cm.QueuePairInfo;
import org.verbs4j.provider.soft.wire.roce.cm.ServiceId;

/**
 * A communication identifier of the soft connection manager. Its state changes under the manager's lock;
 * the two ends of a connection in the JVM reach each other directly ({@link #remote}), as the IB CM's messages
 * would; a peer outside the JVM, reached through a device on the network, is an IB CM connection of that
 * device's {@link CmWire} ({@link #wire}), whose events come back through {@link #onWire}.
 */
final class SoftCmId extends SoftObject implements CmId {

    private final SoftConnectionManager cm;
    private final SoftEventChannel channel;
    /** The path MTU a REQ over the network asks: rxe's on an Ethernet link of 1500 bytes. */
    private static final Mtu WIRE_PATH_MTU = Mtu.MTU_1024;
    /** The index of the GID of a network device's bound address. */
    private static final int ADDRESS_GID_INDEX = 1;

    private final PortSpace space;
    private final Object userContext;
    private final EventAccount events = new EventAccount("communication");
    private final CmTerms terms = new CmTerms();
    private final CmBacklog backlog = new CmBacklog();
    private final CmMulticast groups = new CmMulticast();

    private CmState state = CmState.IDLE;
    private SoftDevice device;
    private InetSocketAddress local = new InetSocketAddress(0);
    private boolean portBound;
    private InetSocketAddress peer = new InetSocketAddress(0);
    private SoftQueuePair qp;
    private ProtectionDomain pd;
    private SoftCmId remote;
    /** This side sent a DREQ and waits for the DREP. */
    private boolean awaitingReply;
    /** This side got a DREQ and has not answered it. */
    private boolean owesReply;
    private long resolutions;
    /** The IB CM of the device on the network, for a peer outside the JVM; {@code null} inside it. */
    private CmWire wireCm;
    /** The IB CM connection to the peer outside the JVM. */
    private CmConnection wire;

    SoftCmId(SoftConnectionManager cm, SoftEventChannel channel, PortSpace space, Object userContext) {
        super("rdma_destroy_id", "communication identifier", "");
        channel.retain("rdma_create_id");
        this.cm = cm;
        this.channel = channel;
        this.space = space;
        this.userContext = userContext;
    }

    // ---- accessors ----

    @Override
    public EventChannel channel() {
        return channel;
    }

    @Override
    public PortSpace portSpace() {
        return space;
    }

    @Override
    public Object userContext() {
        return userContext;
    }

    @Override
    public Optional<Context> context() {
        return cm.locked(() -> Optional.ofNullable(device).map(cm::contextOf));
    }

    @Override
    public int portNum() {
        return cm.locked(() -> device == null ? 0 : 1);
    }

    @Override
    public Optional<ProtectionDomain> protectionDomain() {
        return cm.locked(() -> Optional.ofNullable(pd));
    }

    @Override
    public Optional<QueuePair> queuePair() {
        return cm.locked(() -> Optional.ofNullable(qp));
    }

    @Override
    public InetSocketAddress localAddress() {
        return cm.locked(() -> local);
    }

    @Override
    public InetSocketAddress peerAddress() {
        return cm.locked(() -> peer);
    }

    EventAccount events() {
        return events;
    }

    boolean isListening() {
        return state == CmState.LISTEN;
    }

    boolean listensOn(InetAddress address) {
        InetAddress bound = local.getAddress();
        return bound.equals(address) || bound.isAnyLocalAddress()
                && (bound.getAddress().length == 16 || address.getAddress().length == 4);
    }

    private boolean datagram() {
        return space.qpType() == org.verbs4j.QpType.UD;
    }

    // ---- addresses and routes ----

    @Override
    public void bind(InetSocketAddress address) {
        cm.locked(() -> {
            ensureOpen("rdma_bind_addr");
            InetSocketAddress checked = resolved("rdma_bind_addr", address, "the address");
            requireState("rdma_bind_addr", "already bound", CmState.IDLE);
            bindTo("rdma_bind_addr", checked);
        });
    }

    private void bindTo(String verb, InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        SoftDevice owner = ip.isAnyLocalAddress() ? null : cm.addresses().deviceOf(ip);
        if (!ip.isAnyLocalAddress() && owner == null) {
            throw SoftConnectionManager.failure(verb, Errno.EADDRNOTAVAIL, "no soft device has the address " + ip);
        }
        local = cm.ports().bind(verb, this, space, address);
        portBound = true;
        device = owner;
        state = CmState.ADDR_BOUND;
    }

    @Override
    public void resolveAddress(InetSocketAddress source, InetSocketAddress destination, Duration timeout) {
        cm.locked(() -> {
            ensureOpen("rdma_resolve_addr");
            if (source != null) {
                resolved("rdma_resolve_addr", source, "the source address");
            }
            resolved("rdma_resolve_addr", destination, "the destination address");
            long millis = Timeouts.millis(Failures.required("rdma_resolve_addr", timeout, "the timeout"));
            requireState("rdma_resolve_addr", "bound to a device or resolving already", CmState.IDLE,
                    CmState.ADDR_BOUND);
            startResolution(source, destination, millis);
        });
    }

    private void startResolution(InetSocketAddress source, InetSocketAddress destination, long millis) {
        SoftDevice target = inJvm(cm.addresses().deviceOf(destination.getAddress()));
        SoftDevice gateway = target == null ? networkDeviceFor(source, destination) : null;
        if (gateway != null) {
            if (!IpRoutes.routable(gateway.networkAddress(), destination.getAddress())) {
                throw SoftConnectionManager.failure("rdma_resolve_addr", Errno.ENETUNREACH, "no route from "
                        + gateway.networkAddress() + " (" + gateway.name() + ") to " + destination.getAddress());
            }
            resolveOverNetwork(gateway, source, destination);
            return;
        }
        if (target == null && !CmAddresses.inSoftNetwork(destination.getAddress())) {
            throw SoftConnectionManager.failure("rdma_resolve_addr", Errno.ENETUNREACH, "no route to "
                    + destination.getAddress() + ": it is in no network of the soft devices");
        }
        if (state == CmState.IDLE) {
            bindTo("rdma_resolve_addr", source != null ? source : new InetSocketAddress(
                    target != null ? destination.getAddress()
                            : SoftConnectionManager.wildcard(destination.getAddress()), 0));
        }
        peer = destination;
        if (target != null) {
            device = device != null ? device : target;
            state = CmState.ADDR_RESOLVED;
            deliver(CmEventType.ADDR_RESOLVED, 0);
        } else {
            long resolution = ++resolutions;
            cm.later(millis, () -> addressTimedOut(resolution));
        }
    }

    /** @return {@code device}, or {@code null} if it is a separate host, which the IB CM reaches over the network */
    private static SoftDevice inJvm(SoftDevice device) {
        return device == null || device.separateHost() ? null : device;
    }

    /** @return the device on the network that reaches {@code destination}, or {@code null} */
    private SoftDevice networkDeviceFor(InetSocketAddress source, InetSocketAddress destination) {
        SoftDevice from = device;
        if (from == null && source != null && !source.getAddress().isAnyLocalAddress()) {
            from = cm.addresses().deviceOf(source.getAddress());
        }
        if (from != null || state != CmState.IDLE) {
            return from != null && from.networkAddress() != null ? from : null;
        }
        return cm.addresses().networkDevice(destination.getAddress());
    }

    /** A host outside the JVM: the gateway device's bound address is the source, its IB CM will carry the REQ. */
    private void resolveOverNetwork(SoftDevice gateway, InetSocketAddress source, InetSocketAddress destination) {
        if (state == CmState.IDLE) {
            bindTo("rdma_resolve_addr", source != null ? source
                    : new InetSocketAddress(gateway.networkAddress(), 0));
        }
        if (local.getAddress().isAnyLocalAddress()) {
            local = new InetSocketAddress(gateway.networkAddress(), local.getPort());
        }
        device = gateway;
        peer = destination;
        wireCm = cm.wireOf(gateway);
        terms.pathMtu = WIRE_PATH_MTU;
        terms.psnExpectedBySender = true;
        state = CmState.ADDR_RESOLVED;
        deliver(CmEventType.ADDR_RESOLVED, 0);
    }

    private void addressTimedOut(long resolution) {
        if (resolution == resolutions && !isClosed() && state == CmState.ADDR_BOUND) {
            deliver(CmEventType.ADDR_ERROR, CmStatus.TIMED_OUT);
        }
    }

    @Override
    public void resolveRoute(Duration timeout) {
        cm.locked(() -> {
            ensureOpen("rdma_resolve_route");
            Failures.required("rdma_resolve_route", timeout, "the timeout");
            requireState("rdma_resolve_route", "the address is not resolved (rdma_resolve_addr)",
                    CmState.ADDR_RESOLVED);
            state = CmState.ROUTE_RESOLVED;
            deliver(CmEventType.ROUTE_RESOLVED, 0);
        });
    }

    // ---- passive side ----

    @Override
    public void listen(int requested) {
        cm.locked(() -> {
            ensureOpen("rdma_listen");
            if (state == CmState.IDLE) {
                bindTo("rdma_listen", new InetSocketAddress(0));
            }
            requireState("rdma_listen", "not bound, or connecting or listening already", CmState.ADDR_BOUND);
            backlog.limit(requested);
            state = CmState.LISTEN;
            listenOnNetwork();
        });
    }

    /** The IB CM of each device on the network this listener listens on takes the REQs of its port. */
    private void listenOnNetwork() {
        for (SoftDevice networked : cm.networkDevices()) {
            if (networked == device || device == null && listensOn(networked.networkAddress())) {
                cm.wireOf(networked).listen(space, local.getPort());
            }
        }
    }

    /**
     * A REQ from outside the JVM reaches this listener: a new identifier gets it and CONNECT_REQUEST goes to the
     * channel; with the backlog full, see {@link #refuseForBacklog}.
     *
     * @return the new identifier, or {@code null}
     */
    SoftCmId wireRequest(CmConnection connection, CmWire network, InetSocketAddress source,
            InetSocketAddress destination) {
        if (!backlog.admit()) {
            refuseForBacklog(connection);
            return null;
        }
        SoftCmId id = created(new SoftCmId(cm, channel, space, userContext));
        id.takeWireRequest(connection, network, source, destination);
        channel.deliver(SoftCmEvent.request(id, this, id.requestConn(), id.requestUd()));
        return id;
    }

    private void takeWireRequest(CmConnection connection, CmWire network, InetSocketAddress source,
            InetSocketAddress destination) {
        device = network.device();
        wireCm = network;
        wire = connection;
        local = destination;
        peer = source;
        byte[] data = connection.remotePrivateData();
        byte[] theirs = Arrays.copyOfRange(data, CmaHeader.BYTES, data.length);
        state = CmState.REQUEST_RECEIVED;
        if (datagram()) {
            terms.theirs = ConnParam.defaults().withPrivateData(theirs);
            return;
        }
        QueuePairInfo requester = connection.remote();
        terms.theirs = CmParams.sentOverWire(requester, theirs);
        terms.remotePsn = requester.startingPsn();
        terms.pathMtu = requester.pathMtu() >= 1 && requester.pathMtu() <= 5 ? Mtu.fromValue(requester.pathMtu())
                : WIRE_PATH_MTU;
        terms.psnExpectedBySender = true;
    }

    /**
     * A full backlog: ucma's handler fails with {@code -ENOMEM}, for which Linux's CM drops a REQ unanswered (the
     * peer sends it again) and answers a SIDR_REQ with a SIDR_REP (reject), as {@code cm_destroy_id} does.
     */
    private void refuseForBacklog(CmConnection connection) {
        if (datagram()) {
            connection.answer(CmSidrRep.REJECT, 0, 0, new byte[0]);
        } else {
            connection.drop();
        }
    }

    /** A request from {@code client} reaches this listener: delivered, or held while the backlog is full. */
    private void offer(SoftCmId client) {
        if (backlog.admit()) {
            deliverRequest(client);
            return;
        }
        backlog.hold(client);
        cm.later(SoftConnectionManager.responseTimeoutMillis(), () -> {
            if (backlog.giveUp(client)) {
                client.fail(CmEventType.UNREACHABLE, CmStatus.TIMED_OUT, null);
            }
        });
    }

    /** Delivers the request of {@code client}, which the backlog admitted; a client gone meanwhile frees it. */
    private void deliverRequest(SoftCmId client) {
        if (client.isClosed() || client.state != CmState.CONNECT) {
            requestRead();
            return;
        }
        SoftCmId connection = created(new SoftCmId(cm, channel, space, userContext));
        connection.takeRequest(client, this);
        channel.deliver(SoftCmEvent.request(connection, this, connection.requestConn(), connection.requestUd()));
    }

    private void takeRequest(SoftCmId client, SoftCmId listener) {
        device = cm.addresses().deviceOf(client.peer.getAddress());
        local = new InetSocketAddress(client.peer.getAddress(), listener.local.getPort());
        peer = client.local;
        remote = client;
        terms.theirs = client.terms.mine;
        terms.remotePsn = client.terms.localPsn;
        client.remote = this;
        state = CmState.REQUEST_RECEIVED;
    }

    private ConnParam requestConn() {
        return datagram() ? null : CmParams.reported(terms.theirs, PrivateDataLimits.CONNECT_TCP);
    }

    private UdParam requestUd() {
        return datagram() ? new UdParam(CmParams.padded(terms.theirs.privateData(), PrivateDataLimits.CONNECT_UDP),
                pathToRemote(), 0, 0) : null;
    }

    /** A connection request of this listener was read from the channel: a held request takes its place. */
    void requestRead() {
        cm.locked(() -> {
            SoftCmId next = state == CmState.LISTEN ? backlog.read() : null;
            if (next != null) {
                deliverRequest(next);
            }
        });
    }

    @Override
    public void accept(ConnParam parameters) {
        cm.locked(() -> {
            ensureOpen("rdma_accept");
            requireState("rdma_accept", "no connection request to accept", CmState.REQUEST_RECEIVED);
            ConnParam chosen = withOwnQp(parameters != null ? parameters : CmParams.answerTo(terms.theirs));
            checkPrivateData("rdma_accept", chosen, PrivateDataLimits.accept(space));
            terms.mine = chosen;
            if (datagram()) {
                acceptLookup();
            } else {
                acceptConnection();
            }
        });
    }

    private void acceptLookup() {
        state = CmState.ESTABLISHED;
        if (wire != null) {
            wireCm.answer(wire, CmSidrRep.SUCCESS, terms.mine.qpNum(), CmQpAttributes.UDP_QKEY,
                    terms.mine.privateData());
            return;
        }
        SoftCmId client = remote;
        client.state = CmState.ESTABLISHED;
        client.deliverUd(CmEventType.ESTABLISHED, 0, new UdParam(CmParams.padded(terms.mine.privateData(),
                PrivateDataLimits.ACCEPT_UDP), client.pathToRemote(), terms.mine.qpNum(), CmQpAttributes.UDP_QKEY));
    }

    private void acceptConnection() {
        if (wire != null) {
            acceptOverWire();
            return;
        }
        moveQp(QpState.INIT, QpState.RTR, QpState.RTS);
        state = CmState.ACCEPTED;
        SoftCmId client = remote;
        client.terms.theirs = terms.mine;
        client.terms.remotePsn = terms.localPsn;
        ConnParam reply = CmParams.reported(terms.mine, PrivateDataLimits.ACCEPT_TCP);
        if (client.qp == null) {
            client.state = CmState.RESPONSE_RECEIVED;
            client.deliverConn(CmEventType.CONNECT_RESPONSE, reply);
            awaitEstablishment();
        } else if (client.readiedQp()) {
            client.state = CmState.ESTABLISHED;
            client.deliverConn(CmEventType.ESTABLISHED, reply);
            established();
        } else {
            awaitEstablishment();
        }
    }

    /** The REP goes out; the RTU makes the connection ESTABLISHED ({@link #onWire}). */
    private void acceptOverWire() {
        moveQp(QpState.INIT, QpState.RTR, QpState.RTS);
        state = CmState.ACCEPTED;
        wire.accept(wireQueuePair(), terms.mine.privateData(), System.nanoTime());
        wireCm.reschedule();
    }

    /** @return what the REQ or REP tells the peer of this side's QP */
    private QueuePairInfo wireQueuePair() {
        ConnParam mine = terms.mine;
        return new QueuePairInfo(mine.qpNum(), terms.localPsn, mine.responderResources(), mine.initiatorDepth(),
                mine.retryCount(), mine.rnrRetryCount(), (int) terms.pathMtu.value());
    }

    /**
     * librdmacm moves the QP of the identifier to RTR and RTS when the response arrives; if that fails, the
     * application gets CONNECT_ERROR with the negative errno, the QP goes to ERR, and no RTU is sent.
     */
    private boolean readiedQp() {
        try {
            moveQp(QpState.INIT, QpState.RTR, QpState.RTS);
            return true;
        } catch (org.verbs4j.VerbsException e) {
            fail(CmEventType.CONNECT_ERROR, -e.errno(), null);
            return false;
        }
    }

    /** Without the active side's RTU within the response timeout, the passive side gets UNREACHABLE (REP error). */
    private void awaitEstablishment() {
        cm.later(SoftConnectionManager.responseTimeoutMillis(), () -> {
            if (state == CmState.ACCEPTED && !isClosed()) {
                fail(CmEventType.UNREACHABLE, CmStatus.TIMED_OUT, null);
            }
        });
    }

    /** The active side established: this passive side gets ESTABLISHED. */
    private void established() {
        state = CmState.ESTABLISHED;
        deliverConn(CmEventType.ESTABLISHED, CmParams.reported(terms.theirs, 0));
    }

    @Override
    public void reject(byte[] privateData) {
        byte[] data = privateData == null ? new byte[0] : privateData.clone();
        cm.locked(() -> {
            ensureOpen("rdma_reject");
            requireState("rdma_reject", "no connection request to reject", CmState.REQUEST_RECEIVED);
            int limit = datagram() ? PrivateDataLimits.ACCEPT_UDP : PrivateDataLimits.REJECT;
            checkLength("rdma_reject", data.length, limit);
            state = CmState.FAILED;
            if (wire != null && datagram()) {
                wireCm.answer(wire, CmSidrRep.REJECT, 0, 0, data);
                return;
            }
            if (wire != null) {
                wireCm.reject(wire, data);
                return;
            }
            remote.refused(datagram() ? CmStatus.SIDR_REJECT : CmStatus.REJECT_CONSUMER_DEFINED, data);
        });
    }

    // ---- active side ----

    @Override
    public void connect(ConnParam parameters) {
        cm.locked(() -> {
            ensureOpen("rdma_connect");
            requireState("rdma_connect", "the route is not resolved (rdma_resolve_route)", CmState.ROUTE_RESOLVED);
            ConnParam chosen = withOwnQp(parameters != null ? parameters : ConnParam.defaults());
            checkPrivateData("rdma_connect", chosen, PrivateDataLimits.connect(space));
            terms.mine = chosen;
            terms.active = true;
            state = CmState.CONNECT;
            if (wireCm != null) {
                connectOverWire();
                return;
            }
            SoftCmId listener = cm.listenerFor(space, peer);
            if (listener == null) {
                refused(datagram() ? CmStatus.SIDR_UNSUPPORTED : CmStatus.REJECT_INVALID_SERVICE_ID, new byte[0]);
            } else {
                listener.offer(this);
            }
        });
    }

    /** The REQ goes out with rdma_cm's header (addresses and port) before the private data. */
    private void connectOverWire() {
        byte[] mine = terms.mine.privateData();
        byte[] data = new byte[CmaHeader.BYTES + mine.length];
        CmaHeader.put(ByteBuffer.wrap(data), 0, local.getPort(), local.getAddress().getAddress(),
                peer.getAddress().getAddress());
        System.arraycopy(mine, 0, data, CmaHeader.BYTES, mine.length);
        wire = wireCm.connection(this, peer.getAddress());
        long service = ServiceId.of(CmWire.serviceSpace(space), peer.getPort());
        if (datagram()) {
            wire.resolve(service, data, System.nanoTime());
        } else {
            wire.pathFlowLabel(CmaHeader.roceFlowLabel(local.getPort(), peer.getPort()));
            wire.connect(service, wireQueuePair(), data, System.nanoTime());
        }
        wireCm.reschedule();
    }

    /** What the IB CM connection to the peer outside the JVM tells; under the lock. */
    void onWire(CmConnection connection, CmEvent event) {
        if (isClosed() || connection != wire) {
            return;
        }
        switch (event) {
            case ESTABLISHED -> wireEstablished();
            case REJECTED -> refused(connection.rejectReason(), connection.remotePrivateData());
            case UNREACHABLE -> fail(CmEventType.UNREACHABLE, CmStatus.TIMED_OUT, null);
            case DISCONNECTED -> wireDisconnected();
            case SIDR_REPLY -> serviceResolved(connection);
            default -> {
                // the time wait ended: nothing to tell
            }
        }
    }

    /** Passive: the RTU came. Active: the REP came and the RTU went out; the QP goes to RTR and RTS. */
    private void wireEstablished() {
        if (state == CmState.ACCEPTED) {
            established();
            return;
        }
        if (state != CmState.CONNECT) {
            return;
        }
        QueuePairInfo replier = wire.remote();
        terms.theirs = CmParams.sentOverWire(replier, wire.remotePrivateData());
        terms.remotePsn = replier.startingPsn();
        ConnParam reply = CmParams.reported(terms.theirs, PrivateDataLimits.ACCEPT_TCP);
        if (qp == null) {
            state = CmState.RESPONSE_RECEIVED;
            deliverConn(CmEventType.CONNECT_RESPONSE, reply);
        } else if (readiedQp()) {
            state = CmState.ESTABLISHED;
            deliverConn(CmEventType.ESTABLISHED, reply);
        } else {
            wireCm.leave(wire);
        }
    }

    /** The SIDR_REP came: ESTABLISHED with the service's QPN and Q_Key, or UNREACHABLE with its status. */
    private void serviceResolved(CmConnection connection) {
        if (connection.sidrStatus() != CmSidrRep.SUCCESS) {
            refused(connection.sidrStatus(), connection.remotePrivateData());
            return;
        }
        state = CmState.ESTABLISHED;
        deliverUd(CmEventType.ESTABLISHED, 0, new UdParam(CmParams.padded(connection.remotePrivateData(),
                PrivateDataLimits.ACCEPT_UDP), pathToRemote(), connection.remote().qpn(), connection.remoteQKey()));
    }

    /** The DREP to this side's DREQ (or its last retry) came, or the peer's DREQ came and was answered. */
    private void wireDisconnected() {
        if (awaitingReply) {
            disconnectReplied(0);
        } else {
            disconnectRequested();
        }
    }

    /** The remote side refused: REJECTED with the reason (UD: UNREACHABLE with the SIDR status). */
    private void refused(int status, byte[] privateData) {
        if (datagram()) {
            byte[] padded = CmParams.padded(privateData, PrivateDataLimits.ACCEPT_UDP);
            fail(CmEventType.UNREACHABLE, status, new UdParam(padded, null, 0, 0));
        } else {
            fail(CmEventType.REJECTED, status, CmParams.rejection(privateData));
        }
    }

    /** The connection attempt ended: the QP goes to ERR and the event reports why, with its parameters. */
    private void fail(CmEventType type, int status, Object param) {
        if (isClosed()) {
            return;
        }
        state = CmState.FAILED;
        if (remote != null) {
            remote.remote = null;
            remote = null;
        }
        qpToError();
        channel.deliver(param instanceof UdParam ud ? SoftCmEvent.ud(type, status, this, ud)
                : param instanceof ConnParam conn ? SoftCmEvent.conn(type, status, this, conn)
                : SoftCmEvent.of(type, status, this));
    }

    @Override
    public void establish() {
        cm.locked(() -> {
            ensureOpen("rdma_establish");
            requireState("rdma_establish", "no connection response to complete", CmState.RESPONSE_RECEIVED);
            if (qp != null) {
                throw Failures.invalid("rdma_establish", "the identifier has a QP, which rdma_connect establishes");
            }
            if (remote == null && wire == null) {
                throw Failures.invalid("rdma_establish", "the passive side gave up waiting");
            }
            state = CmState.ESTABLISHED;
            if (remote != null) {
                remote.established();
            }
        });
    }

    // ---- both sides ----

    /**
     * As the kernel's CM: once a request was sent or received, the QP goes to ERR; an established connection sends a
     * DREQ, a DREQ received is answered with a DREP, and otherwise nothing is sent (and no error is given).
     */
    @Override
    public void disconnect() {
        cm.locked(() -> {
            ensureOpen("rdma_disconnect");
            if (!terms.exchanging()) {
                throw Failures.invalid("rdma_disconnect", "no connection request was sent or received (state "
                        + state + ")");
            }
            qpToError();
            if (state == CmState.ESTABLISHED && !datagram()) {
                requestDisconnection();
            } else if (owesReply) {
                replyToDisconnection();
            }
        });
    }

    /** DREQ: the remote side gets DISCONNECTED now, this side with the DREP or after the response timeout. */
    private void requestDisconnection() {
        state = CmState.DISCONNECTED;
        awaitingReply = true;
        if (wire != null) {
            wireCm.leave(wire);
            return;
        }
        if (remote != null) {
            remote.disconnectRequested();
        }
        cm.later(SoftConnectionManager.responseTimeoutMillis(), () -> disconnectReplied(CmStatus.TIMED_OUT));
    }

    private void disconnectRequested() {
        state = CmState.DISCONNECTED;
        owesReply = true;
        if (!isClosed()) {
            deliver(CmEventType.DISCONNECTED, 0);
        }
    }

    private void replyToDisconnection() {
        owesReply = false;
        if (remote != null) {
            remote.disconnectReplied(0);
        }
    }

    /** The DREP arrived (status 0), or none came in time (-ETIMEDOUT): DISCONNECTED, once. */
    private void disconnectReplied(int status) {
        if (awaitingReply && !isClosed()) {
            awaitingReply = false;
            deliver(CmEventType.DISCONNECTED, status);
        }
    }

    @Override
    public QpAttributes initQpAttributes(QpState wanted) {
        return cm.locked(() -> {
            ensureOpen("rdma_init_qp_attr");
            return attributesFor(Failures.required("rdma_init_qp_attr", wanted, "the QP state"));
        });
    }

    private QpAttributes attributesFor(QpState wanted) {
        if (device == null) {
            throw Failures.invalid("rdma_init_qp_attr", "the identifier is not bound to a device");
        }
        if (datagram() || !terms.exchanging()) {
            return CmQpAttributes.beforeExchange(wanted, datagram());
        }
        if (wanted == QpState.INIT) {
            return CmQpAttributes.init(terms.responderResources());
        }
        if (wanted != QpState.RTR && wanted != QpState.RTS) {
            throw Failures.invalid("rdma_init_qp_attr", "the CM gives attributes for INIT, RTR and RTS, not "
                    + wanted);
        }
        if (terms.theirs == null) {
            throw Failures.invalid("rdma_init_qp_attr", wanted + " needs the remote side: no response yet"
                    + " (state " + state + ")");
        }
        return wanted == QpState.RTR ? terms.readyToReceive(pathToRemote()) : terms.readyToSend();
    }

    /** @return the address vector to the remote side: its device's GID of the family of the peer address */
    private AhAttributes pathToRemote() {
        if (wireCm != null) {
            return AhAttributes.global(Gid.of(peer.getAddress()), ADDRESS_GID_INDEX, 1);
        }
        SoftDevice target = cm.addresses().deviceOf(peer.getAddress());
        if (target == null || device == null) {
            return null;
        }
        return AhAttributes.global(CmAddresses.gidOf(target, peer.getAddress()),
                CmAddresses.gidIndexOf(peer.getAddress()), 1);
    }

    // ---- queue pairs ----

    @Override
    public QueuePair createQueuePair(QpInitAttributes attributes) {
        return cm.locked(() -> {
            ensureOpen("rdma_create_qp");
            checkQpRequest(Failures.required("rdma_create_qp", attributes, "the QP attributes"));
            SoftQueuePair created = (SoftQueuePair) cm.contextOf(device).createQueuePair(attributes);
            try {
                initialize(created);
            } catch (RuntimeException e) {
                created.close();
                throw e;
            }
            qp = created;
            pd = attributes.pd();
            return created;
        });
    }

    private void checkQpRequest(QpInitAttributes attributes) {
        if (device == null) {
            throw Failures.invalid("rdma_create_qp", "the identifier is not bound to a device");
        }
        if (qp != null) {
            throw Failures.invalid("rdma_create_qp", "the identifier already has a QP");
        }
        if (attributes.pd() == null || attributes.pd().context() != cm.contextOf(device)) {
            throw Failures.invalid("rdma_create_qp", "the protection domain is not of the identifier's context");
        }
        if (attributes.qpType() != space.qpType()) {
            throw Failures.invalid("rdma_create_qp", space.cName() + " needs a " + space.qpType() + " QP, not "
                    + attributes.qpType());
        }
    }

    private void initialize(SoftQueuePair created) {
        created.modify(attributesFor(QpState.INIT));
        if (datagram()) {
            created.modify(new QpAttributes().qpState(QpState.RTR));
            created.modify(new QpAttributes().qpState(QpState.RTS).sqPsn(terms.localPsn));
        }
    }

    @Override
    public void destroyQueuePair() {
        cm.locked(() -> {
            ensureOpen("rdma_destroy_qp");
            if (qp == null) {
                throw Failures.invalid("rdma_destroy_qp", "the identifier has no QP");
            }
            groups.detachAll(qp);
            qp.close();
            qp = null;
            pd = null;
        });
    }

    private void moveQp(QpState... states) {
        for (QpState next : states) {
            if (qp != null) {
                qp.modify(attributesFor(next));
            }
        }
    }

    private void qpToError() {
        if (qp != null && !qp.isClosed() && qp.state() != QpState.ERR) {
            qp.modify(new QpAttributes().qpState(QpState.ERR));
        }
    }

    private ConnParam withOwnQp(ConnParam parameters) {
        return qp == null ? parameters : parameters.withQp(qp.qpNum(), qp.srq().isPresent());
    }

    // ---- multicast ----

    @Override
    public void joinMulticast(InetAddress group, Object context) {
        cm.locked(() -> {
            ensureOpen("rdma_join_multicast");
            Failures.required("rdma_join_multicast", group, "the group");
            if (!datagram()) {
                throw Failures.invalid("rdma_join_multicast", "multicast needs a datagram port space, not "
                        + space.cName());
            }
            if (device == null) {
                throw Failures.invalid("rdma_join_multicast", "the identifier is not bound to a device");
            }
            UdParam ud = groups.join(qp, group, local.getAddress(), device.networkAddress() != null);
            channel.deliver(SoftCmEvent.multicast(CmEventType.MULTICAST_JOIN, 0, this, ud, context));
        });
    }

    @Override
    public void leaveMulticast(InetAddress group) {
        cm.locked(() -> {
            ensureOpen("rdma_leave_multicast");
            Failures.required("rdma_leave_multicast", group, "the group");
            groups.leave(qp, group);
        });
    }

    // ---- events ----

    private void deliver(CmEventType type, int status) {
        channel.deliver(SoftCmEvent.of(type, status, this));
    }

    private void deliverConn(CmEventType type, ConnParam conn) {
        channel.deliver(SoftCmEvent.conn(type, 0, this, conn));
    }

    private void deliverUd(CmEventType type, int status, UdParam ud) {
        channel.deliver(SoftCmEvent.ud(type, status, this, ud));
    }

    // ---- checks ----

    /**
     * @return {@code address}
     * @throws org.verbs4j.InvalidArgumentException naming {@code verb} if it is null or unresolved (a host name
     *     without an address: rdma_cm takes IP addresses)
     */
    private static InetSocketAddress resolved(String verb, InetSocketAddress address, String what) {
        if (Failures.required(verb, address, what).isUnresolved()) {
            throw Failures.invalid(verb, what + " " + address + " is unresolved: an IP address is required");
        }
        return address;
    }

    private void requireState(String verb, String problem, CmState... allowed) {
        for (CmState candidate : allowed) {
            if (state == candidate) {
                return;
            }
        }
        throw Failures.invalid(verb, problem + " (state " + state + ")");
    }

    private void checkPrivateData(String verb, ConnParam parameters, int limit) {
        checkLength(verb, parameters.privateData().length, limit);
    }

    private void checkLength(String verb, int length, int limit) {
        if (length > limit) {
            throw Failures.invalid(verb, length + " bytes of private data exceed the " + limit + " bytes "
                    + space.cName() + " carries here");
        }
    }

    // ---- lifetime ----

    @Override
    void destroy() {
        if (qp != null && !qp.isClosed()) {
            throw Failures.busy("rdma_destroy_id", "its QP is alive: destroy it first (rdma_destroy_qp)");
        }
        events.awaitAllAcknowledged("rdma_destroy_id");
        cm.locked(this::cancelEverything);
    }

    private void cancelEverything() {
        List<SoftCmEvent> dropped = channel.discard(this);
        for (SoftCmEvent event : dropped) {
            if (event.softId() != this) {
                event.softId().abandon();
            }
        }
        for (SoftCmId client : backlog.drain()) {
            client.refused(datagram() ? CmStatus.SIDR_UNSUPPORTED : CmStatus.REJECT_INVALID_SERVICE_ID, new byte[0]);
        }
        leaveRemote();
        if (portBound) {
            cm.ports().release(this, space, local.getPort());
        }
        groups.leaveAll(qp);
        state = CmState.FAILED;
    }

    /** A request never read from the channel of a destroyed listener: its client is rejected, the id dropped. */
    private void abandon() {
        leaveRemote();
        state = CmState.FAILED;
        channel.release();
    }

    /** What the IB CM sends when an identifier is destroyed: DREQ, REJ or SIDR REP, by the state it was in. */
    private void leaveRemote() {
        if (wire != null) {
            CmConnection connection = wire;
            wire = null;
            wireCm.destroyed(connection);
            return;
        }
        SoftCmId other = remote;
        remote = null;
        if (other == null || other.isClosed()) {
            return;
        }
        other.remote = null;
        if (datagram()) {
            if (state == CmState.REQUEST_RECEIVED) {
                other.refused(CmStatus.SIDR_REJECT, new byte[0]);
            }
            return;
        }
        switch (state) {
            case ESTABLISHED -> other.disconnectRequested();
            case DISCONNECTED -> {
                if (owesReply) {
                    other.disconnectReplied(0);
                }
            }
            case REQUEST_RECEIVED, ACCEPTED, RESPONSE_RECEIVED -> other.refused(CmStatus.REJECT_CONSUMER_DEFINED,
                    new byte[0]);
            case CONNECT -> other.peerVanished();
            default -> {
                // nothing reached the other side
            }
        }
    }

    /** The active side went away before the connection was established (IB_CM_REJ_TIMEOUT). */
    private void peerVanished() {
        if (state == CmState.REQUEST_RECEIVED || state == CmState.ACCEPTED) {
            refused(CmStatus.REJECT_TIMEOUT, new byte[0]);
        }
    }

    @Override
    void afterClose() {
        channel.release();
    }

    @Override
    public String toString() {
        return "rdma_cm_id " + space.cName() + " " + local + " -> " + peer;
    }
}
