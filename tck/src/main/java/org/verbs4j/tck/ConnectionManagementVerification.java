package org.verbs4j.tck;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.verbs4j.tck.CmEvents.expect;
import static org.verbs4j.tck.CmEvents.startsWith;

import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assumptions;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Errno;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.AddrInfoFlag;
import org.verbs4j.cm.AddressHints;
import org.verbs4j.cm.AddressInfo;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.CmStatus;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.PrivateDataLimits;
import org.verbs4j.cm.UdParam;

/**
 * Connection management (rdma_cm): every event path between a client on the device under test and a server on
 * the {@linkplain Side#RESPONDER responder's} device, which listens at that device's IPv4 address (the address of
 * its IPv4-mapped GID) through the {@linkplain #responderConnectionManager() responder's connection manager}; the
 * client resolves it from the address of the device under test through the provider's. Without a responder device
 * both ends are on the device under test, with one connection manager and one address. The tests of one identifier
 * alone are the client's. The unreachable address is
 * {@code verbs4j.tck.cm-unreachable-address} / {@code VERBS4J_TCK_CM_UNREACHABLE_ADDRESS} (default
 * 169.254.83.83, an address no route should reach).
 */
@TckArea("connection management")
public abstract class ConnectionManagementVerification extends AreaVerification {

    /** {@code RDMA_UDP_QKEY}. */
    private static final int UDP_QKEY = 0x01234567;
    private static final byte[] HELLO = "hello".getBytes(US_ASCII);
    private static final byte[] WORLD = "world".getBytes(US_ASCII);
    private static final int BUFFER = 64;

    private ConnectionManager clientCm;
    private ConnectionManager serverCm;
    private Duration timeout;

    /** Creates the area; subclasses implement {@link #provider()}. */
    protected ConnectionManagementVerification() {
    }

    @BeforeEach
    final void connectionManager() {
        try {
            clientCm = providerUnderTest().connectionManager();
            serverCm = responderConnectionManager();
        } catch (UnsupportedVerbException e) {
            throw new UnsupportedFeatureException("connection management", e.getMessage());
        }
        timeout = environment().eventTimeout();
    }

    // ---- connected (RDMA_PS_TCP) ----

    @Test
    @DisplayName("rdma_connect(3), rdma_accept(3): private data and parameters reach each side, and a SEND crosses"
            + " the connected QPs")
    void connectAcceptAndSend() {
        Pair pair = connectedPair(PortSpace.TCP);
        assertEquals(QpState.RTS, pair.clientEnd.qp.state());
        assertEquals(QpState.RTS, pair.serverEnd.qp.state());
        sendBetween(pair.clientEnd, pair.serverEnd);
    }

    @Test
    @DisplayName("rdma_get_cm_event(3) CONNECT_REQUEST: a new identifier bound to the device, its listen_id, and the"
            + " request's parameters")
    void connectRequestValues() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        client.connect(ConnParam.defaults().withPrivateData(HELLO).withRdAtomic(2, 3).withRetries(5, 6));
        CmEvent request = expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout);
        CmId connection = track(request.id());
        assertSame(listener, request.listenId().orElseThrow());
        assertNotEquals(listener, connection);
        assertTrue(connection.context().isPresent(), "the new identifier is bound to the device");
        assertEquals(context(Side.RESPONDER).device().name(), connection.context().orElseThrow().device().name(),
                "the request arrives on the server's device");
        assertEquals(new InetSocketAddress(serverAddress(), listener.sourcePort()), connection.localAddress());
        ConnParam param = request.connParam().orElseThrow();
        assertTrue(startsWith(param.privateData(), HELLO), "the private data sent by rdma_connect");
        assertEquals(3, param.responderResources(), "the responder resources asked: the client's initiator depth");
        assertEquals(2, param.initiatorDepth(), "the initiator depth offered: the client's responder resources");
        assertEquals(5, param.retryCount());
        assertEquals(6, param.rnrRetryCount());
        assertEquals(listener.sourcePort(), connection.sourcePort());
        assertEquals(client.localAddress(), connection.peerAddress());
        connection.reject(null);
        expect(clientChannel, CmEventType.REJECTED, timeout);
    }

    @Test
    @DisplayName("rdma_disconnect(3) by the client: the server gets DISCONNECTED, answers with its own "
            + "rdma_disconnect, then the client gets DISCONNECTED; both QPs are in ERR")
    void clientDisconnects() {
        Pair pair = connectedPair(PortSpace.TCP);
        pair.client.disconnect();
        assertEquals(QpState.ERR, pair.clientEnd.qp.state(), "rdma_disconnect moves the QP to ERR");
        expect(pair.serverChannel, CmEventType.DISCONNECTED, timeout);
        pair.server.disconnect();
        assertEquals(QpState.ERR, pair.serverEnd.qp.state());
        assertEquals(0, expect(pair.clientChannel, CmEventType.DISCONNECTED, timeout).status());
        pair.client.disconnect();
        assertNoDisconnected(pair.clientChannel, Duration.ofMillis(200));
    }

    @Test
    @DisplayName("rdma_disconnect(3) by the server: the client gets DISCONNECTED, then the server when the client "
            + "disconnects too")
    void serverDisconnects() {
        Pair pair = connectedPair(PortSpace.TCP);
        pair.server.disconnect();
        expect(pair.clientChannel, CmEventType.DISCONNECTED, timeout);
        pair.client.disconnect();
        expect(pair.serverChannel, CmEventType.DISCONNECTED, timeout);
        assertEquals(QpState.ERR, pair.serverEnd.qp.state());
        assertEquals(QpState.ERR, pair.clientEnd.qp.state());
    }

    @Test
    @DisplayName("rdma_reject(3): the client gets REJECTED, status IB_CM_REJ_CONSUMER_DEFINED, with the private data")
    void rejectWithPrivateData() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        client.connect(ConnParam.defaults());
        CmId connection = track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout).id());
        connection.reject(WORLD);
        CmEvent rejected = expect(clientChannel, CmEventType.REJECTED, timeout);
        assertEquals(CmStatus.REJECT_CONSUMER_DEFINED, rejected.status());
        assertTrue(startsWith(rejected.privateData(), WORLD), "the private data of rdma_reject");
        assertThrows(InvalidArgumentException.class, () -> connection.accept(null), "accept after reject");
    }

    @Test
    @DisplayName("rdma_connect(3) to a port nobody listens on: REJECTED with IB_CM_REJ_INVALID_SERVICE_ID")
    void nobodyListens() {
        CmId probe = serverCm.createId(serverChannel(), PortSpace.TCP, null);
        probe.bind(new InetSocketAddress(serverAddress(), 0));
        int unused = probe.sourcePort();
        probe.close();
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, unused);
        client.connect(ConnParam.defaults());
        CmEvent rejected = expect(clientChannel, CmEventType.REJECTED, timeout);
        assertEquals(CmStatus.REJECT_INVALID_SERVICE_ID, rejected.status());
    }

    @Test
    @DisplayName("rdma_init_qp_attr(3), rdma_establish(3): the caller's QPs move with the CM's attributes,"
            + " CONNECT_RESPONSE, then ESTABLISHED")
    void establishWithCallersQps() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        Endpoint clientQp = ownQp(client);
        move(client, clientQp.qp, QpState.INIT);
        client.connect(ConnParam.defaults().withQp(clientQp.qp.qpNum(), false));
        CmEvent request = expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout);
        CmId connection = track(request.id());
        assertEquals(clientQp.qp.qpNum(), request.connParam().orElseThrow().qpNum());
        Endpoint serverQp = ownQp(connection);
        move(connection, serverQp.qp, QpState.INIT, QpState.RTR, QpState.RTS);
        connection.accept(ConnParam.defaults().withQp(serverQp.qp.qpNum(), false));
        CmEvent response = expect(clientChannel, CmEventType.CONNECT_RESPONSE, timeout);
        assertEquals(serverQp.qp.qpNum(), response.connParam().orElseThrow().qpNum());
        move(client, clientQp.qp, QpState.RTR, QpState.RTS);
        client.establish();
        expect(serverChannel, CmEventType.ESTABLISHED, timeout);
        sendBetween(clientQp, serverQp);
    }

    @Test
    @DisplayName("rdma_get_cm_event(3) CONNECT_ERROR: a QP on the identifier that cannot be moved to RTR fails the "
            + "connection with a negative errno and goes to ERR")
    void connectError() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        Endpoint clientEnd = ownQpOn(client);
        clientEnd.qp.modify(new QpAttributes().qpState(QpState.ERR));
        client.connect(ConnParam.defaults());
        CmId server = track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout).id());
        ownQpOn(server);
        server.accept(null);
        CmEvent error = expect(clientChannel, CmEventType.CONNECT_ERROR, timeout);
        assertTrue(error.status() < 0, "a negative errno: " + error.status());
        assertEquals(QpState.ERR, clientEnd.qp.state());
    }

    @Test
    @DisplayName("rdma_init_qp_attr(3): before the exchange the port, P_Key index and no access; RTR and RTS once "
            + "the remote side is known; the access of a connection with responder resources; no SQD")
    void initQpAttributes() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        QpAttributes before = client.initQpAttributes(QpState.INIT);
        assertEquals(EnumSet.of(QpAttrMask.STATE, QpAttrMask.PORT, QpAttrMask.PKEY_INDEX, QpAttrMask.ACCESS_FLAGS),
                before.mask());
        assertTrue(before.qpAccessFlags().isEmpty(), "no access before the exchange: " + before.qpAccessFlags());
        client.connect(ConnParam.defaults().withQp(0x123, false));
        assertThrows(InvalidArgumentException.class, () -> client.initQpAttributes(QpState.RTR),
                "RTR before the response");
        CmEvent request = expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout);
        CmId connection = track(request.id());
        assertTrue(connection.initQpAttributes(QpState.INIT).qpAccessFlags().containsAll(EnumSet.of(
                AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ)), "a request with an initiator depth of 1");
        QpAttributes rtr = connection.initQpAttributes(QpState.RTR);
        assertTrue(rtr.mask().containsAll(EnumSet.of(QpAttrMask.STATE, QpAttrMask.AV, QpAttrMask.PATH_MTU,
                QpAttrMask.DEST_QPN, QpAttrMask.RQ_PSN, QpAttrMask.MAX_DEST_RD_ATOMIC, QpAttrMask.MIN_RNR_TIMER)),
                "RTR mask " + rtr.mask());
        assertEquals(0x123, rtr.destQpNum());
        assertTrue(connection.initQpAttributes(QpState.RTS).mask().containsAll(EnumSet.of(QpAttrMask.SQ_PSN,
                QpAttrMask.TIMEOUT, QpAttrMask.RETRY_CNT, QpAttrMask.RNR_RETRY, QpAttrMask.MAX_QP_RD_ATOMIC)));
        assertThrows(InvalidArgumentException.class, () -> connection.initQpAttributes(QpState.SQD));
        connection.reject(null);
        expect(clientChannel, CmEventType.REJECTED, timeout);
    }

    @Test
    @DisplayName("rdma_connect(3), rdma_accept(3), rdma_reject(3): private data beyond 56, 196 and 148 bytes is"
            + " refused (EINVAL)")
    void privateDataLimits() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.TCP, listener.sourcePort());
        VerbsException tooLong = assertThrows(InvalidArgumentException.class, () -> client.connect(
                ConnParam.defaults().withPrivateData(new byte[PrivateDataLimits.CONNECT_TCP + 1])));
        assertEquals("rdma_connect", tooLong.operation());
        client.connect(ConnParam.defaults().withPrivateData(new byte[PrivateDataLimits.CONNECT_TCP]));
        CmId connection = track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout).id());
        assertThrows(InvalidArgumentException.class, () -> connection.accept(
                ConnParam.defaults().withPrivateData(new byte[PrivateDataLimits.ACCEPT_TCP + 1])));
        assertThrows(InvalidArgumentException.class, () -> connection.reject(new byte[PrivateDataLimits.REJECT + 1]));
        connection.reject(new byte[PrivateDataLimits.REJECT]);
        expect(clientChannel, CmEventType.REJECTED, timeout);
    }

    @Test
    @DisplayName("rdma_bind_addr(3), rdma_get_src_port(3), rdma_get_peer_addr(3): ephemeral ports, EADDRINUSE, both"
            + " ends' addresses")
    void portsAndAddresses() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 4);
        assertTrue(listener.sourcePort() > 0, "an ephemeral port");
        assertEquals(serverAddress(), listener.localAddress().getAddress());
        CmId other = track(serverCm.createId(serverChannel(), PortSpace.TCP, null));
        VerbsException inUse = assertThrows(VerbsException.class,
                () -> other.bind(new InetSocketAddress(serverAddress(), listener.sourcePort())));
        assertEquals(Errno.EADDRINUSE.code(), inUse.errno());
        Pair pair = connect(serverChannel, listener);
        assertEquals(new InetSocketAddress(serverAddress(), listener.sourcePort()), pair.client.peerAddress());
        assertEquals(listener.sourcePort(), pair.server.sourcePort());
        assertEquals(pair.client.localAddress(), pair.server.peerAddress());
        assertEquals(clientAddress(), pair.client.localAddress().getAddress(), "the client's source address");
        assertTrue(pair.client.sourcePort() > 0, "rdma_resolve_addr binds an ephemeral source port");
    }

    @Test
    @DisplayName("rdma_listen(3) backlog 1: no request is lost; the second arrives once the first is read, and both"
            + " connect")
    void backlog() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.TCP, 1);
        EventChannel firstChannel = channel();
        CmId first = routedClient(firstChannel, PortSpace.TCP, listener.sourcePort());
        EventChannel secondChannel = channel();
        CmId second = routedClient(secondChannel, PortSpace.TCP, listener.sourcePort());
        // Each side announces its own QP number: the kernel's CM rejects a second request or reply from the same
        // device with the same QP number as a stale connection (IB_CM_REJ_STALE_CONN), and without a QP it is 0.
        first.connect(ConnParam.defaults().withQp(0x101, false));
        second.connect(ConnParam.defaults().withQp(0x102, false));
        CmId one = track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout).id());
        // the remote side retries a request a full backlog dropped after the CM's response timeout (about 4 s)
        CmId two = track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout.multipliedBy(4)).id());
        assertNotEquals(one, two);
        one.accept(ConnParam.defaults().withQp(0x201, false));
        two.accept(ConnParam.defaults().withQp(0x202, false));
        expect(firstChannel, CmEventType.CONNECT_RESPONSE, timeout);
        expect(secondChannel, CmEventType.CONNECT_RESPONSE, timeout);
    }

    // ---- datagrams (RDMA_PS_UDP) ----

    @Test
    @DisplayName("rdma_connect(3) RDMA_PS_UDP: ESTABLISHED gives the server's QPN, RDMA_UDP_QKEY and an address"
            + " vector a datagram reaches")
    void datagramExchange() {
        Pair pair = connectedPair(PortSpace.UDP);
        CmEvent established = pair.clientEstablished;
        UdParam ud = established.udParam().orElseThrow();
        assertEquals(pair.server.queuePair().orElseThrow().qpNum(), ud.qpNum());
        assertEquals(UDP_QKEY, ud.qkey());
        assertTrue(startsWith(ud.privateData(), WORLD), "the private data of rdma_accept");
        assertNotNull(ud.ahAttr());
        assertTrue(startsWith(pair.request.udParam().orElseThrow().privateData(), HELLO), "rdma_connect's data");
        sendDatagram(pair, ud);
    }

    @Test
    @DisplayName("ibv_create_ah_from_wc(3) on RDMA_PS_UDP, as udaddy's server: the server answers the client's datagram"
            + " through an address handle made from its completion and GRH, to its src_qp with RDMA_UDP_QKEY")
    void datagramReplyFromCompletion() {
        Pair pair = connectedPair(PortSpace.UDP);
        UdParam ud = pair.clientEstablished.udParam().orElseThrow();
        Endpoint client = pair.clientEnd;
        Endpoint server = pair.serverEnd;
        WorkRequests.receive(server.qp, 2, server.mr, 0, BUFFER);
        WorkRequests.receive(client.qp, 3, client.mr, 0, BUFFER);
        AddressHandle toServer = track(client.qp.protectionDomain().createAddressHandle(ud.ahAttr()));
        sendDatagram(client, 1, toServer, ud.qpNum(), ud.qkey(), 0xc11e_07L);
        int port = pair.server.portNum();
        AtomicReference<Integer> clientQpn = new AtomicReference<>();
        AddressHandle toClient = CurrentCompletion.apply(server.cq, environment().completionTimeout(),
                "the client's datagram", cq -> {
                    clientQpn.set(cq.readSrcQp());
                    return track(server.qp.protectionDomain().createAddressHandleFromCompletion(cq,
                            server.mr.segment(), port));
                });
        assertEquals(client.qp.qpNum(), clientQpn.get(), "src_qp of the client's datagram");
        sendDatagram(server, 4, toClient, clientQpn.get(), UDP_QKEY, 0x5e4_7e4L);
        Completion reply = Completions.awaitOne(client.cq, environment().completionTimeout(), "the server's reply");
        assertEquals(WcStatus.SUCCESS, reply.status());
        assertEquals(server.qp.qpNum(), reply.srcQp(), "src_qp of the reply");
        assertEquals(0x5e4_7e4L, client.mr.segment().get(ValueLayout.JAVA_LONG, 40), "the reply after its GRH");
    }

    @Test
    @DisplayName("rdma_connect(3) RDMA_PS_UDP to a port nobody listens on: UNREACHABLE with IB_SIDR_UNSUPPORTED")
    void datagramNobodyListens() {
        CmId probe = serverCm.createId(serverChannel(), PortSpace.UDP, null);
        probe.bind(new InetSocketAddress(serverAddress(), 0));
        int unused = probe.sourcePort();
        probe.close();
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.UDP, unused);
        connectClient(client, null);
        assertEquals(CmStatus.SIDR_UNSUPPORTED, expect(clientChannel, CmEventType.UNREACHABLE, timeout).status());
    }

    @Test
    @DisplayName("rdma_reject(3) RDMA_PS_UDP: UNREACHABLE with IB_SIDR_REJECT")
    void datagramReject() {
        EventChannel serverChannel = serverChannel();
        CmId listener = listener(serverChannel, PortSpace.UDP, 4);
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, PortSpace.UDP, listener.sourcePort());
        connectClient(client, null);
        track(expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout).id()).reject(null);
        assertEquals(CmStatus.SIDR_REJECT, expect(clientChannel, CmEventType.UNREACHABLE, timeout).status());
    }

    @Test
    @DisplayName("rdma_join_multicast(3), rdma_leave_multicast(3): MULTICAST_JOIN with QPN 0xFFFFFF, the Q_Key and"
            + " the join's context")
    void multicast() {
        EventChannel events = serverChannel();
        CmId id = track(serverCm.createId(events, PortSpace.UDP, null));
        id.bind(new InetSocketAddress(serverAddress(), 0));
        ownQpOn(id);
        InetAddress group = address("239.83.0.1");
        Object context = new Object();
        requireCapability(Capability.MULTICAST, "rdma_join_multicast", () -> {
            id.joinMulticast(group, context);
            return null;
        });
        id.joinMulticast(group, context);
        CmEvent joined = expect(events, CmEventType.MULTICAST_JOIN, timeout);
        assertSame(context, joined.multicastContext());
        UdParam ud = joined.udParam().orElseThrow();
        assertEquals(UdParam.MULTICAST_QPN, ud.qpNum());
        assertEquals(UDP_QKEY, ud.qkey());
        assertTrue(ud.ahAttr().isGlobal(), "a multicast address vector is global");
        id.leaveMulticast(group);
        assertThrows(VerbsException.class, () -> id.leaveMulticast(group), "leaving a group not joined");
    }

    // ---- addresses ----

    @Test
    @DisplayName("rdma_resolve_addr(3) of an address no device reaches: fails at once, or ADDR_ERROR with a negative"
            + " errno")
    void addressNobodyReaches() {
        EventChannel events = channel();
        CmId client = track(clientCm.createId(events, PortSpace.TCP, null));
        InetSocketAddress nowhere = new InetSocketAddress(unreachableAddress(), 7471);
        try {
            client.resolveAddress(null, nowhere, Duration.ofMillis(500));
        } catch (VerbsException refused) {
            assertEquals("rdma_resolve_addr", refused.operation());
            return;
        }
        CmEvent error = expect(events, CmEventType.ADDR_ERROR, timeout.plusMillis(500));
        assertTrue(error.status() < 0, "ADDR_ERROR carries a negative errno: " + error.status());
    }

    @Test
    @DisplayName("rdma_resolve_route(3), rdma_connect(3), rdma_establish(3), rdma_disconnect(3): each fails with "
            + "EINVAL out of order")
    void routeNeedsAddress() {
        CmId id = track(clientCm.createId(channel(), PortSpace.TCP, null));
        assertThrows(InvalidArgumentException.class, () -> id.resolveRoute(timeout));
        assertThrows(InvalidArgumentException.class, () -> id.connect(null));
        assertThrows(InvalidArgumentException.class, id::establish);
        assertThrows(InvalidArgumentException.class, id::disconnect);
    }

    @Test
    @DisplayName("rdma_getaddrinfo(3): the passive side's source and the active side's destination")
    void addressInfo() {
        String host = clientAddress().getHostAddress();
        AddressInfo passive = clientCm.getAddressInfo(host, "7471", AddressHints.passive()).get(0);
        assertTrue(passive.passive());
        assertEquals(new InetSocketAddress(clientAddress(), 7471), passive.source());
        AddressInfo active = clientCm.getAddressInfo(host, "7471",
                new AddressHints(java.util.Set.of(AddrInfoFlag.NUMERICHOST), PortSpace.TCP)).get(0);
        assertEquals(new InetSocketAddress(clientAddress(), 7471), active.destination());
        assertEquals(QpType.RC, active.qpType());
    }

    // ---- channels and lifetimes ----

    @Test
    @DisplayName("rdma_get_cm_event(3), rdma_ack_cm_event(3): empty waits give null, an interrupt gives EINTR, one"
            + " ack per event")
    void channelWaits() throws InterruptedException {
        EventChannel events = channel();
        assertNull(events.tryGetEvent());
        long start = System.nanoTime();
        assertNull(events.getEvent(Duration.ofMillis(100)));
        assertTrue(System.nanoTime() - start >= 90_000_000L, "the timed wait lasts its timeout");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                events.getEvent();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        waiter.start();
        Thread.sleep(100);
        waiter.interrupt();
        waiter.join(timeout.toMillis());
        assertTrue(failure.get() instanceof VerbsException e && e.errno() == Errno.EINTR.code(), "EINTR: " + failure);
        CmId id = track(clientCm.createId(events, PortSpace.TCP, null));
        id.resolveAddress(null, new InetSocketAddress(clientAddress(), 1), timeout);
        CmEvent resolved = expect(events, CmEventType.ADDR_RESOLVED, timeout);
        assertThrows(InvalidArgumentException.class, resolved::ack, "a second rdma_ack_cm_event");
    }

    @Test
    @DisplayName("rdma_destroy_event_channel(3) while another thread waits in rdma_get_cm_event: the waiter gets "
            + "ClosedObjectException naming rdma_get_cm_event")
    void closeWhileWaiting() throws InterruptedException {
        EventChannel events = clientCm.createEventChannel();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                events.getEvent(timeout.multipliedBy(2));
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        waiter.start();
        Thread.sleep(100);
        events.close();
        waiter.join(timeout.toMillis());
        assertTrue(failure.get() instanceof ClosedObjectException closed
                && closed.operation().equals("rdma_get_cm_event"), "the waiter's failure: " + failure.get());
    }

    @Test
    @DisplayName("rdma_destroy_event_channel(3), rdma_destroy_id(3): busy while used, closed once, no verb after close")
    void lifetimes() {
        EventChannel events = clientCm.createEventChannel();
        CmId id = clientCm.createId(events, PortSpace.TCP, "mine");
        assertEquals("mine", id.userContext());
        assertThrows(BusyException.class, events::close);
        id.bind(new InetSocketAddress(clientAddress(), 0));
        Endpoint endpoint = ownQpOn(id);
        assertThrows(BusyException.class, id::close, "rdma_destroy_id with its QP alive");
        id.destroyQueuePair();
        assertTrue(endpoint.qp.isClosed());
        id.close();
        ClosedObjectException closed = assertThrows(ClosedObjectException.class, () -> id.listen(1));
        assertEquals("rdma_listen", closed.operation());
        assertThrows(ClosedObjectException.class, id::close);
        events.close();
        assertThrows(ClosedObjectException.class, events::tryGetEvent);
    }

    // ---- fixtures ----

    /** A connected client and server, with their channels and the events that connected them. */
    private record Pair(EventChannel clientChannel, CmId client, EventChannel serverChannel, CmId server,
                        CmEvent request, CmEvent clientEstablished, Endpoint clientEnd, Endpoint serverEnd) {
    }

    /** A QP with its CQ and a registered buffer. */
    private record Endpoint(QueuePair qp, CompletionQueue cq, MemoryRegion mr) {
    }

    /**
     * rdma_connect; a provider that cannot resolve an RDMA_PS_UDP service (SIDR) at the server's address says so
     * with EOPNOTSUPP, and the test is then unsupported with its reason.
     */
    private static void connectClient(CmId client, ConnParam param) {
        try {
            client.connect(param);
        } catch (UnsupportedVerbException e) {
            if (client.portSpace() != PortSpace.UDP) {
                throw e;
            }
            throw new UnsupportedFeatureException("RDMA_PS_UDP service resolution (SIDR)", e.getMessage());
        }
    }

    private Pair connectedPair(PortSpace space) {
        EventChannel serverChannel = serverChannel();
        return connect(serverChannel, listener(serverChannel, space, 4));
    }

    private Pair connect(EventChannel serverChannel, CmId listener) {
        PortSpace space = listener.portSpace();
        EventChannel clientChannel = channel();
        CmId client = routedClient(clientChannel, space, listener.sourcePort());
        Endpoint clientEnd = ownQpOn(client);
        connectClient(client, ConnParam.defaults().withPrivateData(HELLO));
        CmEvent request = expect(serverChannel, CmEventType.CONNECT_REQUEST, timeout);
        CmId server = track(request.id());
        Endpoint serverEnd = ownQpOn(server);
        server.accept(ConnParam.defaults().withPrivateData(WORLD));
        CmEvent established = expect(clientChannel, CmEventType.ESTABLISHED, timeout);
        if (space == PortSpace.TCP) {
            assertTrue(startsWith(established.privateData(), WORLD), "the private data of rdma_accept");
            assertEquals(server.queuePair().orElseThrow().qpNum(), established.connParam().orElseThrow().qpNum());
            assertTrue(startsWith(request.privateData(), HELLO), "the private data of rdma_connect");
            expect(serverChannel, CmEventType.ESTABLISHED, timeout);
        }
        return new Pair(clientChannel, client, serverChannel, server, request, established, clientEnd, serverEnd);
    }

    /** Reads the events of {@code quiet} (a TIMEWAIT_EXIT may come) and fails on a second DISCONNECTED. */
    private static void assertNoDisconnected(EventChannel channel, Duration quiet) {
        long end = System.nanoTime() + quiet.toNanos();
        for (long left = quiet.toNanos(); left > 0; left = end - System.nanoTime()) {
            CmEvent event = channel.getEvent(Duration.ofNanos(left));
            if (event != null) {
                event.ack();
                assertNotEquals(CmEventType.DISCONNECTED, event.type(), "DISCONNECTED comes once");
            }
        }
    }

    /** @return a new event channel of the client's connection manager */
    private EventChannel channel() {
        return track(clientCm.createEventChannel());
    }

    /** @return a new event channel of the server's connection manager */
    private EventChannel serverChannel() {
        return track(serverCm.createEventChannel());
    }

    /** A server's identifier of {@code channel}, listening at the server's address on an ephemeral port. */
    private CmId listener(EventChannel channel, PortSpace space, int backlog) {
        CmId listener = track(serverCm.createId(channel, space, null));
        listener.bind(new InetSocketAddress(serverAddress(), 0));
        listener.listen(backlog);
        return listener;
    }

    /** A client's identifier of {@code channel}, resolved from the client's address to the server's {@code port}. */
    private CmId routedClient(EventChannel channel, PortSpace space, int port) {
        CmId client = track(clientCm.createId(channel, space, null));
        client.resolveAddress(new InetSocketAddress(clientAddress(), 0), new InetSocketAddress(serverAddress(), port),
                timeout);
        expect(channel, CmEventType.ADDR_RESOLVED, timeout);
        client.resolveRoute(timeout);
        expect(channel, CmEventType.ROUTE_RESOLVED, timeout);
        return client;
    }

    /** rdma_create_qp on the identifier, with a CQ and buffer on its context, all closed after the test. */
    private Endpoint ownQpOn(CmId id) {
        Parts parts = parts(id);
        QueuePair qp = track(id.createQueuePair(parts.init(id.qpType())));
        return new Endpoint(qp, parts.cq, parts.mr);
    }

    /** A QP of the caller's on the identifier's context, not attached to the identifier. */
    private Endpoint ownQp(CmId id) {
        Parts parts = parts(id);
        QueuePair qp = track(id.context().orElseThrow().createQueuePair(parts.init(id.qpType())));
        return new Endpoint(qp, parts.cq, parts.mr);
    }

    private record Parts(ProtectionDomain pd, CompletionQueue cq, MemoryRegion mr) {
        QpInitAttributes init(QpType type) {
            return QpInitAttributes.builder(type, pd, cq, new QpCapabilities(8, 8, 1, 1, 0))
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build();
        }
    }

    private Parts parts(CmId id) {
        Context context = id.context().orElseThrow();
        ProtectionDomain pd = track(context.allocateProtectionDomain());
        CompletionQueue cq = track(context.createCompletionQueue(CqInitAttributes.builder(16).build()));
        MemoryRegion mr = memoryRegion(pd, BUFFER + 40, EnumSet.of(AccessFlag.LOCAL_WRITE));
        return new Parts(pd, cq, mr);
    }

    private static void move(CmId id, QueuePair qp, QpState... states) {
        for (QpState state : states) {
            qp.modify(id.initQpAttributes(state));
            assertEquals(state, qp.state());
        }
    }

    private void sendBetween(Endpoint sender, Endpoint receiver) {
        sender.mr.segment().set(ValueLayout.JAVA_LONG, 0, 0x5eed_cafeL);
        WorkRequests.receive(receiver.qp, 2, receiver.mr, 0, BUFFER);
        WorkRequests.send(sender.qp, 1, sender.mr, 0, 8);
        assertEquals(WcStatus.SUCCESS, Completions.awaitOne(sender.cq, environment().completionTimeout(), "send")
                .status());
        Completion received = Completions.awaitOne(receiver.cq, environment().completionTimeout(), "receive");
        assertEquals(WcOpcode.RECV, received.opcode());
        assertEquals(0x5eed_cafeL, receiver.mr.segment().get(ValueLayout.JAVA_LONG, 0));
    }

    private void sendDatagram(Pair pair, UdParam ud) {
        QueuePair clientQp = pair.clientEnd.qp;
        QueuePair serverQp = pair.serverEnd.qp;
        Endpoint sender = pair.clientEnd;
        Endpoint receiver = pair.serverEnd;
        AddressHandle ah = track(clientQp.protectionDomain().createAddressHandle(ud.ahAttr()));
        sender.mr.segment().set(ValueLayout.JAVA_LONG, 0, 0xda7a_6a4dL);
        WorkRequests.receive(serverQp, 2, receiver.mr, 0, BUFFER + 40);
        SendOps ops = clientQp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value());
        ops.send().setUdAddr(ah, ud.qpNum(), ud.qkey());
        ops.setSge(sender.mr.lkey(), sender.mr.address(), 8);
        ops.complete();
        assertEquals(WcStatus.SUCCESS, Completions.awaitOne(clientQp.sendCq(), environment().completionTimeout(),
                "datagram sent").status());
        Completion received = Completions.awaitOne(serverQp.recvCq(), environment().completionTimeout(),
                "datagram received");
        assertEquals(WcStatus.SUCCESS, received.status());
        assertEquals(0xda7a_6a4dL, receiver.mr.segment().get(ValueLayout.JAVA_LONG, 40), "after the 40-byte GRH");
    }

    /** Sends 8 bytes from the end of the endpoint's buffer and waits for the send's completion. */
    private void sendDatagram(Endpoint sender, long wrId, AddressHandle ah, int qpn, int qkey, long value) {
        long offset = BUFFER + 40 - 8;
        sender.mr.segment().set(ValueLayout.JAVA_LONG, offset, value);
        SendOps ops = sender.qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags((int) SendFlag.SIGNALED.value());
        ops.send().setUdAddr(ah, qpn, qkey);
        ops.setSge(sender.mr.lkey(), sender.mr.address() + offset, 8);
        ops.complete();
        Completion sent = Completions.awaitOne(sender.cq, environment().completionTimeout(), "datagram " + wrId);
        assertEquals(WcStatus.SUCCESS, sent.status(), "datagram " + wrId);
    }

    /** @return the IPv4 address of the server: that of the responder's device */
    private InetAddress serverAddress() {
        return address(Side.RESPONDER);
    }

    /** @return the IPv4 address of the client: that of the device under test */
    private InetAddress clientAddress() {
        return address(Side.REQUESTER);
    }

    private InetAddress address(Side side) {
        return DeviceIpv4.of(context(side), environment().portNum()).orElseGet(() -> Assumptions.abort("the "
                + context(side).device().name() + " device has no IPv4-mapped GID, so no IPv4 address to connect"
                + " to"));
    }

    private static InetAddress address(String numeric) {
        try {
            return InetAddress.getByName(numeric);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static InetAddress unreachableAddress() {
        String configured = System.getProperty("verbs4j.tck.cm-unreachable-address",
                System.getenv().getOrDefault("VERBS4J_TCK_CM_UNREACHABLE_ADDRESS", "169.254.83.83"));
        return address(configured);
    }
}
