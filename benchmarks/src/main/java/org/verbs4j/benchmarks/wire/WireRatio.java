package org.verbs4j.benchmarks.wire;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.verbs4j.Gid;
import org.verbs4j.WcStatus;
import org.verbs4j.benchmarks.Machine;

/**
 * The soft device's RoCE v2 wire between two JVMs on loopback against a plain {@link java.nio.channels.DatagramChannel}
 * between the same two JVMs: this JVM sends (soft0 bound to 127.0.0.1), a {@link WirePeer} JVM that it starts
 * receives (soft0 bound to 127.0.0.2). The two transports alternate in rounds (the order swapped every round) of the
 * same burst shape, and the ratio is taken per round:
 *
 * <ul>
 *   <li><b>8-byte message rate</b>: bursts of {@link #BURST} UD SENDs (one batch, the last signaled) to a receiver
 *       that keeps {@link SoftEnd#UD_RECEIVES} receives posted and polls, against bursts of as many 8-byte datagrams
 *       to a thread blocked in {@code receive}. The rate is what the receiver counted per second of sending: UD and
 *       UDP both drop what the receiver cannot take.
 *   <li><b>64 KiB bandwidth</b>: bursts of {@link #WRITES} RDMA WRITEs of 64 KiB over RC against bursts of as many
 *       times 16 datagrams of 4 KiB. A WRITE of 64 KiB crosses as 16 packets at the path MTU of 4096, each a
 *       datagram of one {@code send}, so 16 datagrams of 4 KiB are the same work for the socket; one datagram of
 *       64 KiB cannot be sent (UDP carries at most 65,507 bytes). Until RC crosses between JVMs this part reports
 *       that, and what it saw, instead of a figure.
 * </ul>
 *
 * <p>Usage: {@code WireRatio [ROUNDS [MILLISECONDS]]} (default 30 rounds of 2 × 200 ms, after 5 rounds of warm-up).
 */
public final class WireRatio implements AutoCloseable {

    static final int MESSAGE_BYTES = 8;
    static final int BURST = 32;
    static final int WRITES = 4;
    static final int DATAGRAM_BYTES = 4096;
    static final int DATAGRAMS_PER_WRITE = SoftEnd.BUFFER_BYTES / DATAGRAM_BYTES;
    private static final String LOCAL = "127.0.0.1";
    private static final String PEER = "127.0.0.2";
    private static final int WARMUP_ROUNDS = 5;
    private static final int PROBE_SECONDS = 3;

    private final PeerProcess peer;
    private final String[] ready;
    private final SoftEnd end = new SoftEnd();
    private final DatagramEnd datagrams = new DatagramEnd(InetAddress.getByName(LOCAL));
    private final InetSocketAddress peerDatagrams;
    private final Gid peerGid;
    private final int rounds;
    private final long halfNanos;

    private WireRatio(PeerProcess peer, int rounds, long halfMillis) throws IOException {
        this.peer = peer;
        this.ready = peer.awaitReady();
        this.peerDatagrams = new InetSocketAddress(InetAddress.getByName(PEER), Integer.parseInt(ready[5]));
        this.peerGid = Gid.parse(ready[6]);
        this.rounds = rounds;
        this.halfNanos = TimeUnit.MILLISECONDS.toNanos(halfMillis);
    }

    /**
     * Runs the measurement.
     *
     * @param args the rounds and the milliseconds of each half round
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        long halfMillis = args.length > 1 ? Long.parseLong(args[1]) : 200;
        int udpPort = freeUdpPort();
        System.setProperty("verbs4j.soft.addresses", LOCAL);
        System.setProperty("verbs4j.soft.udp-port", String.valueOf(udpPort));
        System.out.printf(Locale.ROOT, "%s, JDK %s, %s, load average %s%n", Instant.now(), Runtime.version(),
                Machine.cpu(), Machine.load());
        try (PeerProcess peer = PeerProcess.start(PEER, udpPort);
                WireRatio measurement = new WireRatio(peer, rounds, halfMillis)) {
            measurement.messageRate();
            measurement.bandwidth();
            measurement.threads();
        }
        System.out.printf(Locale.ROOT, "%s, load average %s%n", Instant.now(), Machine.load());
    }

    private void messageRate() throws IOException {
        UdStream ud = new UdStream(end, Integer.parseInt(ready[1]), peerGid);
        Burst soft = ud::burst;
        Burst plain = () -> datagrams.burst(peerDatagrams, BURST, MESSAGE_BYTES);
        Figures figures = new Figures(rounds);
        for (int round = -WARMUP_ROUNDS; round < rounds; round++) {
            HalfRound[] pair = round(round, soft, plain);
            if (pair[0].softFailed() > 0) {
                throw new IllegalStateException(pair[0].softFailed() + " receives completed with an error");
            }
            if (round >= 0) {
                figures.add(round, pair[0].perSecond(pair[0].softMessages()), pair[1].perSecond(pair[1].datagrams()),
                        pair[0].perSecond(pair[0].bursts() * BURST), pair[1].perSecond(pair[1].bursts() * BURST));
                figures.cpu(round, pair[0].cpuPer(pair[0].softMessages()), pair[1].cpuPer(pair[1].datagrams()));
            }
        }
        System.out.printf(Locale.ROOT, "8-byte messages, bursts of %d, %d rounds of 2 x %d ms (millions per second"
                + " received by the peer, and sent):%n", BURST, rounds, TimeUnit.NANOSECONDS.toMillis(halfNanos));
        ud.close();
        figures.print("soft wire (UD SEND over RoCE v2)", "DatagramChannel", 1e-6, "M/s", 0.5);
        figures.printCpu("CPU ns of the Java threads of both JVMs per message received", 1, "ns");
    }

    private void bandwidth() throws IOException {
        System.out.printf(Locale.ROOT, "64 KiB, bursts of %d RDMA WRITEs over RC against %d datagrams of %d bytes:%n",
                WRITES, WRITES * DATAGRAMS_PER_WRITE, DATAGRAM_BYTES);
        String missing = rcMissing();
        if (missing != null) {
            System.out.println("  not measured: RC between JVMs is not there yet (" + missing + ")");
            return;
        }
        RcWrites writes = new RcWrites(end, Long.parseLong(ready[3]), Integer.parseInt(ready[4]));
        Burst soft = writes::burst;
        Burst plain = () -> datagrams.burst(peerDatagrams, WRITES * DATAGRAMS_PER_WRITE, DATAGRAM_BYTES);
        Figures figures = new Figures(rounds);
        for (int round = -WARMUP_ROUNDS; round < rounds; round++) {
            HalfRound[] pair = round(round, soft, plain);
            if (round >= 0) {
                long written = pair[0].bursts() * WRITES * SoftEnd.BUFFER_BYTES;
                long sent = pair[1].bursts() * WRITES * SoftEnd.BUFFER_BYTES;
                figures.add(round, pair[0].perSecond(written), pair[1].perSecond(pair[1].datagramBytes()),
                        pair[0].perSecond(written), pair[1].perSecond(sent));
                figures.cpu(round, pair[0].cpuPer(written), pair[1].cpuPer(pair[1].datagramBytes()));
            }
        }
        figures.print("soft wire (RDMA WRITE over RC)", "DatagramChannel", 1e-9, "GB/s", 0.8);
        figures.printCpu("CPU ns of the Java threads of both JVMs per KiB", 1024, "ns");
    }

    /** Connects the RC queue pairs and probes them with one WRITE. @return what failed, or null */
    private String rcMissing() throws IOException {
        try {
            end.connectRc(Integer.parseInt(ready[2]), peerGid);
        } catch (RuntimeException e) {
            return "connecting the sender's RC queue pair: " + e.getMessage();
        }
        String[] answer = peer.ask("rc " + end.rc.qpNum() + " " + end.gid());
        if (!answer[0].equals("ok")) {
            return "connecting the peer's RC queue pair: " + String.join(" ", answer);
        }
        WcStatus status = new RcWrites(end, Long.parseLong(ready[3]), Integer.parseInt(ready[4]))
                .probe(PROBE_SECONDS);
        if (status == null) {
            return "a 64 KiB RDMA WRITE to the peer JVM got no completion in " + PROBE_SECONDS + " s";
        }
        return status == WcStatus.SUCCESS ? null : "a 64 KiB RDMA WRITE to the peer JVM completed with " + status;
    }

    /** Prints the CPU time of each thread of both JVMs over the whole run. */
    private void threads() throws IOException {
        String[] peerThreads = expect(peer.ask("threads"), "threads");
        System.out.printf(Locale.ROOT, "CPU ms per thread over the whole run, warm-up included: sender JVM %s;"
                + " peer JVM %s%n", ThreadsCpu.byThread(),
                String.join(" ", Arrays.copyOfRange(peerThreads, 1, peerThreads.length)));
    }

    /** @return the soft half and the plain half of a round, run in the round's order */
    private HalfRound[] round(int round, Burst soft, Burst plain) throws IOException {
        if ((round & 1) == 0) {
            HalfRound first = half("soft", soft);
            return new HalfRound[] {first, half("datagram", plain)};
        }
        HalfRound first = half("datagram", plain);
        return new HalfRound[] {half("soft", soft), first};
    }

    private HalfRound half(String kind, Burst burst) throws IOException {
        expect(peer.ask("start " + kind), "go");
        long cpu = ThreadsCpu.nanos();
        long start = System.nanoTime();
        long bursts = 0;
        do {
            burst.send();
            bursts++;
        } while (System.nanoTime() - start < halfNanos);
        long nanos = System.nanoTime() - start;
        cpu = ThreadsCpu.nanos() - cpu;
        String[] count = expect(peer.ask("stop"), "count");
        return new HalfRound(nanos, bursts, Long.parseLong(count[1]), Long.parseLong(count[2]),
                Long.parseLong(count[3]), Long.parseLong(count[4]), cpu + Long.parseLong(count[5]));
    }

    private static String[] expect(String[] answer, String word) throws IOException {
        if (!answer[0].equals(word)) {
            throw new IOException("the peer answered '" + String.join(" ", answer) + "', not " + word);
        }
        return answer;
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(LOCAL), 0))) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws IOException {
        datagrams.close();
        end.close();
    }
}
