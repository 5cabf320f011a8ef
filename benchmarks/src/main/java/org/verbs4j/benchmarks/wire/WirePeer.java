package org.verbs4j.benchmarks.wire;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.verbs4j.Gid;

/**
 * The receiving JVM of {@link WireRatio}, which starts it: its soft0 is bound to the address of
 * {@code verbs4j.soft.addresses}, its baseline channel to the same address. It takes one command a line on standard
 * input and answers one line on standard output:
 *
 * <ul>
 *   <li>(at start, unasked) {@code ready UD_QPN RC_QPN BUFFER_ADDRESS RKEY DATAGRAM_PORT GID};
 *   <li>{@code rc QPN GID}: connects the RC queue pair to the sender's; {@code ok}, or {@code error MESSAGE};
 *   <li>{@code start soft|datagram}: a round begins; {@code go};
 *   <li>{@code stop}: waits {@link #DRAIN_MILLIS} ms for what is in flight, then answers
 *       {@code count SOFT_MESSAGES SOFT_FAILED DATAGRAMS DATAGRAM_BYTES CPU_NANOS}, counted since the start (the
 *       last the CPU time of its Java threads);
 *   <li>{@code threads}: {@code threads NAME=MILLISECONDS...}, the CPU time of each of its threads so far;
 *   <li>{@code quit}, or the end of the input: exits.
 * </ul>
 */
public final class WirePeer {

    static final int DRAIN_MILLIS = 20;

    private final SoftEnd end = new SoftEnd();
    private final UdReceiver softReceiver = new UdReceiver(end);
    private final DatagramEnd datagrams;
    private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private long[] mark = new long[5];

    private WirePeer(InetAddress address) throws IOException {
        datagrams = new DatagramEnd(address);
        Thread.ofPlatform().daemon().name("wire-peer-soft").start(softReceiver);
        Thread.ofPlatform().daemon().name("wire-peer-datagram").start(datagrams);
    }

    /**
     * Serves the commands.
     *
     * @param args the address of soft0 and of the baseline channel
     */
    public static void main(String[] args) throws Exception {
        WirePeer peer = new WirePeer(InetAddress.getByName(args[0]));
        peer.serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        System.exit(0);
    }

    private void serve(BufferedReader in) throws IOException, InterruptedException {
        out.printf(Locale.ROOT, "ready %d %d %d %d %d %s%n", end.ud.qpNum(), end.rc.qpNum(), end.buffer.address(),
                end.buffer.rkey(), datagrams.port(), end.gid());
        for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
            out.println(answer(line.split(" ")));
        }
    }

    private String answer(String[] command) throws InterruptedException {
        return switch (command[0]) {
            case "rc" -> connectRc(Integer.parseInt(command[1]), Gid.parse(command[2]));
            case "start" -> start();
            case "stop" -> stop();
            case "threads" -> "threads " + ThreadsCpu.byThread();
            default -> "error unknown command " + command[0];
        };
    }

    private String connectRc(int qpn, Gid gid) {
        try {
            end.connectRc(qpn, gid);
            return "ok";
        } catch (RuntimeException e) {
            return "error " + e.getMessage();
        }
    }

    private String start() {
        mark = counts();
        return "go";
    }

    private String stop() throws InterruptedException {
        Thread.sleep(DRAIN_MILLIS);
        long[] now = counts();
        return String.format(Locale.ROOT, "count %d %d %d %d %d", now[0] - mark[0], now[1] - mark[1],
                now[2] - mark[2], now[3] - mark[3], now[4] - mark[4]);
    }

    private long[] counts() {
        return new long[] {softReceiver.received(), softReceiver.failed(), datagrams.datagrams(), datagrams.bytes(),
            ThreadsCpu.nanos()};
    }
}
