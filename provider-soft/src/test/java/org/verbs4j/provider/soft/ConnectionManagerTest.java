package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.BusyException;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Errno;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.CmStatus;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.UdParam;

/**
 * The soft connection manager's own behaviour, beyond what the TCK checks on every provider: the soft
 * addresses (both devices, IPv6, loopback), the timeouts, what destroying an identifier tells the other side,
 * and multicast traffic.
 */
class ConnectionManagerTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final InetAddress SOFT0 = address("10.83.0.1");
    private static final InetAddress SOFT1 = address("10.83.0.2");

    private final ConnectionManager cm = new SoftProvider().connectionManager();
    private final Arena arena = Arena.ofShared();
    /** Closed in reverse order after each test. */
    private final ArrayDeque<AutoCloseable> created = new ArrayDeque<>();

    @AfterEach
    void closeEverything() throws Exception {
        while (!created.isEmpty()) {
            AutoCloseable next = created.pop();
            if (!(next instanceof org.verbs4j.VerbsObject object && object.isClosed())) {
                next.close();
            }
        }
        arena.close();
    }

    @Test
    void theProviderAndItsDevicesGiveTheSameConnectionManager() {
        assertThat(new SoftProvider().devices().get(0).connectionManager()).isSameAs(cm);
        assertThat(cm.providerId()).isEqualTo("soft");
        assertThat(cm.devices()).extracting(context -> context.device().name()).containsExactly("soft0", "soft1");
    }

    @Test
    void aClientOnSoft1ConnectsToAServerOnSoft0AndSends() {
        EventChannel serverEvents = channel();
        CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
        EventChannel clientEvents = channel();
        CmId client = id(clientEvents, PortSpace.TCP);
        client.resolveAddress(new InetSocketAddress(SOFT1, 0), new InetSocketAddress(SOFT0, listener.sourcePort()),
                WAIT);
        assertThat(next(clientEvents, CmEventType.ADDR_RESOLVED).status()).isZero();
        assertThat(client.context().orElseThrow().device().name()).isEqualTo("soft1");
        Endpoint clientEnd = routeAndQp(client, clientEvents);
        client.connect(ConnParam.defaults());
        CmId server = accepted(serverEvents, WAIT);
        assertThat(server.context().orElseThrow().device().name()).isEqualTo("soft0");
        assertThat(server.peerAddress().getAddress()).isEqualTo(SOFT1);
        next(clientEvents, CmEventType.ESTABLISHED);
        next(serverEvents, CmEventType.ESTABLISHED);
        sends(clientEnd, endpoint(server));
    }

    @Test
    void theLinkLocalIpv6AddressAndLoopbackResolveToSoft0() {
        InetAddress ipv6 = CmAddresses.ipv6(SoftFabric.instance().devices().get(0));
        assertThat(ipv6.getHostAddress()).startsWith("fe80:");
        for (InetAddress destination : new InetAddress[] {ipv6, InetAddress.getLoopbackAddress()}) {
            EventChannel events = channel();
            CmId id = id(events, PortSpace.TCP);
            id.resolveAddress(null, new InetSocketAddress(destination, 1), WAIT);
            next(events, CmEventType.ADDR_RESOLVED);
            assertThat(id.context().orElseThrow().device().name()).isEqualTo("soft0");
        }
    }

    @Test
    void anAddressOfTheSoftNetworkThatNoDeviceHasTimesOutWithAddrError() {
        EventChannel events = channel();
        CmId id = id(events, PortSpace.TCP);
        long start = System.nanoTime();
        id.resolveAddress(null, new InetSocketAddress(address("10.83.0.200"), 1), Duration.ofMillis(200));
        assertThat(events.getEvent(Duration.ofMillis(100))).as("not before the timeout").isNull();
        CmEvent error = next(events, CmEventType.ADDR_ERROR);
        assertThat(error.status()).isEqualTo(-Errno.ETIMEDOUT.code());
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
        assertThat(id.context()).isEmpty();
    }

    @Test
    void anAddressOutsideTheSoftNetworksHasNoRoute() {
        CmId id = id(channel(), PortSpace.TCP);
        assertThatThrownBy(() -> id.resolveAddress(null, new InetSocketAddress(address("192.0.2.1"), 1), WAIT))
                .isInstanceOfSatisfying(VerbsException.class, e -> {
                    assertThat(e.operation()).isEqualTo("rdma_resolve_addr");
                    assertThat(e.errno()).isEqualTo(Errno.ENETUNREACH.code());
                });
    }

    @Test
    void bindingAnAddressNoDeviceHasFailsWithEaddrnotavail() {
        CmId id = id(channel(), PortSpace.TCP);
        assertThatThrownBy(() -> id.bind(new InetSocketAddress(address("10.83.0.9"), 0)))
                .isInstanceOfSatisfying(VerbsException.class,
                        e -> assertThat(e.errno()).isEqualTo(Errno.EADDRNOTAVAIL.code()));
    }

    @Test
    void aRequestHeldByAFullBacklogBecomesUnreachableAfterTheResponseTimeout() {
        String previous = System.setProperty(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, "200");
        try {
            EventChannel serverEvents = channel();
            CmId listener = id(serverEvents, PortSpace.TCP);
            listener.bind(new InetSocketAddress(SOFT0, 0));
            listener.listen(1);
            EventChannel first = channel();
            routed(first, listener.sourcePort()).connect(null);
            EventChannel second = channel();
            routed(second, listener.sourcePort()).connect(null);
            CmEvent unreachable = next(second, CmEventType.UNREACHABLE);
            assertThat(unreachable.status()).isEqualTo(CmStatus.TIMED_OUT);
            assertThat(first.tryGetEvent()).as("the first request waits in the server's channel").isNull();
            created.push(next(serverEvents, CmEventType.CONNECT_REQUEST).id());
        } finally {
            restore(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, previous);
        }
    }

    @Test
    void aServerWhoseClientNeverEstablishesGetsUnreachableAfterTheResponseTimeout() {
        String previous = System.setProperty(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, "200");
        try {
            EventChannel serverEvents = channel();
            CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
            EventChannel clientEvents = channel();
            CmId client = routed(clientEvents, listener.sourcePort());
            client.connect(null);
            CmId server = track(next(serverEvents, CmEventType.CONNECT_REQUEST).id());
            server.accept(null);
            next(clientEvents, CmEventType.CONNECT_RESPONSE);
            assertThat(next(serverEvents, CmEventType.UNREACHABLE).status()).isEqualTo(CmStatus.TIMED_OUT);
            assertThatThrownBy(client::establish).isInstanceOf(org.verbs4j.InvalidArgumentException.class)
                    .hasMessageContaining("rdma_establish");
        } finally {
            restore(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, previous);
        }
    }

    @Test
    void anIdentifierNeedsAChannel() {
        assertThatThrownBy(() -> cm.createId(null, PortSpace.TCP, null))
                .isInstanceOf(org.verbs4j.InvalidArgumentException.class).hasMessageContaining("rdma_create_id");
    }

    @Test
    void aClientDestroyedBeforeTheAnswerRejectsTheServersIdentifierWithTimeout() {
        EventChannel serverEvents = channel();
        CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
        CmId client = routed(channel(), listener.sourcePort());
        client.connect(null);
        CmId server = track(next(serverEvents, CmEventType.CONNECT_REQUEST).id());
        client.close();
        assertThat(next(serverEvents, CmEventType.REJECTED).status()).isEqualTo(CmStatus.REJECT_TIMEOUT);
        assertThatThrownBy(() -> server.accept(null)).isInstanceOf(org.verbs4j.InvalidArgumentException.class);
    }

    @Test
    void aServerDestroyedAfterAcceptingRejectsAClientThatHasNotEstablished() {
        EventChannel serverEvents = channel();
        CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
        EventChannel clientEvents = channel();
        CmId client = routed(clientEvents, listener.sourcePort());
        client.connect(null);
        CmId server = next(serverEvents, CmEventType.CONNECT_REQUEST).id();
        server.accept(null);
        next(clientEvents, CmEventType.CONNECT_RESPONSE);
        server.close();
        assertThat(next(clientEvents, CmEventType.REJECTED).status()).isEqualTo(CmStatus.REJECT_CONSUMER_DEFINED);
        assertThatThrownBy(client::establish).isInstanceOf(org.verbs4j.InvalidArgumentException.class);
    }

    @Test
    void destroyingAConnectedIdentifierDisconnectsTheOtherSide() {
        EventChannel serverEvents = channel();
        CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
        EventChannel clientEvents = channel();
        CmId client = routed(clientEvents, listener.sourcePort());
        Endpoint clientEnd = qp(client);
        client.connect(null);
        CmId server = accepted(serverEvents, WAIT);
        next(clientEvents, CmEventType.ESTABLISHED);
        next(serverEvents, CmEventType.ESTABLISHED);
        server.destroyQueuePair();
        server.close();
        next(clientEvents, CmEventType.DISCONNECTED);
        assertThat(clientEnd.qp.state()).as("the DREQ leaves the QP to rdma_disconnect").isEqualTo(QpState.RTS);
        client.disconnect();
        assertThat(clientEnd.qp.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void aDisconnectionRequestNobodyAnswersEndsAfterTheResponseTimeout() {
        String previous = System.setProperty(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, "200");
        try {
            EventChannel serverEvents = channel();
            CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
            EventChannel clientEvents = channel();
            CmId client = routed(clientEvents, listener.sourcePort());
            qp(client);
            client.connect(null);
            accepted(serverEvents, WAIT);
            next(clientEvents, CmEventType.ESTABLISHED);
            next(serverEvents, CmEventType.ESTABLISHED);
            client.disconnect();
            next(serverEvents, CmEventType.DISCONNECTED);
            assertThat(next(clientEvents, CmEventType.DISCONNECTED).status()).isEqualTo(CmStatus.TIMED_OUT);
        } finally {
            restore(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, previous);
        }
    }

    @Test
    void destroyingAListenerRejectsTheRequestsNobodyRead() {
        EventChannel serverEvents = channel();
        CmId listener = listener(serverEvents, PortSpace.TCP, SOFT0);
        EventChannel clientEvents = channel();
        routed(clientEvents, listener.sourcePort()).connect(null);
        listener.close();
        assertThat(serverEvents.tryGetEvent()).as("the unread request went with the listener").isNull();
        assertThat(next(clientEvents, CmEventType.REJECTED).status()).isEqualTo(CmStatus.REJECT_CONSUMER_DEFINED);
        serverEvents.close();
    }

    @Test
    void anUnacknowledgedEventKeepsTheIdentifierUntilTheDestroyTimeout() {
        String previous = System.setProperty(EventAccount.DESTROY_TIMEOUT_PROPERTY, "100");
        try {
            EventChannel events = channel();
            CmId id = cm.createId(events, PortSpace.TCP, null);
            id.resolveAddress(null, new InetSocketAddress(SOFT0, 1), WAIT);
            CmEvent unacknowledged = events.getEvent(WAIT);
            assertThatThrownBy(id::close).isInstanceOf(BusyException.class).hasMessageContaining("rdma_destroy_id");
            unacknowledged.ack();
            id.close();
            assertThat(id.isClosed()).isTrue();
        } finally {
            restore(EventAccount.DESTROY_TIMEOUT_PROPERTY, previous);
        }
    }

    @Test
    void otherPortSpacesAreUnsupported() {
        EventChannel events = channel();
        assertThatThrownBy(() -> cm.createId(events, PortSpace.IB, null)).isInstanceOf(UnsupportedVerbException.class)
                .hasMessageContaining("rdma_create_id").hasMessageContaining("RDMA_PS_IB");
    }

    @Test
    void theQpOfAnIdentifierInAGroupIsDetachedWhenItIsDestroyed() {
        EventChannel events = channel();
        CmId id = id(events, PortSpace.UDP);
        id.bind(new InetSocketAddress(SOFT0, 0));
        Endpoint endpoint = qp(id);
        id.joinMulticast(address("239.83.0.9"), null);
        next(events, CmEventType.MULTICAST_JOIN);
        assertThatThrownBy(endpoint.qp::close).as("ibv_destroy_qp of an attached QP").isInstanceOf(BusyException.class);
        id.destroyQueuePair();
        assertThat(endpoint.qp.isClosed()).isTrue();
        id.leaveMulticast(address("239.83.0.9"));
    }

    @Test
    void aDatagramSentToTheJoinedGroupReachesTheOtherMember() {
        EventChannel events = channel();
        CmId sender = id(events, PortSpace.UDP);
        sender.bind(new InetSocketAddress(SOFT0, 0));
        Endpoint from = qp(sender);
        CmId member = id(events, PortSpace.UDP);
        member.bind(new InetSocketAddress(SOFT1, 0));
        Endpoint to = qp(member);
        InetAddress group = address("239.83.0.7");
        sender.joinMulticast(group, "sender");
        UdParam ud = next(events, CmEventType.MULTICAST_JOIN).udParam().orElseThrow();
        member.joinMulticast(group, "member");
        assertThat(next(events, CmEventType.MULTICAST_JOIN).multicastContext()).isEqualTo("member");
        Rig.postRecv(to.qp, 9, to.mr, 0, 128);
        AddressHandle ah = track(from.pd.createAddressHandle(ud.ahAttr()));
        from.mr.segment().set(ValueLayout.JAVA_LONG, 0, 0x6d63_6173_74L);
        SendOps ops = from.qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value());
        ops.send().setUdAddr(ah, ud.qpNum(), ud.qkey());
        ops.setSge(from.mr.lkey(), from.mr.address(), 8);
        ops.complete();
        assertThat(Rig.poll(from.cq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(to.cq).wrId()).isEqualTo(9);
        assertThat(to.mr.segment().get(ValueLayout.JAVA_LONG, 40)).isEqualTo(0x6d63_6173_74L);
        member.leaveMulticast(group);
        sender.leaveMulticast(group);
    }

    // ---- fixtures ----

    private record Endpoint(ProtectionDomain pd, CompletionQueue cq, MemoryRegion mr, QueuePair qp) {
    }

    private EventChannel channel() {
        return track(cm.createEventChannel());
    }

    private CmId id(EventChannel events, PortSpace space) {
        return track(cm.createId(events, space, null));
    }

    private CmId listener(EventChannel events, PortSpace space, InetAddress address) {
        CmId listener = id(events, space);
        listener.bind(new InetSocketAddress(address, 0));
        listener.listen(4);
        return listener;
    }

    private CmId routed(EventChannel events, int port) {
        CmId client = id(events, PortSpace.TCP);
        client.resolveAddress(null, new InetSocketAddress(SOFT0, port), WAIT);
        next(events, CmEventType.ADDR_RESOLVED);
        client.resolveRoute(WAIT);
        next(events, CmEventType.ROUTE_RESOLVED);
        return client;
    }

    private Endpoint routeAndQp(CmId client, EventChannel events) {
        client.resolveRoute(WAIT);
        next(events, CmEventType.ROUTE_RESOLVED);
        return qp(client);
    }

    private CmId accepted(EventChannel serverEvents, Duration wait) {
        CmEvent request = serverEvents.getEvent(wait);
        assertThat(request).isNotNull().extracting(CmEvent::type).isEqualTo(CmEventType.CONNECT_REQUEST);
        request.ack();
        CmId server = track(request.id());
        qp(server);
        server.accept(null);
        return server;
    }

    private Endpoint qp(CmId id) {
        Context context = id.context().orElseThrow();
        ProtectionDomain pd = track(context.allocateProtectionDomain());
        CompletionQueue cq = track(context.createCompletionQueue(CqInitAttributes.builder(16).build()));
        MemoryRegion mr = track(pd.registerMemory(arena.allocate(256, 64), EnumSet.of(AccessFlag.LOCAL_WRITE)));
        QueuePair qp = track(id.createQueuePair(QpInitAttributes.builder(id.qpType(), pd, cq,
                new QpCapabilities(8, 8, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build()));
        return new Endpoint(pd, cq, mr, qp);
    }

    /** The endpoint of the QP already on {@code id}, with a new region on its protection domain. */
    private Endpoint endpoint(CmId id) {
        QueuePair qp = id.queuePair().orElseThrow();
        ProtectionDomain pd = id.protectionDomain().orElseThrow();
        MemoryRegion mr = track(pd.registerMemory(arena.allocate(256, 64), EnumSet.of(AccessFlag.LOCAL_WRITE)));
        return new Endpoint(pd, qp.recvCq(), mr, qp);
    }

    private static void sends(Endpoint from, Endpoint to) {
        Rig.fill(from.mr.segment().asSlice(0, 64), 3);
        Rig.postRecv(to.qp, 2, to.mr, 0, 64);
        SendOps ops = from.qp.sendOps();
        ops.start();
        ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value());
        ops.send();
        ops.setSge(from.mr.lkey(), from.mr.address(), 64);
        ops.complete();
        assertThat(Rig.poll(from.cq).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(Rig.poll(to.cq).wrId()).isEqualTo(2);
        assertThat(to.mr.segment().asSlice(0, 64).toArray(ValueLayout.JAVA_BYTE))
                .isEqualTo(from.mr.segment().asSlice(0, 64).toArray(ValueLayout.JAVA_BYTE));
    }

    private static CmEvent next(EventChannel events, CmEventType type) {
        CmEvent event = events.getEvent(WAIT);
        assertThat(event).as("a " + type + " event").isNotNull();
        event.ack();
        assertThat(event.type()).as("status " + event.status()).isEqualTo(type);
        return event;
    }

    private <T extends AutoCloseable> T track(T resource) {
        created.push(resource);
        return resource;
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    private static InetAddress address(String numeric) {
        try {
            return InetAddress.getByName(numeric);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
