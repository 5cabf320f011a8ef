package org.verbs4j.provider.generic.interop;

import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.tck.Completion;
import org.verbs4j.tck.WorkRequests;

/**
 * Both sides of librdmacm's example {@code ucmatose} (RDMA_PS_TCP, an RC QP): each side posts {@code count}
 * receives of {@code size} bytes before it connects or accepts; the server sends {@code count} messages once
 * established, the client receives them and sends as many back; then the server disconnects and the client
 * answers the DISCONNECTED event with its own disconnect.
 */
final class UcmatosePeer {

    private UcmatosePeer() {
    }

    /** Accepts one {@code ucmatose -s} client, sends first, receives its messages, then disconnects. */
    static String serve(ConnectionManager cm, InetSocketAddress address, int size, int count, Runnable ready) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.listenAndTakeRequest(address, ready).ack();
            MemoryRegion buffer = prepare(peer, size, count);
            peer.id.accept(null);
            peer.expect(CmEventType.ESTABLISHED).ack();
            sendAll(peer, buffer, size, count);
            receiveAll(peer, size, count);
            peer.disconnect(true);
            return "sent " + count + " messages of " + size + " bytes to ucmatose, received its " + count
                    + ", disconnected first";
        }
    }

    /** Connects to a {@code ucmatose} server, receives its messages, sends as many back, answers its disconnect. */
    static String connect(ConnectionManager cm, InetSocketAddress server, int size, int count) {
        try (CmPeer peer = new CmPeer(cm)) {
            peer.resolve(server);
            MemoryRegion buffer = prepare(peer, size, count);
            peer.id.connect(ConnParam.defaults().withRdAtomic(1, 1).withRetries(5, 0));
            peer.expect(CmEventType.ESTABLISHED).ack();
            receiveAll(peer, size, count);
            sendAll(peer, buffer, size, count);
            peer.disconnect(false);
            return "received " + count + " messages of " + size + " bytes from ucmatose, sent " + count
                    + " back, answered its disconnect";
        }
    }

    /** Creates the QP and a buffer of {@code count} slots, and posts a receive into each slot. */
    private static MemoryRegion prepare(CmPeer peer, int size, int count) {
        peer.createQp(count, count, 0, Set.of(SendOpsFlag.SEND));
        MemoryRegion buffer = peer.register(size * count, EnumSet.of(AccessFlag.LOCAL_WRITE));
        for (int i = 0; i < count; i++) {
            WorkRequests.receive(peer.qp, i, buffer, (long) i * size, size);
        }
        return buffer;
    }

    private static void sendAll(CmPeer peer, MemoryRegion buffer, int size, int count) {
        for (int i = 0; i < count; i++) {
            WorkRequests.send(peer.qp, i, buffer, (long) i * size, size);
            CmPeer.await(peer.sendCq, "message " + i);
        }
    }

    private static void receiveAll(CmPeer peer, int size, int count) {
        for (int i = 0; i < count; i++) {
            Completion received = CmPeer.await(peer.recvCq, "ucmatose's message " + i);
            if (received.opcode() != WcOpcode.RECV || received.byteLen() != size) {
                throw new IllegalStateException("ucmatose's message " + i + ": " + received);
            }
        }
    }
}
