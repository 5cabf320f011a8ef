package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * Two RC queue pairs over a wire that drops, duplicates and reorders packets: with enough retry budget every
 * SEND, RDMA WRITE, RDMA READ and atomic completes exactly once, in order, successfully, and every byte is where it
 * belongs; when the peer vanishes the requester completes RETRY_EXC_ERR once, flushes the rest and sends no more.
 */
class LossyLinkPropertyTest {

    private static final int MEMORY = 1 << 19;
    private static final int READ_AREA = 0;
    private static final int WRITE_AREA = 1 << 17;
    private static final int ATOMIC_AT = (1 << 17) - 8;

    enum Kind { SEND, WRITE, READ, FETCH_ADD, COMPARE_SWAP }

    record Op(Kind kind, int length, long value) {
    }

    @Provide
    Arbitrary<Op> op() {
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 3 * 4096 + 5),
                Arbitraries.longs()).as(Op::new);
    }

    @Provide
    Arbitrary<Integer> mtu() {
        return Arbitraries.of(256, 1024, 4096);
    }

    @Property(tries = 60)
    void everyMessageArrivesOnceInOrderDespiteLoss(@ForAll long seed, @ForAll @Size(max = 24) List<@From("op") Op> ops,
            @ForAll("mtu") int mtu, @ForAll @IntRange(max = 20) int dropPercent,
            @ForAll @IntRange(max = 10) int duplicatePercent, @ForAll @IntRange(min = 1, max = 4) int reorder,
            @ForAll @IntRange(max = 3) int repliesFromB) {
        LossyLink link = new LossyLink(seed, dropPercent / 100.0, duplicatePercent / 100.0, reorder);
        TestHost a = new TestHost(MEMORY, 4 * 4096);
        TestHost b = new TestHost(MEMORY, 4 * 4096);
        connect(link, a, b, mtu, 50);
        b.postReceives(ops.size());
        a.postReceives(repliesFromB);
        new java.util.Random(seed).nextBytes(b.memory);
        byte[] initial = b.memory.clone();
        Expected expected = post(link, a, b, ops);
        List<byte[]> replies = postReplies(link, b, repliesFromB, mtu);

        assertThat(link.run(50_000_000)).as("the link settles").isTrue();

        assertThat(a.sendCompletions).extracting(TestHost.SendCompletion::wrId).containsExactlyElementsOf(
                expected.wrIds);
        assertThat(a.sendCompletions).allSatisfy(c -> assertThat(c.status()).isEqualTo(WcStatus.SUCCESS));
        assertThat(a.sendCompletions).extracting(TestHost.SendCompletion::opcode).containsExactlyElementsOf(
                expected.opcodes);
        assertThat(b.receives).extracting(TestHost.Received::data).containsExactlyElementsOf(expected.sends);
        assertThat(a.receives).extracting(TestHost.Received::data).containsExactlyElementsOf(replies);
        assertThat(b.atomicsExecuted).isEqualTo(expected.atomics);
        expected.check(a, b, initial);
        assertThat(link.a.responder().failed() || link.b.responder().failed()).isFalse();
    }

    @Property(tries = 60)
    void aVanishedPeerEndsInRetryExceededAndSilence(@ForAll long seed, @ForAll @Size(min = 1, max = 12)
            List<@From("op") Op> ops, @ForAll("mtu") int mtu, @ForAll @IntRange(max = 300) int cut,
            @ForAll @IntRange(max = 7) int retryCount) {
        LossyLink link = new LossyLink(seed, 0, 0, 1);
        TestHost a = new TestHost(MEMORY, 4 * 4096);
        TestHost b = new TestHost(MEMORY, 4 * 4096);
        connect(link, a, b, mtu, retryCount);
        b.postReceives(ops.size());
        link.cutAfter(cut);
        Expected expected = post(link, a, b, ops);

        assertThat(link.run(10_000_000)).isTrue();

        assertThat(a.sendCompletions).extracting(TestHost.SendCompletion::wrId).containsExactlyElementsOf(
                expected.wrIds);
        List<WcStatus> statuses = a.sendCompletions.stream().map(TestHost.SendCompletion::status).toList();
        int failedAt = statuses.indexOf(WcStatus.RETRY_EXC_ERR);
        if (failedAt < 0) {
            assertThat(statuses).containsOnly(WcStatus.SUCCESS);
            assertThat(link.a.requester().failed()).isFalse();
            return;
        }
        assertThat(statuses.subList(0, failedAt)).allMatch(WcStatus.SUCCESS::equals);
        assertThat(statuses.subList(failedAt + 1, statuses.size())).allMatch(WcStatus.WR_FLUSH_ERR::equals);
        assertThat(link.a.requester().failed()).isTrue();
        assertThat(link.a.requester().deadline()).isEqualTo(Long.MAX_VALUE);
        long sent = link.sent;
        link.a.requester().nextSlot().send(999, 10);
        link.a.requester().post(link.now);
        link.a.requester().onTimer(Long.MAX_VALUE - 1);
        assertThat(link.sent).as("a failed requester sends nothing").isEqualTo(sent);
        assertThat(a.sendCompletions.getLast()).isEqualTo(
                new TestHost.SendCompletion(999, WcOpcode.SEND, WcStatus.WR_FLUSH_ERR, 10));
    }

    static void connect(LossyLink link, TestHost a, TestHost b, int mtu, int retryCount) {
        link.a = machines(link, a, mtu, retryCount, 0x11, 0x22, 100, 0xFFFF_F0, true);
        link.b = machines(link, b, mtu, retryCount, 0x22, 0x11, 0xFFFF_F0, 100, false);
    }

    private static ConnectedQueuePair machines(LossyLink link, TestHost host, int mtu, int retryCount, int self,
            int peer, int sendPsn, int receivePsn, boolean isA) {
        RequesterConfig rc = new RequesterConfig(Transport.RC, peer, sendPsn, mtu, 4, 12, retryCount, 7, 128);
        ResponderConfig rs = new ResponderConfig(Transport.RC, peer, receivePsn, mtu, 4, 1,
                java.util.Set.of(RemoteAccess.values()));
        PacketSink sink = link.sinkTo(isA);
        return new ConnectedQueuePair(new Requester(rc, sink, host, host), new Responder(rs, sink, host));
    }

    private static List<byte[]> postReplies(LossyLink link, TestHost b, int count, int mtu) {
        List<byte[]> replies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] message = new byte[mtu * i + 3];
            Arrays.fill(message, (byte) (i + 1));
            b.outgoing.put(5000L + i, message);
            replies.add(message);
            link.b.requester().nextSlot().send(5000L + i, message.length);
            link.b.requester().post(link.now);
        }
        return replies;
    }

    private static Expected post(LossyLink link, TestHost a, TestHost b, List<Op> ops) {
        Expected expected = new Expected();
        expected.atomicModel = b.longAt(TestHost.BASE + ATOMIC_AT);
        Requester requester = link.a.requester();
        int writeAt = WRITE_AREA;
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            long wrId = 1000 + i;
            byte[] data = new byte[op.length()];
            new java.util.Random(op.value()).nextBytes(data);
            expected.wrIds.add(wrId);
            switch (op.kind()) {
                case SEND -> {
                    a.outgoing.put(wrId, data);
                    requester.nextSlot().send(wrId, data.length);
                    expected.sends.add(data);
                    expected.opcodes.add(WcOpcode.SEND);
                }
                case WRITE -> {
                    a.outgoing.put(wrId, data);
                    requester.nextSlot().write(wrId, data.length, TestHost.BASE + writeAt, TestHost.RKEY);
                    expected.writes.add(new int[] {writeAt, i});
                    expected.writeData.add(data);
                    writeAt += data.length;
                    expected.opcodes.add(WcOpcode.RDMA_WRITE);
                }
                case READ -> {
                    int from = READ_AREA + (int) Math.floorMod(op.value(), 4096L);
                    a.readInto.put(wrId, new byte[op.length()]);
                    requester.nextSlot().read(wrId, op.length(), TestHost.BASE + from, TestHost.RKEY);
                    expected.reads.add(new long[] {wrId, from, op.length()});
                    expected.opcodes.add(WcOpcode.RDMA_READ);
                }
                case FETCH_ADD -> {
                    requester.nextSlot().fetchAdd(wrId, TestHost.BASE + ATOMIC_AT, TestHost.RKEY, op.value());
                    expected.atomicModel += op.value();
                    expected.atomicOps.add(new long[] {wrId, 0, op.value()});
                    expected.atomics++;
                    expected.opcodes.add(WcOpcode.FETCH_ADD);
                }
                case COMPARE_SWAP -> {
                    boolean equal = (op.length() & 1) == 0;
                    expected.atomicOps.add(new long[] {wrId, equal ? 1 : 2, op.value()});
                    long compare = equal ? expected.atomicModel : expected.atomicModel ^ 1;
                    requester.nextSlot().compareSwap(wrId, TestHost.BASE + ATOMIC_AT, TestHost.RKEY, compare,
                            op.value());
                    expected.atomicModel = equal ? op.value() : expected.atomicModel;
                    expected.atomics++;
                    expected.opcodes.add(WcOpcode.COMP_SWAP);
                }
            }
            requester.post(link.now);
        }
        return expected;
    }

    /** What the posted operations must have done. */
    static final class Expected {
        final List<Long> wrIds = new ArrayList<>();
        final List<WcOpcode> opcodes = new ArrayList<>();
        final List<byte[]> sends = new ArrayList<>();
        final List<int[]> writes = new ArrayList<>();
        final List<byte[]> writeData = new ArrayList<>();
        final List<long[]> reads = new ArrayList<>();
        final List<long[]> atomicOps = new ArrayList<>();
        int atomics;
        /** The value the atomic area holds once the atomics posted so far ran, once each, in order. */
        long atomicModel;

        void check(TestHost a, TestHost b, byte[] initial) {
            for (int i = 0; i < writes.size(); i++) {
                int at = writes.get(i)[0];
                byte[] data = writeData.get(i);
                assertThat(Arrays.copyOfRange(b.memory, at, at + data.length)).as("write %d", i).isEqualTo(data);
            }
            for (long[] read : reads) {
                byte[] want = Arrays.copyOfRange(initial, (int) read[1], (int) (read[1] + read[2]));
                assertThat(a.readInto.get(read[0])).as("read %d", read[0]).isEqualTo(want);
            }
            long value = java.nio.ByteBuffer.wrap(initial).getLong(ATOMIC_AT);
            for (long[] atomic : atomicOps) {
                assertThat(a.atomicResults.get(atomic[0])).as("atomic %d", atomic[0]).isEqualTo(value);
                value = atomic[1] == 0 ? value + atomic[2] : atomic[1] == 1 ? atomic[2] : value;
            }
            assertThat(value).isEqualTo(atomicModel);
            assertThat(b.longAt(TestHost.BASE + ATOMIC_AT)).isEqualTo(value);
        }
    }
}
