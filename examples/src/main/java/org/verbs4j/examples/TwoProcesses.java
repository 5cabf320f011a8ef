package org.verbs4j.examples;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.verbs4j.AccessFlag.LOCAL_WRITE;
import static org.verbs4j.AccessFlag.REMOTE_WRITE;

import java.lang.foreign.Arena;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsScope;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;

/**
 * A server and a client connected by the connection manager, as {@code rdma_server} and {@code rdma_client}
 * are: the client resolves the server's address and route and connects; the server accepts and hands over its
 * buffer's address and rkey in the accept's private data. The client RDMA-WRITEs into that buffer, then SENDs
 * a message; the server, woken by the receive, prints both and answers with a SEND.
 *
 * <p>Run {@code TwoProcesses server ADDRESS PORT}, then {@code TwoProcesses client ADDRESS PORT} in another
 * process, with an RDMA device that has {@code ADDRESS} (the generic provider: rdma_cm). The soft device's
 * connection manager connects identifiers of one JVM only, so the build runs both sides as two threads.
 */
public final class TwoProcesses {

    private static final Duration TIMEOUT = Duration.ofMinutes(1);
    private static final int SIZE = 64;

    private TwoProcesses() {
    }

    /** @param args {@code server} or {@code client}, the server's IP address, its port */
    public static void main(String[] args) {
        InetSocketAddress server = new InetSocketAddress(args[1], Integer.parseInt(args[2]));
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            EventChannel channel = scope.add(Verbs.connectionManager().createEventChannel());
            CmId id = args[0].equals("server") ? accepted(scope, channel, server) : resolved(scope, channel, server);
            ProtectionDomain pd = scope.add(id.context().orElseThrow().allocateProtectionDomain());
            CompletionQueue cq = scope.add(id.context().orElseThrow().createCompletionQueue(4));
            QueuePair qp = scope.add(id.createQueuePair(QpInitAttributes.builder(id.qpType(), pd, cq,
                    QpCapabilities.builder().maxSendWr(2).maxRecvWr(1).build())
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_WRITE)).build()));
            MemoryRegion inbox = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));
            MemoryRegion buffer = scope.add(pd.registerMemory(arena.allocate(SIZE),
                    EnumSet.of(LOCAL_WRITE, REMOTE_WRITE)));
            ReceiveRequest receive = new ReceiveRequest(1).wrId(1);
            receive.sgList().add(inbox, 0, SIZE);
            qp.postReceive(receive);
            if (args[0].equals("server")) {
                // @start region=accept
                id.accept(ConnParam.defaults().withPrivateData(ByteBuffer.allocate(12)
                        .putLong(buffer.address()).putInt(buffer.rkey()).array()));
                expect(channel, CmEventType.ESTABLISHED).ack();
                // @end
                Poll.one(cq);
                System.out.println("server: received '" + text(inbox) + "'; the buffer holds '" + text(buffer) + "'");
                post(qp, inbox, "hello from the server", null);
                Poll.one(cq);
                expect(channel, CmEventType.DISCONNECTED).ack();
                id.disconnect();
            } else {
                id.connect(null); // the defaults of rdma_connect
                CmEvent established = expect(channel, CmEventType.ESTABLISHED);
                ByteBuffer remote = ByteBuffer.wrap(established.privateData()); // the server's address and rkey
                established.ack();
                post(qp, buffer, "written by the client", remote);
                Poll.one(cq); // the WRITE is done: the buffer can take the message
                post(qp, buffer, "hello from the client", null);
                Poll.one(cq); // the SEND and the server's answer, in either order
                Poll.one(cq);
                System.out.println("client: received '" + text(inbox) + "'");
                id.disconnect();
                expect(channel, CmEventType.DISCONNECTED).ack();
            }
        }
    }

    /** Listens on the address, waits as long as it takes, and @return the first connection request's identifier. */
    private static CmId accepted(VerbsScope scope, EventChannel channel, InetSocketAddress address) {
        CmId listener = scope.add(Verbs.connectionManager().createId(channel, PortSpace.TCP, null));
        listener.bind(address);
        listener.listen(1);
        System.out.println("server: listening on " + address);
        CmEvent request = expect(channel, CmEventType.CONNECT_REQUEST);
        request.ack();
        return scope.add(request.id());
    }

    /** @return an identifier whose address and route to the server are resolved */
    private static CmId resolved(VerbsScope scope, EventChannel channel, InetSocketAddress server) {
        CmId id = scope.add(Verbs.connectionManager().createId(channel, PortSpace.TCP, null));
        id.resolveAddress(null, server, TIMEOUT);
        expect(channel, CmEventType.ADDR_RESOLVED).ack();
        id.resolveRoute(TIMEOUT);
        expect(channel, CmEventType.ROUTE_RESOLVED).ack();
        return id;
    }

    /** @return the next event, which must be of that type (any other is acknowledged, then reported) */
    private static CmEvent expect(EventChannel channel, CmEventType type) {
        CmEvent event = type == CmEventType.CONNECT_REQUEST ? channel.getEvent() : channel.getEvent(TIMEOUT);
        if (event == null || event.type() != type) {
            String got = event == null ? "nothing within " + TIMEOUT : event.type() + " status " + event.status();
            if (event != null) {
                event.ack();
            }
            throw new IllegalStateException("expected " + type + ", got " + got);
        }
        return event;
    }

    /** SENDs {@code text} from the buffer, or RDMA-WRITEs it to the remote buffer if {@code remote} is given. */
    private static void post(QueuePair qp, MemoryRegion buffer, String text, ByteBuffer remote) {
        buffer.segment().setString(0, text, US_ASCII);
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(2).wrFlags(SendFlag.SIGNALED);
        (remote == null ? ops.send() : ops.rdmaWrite(remote.getInt(8), remote.getLong(0)))
                .setSge(buffer.lkey(), buffer.address(), SIZE);
        ops.complete();
    }

    private static String text(MemoryRegion buffer) {
        return buffer.segment().getString(0, US_ASCII);
    }
}
