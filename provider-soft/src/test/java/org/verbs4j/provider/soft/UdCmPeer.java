package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.verbs4j.provider.soft.UdCmResources.expect;
import static org.verbs4j.provider.soft.UdCmResources.require;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.AddressHandle;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.ConnectionManager;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.cm.UdParam;

/**
 * rdma_cm's {@code RDMA_PS_UDP} as librdmacm's {@code udaddy} uses it, so that either side may be udaddy: the client
 * resolves the server's service (SIDR over the network), sends COUNT datagrams of 100 bytes with its QPN as
 * immediate data to the QPN and Q_Key of the ESTABLISHED event through an address handle of its {@code ah_attr},
 * and receives COUNT replies; the server accepts the request with its UD queue pair, receives COUNT datagrams,
 * answers each through an address handle made from the first one's completion and GRH to the QPN in its immediate
 * data.
 *
 * <ul>
 *   <li>{@code server LOCAL_IP PORT COUNT}: prints "ready" once listening, then PASS.</li>
 *   <li>{@code client SERVER_IP PORT COUNT}: after a line on stdin (unless {@code -now} follows), then PASS.</li>
 * </ul>
 */
final class UdCmPeer {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final ConnectionManager cm = Verbs.connectionManager();
    private final int count;

    private UdCmPeer(int count) {
        this.count = count;
    }

    public static void main(String[] args) throws Exception {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(args[1]), Integer.parseInt(args[2]));
        UdCmPeer peer = new UdCmPeer(Integer.parseInt(args[3]));
        if (args[0].equals("server")) {
            peer.server(address);
        } else {
            if (args.length < 5) {
                new BufferedReader(new InputStreamReader(System.in, US_ASCII)).readLine();
            }
            peer.client(address);
        }
        System.out.println("PASS");
        System.exit(0);
    }

    private void server(InetSocketAddress bound) {
        try (EventChannel events = cm.createEventChannel(); CmId listener = cm.createId(events, PortSpace.UDP, null)) {
            listener.bind(bound);
            listener.listen(0);
            System.out.println("ready");
            System.out.flush();
            CmEvent request = expect(events, CmEventType.CONNECT_REQUEST, WAIT);
            CmId id = request.id();
            require(request.udParam().isPresent(), "CONNECT_REQUEST carries UD parameters");
            UdCmResources.run(id, count, SendOpsFlag.SEND_WITH_IMM, WAIT, ud -> {
                id.accept(ConnParam.defaults().withQp(ud.qpNum(), false));
                answer(ud);
            });
            id.close();
        }
    }

    /** Receives COUNT datagrams and sends COUNT back to the first one's sender, to the QPN in its immediate data. */
    private void answer(UdCmResources ud) {
        AddressHandle reply = null;
        int client = 0;
        for (int i = 0; i < count; i++) {
            ud.awaitDatagram();
            if (reply == null) {
                client = ud.cq().readImmData();
                reply = ud.replyAddress(i);
            }
            ud.cq().endPoll();
        }
        ud.send(reply, client, CmQpAttributes.UDP_QKEY, EnumSet.of(SendFlag.SIGNALED));
        ud.awaitSent();
        reply.close();
    }

    private void client(InetSocketAddress server) {
        try (EventChannel events = cm.createEventChannel(); CmId id = cm.createId(events, PortSpace.UDP, null)) {
            id.resolveAddress(null, server, Duration.ofSeconds(2));
            expect(events, CmEventType.ADDR_RESOLVED, WAIT);
            id.resolveRoute(Duration.ofSeconds(2));
            expect(events, CmEventType.ROUTE_RESOLVED, WAIT);
            UdCmResources.run(id, count, SendOpsFlag.SEND_WITH_IMM, WAIT, ud -> {
                id.connect(ConnParam.defaults());
                UdParam service = expect(events, CmEventType.ESTABLISHED, WAIT).udParam().orElseThrow();
                System.out.printf("service QPN 0x%x, Q_Key 0x%x, destination GID %s%n", service.qpNum(),
                        service.qkey(), service.ahAttr().grh().dgid());
                require(service.qkey() == CmQpAttributes.UDP_QKEY, "the Q_Key is RDMA_UDP_QKEY");
                exchange(ud, service);
            });
        }
    }

    /** Sends COUNT datagrams to the service and receives COUNT replies from its queue pair. */
    private void exchange(UdCmResources ud, UdParam service) {
        try (AddressHandle ah = ud.addressHandle(service.ahAttr())) {
            ud.send(ah, service.qpNum(), service.qkey(), EnumSet.noneOf(SendFlag.class));
            for (int i = 0; i < count; i++) {
                ud.awaitDatagram();
                require(ud.cq().readSrcQp() == service.qpNum(), "the reply comes from the service's QP");
                ud.cq().endPoll();
            }
        }
    }
}
