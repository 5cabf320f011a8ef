package org.verbs4j.provider.generic.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.BusyException;
import org.verbs4j.Context;
import org.verbs4j.CompletionQueue;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.Gid;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * What the generic binding of librdmacm adds to the TCK's connection-management area, on the real device: the
 * context librdmacm opened cannot be closed by the user, {@code rdma_destroy_id} is refused instead of blocking
 * while an event is not acknowledged, a PD of another context is refused, and an event is acknowledged once.
 */
class CmDeviceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private ConnectionManager cm;
    private EventChannel channel;
    private CmId listener;
    private CmId client;
    private InetAddress address;

    @BeforeEach
    void listen() throws Exception {
        Device device = RealDevice.require();
        cm = device.connectionManager();
        try (Context context = device.open()) {
            Gid gid = context.queryGid(1, RealDevice.gidIndex(context.queryGidTable(1)));
            address = InetAddress.getByAddress(java.util.Arrays.copyOfRange(gid.toBytes(), 12, 16));
        }
        channel = cm.createEventChannel();
        listener = cm.createId(channel, PortSpace.TCP, null);
        listener.bind(new InetSocketAddress(address, 0));
        listener.listen(4);
    }

    @AfterEach
    void close() {
        if (channel == null) {
            return;
        }
        for (CmEvent event = channel.tryGetEvent(); event != null; event = channel.tryGetEvent()) {
            event.ack();
        }
        if (client != null && !client.isClosed()) {
            client.close();
        }
        listener.close();
        channel.close();
    }

    @Test
    void theContextOfAnIdentifierBelongsToLibrdmacm() {
        Context context = listener.context().orElseThrow();
        assertThatThrownBy(context::close).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("ibv_close_device").hasMessageContaining("librdmacm");
        assertThat(context.isClosed()).isFalse();
        try (ProtectionDomain pd = context.allocateProtectionDomain()) {
            assertThat(pd.context()).isSameAs(context);
        }
        assertThat(cm.devices()).contains(context);
    }

    @Test
    void destroyIsRefusedWhileAnEventIsUnacknowledged() {
        client = resolvedClient();
        client.connect(ConnParam.defaults());
        CmEvent request = next(CmEventType.CONNECT_REQUEST);
        assertThatThrownBy(listener::close).isInstanceOf(BusyException.class)
                .hasMessageContaining("rdma_destroy_id").hasMessageContaining("not acknowledged");
        assertThat(listener.isClosed()).isFalse();
        request.ack();
        assertThatThrownBy(request::ack).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("rdma_ack_cm_event");
        request.id().reject(null);
        request.id().close();
    }

    @Test
    void aProtectionDomainOfAnotherContextIsRefused() {
        client = resolvedClient();
        try (Context other = RealDevice.require().open(); ProtectionDomain pd = other.allocateProtectionDomain();
             CompletionQueue cq = other.createCompletionQueue(CqInitAttributes.builder(4).build())) {
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(1, 1, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build();
            assertThatThrownBy(() -> client.createQueuePair(attributes)).isInstanceOf(InvalidArgumentException.class)
                    .hasMessageContaining("rdma_create_qp");
            assertThat(client.queuePair()).isEmpty();
        }
    }

    private CmId resolvedClient() {
        CmId id = cm.createId(channel, PortSpace.TCP, null);
        id.resolveAddress(null, new InetSocketAddress(address, listener.sourcePort()), TIMEOUT);
        next(CmEventType.ADDR_RESOLVED).ack();
        id.resolveRoute(TIMEOUT);
        next(CmEventType.ROUTE_RESOLVED).ack();
        return id;
    }

    private CmEvent next(CmEventType type) {
        CmEvent event = channel.getEvent(TIMEOUT);
        assertThat(event).as("a %s event", type).isNotNull();
        assertThat(event.type()).isEqualTo(type);
        return event;
    }
}
