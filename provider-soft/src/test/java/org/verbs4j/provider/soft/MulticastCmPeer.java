package org.verbs4j.provider.soft;

import static org.verbs4j.provider.soft.UdCmResources.expect;
import static org.verbs4j.provider.soft.UdCmResources.require;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.AddressHandle;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.UdParam;

/**
 * rdma_cm multicast as librdmacm's {@code mckey} uses it, so that the other side may be mckey: bound to a local
 * address, the identifier's UD queue pair joins the group ({@code rdma_join_multicast}, RDMA_PS_UDP); the
 * MULTICAST_JOIN event must give QPN 0xFFFFFF, RDMA_UDP_QKEY and an address vector to the group. A receiver posts
 * COUNT receives of 100 bytes behind the GRH before it joins, prints "ready" and waits for COUNT datagrams; a sender
 * sends COUNT datagrams of 100 bytes to the group through an address handle of the event's {@code ah_attr}.
 *
 * <p>{@code receive-up-to} receives at least one datagram and then any that come until 20 s pass without one, at most
 * COUNT, and prints "received N": mckey posts its sends and at once destroys its queue pair, and rxe, slow in an
 * emulated machine, sends only those its requester took by then, which its {@code sent_pkts} counter shows.
 *
 * <p>Usage: {@code receive|receive-up-to|send LOCAL_IP GROUP COUNT}; prints PASS and exits 0 when all held.
 */
final class MulticastCmPeer {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Duration SILENCE = Duration.ofSeconds(20);

    private final ConnectionManager cm = Verbs.connectionManager();
    private final int count;

    private MulticastCmPeer(int count) {
        this.count = count;
    }

    public static void main(String[] args) throws Exception {
        MulticastCmPeer peer = new MulticastCmPeer(Integer.parseInt(args[3]));
        peer.run(args[0], InetAddress.getByName(args[1]), InetAddress.getByName(args[2]));
        System.out.println("PASS");
        System.exit(0);
    }

    private void run(String role, InetAddress local, InetAddress group) {
        try (EventChannel events = cm.createEventChannel(); CmId id = cm.createId(events, PortSpace.UDP, null)) {
            id.bind(new InetSocketAddress(local, 0));
            UdCmResources.run(id, count, SendOpsFlag.SEND, WAIT, ud -> {
                id.joinMulticast(group, group);
                UdParam joined = expect(events, CmEventType.MULTICAST_JOIN, WAIT).udParam().orElseThrow();
                System.out.printf("joined: QPN 0x%x, Q_Key 0x%x, destination GID %s%n", joined.qpNum(),
                        joined.qkey(), joined.ahAttr().grh().dgid());
                require(joined.qpNum() == UdParam.MULTICAST_QPN, "the group's QPN is 0xFFFFFF");
                require(joined.qkey() == CmQpAttributes.UDP_QKEY, "the Q_Key is RDMA_UDP_QKEY");
                play(role, ud, joined);
                id.leaveMulticast(group);
            });
        }
    }

    private void play(String role, UdCmResources ud, UdParam joined) {
        if (role.equals("send")) {
            send(ud, joined);
        } else {
            System.out.println("ready");
            System.out.flush();
            receive(ud, role.equals("receive-up-to"));
        }
    }

    private void send(UdCmResources ud, UdParam joined) {
        try (AddressHandle ah = ud.addressHandle(joined.ahAttr())) {
            ud.send(ah, joined.qpNum(), joined.qkey(), EnumSet.of(SendFlag.SIGNALED));
            ud.awaitSent();
        }
    }

    /** Receives COUNT datagrams; or, {@code upTo}, at least one and then until {@link #SILENCE} passes without one. */
    private void receive(UdCmResources ud, boolean upTo) {
        int received = 0;
        while (received < count && nextDatagram(ud, received == 0 || !upTo)) {
            System.out.printf("datagram %d from QPN 0x%x%n", received, ud.cq().readSrcQp());
            ud.cq().endPoll();
            received++;
        }
        System.out.println("received " + received);
    }

    /** @return whether a datagram came: {@code required}, within the wait or failing; otherwise within SILENCE */
    private static boolean nextDatagram(UdCmResources ud, boolean required) {
        if (required) {
            ud.awaitDatagram();
            return true;
        }
        return ud.awaitDatagram(SILENCE);
    }
}
