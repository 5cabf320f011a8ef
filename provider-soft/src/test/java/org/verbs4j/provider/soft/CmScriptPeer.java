package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.verbs4j.Verbs;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * An rdma_cm peer JVM driven line by line on stdin (soft0 on the network), for {@link NetworkCmEdgeTest}; every
 * command answers one line on stdout. Arguments: the response timeout in ms and the max CM retries its REQs carry.
 *
 * <ul>
 *   <li>{@code connect IP PORT}: resolves and connects an identifier without QP (the current one); "connecting".
 *       {@code connect-udp IP PORT}: the same in RDMA_PS_UDP (a SIDR_REQ).</li>
 *   <li>{@code listen PORT BACKLOG}: listens on the bound address; "listening".</li>
 *   <li>{@code next MS}: the next event within MS ms, acknowledged: "event TYPE STATUS ELAPSED_MS" (ms since the
 *       last connect), or "none"; a CONNECT_REQUEST's identifier becomes the current one.</li>
 *   <li>{@code accept}: accepts the current identifier's request; "accepted".</li>
 *   <li>{@code destroy}: destroys the current identifier; "destroyed".</li>
 * </ul>
 */
final class CmScriptPeer {

    private static final Duration RESOLVE = Duration.ofSeconds(10);

    private final ConnectionManager cm = Verbs.connectionManager();
    private final EventChannel events = cm.createEventChannel();
    private final InetAddress local;
    private CmId current;
    private long connectedAt;

    private CmScriptPeer(InetAddress local) {
        this.local = local;
    }

    public static void main(String[] args) throws Exception {
        System.setProperty(SoftConnectionManager.RESPONSE_TIMEOUT_PROPERTY, args[0]);
        System.setProperty(CmWireTimeouts.MAX_RETRIES_PROPERTY, args[1]);
        CmScriptPeer peer = new CmScriptPeer(InetAddress.getByName(System.getProperty("verbs4j.soft.addresses")));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, US_ASCII));
        for (String line = in.readLine(); line != null && !line.equals("end"); line = in.readLine()) {
            System.out.println(peer.run(line.split(" ")));
            System.out.flush();
        }
        System.exit(0);
    }

    private String run(String[] command) throws Exception {
        return switch (command[0]) {
            case "connect" -> connect(PortSpace.TCP, new InetSocketAddress(InetAddress.getByName(command[1]),
                    Integer.parseInt(command[2])));
            case "connect-udp" -> connect(PortSpace.UDP, new InetSocketAddress(InetAddress.getByName(command[1]),
                    Integer.parseInt(command[2])));
            case "listen" -> listen(Integer.parseInt(command[1]), Integer.parseInt(command[2]));
            case "next" -> next(Duration.ofMillis(Long.parseLong(command[1])));
            case "accept" -> {
                current.accept(ConnParam.defaults());
                yield "accepted";
            }
            case "destroy" -> {
                current.close();
                yield "destroyed";
            }
            default -> "unknown command " + command[0];
        };
    }

    private String connect(PortSpace space, InetSocketAddress server) {
        current = cm.createId(events, space, null);
        current.resolveAddress(null, server, RESOLVE);
        require(events, CmEventType.ADDR_RESOLVED);
        current.resolveRoute(RESOLVE);
        require(events, CmEventType.ROUTE_RESOLVED);
        connectedAt = System.nanoTime();
        current.connect(ConnParam.defaults());
        return "connecting";
    }

    private String listen(int port, int backlog) {
        CmId listener = cm.createId(events, PortSpace.TCP, null);
        listener.bind(new InetSocketAddress(local, port));
        listener.listen(backlog);
        return "listening";
    }

    private String next(Duration wait) {
        CmEvent event = events.getEvent(wait);
        if (event == null) {
            return "none";
        }
        long elapsed = Duration.ofNanos(System.nanoTime() - connectedAt).toMillis();
        event.ack();
        if (event.type() == CmEventType.CONNECT_REQUEST) {
            current = event.id();
        }
        return "event " + event.type() + " " + event.status() + " " + elapsed;
    }

    private static void require(EventChannel events, CmEventType type) {
        CmEvent event = events.getEvent(RESOLVE);
        if (event == null || event.type() != type) {
            throw new AssertionError("expected " + type + ", got " + event);
        }
        event.ack();
    }
}
