package org.verbs4j.tck;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Destination;
import org.verbs4j.Device;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.Mtu;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;

/**
 * Beside the kit in the wire run: soft0 and soft1 of one JVM are separate hosts, so an RC SEND and RDMA READ and a
 * UD datagram between them cross the RoCE v2 wire. The datagram proves it: its GRH holds the IPv4 header (20 zero
 * bytes, then version 4, protocol UDP, soft0's address) that only a packet from the network gets, where the
 * shortcut inside the JVM gives the IPv6 layout.
 */
class SoftWireHostsTest {

    private static final int SIZE = 3000;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Resources resources = new Resources();
    private final Arena arena = Arena.ofShared();

    @AfterEach
    void close() {
        resources.closeAll();
        arena.close();
    }

    @Test
    void rcAndUdBetweenTwoDevicesOfTheJvmCrossTheWire() {
        List<Device> devices = SoftProviders.onTheWire().devices();
        Host first = new Host(devices.get(0));
        Host second = new Host(devices.get(1));
        QueuePair a = first.queuePair(QpType.RC);
        QueuePair b = second.queuePair(QpType.RC);
        connect(a, second, b);
        connect(b, first, a);
        Payloads.write(first.mr.segment(), 0, Payloads.pattern(3, SIZE));
        Payloads.write(second.mr.segment(), 8192, Payloads.pattern(4, SIZE));
        WorkRequests.receive(b, 1, second.mr, 0, SIZE);
        WorkRequests.send(a, 2, first.mr, 0, SIZE);
        WorkRequests.rdmaRead(a, 3, second.mr.rkey(), second.mr.address() + 8192, first.mr, 8192, SIZE);
        List<Completion> sent = Completions.await(first.cq, 2, TIMEOUT, "the SEND and the READ");
        Completion received = Completions.awaitOne(second.cq, TIMEOUT, "the receive");
        assertAll(() -> assertEquals(List.of(WcStatus.SUCCESS, WcStatus.SUCCESS),
                        sent.stream().map(Completion::status).toList()),
                () -> assertEquals(WcStatus.SUCCESS, received.status()),
                () -> Payloads.assertPayload(second.mr.segment(), 0, Payloads.pattern(3, SIZE), "the SEND"),
                () -> Payloads.assertPayload(first.mr.segment(), 8192, Payloads.pattern(4, SIZE), "the READ"));
        datagram(first, second);
    }

    private void datagram(Host first, Host second) {
        QueuePair from = first.queuePair(QpType.UD);
        QueuePair to = second.queuePair(QpType.UD);
        toRtsUd(from);
        toRtsUd(to);
        WorkRequests.receive(to, 5, second.mr, 16_384, Loopback.GRH_SIZE + 64);
        AddressHandle ah = track(first.pd().createAddressHandle(
                AhAttributes.global(second.context.queryGid(1, SoftProviders.WIRE_GID_INDEX),
                        SoftProviders.WIRE_GID_INDEX, 1)));
        WorkRequests.sendUd(from, 6, ah, to.qpNum(), first.mr, 0, 64);
        Completions.awaitSuccess(first.cq, TIMEOUT, "the datagram's send");
        Completions.awaitSuccess(second.cq, TIMEOUT, "the datagram's receive");
        MemorySegment grh = second.mr.segment().asSlice(16_384, Loopback.GRH_SIZE);
        byte[] source = first.context.queryGid(1, SoftProviders.WIRE_GID_INDEX).toBytes();
        assertAll(() -> assertEquals(-1L, grh.asSlice(0, 20).mismatch(MemorySegment.ofArray(new byte[20])),
                        "20 zero bytes before the IPv4 header"),
                () -> assertEquals(0x45, grh.get(ValueLayout.JAVA_BYTE, 20) & 0xff, "IPv4, 20-byte header"),
                () -> assertEquals(17, grh.get(ValueLayout.JAVA_BYTE, 29) & 0xff, "protocol UDP"),
                () -> assertEquals(-1L, grh.asSlice(32, 4).mismatch(MemorySegment.ofArray(source).asSlice(12, 4)),
                        "the source address: soft0's"),
                () -> Payloads.assertPayload(second.mr.segment(), 16_384 + Loopback.GRH_SIZE,
                        Payloads.pattern(3, 64), "the datagram"));
    }

    private <T extends AutoCloseable> T track(T resource) {
        resources.add(resource);
        return resource;
    }

    private static void connect(QueuePair qp, Host remote, QueuePair peer) {
        new ConnectRecipe(1, Mtu.MTU_1024, 0, SoftProviders.WIRE_GID_INDEX, 64, EnumSet.of(AccessFlag.LOCAL_WRITE,
                AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ), ConnectRecipe.QKEY, 14, 12).connectFromReset(qp, 0,
                Destination.of(remote.context, 1, SoftProviders.WIRE_GID_INDEX, peer.qpNum(), 0), 4);
    }

    private static void toRtsUd(QueuePair qp) {
        new ConnectRecipe(1, Mtu.MTU_1024, 0, SoftProviders.WIRE_GID_INDEX, 64, EnumSet.noneOf(AccessFlag.class),
                ConnectRecipe.QKEY, 14, 12).connectFromReset(qp, 0, Destination.NONE, 0);
    }

    /** A device's context with a completion queue and a region. */
    private final class Host {

        final Context context;
        final CompletionQueue cq;
        final MemoryRegion mr;
        private ProtectionDomain pd;

        Host(Device device) {
            context = track(device.open());
            cq = track(context.createCompletionQueue(CqInitAttributes.builder(16).build()));
            mr = track(pd().registerMemory(arena.allocate(32_768, 8), EnumSet.of(AccessFlag.LOCAL_WRITE,
                    AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ)));
        }

        ProtectionDomain pd() {
            if (pd == null) {
                pd = track(context.allocateProtectionDomain());
            }
            return pd;
        }

        QueuePair queuePair(QpType type) {
            EnumSet<SendOpsFlag> ops = type == QpType.RC ? EnumSet.of(SendOpsFlag.SEND, SendOpsFlag.RDMA_READ)
                    : EnumSet.of(SendOpsFlag.SEND);
            return track(context.createQueuePair(QpInitAttributes.builder(type, pd(), cq,
                    new QpCapabilities(8, 8, 1, 1, 0)).sendOpsFlags(ops).build()));
        }
    }
}
