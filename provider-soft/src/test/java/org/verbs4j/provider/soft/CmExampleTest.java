package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * The client and server of the README's connection-management section, run against each other: their bodies
 * are the README's code (the server returns what it would print).
 */
class CmExampleTest {

    @Test
    void theClientSendsHelloAndTheServerReceivesIt() throws Exception {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel(); CmId listener = cm.createId(events, PortSpace.TCP, null)) {
            listener.bind(new InetSocketAddress("10.83.0.1", 7471));
            listener.listen(8);
            CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> serve(events));
            assertThat(client()).isEqualTo("welcome");
            assertThat(received.get(10, TimeUnit.SECONDS)).isEqualTo("SUCCESS: hello");
        }
    }

    private static String serve(EventChannel events) {
        CmEvent request = events.getEvent(Duration.ofSeconds(30));      // CONNECT_REQUEST
        request.ack();
        CmId connection = request.id();                                   // a new identifier, bound to the device
        Context context = connection.context().orElseThrow();             // owned by the connection manager
        try (Arena arena = Arena.ofShared();
             ProtectionDomain pd = context.allocateProtectionDomain();
             CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
             MemoryRegion mr = pd.registerMemory(arena.allocate(64), EnumSet.of(AccessFlag.LOCAL_WRITE))) {
            QueuePair qp = connection.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                    new QpCapabilities(16, 16, 1, 1, 0)).build());        // rdma_create_qp: in INIT
            ReceiveRequest receive = new ReceiveRequest(1).wrId(1);
            receive.sgList().add(mr, 0, 64);
            qp.postReceive(receive);
            connection.accept(ConnParam.defaults().withPrivateData("welcome".getBytes(US_ASCII)));
            events.getEvent(Duration.ofSeconds(5)).ack();                 // ESTABLISHED
            while (!cq.startPoll()) {
                Thread.onSpinWait();
            }
            String received = cq.status() + ": " + mr.segment().getString(0);
            cq.endPoll();
            events.getEvent(Duration.ofSeconds(5)).ack();                 // DISCONNECTED: the client disconnected
            connection.disconnect();
            connection.destroyQueuePair();
            return received;
        } finally {
            connection.close();
        }
    }

    private static String client() {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel();
             CmId id = cm.createId(events, PortSpace.TCP, null);
             Arena arena = Arena.ofShared()) {
            id.resolveAddress(null, new InetSocketAddress("10.83.0.1", 7471), Duration.ofSeconds(2));
            events.getEvent(Duration.ofSeconds(5)).ack();                 // ADDR_RESOLVED
            id.resolveRoute(Duration.ofSeconds(2));
            events.getEvent(Duration.ofSeconds(5)).ack();                 // ROUTE_RESOLVED
            Context context = id.context().orElseThrow();
            try (ProtectionDomain pd = context.allocateProtectionDomain();
                 CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(16).build());
                 MemoryRegion mr = pd.registerMemory(arena.allocate(64), EnumSet.of(AccessFlag.LOCAL_WRITE))) {
                QueuePair qp = id.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, cq,
                        new QpCapabilities(16, 16, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
                id.connect(ConnParam.defaults());
                CmEvent established = events.getEvent(Duration.ofSeconds(5));
                established.ack();
                if (established.type() != CmEventType.ESTABLISHED) {     // REJECTED, UNREACHABLE, ...
                    throw new IllegalStateException(established + ": " + established.status());
                }
                mr.segment().setString(0, "hello");
                SendOps ops = qp.sendOps();
                ops.start();
                ops.wrId(1).wrFlags(SendFlag.SIGNALED);
                ops.send();
                ops.setSge(mr.lkey(), mr.address(), 6);
                ops.complete();
                while (!cq.startPoll()) {
                    Thread.onSpinWait();
                }
                cq.endPoll();
                id.disconnect();
                events.getEvent(Duration.ofSeconds(5)).ack();             // DISCONNECTED
                id.destroyQueuePair();
                return new String(established.privateData(), 0, 7, US_ASCII);
            }
        }
    }
}
