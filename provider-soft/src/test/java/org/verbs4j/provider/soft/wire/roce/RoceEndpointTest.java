package org.verbs4j.provider.soft.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Two endpoints on the loopback interface: packets go through whole, and malformed ones are counted and dropped. */
class RoceEndpointTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final RoceEndpoint sender = open();
    private final RoceEndpoint receiver = open();
    private final ByteBuffer packet = ByteBuffer.allocateDirect(2048);

    private static RoceEndpoint open() {
        try {
            return RoceEndpoint.open(new InetSocketAddress(LOOPBACK, 0));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @AfterEach
    void close() throws IOException {
        sender.close();
        receiver.close();
    }

    private int udSend(int payload, int psn) {
        int pad = Bth.padFor(payload);
        Bth.put(packet, 0, Opcode.UD_SEND_ONLY_WITH_IMMEDIATE, BthFlags.SOLICITED, pad, RoceV2.DEFAULT_PKEY, 0x22, psn);
        Deth.put(packet, 12, 0x11111111, 0x33);
        ImmDt.put(packet, 20, 0xCAFE);
        for (int i = 0; i < payload + pad; i++) {
            packet.put(24 + i, (byte) (i < payload ? i : 0));
        }
        return 24 + payload + pad;
    }

    @Test
    void aPacketArrivesWithItsHeadersAndPayload() throws Exception {
        BlockingQueue<ReceivedCopy> inbox = new LinkedBlockingQueue<>();
        try (ReceiveLoop loop = ReceiveLoop.start(receiver, p -> inbox.add(ReceivedCopy.of(p)))) {
            sender.send(packet, udSend(13, 7), receiver.localAddress());
            ReceivedCopy copy = inbox.poll(10, TimeUnit.SECONDS);
            assertThat(copy).isNotNull();
            assertThat(copy.opcode()).isEqualTo(Opcode.UD_SEND_ONLY_WITH_IMMEDIATE);
            assertThat(copy.payload()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
            assertThat(copy.raw()).hasSize(24 + 16 + 4);
            assertThat(Bth.psn(copy.buffer(), 0)).isEqualTo(7);
            assertThat(ImmDt.immediate(copy.buffer(), 20)).isEqualTo(0xCAFE);
            assertThat(copy.sender()).isEqualTo(sender.localAddress());
            assertThat(receiver.drops().total()).isZero();
            assertThat(loop.socketErrors()).isZero();
        }
    }

    @Test
    void malformedDatagramsAreCountedAndDroppedAndTheLoopGoesOn() throws Exception {
        BlockingQueue<ReceivedCopy> inbox = new LinkedBlockingQueue<>();
        try (ReceiveLoop loop = ReceiveLoop.start(receiver, p -> inbox.add(ReceivedCopy.of(p)));
                DatagramChannel raw = DatagramChannel.open()) {
            raw.bind(new InetSocketAddress(LOOPBACK, 0));
            raw.send(ByteBuffer.wrap(new byte[] {4, 0, 0}), receiver.localAddress());
            int length = udSend(8, 1);
            raw.send(copyOf(length + 4).put(0, (byte) 0x15), receiver.localAddress());
            raw.send(copyOf(length + 4).put(1, (byte) 0x01), receiver.localAddress());
            raw.send(copyOf(16), receiver.localAddress());
            raw.send(copyOf(length + 4), receiver.localAddress());
            sender.send(packet, udSend(8, 2), receiver.localAddress());
            assertThat(inbox.poll(10, TimeUnit.SECONDS)).isNotNull();
            DropCounters drops = receiver.drops();
            assertThat(drops.count(DropReason.TOO_SHORT)).isEqualTo(1);
            assertThat(drops.count(DropReason.UNKNOWN_OPCODE)).isEqualTo(1);
            assertThat(drops.count(DropReason.BAD_TRANSPORT_VERSION)).isEqualTo(1);
            assertThat(drops.count(DropReason.TRUNCATED)).isEqualTo(1);
            assertThat(drops.count(DropReason.BAD_ICRC)).isEqualTo(1);
            assertThat(inbox).isEmpty();
            assertThat(loop.socketErrors()).isZero();
        }
    }

    private ByteBuffer copyOf(int length) {
        ByteBuffer copy = ByteBuffer.allocate(length);
        copy.put(0, packet, 0, Math.min(length, packet.capacity()));
        return copy;
    }

    @Test
    void aThrowingHandlerIsCountedAndTheLoopGoesOn() throws Exception {
        BlockingQueue<Integer> psns = new LinkedBlockingQueue<>();
        try (ReceiveLoop loop = ReceiveLoop.start(receiver, p -> {
            int psn = Bth.psn(p.buffer(), 0);
            if (psn == 1) {
                throw new IllegalStateException("handler bug");
            }
            psns.add(psn);
        })) {
            sender.send(packet, udSend(4, 1), receiver.localAddress());
            sender.send(packet, udSend(4, 2), receiver.localAddress());
            assertThat(psns.poll(10, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(receiver.drops().count(DropReason.HANDLER_FAILED)).isEqualTo(1);
            assertThat(loop.socketErrors()).isZero();
        }
    }

    @Test
    void ipv6PacketsGoThroughToo() throws Exception {
        InetAddress ipv6Loopback = InetAddress.getByName("::1");
        RoceEndpoint from;
        try {
            from = RoceEndpoint.open(new InetSocketAddress(ipv6Loopback, 0));
        } catch (IOException e) {
            Assumptions.abort("no IPv6 loopback here: " + e);
            return;
        }
        try (from; RoceEndpoint to = RoceEndpoint.open(new InetSocketAddress(ipv6Loopback, 0))) {
            from.send(packet, udSend(5, 9), to.localAddress());
            int[] psn = {-1};
            to.receive(p -> psn[0] = Bth.psn(p.buffer(), 0) + p.payloadLength());
            assertThat(psn[0]).isEqualTo(9 + 5);
            assertThat(to.drops().total()).isZero();
        }
    }

    @Test
    void theWildcardAddressIsRefused() {
        assertThatThrownBy(() -> RoceEndpoint.open(new InetSocketAddress(0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("specific local address");
    }

    @Test
    void closingTheLoopEndsItsThread() throws Exception {
        ReceiveLoop loop = ReceiveLoop.start(receiver, p -> { });
        loop.close();
        assertThat(receiver.isOpen()).isFalse();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
                t -> t.getName().equals("verbs4j-roce-rx-" + receiver.localAddress().getPort()));
    }

    @Test
    void sendingAndReceivingAllocateNothingInSteadyState() throws Exception {
        long[] sum = new long[1];
        PacketHandler handler = p -> sum[0] += Bth.psn(p.buffer(), 0) + p.payloadLength();
        int length = udSend(64, 0);
        roundTrips(handler, length, 20_000);
        allocatedBytes();
        long before = allocatedBytes();
        roundTrips(handler, length, 20_000);
        long allocated = allocatedBytes() - before;
        assertThat(sum[0]).isPositive();
        assertThat(receiver.drops().total()).isZero();
        // One object per packet would be at least 16 bytes per round trip; the JDK's own rare one-time allocations
        // (a few kilobytes at most over the run) stay far below one byte per round trip.
        assertThat((double) allocated / 20_000).as("bytes allocated per send and receive").isLessThan(1.0);
    }

    /** The calling thread's allocation counter, read reflectively: the module does not read jdk.management. */
    private static long allocatedBytes() throws ReflectiveOperationException {
        Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        Method method = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        return (Long) method.invoke(bean);
    }

    private void roundTrips(PacketHandler handler, int length, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            packet.putInt(8, i & Bth.MASK_24);
            sender.send(packet, length, receiver.localAddress());
            receiver.receive(handler);
        }
    }
}
