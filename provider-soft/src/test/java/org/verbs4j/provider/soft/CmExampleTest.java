package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.verbs4j.provider.soft.CmExample.next;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.Verbs;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/** The client and server of the README's connection-management section, run against each other. */
class CmExampleTest {

    @Test
    void theClientSendsAMessageTheServerReceives() throws Exception {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel(); CmId listener = cm.createId(events, PortSpace.TCP, null)) {
            listener.bind(new InetSocketAddress("10.83.0.1", 7471));
            listener.listen(8);
            CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> serve(events));
            assertThat(client("10.83.0.1", 7471)).isEqualTo("welcome");
            assertThat(received.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
        }
    }

    /** The server: accepts one connection on a listening identifier, receives one message, disconnects. */
    static String serve(EventChannel events) {
        CmId connection = next(events, CmEventType.CONNECT_REQUEST).id();
        try (CmExample endpoint = new CmExample(connection)) {
            ReceiveRequest receive = new ReceiveRequest(1).wrId(1);
            receive.sgList().add(endpoint.mr, 0, 64);
            endpoint.qp.postReceive(receive);
            connection.accept(ConnParam.defaults().withPrivateData("welcome".getBytes(US_ASCII)));
            next(events, CmEventType.ESTABLISHED);
            if (endpoint.awaitCompletion() != WcStatus.SUCCESS) {
                throw new IllegalStateException("the receive failed");
            }
            next(events, CmEventType.DISCONNECTED);
            connection.disconnect();
            connection.destroyQueuePair();
            return endpoint.buffer.getString(0);
        } finally {
            connection.close();
        }
    }

    /** The client: connects to host:port, sends "hello", disconnects; returns the server's private data. */
    static String client(String host, int port) {
        ConnectionManager cm = Verbs.connectionManager();
        try (EventChannel events = cm.createEventChannel(); CmId id = cm.createId(events, PortSpace.TCP, null)) {
            id.resolveAddress(null, new InetSocketAddress(host, port), Duration.ofSeconds(2));
            next(events, CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Duration.ofSeconds(2));
            next(events, CmEventType.ROUTE_RESOLVED);
            try (CmExample endpoint = new CmExample(id)) {
                id.connect(ConnParam.defaults());
                byte[] welcome = next(events, CmEventType.ESTABLISHED).privateData();
                endpoint.buffer.setString(0, "hello");
                SendOps ops = endpoint.qp.sendOps();
                ops.start();
                ops.wrId(1).wrFlags((int) SendFlag.SIGNALED.value());
                ops.send();
                ops.setSge(endpoint.mr.lkey(), endpoint.mr.address(), 6);
                ops.complete();
                if (endpoint.awaitCompletion() != WcStatus.SUCCESS) {
                    throw new IllegalStateException("the send failed");
                }
                id.disconnect();
                next(events, CmEventType.DISCONNECTED);
                id.destroyQueuePair();
                return new String(welcome, 0, 7, US_ASCII);
            }
        }
    }
}
