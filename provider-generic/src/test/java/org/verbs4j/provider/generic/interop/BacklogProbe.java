package org.verbs4j.provider.generic.interop;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.generic.GenericProvider;

/**
 * What the kernel's CM does with a request a full backlog dropped: a listener with backlog 1, two clients
 * connecting at once; prints when each CONNECT_REQUEST and each client event arrives, for {@code BacklogProbe ADDRESS
 * SECONDS}. A diagnostic, not a test.
 */
public final class BacklogProbe {

    private BacklogProbe() {
    }

    /** @param args ADDRESS SECONDS */
    public static void main(String[] args) throws Exception {
        ConnectionManager cm = new GenericProvider().connectionManager();
        InetAddress address = InetAddress.getByName(args[0]);
        long seconds = Long.parseLong(args[1]);
        long start = System.nanoTime();
        EventChannel server = cm.createEventChannel();
        CmId listener = cm.createId(server, PortSpace.TCP, null);
        listener.bind(new InetSocketAddress(address, 0));
        listener.listen(1);
        EventChannel clients = cm.createEventChannel();
        CmId[] ids = {client(cm, clients, address, listener), client(cm, clients, address, listener)};
        ids[0].connect(ConnParam.defaults());
        ids[1].connect(ConnParam.defaults());
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        while (System.nanoTime() < end) {
            CmEvent request = server.getEvent(Duration.ofMillis(200));
            if (request != null) {
                System.out.printf("%6.1f s server: %s%n", (System.nanoTime() - start) / 1e9, request.type());
                request.ack();
            }
            CmEvent event = clients.tryGetEvent();
            if (event != null) {
                System.out.printf("%6.1f s client %s: %s status %d%n", (System.nanoTime() - start) / 1e9,
                        event.id() == ids[0] ? "1" : "2", event.type(), event.status());
                event.ack();
            }
        }
        System.out.println("done");
        System.exit(0);
    }

    private static CmId client(ConnectionManager cm, EventChannel channel, InetAddress address, CmId listener) {
        CmId id = cm.createId(channel, PortSpace.TCP, null);
        id.resolveAddress(null, new InetSocketAddress(address, listener.sourcePort()), Duration.ofSeconds(10));
        expect(channel, CmEventType.ADDR_RESOLVED);
        id.resolveRoute(Duration.ofSeconds(10));
        expect(channel, CmEventType.ROUTE_RESOLVED);
        return id;
    }

    private static void expect(EventChannel channel, CmEventType type) {
        CmEvent event = channel.getEvent(Duration.ofSeconds(30));
        if (event == null || event.type() != type) {
            throw new IllegalStateException("expected " + type + ", got " + event);
        }
        event.ack();
    }
}
