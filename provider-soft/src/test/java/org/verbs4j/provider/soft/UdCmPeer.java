package org.verbs4j.provider.soft;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
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
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
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
    private static final int SIZE = 100;
    private static final int GRH = 40;
    private static final int SLOT = 256;

    private final ConnectionManager cm = Verbs.connectionManager();
    private final int count;
    private ProtectionDomain pd;
    private CompletionQueue cq;
    private MemoryRegion mr;
    private QueuePair qp;

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
            CmEvent request = expect(events, CmEventType.CONNECT_REQUEST);
            CmId id = request.id();
            require(request.udParam().isPresent(), "CONNECT_REQUEST carries UD parameters");
            withResources(id, () -> {
                id.accept(ConnParam.defaults().withQp(qp.qpNum(), false));
                AddressHandle reply = null;
                int client = 0;
                for (int i = 0; i < count; i++) {
                    awaitCompletion();
                    require(cq.status() == WcStatus.SUCCESS && cq.readOpcode() == WcOpcode.RECV, "a datagram");
                    require(cq.readByteLen() == GRH + SIZE, "100 bytes behind the GRH: " + cq.readByteLen());
                    if (reply == null) {
                        client = cq.readImmData();
                        reply = pd.createAddressHandleFromCompletion(cq, slot(i), 1);
                    }
                    cq.endPoll();
                }
                send(reply, client, CmQpAttributes.UDP_QKEY, SendFlag.SIGNALED);
                for (int i = 0; i < count; i++) {
                    awaitCompletion();
                    require(cq.status() == WcStatus.SUCCESS, "a reply sent: " + cq.status());
                    cq.endPoll();
                }
                reply.close();
            });
            id.close();
        }
    }

    private void client(InetSocketAddress server) {
        try (EventChannel events = cm.createEventChannel(); CmId id = cm.createId(events, PortSpace.UDP, null)) {
            id.resolveAddress(null, server, Duration.ofSeconds(2));
            expect(events, CmEventType.ADDR_RESOLVED);
            id.resolveRoute(Duration.ofSeconds(2));
            expect(events, CmEventType.ROUTE_RESOLVED);
            withResources(id, () -> {
                id.connect(ConnParam.defaults());
                CmEvent established = expect(events, CmEventType.ESTABLISHED);
                UdParam ud = established.udParam().orElseThrow();
                System.out.printf("service QPN 0x%x, Q_Key 0x%x, destination GID %s%n", ud.qpNum(), ud.qkey(),
                        ud.ahAttr().grh().dgid());
                require(ud.qkey() == CmQpAttributes.UDP_QKEY, "the Q_Key is RDMA_UDP_QKEY");
                try (AddressHandle ah = pd.createAddressHandle(ud.ahAttr())) {
                    send(ah, ud.qpNum(), ud.qkey(), null);
                    for (int i = 0; i < count; i++) {
                        awaitCompletion();
                        require(cq.status() == WcStatus.SUCCESS && cq.readOpcode() == WcOpcode.RECV, "a reply");
                        require(cq.readSrcQp() == ud.qpNum(), "the reply comes from the service's QP");
                        cq.endPoll();
                    }
                }
            });
        }
    }

    /** Creates the UD queue pair of {@code id} with its CQ and buffer, posts COUNT receives, runs, cleans up. */
    private void withResources(CmId id, Runnable run) {
        Context context = id.context().orElseThrow();
        try (Arena arena = Arena.ofShared();
             ProtectionDomain domain = context.allocateProtectionDomain();
             CompletionQueue completions = context.createCompletionQueue(CqInitAttributes.builder(2 * count + 2)
                     .build());
             MemoryRegion region = domain.registerMemory(arena.allocate((long) SLOT * (count + 1)),
                     EnumSet.of(AccessFlag.LOCAL_WRITE))) {
            this.pd = domain;
            this.cq = completions;
            this.mr = region;
            this.qp = id.createQueuePair(QpInitAttributes.builder(QpType.UD, domain, completions,
                    new QpCapabilities(count, count, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND_WITH_IMM))
                    .build());
            for (int i = 0; i < count; i++) {
                ReceiveRequest receive = new ReceiveRequest(1).wrId(i);
                receive.sgList().add(region, (long) SLOT * i, GRH + SIZE);
                qp.postReceive(receive);
            }
            run.run();
            id.destroyQueuePair();
        }
    }

    /** Sends COUNT datagrams of the last slot, its QPN as immediate data, as udaddy's post_sends. */
    private void send(AddressHandle ah, int remoteQpn, int qKey, SendFlag flag) {
        MemorySegment message = slot(count);
        for (int i = 0; i < SIZE; i++) {
            message.set(ValueLayout.JAVA_BYTE, i, (byte) i);
        }
        SendOps ops = qp.sendOps();
        ops.start();
        for (int i = 0; i < count; i++) {
            ops.wrId(i).wrFlags(flag == null ? EnumSet.noneOf(SendFlag.class) : EnumSet.of(flag));
            ops.sendWithImm(qp.qpNum());
            ops.setUdAddr(ah, remoteQpn, qKey).setSge(mr.lkey(), mr.address() + (long) SLOT * count, SIZE);
        }
        ops.complete();
    }

    private MemorySegment slot(int i) {
        return mr.segment().asSlice((long) SLOT * i, SLOT);
    }

    private void awaitCompletion() {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!cq.startPoll()) {
            require(System.nanoTime() - end < 0, "a completion within " + WAIT);
            Thread.onSpinWait();
        }
    }

    private static CmEvent expect(EventChannel events, CmEventType type) {
        CmEvent event = events.getEvent(WAIT);
        require(event != null, type + " within " + WAIT);
        event.ack();
        require(event.type() == type, "expected " + type + ", got " + event.type() + " (status " + event.status()
                + ")");
        return event;
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("failed: " + what);
        }
    }
}
