package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Two CM ports, A (GID ::ffff:10.0.0.1) and B (::ffff:10.0.0.2), whose MADs queue up until a test delivers,
 * drops or repeats them; time is whatever the test says. Records every event.
 */
final class CmPair {

    static final byte[] GID_A = gid(1);
    static final byte[] GID_B = gid(2);
    static final long SERVICE = ServiceId.of(ServiceId.PORT_SPACE_TCP, 7471);
    static final CmTimeouts TIMEOUTS = CmTimeouts.RDMA_CM;

    /** A MAD in flight. */
    record Flight(byte[] mad, byte[] from, byte[] to) {
        ByteBuffer buffer() {
            return ByteBuffer.wrap(mad);
        }

        CmAttribute attribute() {
            return CmAttribute.of(Mad.attributeId(buffer(), 0));
        }
    }

    /** An event a listener heard. */
    record Heard(CmConnection connection, CmEvent event) {
    }

    final Deque<Flight> flights = new ArrayDeque<>();
    final List<Heard> heard = new ArrayList<>();
    final CmPort a = new CmPort(GID_A, 0xA, TIMEOUTS, (mad, to) -> record(mad, GID_A, to), 100);
    final CmPort b = new CmPort(GID_B, 0xB, TIMEOUTS, (mad, to) -> record(mad, GID_B, to), 200);
    long now = 1_000_000_000L;

    void listen(CmListener onRequest) {
        b.listen(SERVICE, (c, e) -> {
            heard.add(new Heard(c, e));
            onRequest.onEvent(c, e);
        });
    }

    CmConnection connectFromA() {
        CmConnection connection = a.connection(GID_B, (c, e) -> heard.add(new Heard(c, e)));
        connection.connect(SERVICE, new QueuePairInfo(0x111, 0x1234, 2, 3, 7, 6, 3), new byte[] {1, 2}, now);
        return connection;
    }

    static QueuePairInfo passiveQp() {
        return new QueuePairInfo(0x222, 0x5678, 4, 5, 0, 7, 0);
    }

    /** Delivers the oldest MAD in flight; returns it. */
    Flight deliver() {
        Flight f = flights.removeFirst();
        (f.to()[15] == 1 ? a : b).onMad(f.buffer(), 0, f.from(), now);
        return f;
    }

    Flight drop() {
        return flights.removeFirst();
    }

    void deliverAll() {
        while (!flights.isEmpty()) {
            deliver();
        }
    }

    void advance(long nanos) {
        now += nanos;
        a.onTimer(now);
        b.onTimer(now);
    }

    List<CmEvent> events(CmConnection connection) {
        return heard.stream().filter(h -> h.connection() == connection).map(Heard::event).toList();
    }

    CmConnection passive() {
        return heard.stream().filter(h -> h.event() == CmEvent.CONNECT_REQUEST).findFirst().orElseThrow()
                .connection();
    }

    private void record(ByteBuffer mad, byte[] from, byte[] to) {
        byte[] copy = new byte[Mad.BYTES];
        mad.get(0, copy);
        flights.addLast(new Flight(copy, from, to.clone()));
    }

    private static byte[] gid(int host) {
        byte[] gid = new byte[16];
        gid[10] = -1;
        gid[11] = -1;
        gid[12] = 10;
        gid[15] = (byte) host;
        return gid;
    }
}
