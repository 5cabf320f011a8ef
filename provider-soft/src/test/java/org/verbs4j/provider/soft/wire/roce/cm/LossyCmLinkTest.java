package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many connections at once between two ports over a link that loses, repeats and reorders MADs (a fixed seed): every
 * connection is established and disconnected exactly once on the active side, the passive side agrees on the
 * queue pairs, nothing gives up, and once the time waits end both ports hold no connection.
 */
class LossyCmLinkTest {

    private static final int CONNECTIONS = 40;
    private static final double LOSS = 0.15;
    private static final double REPEAT = 0.15;
    private static final long MAX_DELAY_NANOS = 50_000_000L;
    private static final long GIVE_UP_NANOS = 3_600_000_000_000L;

    /** A MAD on its way, due at a time. */
    private record InFlight(long due, long order, byte[] mad, byte[] from, CmPort to) {
    }

    private final PriorityQueue<InFlight> link = new PriorityQueue<>(
            (x, y) -> x.due() != y.due() ? Long.compare(x.due(), y.due()) : Long.compare(x.order(), y.order()));
    private final Map<CmConnection, List<CmEvent>> events = new HashMap<>();
    private Random random;
    private long now;
    private long order;
    private CmPort a;
    private CmPort b;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234})
    void everyConnectionComesAndGoesExactlyOnce(long seed) {
        random = new Random(seed);
        a = new CmPort(CmPair.GID_A, 0xA, CmTimeouts.RDMA_CM, (mad, to) -> carry(mad, CmPair.GID_A, b), 1000);
        b = new CmPort(CmPair.GID_B, 0xB, CmTimeouts.RDMA_CM, (mad, to) -> carry(mad, CmPair.GID_B, a), 5000);
        List<CmConnection> passives = new ArrayList<>();
        b.listen(CmPair.SERVICE, (c, e) -> {
            record(c, e);
            if (e == CmEvent.CONNECT_REQUEST) {
                passives.add(c);
                c.accept(new QueuePairInfo(0x800 + passives.size(), 0x300, 1, 1, 0, 7, 0), new byte[0], now);
            }
        });
        List<CmConnection> actives = new ArrayList<>();
        for (int i = 0; i < CONNECTIONS; i++) {
            CmConnection c = a.connection(CmPair.GID_B, (conn, e) -> {
                record(conn, e);
                if (e == CmEvent.ESTABLISHED) {
                    conn.disconnect(now);
                }
            });
            actives.add(c);
            c.connect(CmPair.SERVICE, new QueuePairInfo(0x100 + i, 0x200 + i, 1, 1, 7, 7, 3), new byte[0], now);
        }
        run();
        assertThat(passives).hasSize(CONNECTIONS);
        for (CmConnection c : actives) {
            assertThat(events.get(c)).as("active %x", c.localCommId())
                    .containsExactly(CmEvent.ESTABLISHED, CmEvent.DISCONNECTED, CmEvent.TIMEWAIT_EXIT);
            CmConnection peer = passives.stream().filter(p -> p.localCommId() == c.remoteCommId()).findFirst()
                    .orElseThrow();
            assertThat(peer.remote().qpn()).isEqualTo(c.local().qpn());
            assertThat(c.remote().qpn()).isEqualTo(peer.local().qpn());
        }
        for (CmConnection p : passives) {
            List<CmEvent> heard = events.get(p);
            assertThat(heard.getFirst()).isEqualTo(CmEvent.CONNECT_REQUEST);
            assertThat(heard.subList(heard.size() - 2, heard.size()))
                    .containsExactly(CmEvent.DISCONNECTED, CmEvent.TIMEWAIT_EXIT);
            assertThat(heard).doesNotContain(CmEvent.UNREACHABLE, CmEvent.REJECTED).hasSizeLessThanOrEqualTo(4);
        }
        assertThat(a.connectionCount()).isZero();
        assertThat(b.connectionCount()).isZero();
    }

    private void run() {
        while (now < GIVE_UP_NANOS) {
            long next = Math.min(link.isEmpty() ? Long.MAX_VALUE : link.peek().due(),
                    Math.min(a.deadline(), b.deadline()));
            if (next == Long.MAX_VALUE) {
                return;
            }
            now = Math.max(now, next);
            while (!link.isEmpty() && link.peek().due() <= now) {
                InFlight f = link.poll();
                f.to().onMad(ByteBuffer.wrap(f.mad()), 0, f.from(), now);
            }
            a.onTimer(now);
            b.onTimer(now);
        }
    }

    private void carry(ByteBuffer mad, byte[] from, CmPort to) {
        if (random.nextDouble() < LOSS) {
            return;
        }
        int copies = random.nextDouble() < REPEAT ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            byte[] copy = new byte[Mad.BYTES];
            mad.get(0, copy);
            link.add(new InFlight(now + (long) (random.nextDouble() * MAX_DELAY_NANOS), order++, copy, from, to));
        }
    }

    private void record(CmConnection c, CmEvent e) {
        events.computeIfAbsent(c, k -> new ArrayList<>()).add(e);
    }
}
