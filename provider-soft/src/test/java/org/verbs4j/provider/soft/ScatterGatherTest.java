package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.verbs4j.CompletionQueue;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/** A message gathered from random pieces and scattered into random pieces arrives byte for byte. */
class ScatterGatherTest {

    private static final int SGES = 4;

    private final Rig rig = new Rig();
    private final CompletionQueue cq = rig.cq(16);
    private final QueuePair a = rig.qp(QpType.RC, cq, 4);
    private final QueuePair b = rig.qp(QpType.RC, cq, 4);
    private final MemoryRegion source = rig.region(8192);
    private final MemoryRegion target = rig.region(8192);

    ScatterGatherTest() {
        rig.connectPair(a, b);
    }

    @AfterEach
    void tearDown() {
        rig.close();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void randomSplitsPreserveEveryByte(long seed) {
        Random random = new Random(seed);
        Rig.fill(source.segment(), (int) seed);
        target.segment().fill((byte) 0);
        int[] gather = pieces(random);
        int total = 0;
        ScatterGatherList list = new ScatterGatherList(SGES);
        long[] starts = new long[SGES];
        for (int i = 0; i < SGES; i++) {
            starts[i] = i * 2048L + random.nextInt(1024);
            list.add(source, starts[i], gather[i]);
            total += gather[i];
        }
        int[] scatter = pieces(random);
        ReceiveRequest receive = new ReceiveRequest(SGES).wrId(1);
        long[] targets = new long[SGES];
        int room = 0;
        for (int i = 0; i < SGES; i++) {
            targets[i] = i * 2048L + random.nextInt(1024);
            receive.sgList().add(target, targets[i], scatter[i]);
            room += scatter[i];
        }
        b.postReceive(receive);
        SendOps ops = a.sendOps();
        ops.start();
        ops.wrId(2).wrFlags((int) SendFlag.SIGNALED.value()).send().setSgeList(list);
        ops.complete();
        Wc first = Rig.poll(cq);
        Wc second = Rig.poll(cq);
        if (total > room) {
            assertThat(java.util.List.of(first.status(), second.status()))
                    .containsExactlyInAnyOrder(WcStatus.LOC_LEN_ERR, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        assertThat(java.util.List.of(first.status(), second.status())).containsOnly(WcStatus.SUCCESS);
        byte[] expected = new byte[total];
        int at = 0;
        for (int i = 0; i < SGES; i++) {
            byte[] piece = source.segment().asSlice(starts[i], gather[i]).toArray(ValueLayout.JAVA_BYTE);
            System.arraycopy(piece, 0, expected, at, piece.length);
            at += piece.length;
        }
        byte[] actual = new byte[total];
        at = 0;
        for (int i = 0; i < SGES && at < total; i++) {
            int take = Math.min(scatter[i], total - at);
            byte[] piece = target.segment().asSlice(targets[i], take).toArray(ValueLayout.JAVA_BYTE);
            System.arraycopy(piece, 0, actual, at, take);
            at += take;
        }
        assertThat(actual).isEqualTo(expected);
    }

    private static int[] pieces(Random random) {
        int[] lengths = new int[SGES];
        for (int i = 0; i < SGES; i++) {
            lengths[i] = random.nextInt(5) == 0 ? 0 : 1 + random.nextInt(1000);
        }
        return lengths;
    }
}
