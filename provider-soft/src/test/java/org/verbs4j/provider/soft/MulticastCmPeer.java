package org.verbs4j.provider.soft;

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
    private static final int SIZE = 100;
    private static final int GRH = 40;
    private static final int SLOT = 256;

    private final ConnectionManager cm = Verbs.connectionManager();
    private final int count;
    private ProtectionDomain pd;
    private CompletionQueue cq;
    private MemoryRegion mr;
    private QueuePair qp;

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
        boolean sender = role.equals("send");
        boolean upTo = role.equals("receive-up-to");
        try (EventChannel events = cm.createEventChannel(); CmId id = cm.createId(events, PortSpace.UDP, null)) {
            id.bind(new InetSocketAddress(local, 0));
            withResources(id, () -> {
                id.joinMulticast(group, group);
                CmEvent joined = expect(events, CmEventType.MULTICAST_JOIN);
                UdParam ud = joined.udParam().orElseThrow();
                System.out.printf("joined: QPN 0x%x, Q_Key 0x%x, destination GID %s%n", ud.qpNum(), ud.qkey(),
                        ud.ahAttr().grh().dgid());
                require(ud.qpNum() == UdParam.MULTICAST_QPN, "the group's QPN is 0xFFFFFF");
                require(ud.qkey() == CmQpAttributes.UDP_QKEY, "the Q_Key is RDMA_UDP_QKEY");
                if (sender) {
                    send(ud);
                } else {
                    System.out.println("ready");
                    System.out.flush();
                    receive(upTo);
                }
                id.leaveMulticast(group);
            });
        }
    }

    private void send(UdParam ud) {
        try (AddressHandle ah = pd.createAddressHandle(ud.ahAttr())) {
            MemorySegment message = slot(count);
            for (int i = 0; i < SIZE; i++) {
                message.set(ValueLayout.JAVA_BYTE, i, (byte) i);
            }
            SendOps ops = qp.sendOps();
            ops.start();
            for (int i = 0; i < count; i++) {
                ops.wrId(i).wrFlags(EnumSet.of(SendFlag.SIGNALED)).send();
                ops.setUdAddr(ah, ud.qpNum(), ud.qkey()).setSge(mr.lkey(), mr.address() + (long) SLOT * count, SIZE);
            }
            ops.complete();
            int sent = 0;
            while (sent < count) {
                awaitCompletion();
                if (cq.readOpcode() == WcOpcode.SEND) {
                    require(cq.status() == WcStatus.SUCCESS, "a datagram sent: " + cq.status());
                    sent++;
                }
                cq.endPoll();
            }
        }
    }

    /** Receives COUNT datagrams; or, {@code upTo}, at least one and then until {@link #SILENCE} passes without one. */
    private void receive(boolean upTo) {
        int received = 0;
        while (received < count && (received == 0 || !upTo || awaitCompletion(SILENCE))) {
            if (received == 0 || !upTo) {
                awaitCompletion();
            }
            require(cq.status() == WcStatus.SUCCESS && cq.readOpcode() == WcOpcode.RECV, "a datagram");
            require(cq.readByteLen() == GRH + SIZE, "100 bytes behind the GRH: " + cq.readByteLen());
            System.out.printf("datagram %d from QPN 0x%x%n", received, cq.readSrcQp());
            cq.endPoll();
            received++;
        }
        System.out.println("received " + received);
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
                    new QpCapabilities(count, count, 1, 1, 0)).sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build());
            for (int i = 0; i < count; i++) {
                ReceiveRequest receive = new ReceiveRequest(1).wrId(i);
                receive.sgList().add(region, (long) SLOT * i, GRH + SIZE);
                qp.postReceive(receive);
            }
            run.run();
            id.destroyQueuePair();
        }
    }

    private MemorySegment slot(int i) {
        return mr.segment().asSlice((long) SLOT * i, SLOT);
    }

    private void awaitCompletion() {
        require(awaitCompletion(WAIT), "a completion within " + WAIT);
    }

    /** @return whether a completion came within {@code limit} (then it is started) */
    private boolean awaitCompletion(Duration limit) {
        long end = System.nanoTime() + limit.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
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
