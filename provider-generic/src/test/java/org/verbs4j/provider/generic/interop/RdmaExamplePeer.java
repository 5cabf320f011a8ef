package org.verbs4j.provider.generic.interop;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.WorkRequests;

/**
 * The peer of librdmacm's examples {@code rdma_server} and {@code rdma_client}: one 16-byte message each way on
 * an RC connection (QP of 1 send and 1 receive, inline 16). The client sends first, the server answers after
 * its receive completed, then the client's {@code rdma_disconnect}.
 */
final class RdmaExamplePeer {

    static final int MESSAGE = 16;

    private RdmaExamplePeer() {
    }

    /** Accepts one {@code rdma_client}: receives its message, answers, waits for its disconnect. */
    static String serve(ConnectionManager cm, InetSocketAddress address, Runnable ready) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.listenAndTakeRequest(address, ready).ack();
            peer.createQp(1, 1, MESSAGE, Set.of(SendOpsFlag.SEND));
            MemoryRegion recv = peer.register(MESSAGE, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(MESSAGE, EnumSet.noneOf(AccessFlag.class));
            WorkRequests.receive(peer.qp, 1, recv, 0, MESSAGE);
            peer.id.accept(null);
            peer.expect(CmEventType.ESTABLISHED).ack();
            Completion received = CmPeer.await(peer.recvCq, "the client's message");
            fill(send.segment(), "verbs4j-server!");
            WorkRequests.send(peer.qp, 2, send, 0, MESSAGE);
            CmPeer.await(peer.sendCq, "the answer");
            peer.disconnect(false);
            return "received " + received.byteLen() + " bytes from rdma_client, answered " + MESSAGE;
        }
    }

    /** Connects to an {@code rdma_server}: sends a message, receives its answer, disconnects. */
    static String connect(ConnectionManager cm, InetSocketAddress server) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.resolve(server);
            peer.createQp(1, 1, MESSAGE, Set.of(SendOpsFlag.SEND));
            MemoryRegion recv = peer.register(MESSAGE, EnumSet.of(AccessFlag.LOCAL_WRITE));
            MemoryRegion send = peer.register(MESSAGE, EnumSet.noneOf(AccessFlag.class));
            WorkRequests.receive(peer.qp, 1, recv, 0, MESSAGE);
            peer.id.connect(null);
            peer.expect(CmEventType.ESTABLISHED).ack();
            fill(send.segment(), "verbs4j-client!");
            WorkRequests.send(peer.qp, 2, send, 0, MESSAGE);
            CmPeer.await(peer.sendCq, "the message");
            Completion received = CmPeer.await(peer.recvCq, "the server's answer");
            if (received.byteLen() != MESSAGE) {
                throw new IllegalStateException("the answer has " + received.byteLen() + " bytes, not " + MESSAGE);
            }
            peer.disconnect(true);
            return "sent " + MESSAGE + " bytes to rdma_server, received " + received.byteLen();
        }
    }

    private static void fill(MemorySegment buffer, String text) {
        byte[] bytes = text.getBytes(US_ASCII);
        MemorySegment.copy(bytes, 0, buffer, ValueLayout.JAVA_BYTE, 0, Math.min(bytes.length, MESSAGE));
    }
}
