package org.verbs4j.tools.perf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.verbs4j.Mtu;
import org.verbs4j.tools.connect.PeerException;

/**
 * perftest's out-of-band exchange ({@code perftest_communication.c}) over a {@link PerftestWire}: the TCP
 * connection ("Data ex. method: Ethernet") or, with {@code -R}, an rdma_cm queue pair. Every step is
 * {@code ctx_xchg_data}: the client writes its message, then reads the server's of the same size; the server
 * reads first. The C side reads each message with one {@code read(2)} of exactly its size (or one receive),
 * so each is written in one write.
 */
final class PerftestLink implements AutoCloseable {

    /** The perftest version this side speaks ({@code VERSION} of perftest 25.01, "6.24"). */
    static final String VERSION = "6.24";
    private static final int VERSION_BYTES = 16;
    private static final double OLDEST_COMPATIBLE = 5.70;

    private final PerftestWire link;
    private final boolean client;
    private final boolean withGid;
    private double remoteVersion;

    PerftestLink(PerftestWire link, boolean client, boolean withGid) {
        this.link = link;
        this.client = client;
        this.withGid = withGid;
    }

    /** @return the peer's answer to {@code mine}, in perftest's order (the client writes first) */
    byte[] exchange(byte[] mine, String what) {
        if (client) {
            link.write(mine, what);
            return link.read(mine.length, what);
        }
        byte[] theirs = link.read(mine.length, what);
        link.write(mine, what);
        return theirs;
    }

    /** {@code exchange_versions} and {@code check_version_compatibility}. */
    void versions() {
        byte[] mine = new byte[VERSION_BYTES];
        System.arraycopy(VERSION.getBytes(StandardCharsets.US_ASCII), 0, mine, 0, VERSION.length());
        String theirs = new String(exchange(mine, "its perftest version"), StandardCharsets.US_ASCII).split("\0", 2)[0];
        try {
            remoteVersion = Double.parseDouble(theirs.replaceAll("^(\\d+\\.\\d+).*", "$1"));
        } catch (NumberFormatException notAVersion) {
            throw new PeerException("the peer sent \"" + theirs + "\" as its perftest version", notAVersion);
        }
        if (remoteVersion < OLDEST_COMPATIBLE) {
            throw new PeerException("the peer speaks perftest " + theirs + "; versions older than 5.70 are not"
                    + " compatible");
        }
    }

    /**
     * {@code check_sys_data}: each side's cycle buffer and cache line size, the larger of each kept.
     *
     * @return {cycle buffer, cache line size}
     */
    int[] systemData(int cycleBuffer, int cacheLine) {
        int theirCycle = ByteBuffer.wrap(exchange(intBytes(cycleBuffer), "its page size")).getInt();
        int theirLine = ByteBuffer.wrap(exchange(intBytes(cacheLine), "its cache line size")).getInt();
        return new int[] {Math.max(cycleBuffer, theirCycle), Math.max(cacheLine, theirLine)};
    }

    /**
     * {@code check_mtu}: each side's MTU as the decimal text of its {@code enum ibv_mtu} in 2 bytes.
     *
     * @return the smaller of the two MTUs
     */
    Mtu mtu(Mtu mine) {
        byte[] message = new byte[2];
        message[0] = (byte) ('0' + mine.value());
        byte[] theirs = exchange(message, "its MTU");
        int value = theirs[0] - '0';
        return value >= 1 && value <= 5 && value < mine.value() ? Mtu.fromValue(value) : mine;
    }

    /**
     * {@code ctx_hand_shake}: the keys of one queue pair, also used as a barrier; text over TCP
     * ({@code ethernet_write_keys}), {@code struct pingpong_dest} over rdma_cm ({@code rdma_write_keys}).
     */
    PerftestKeys keys(PerftestKeys mine) {
        if (link.binaryKeys()) {
            return PerftestKeys.decodeBinary(exchange(mine.encodeBinary(), "its queue pair's address"));
        }
        return PerftestKeys.decode(exchange(mine.encode(withGid), "its queue pair's address"), withGid);
    }

    /** {@code xchg_bw_reports}: size, iterations, peak, average and message rate, 8 bytes each, big-endian. */
    BwReport reports(BwReport mine) {
        long size = longOf(exchange(longBytes(mine.size()), "its report's message size"));
        long iters = longOf(exchange(longBytes(mine.iters()), "its report's iterations"));
        double peak = Double.longBitsToDouble(longOf(exchange(doubleBytes(mine.peak()), "its peak bandwidth")));
        double average = Double.longBitsToDouble(longOf(exchange(doubleBytes(mine.average()), "its bandwidth")));
        double rate = Double.longBitsToDouble(longOf(exchange(doubleBytes(mine.messageRate()), "its message rate")));
        return new BwReport(size, iters, peak, average, rate);
    }

    private static byte[] intBytes(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }

    private static byte[] longBytes(long value) {
        return ByteBuffer.allocate(8).putLong(value).array();
    }

    private static byte[] doubleBytes(double value) {
        return longBytes(Double.doubleToRawLongBits(value));
    }

    private static long longOf(byte[] bytes) {
        return ByteBuffer.wrap(bytes).getLong();
    }

    @Override
    public void close() {
        link.close();
    }
}
