package org.verbs4j.tools.perf;

import java.nio.file.Path;
import java.time.Duration;
import org.verbs4j.Mtu;
import org.verbs4j.QpType;

/**
 * The options of one perf run, with perftest's defaults applied.
 *
 * @param test the test
 * @param host the server, or {@code null} to be the server (or, with {@code loopback}, both sides here)
 * @param loopback whether both sides run in this process
 * @param tcpPort the TCP port of the exchange
 * @param device the device name, or {@code null} for the first device
 * @param ibPort the device's port
 * @param size the message size
 * @param iters the iterations
 * @param all whether to go through every size from 2 bytes ({@code -a})
 * @param gidIndex the GID index ({@code -x}), negative for none
 * @param connection RC, UC or UD
 * @param mtu the MTU to ask for, or {@code null} for the port's active MTU
 * @param txDepth the sends outstanding at once
 * @param rxDepth the receives posted at once
 * @param cqMod signal one send completion every this many sends
 * @param inlineSize the largest message sent inline
 * @param sl the service level
 * @param ackTimeout the RC ACK timeout exponent ({@code -u})
 * @param events whether to sleep on completion events
 * @param gbits whether to report Gb/sec instead of MiB/sec
 * @param json whether to print JSON instead of tables
 * @param outJson a file for perftest's JSON report, or {@code null}
 * @param timeout the longest wait for the peer
 * @param rdmaCm whether the exchange and the test's queue pair go through rdma_cm ({@code -R})
 * @param duration how long a test runs ({@code -D}), or {@code null} to run {@code iters} iterations
 * @param margin the warm-up and cool-down of a duration run ({@code -f}, default a quarter of it)
 * @param queuePairs the queue pairs of a bandwidth test ({@code -q}); each runs {@code iters} iterations
 * @param noPeak whether the bandwidth rows leave out the peak ({@code -N})
 * @param output the tables, or only one number ({@code --output})
 */
record PerfSettings(PerfTest test, String host, boolean loopback, int tcpPort, String device, int ibPort, int size,
        int iters, boolean all, int gidIndex, QpType connection, Mtu mtu, int txDepth, int rxDepth, int cqMod, int inlineSize,
        int sl, int ackTimeout, boolean events, boolean gbits, boolean json, Path outJson, Duration timeout,
        boolean rdmaCm, Duration duration, Duration margin, int queuePairs, boolean noPeak,
        PerfOutput output) {

    /** perftest measures no peak above this many iterations. */
    private static final int PEAK_ITERS = 20_000;

    /** @return whether this side is the client: it posts (bandwidth) or starts the ping-pong (latency) */
    boolean isClient() {
        return host != null;
    }

    /**
     * @return whether the server learns the client's UD address from a first datagram: {@code -R} over UD in a
     *     latency test, where the server sends as well
     */
    boolean repliesToDatagram() {
        return rdmaCm && connection == QpType.UD && test.isLatency();
    }

    /**
     * @return whether the bandwidth rows have no peak (0.00, perftest's {@code noPeak}): with {@code -N}, in duration
     *     mode, above 20000 iterations, and on the receiving side of a send test
     */
    boolean peakless() {
        return !test.isLatency() && (noPeak || duration != null || iters > PEAK_ITERS
                || test.verb() == PerfTest.Verb.SEND && !isClient());
    }

    /** @return whether perftest warns that the peak won't be measured: when it leaves it out unasked */
    boolean warnsPeakless() {
        return peakless() && !noPeak;
    }

    /** @return whether perftest's header shows the TX depth: on the client, and in a latency test */
    boolean printsTxDepth() {
        return isClient() || test.isLatency();
    }

    /** @return whether perftest's header shows the RX depth: on the server of a send test */
    boolean printsRxDepth() {
        return test.verb() == PerfTest.Verb.SEND && !isClient();
    }

    /**
     * @param port the TCP port
     * @return these settings with that port
     */
    PerfSettings withPort(int port) {
        return new PerfSettings(test, host, loopback, port, device, ibPort, size, iters, all, gidIndex, connection, mtu,
                txDepth, rxDepth, cqMod, inlineSize, sl, ackTimeout, events, gbits, json, outJson, timeout, rdmaCm, duration,
                margin, queuePairs, noPeak, output);
    }

    /**
     * @param client the role
     * @return these settings for one side of a loopback run: the server, or the client of localhost
     */
    PerfSettings asSide(boolean client) {
        return new PerfSettings(test, client ? "localhost" : null, loopback, tcpPort, device, ibPort, size, iters, all,
                gidIndex, connection, mtu, txDepth, rxDepth, cqMod, inlineSize, sl, ackTimeout, events, gbits,
                json, client ? outJson : null, timeout, rdmaCm, duration,
                margin, queuePairs, noPeak, output);
    }
}
