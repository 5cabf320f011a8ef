package org.verbs4j.tools.perf;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.verbs4j.DeviceCatalog;
import org.verbs4j.Mtu;
import org.verbs4j.QpType;
import org.verbs4j.tools.cli.PeerCommand;
import org.verbs4j.tools.cli.PeerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code verbs4j perf TEST [HOST]}: perftest's {@code ib_send_bw}, {@code ib_write_bw}, {@code ib_read_bw},
 * {@code ib_atomic_bw}, {@code ib_send_lat}, {@code ib_write_lat} and {@code ib_read_lat}, with their
 * options where they exist, their out-of-band exchange (so that either side can be the C program) and
 * their tables. With {@code --server} it waits for a client; with a HOST it is the client; with neither
 * it runs both sides in this process on the chosen device.
 */
@Command(name = "perf",
        mixinStandardHelpOptions = true,
        description = {
            "Bandwidth and latency like perftest (ib_send_bw, ib_write_lat, ...), interchangeable with it:",
            "TEST is send_bw, write_bw, read_bw, atomic_bw, send_lat, write_lat or read_lat.",
            "With --server: wait for a client (verbs4j perf or the perftest program); with HOST: be the",
            "client of HOST; with neither: run both sides in this process on the device."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the test completed",
            "1:the run failed (device, peer, completion error, timeout); the reason is printed",
            "2:usage error, or an option verbs4j does not support yet"})
public final class PerfCommand implements Callable<Integer> {

    private static final int UC_MAX_RX = 16000;
    private static final int MIN_QPS = 1;
    private static final int MAX_QPS = 16384;
    private static final int ATOMIC_SIZE = 8;
    private static final int CQ_MOD_SIZE_LIMIT = 8192;
    private static final int DEFAULT_CQ_MOD = 100;

    private final Supplier<DeviceCatalog> catalog;

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TEST", description = "send_bw, write_bw, read_bw, atomic_bw, send_lat,"
            + " write_lat or read_lat")
    private String test;

    @Parameters(index = "1", arity = "0..1", paramLabel = "HOST", description = "the server to connect to")
    private String host;

    @Option(names = "--server", description = "wait for a client instead of running both sides here")
    private boolean server;

    @Mixin
    private PeerOptions peer = new PeerOptions();

    @Option(names = {"-s", "--size"}, description = "size of message (default 65536 bw, 2 lat, 8 atomic)")
    private Integer size;

    @Option(names = {"-n", "--iters"}, description = "number of exchanges (default 5000 bw, 1000 lat)")
    private Integer iters;

    @Option(names = {"-x", "--gid-index"}, description = "GID index (default: none on IB, 0 on Ethernet)")
    private int gidIndex = -1;

    @Option(names = {"-c", "--connection"}, description = "RC, UC or UD (default RC)")
    private String connection = "RC";

    @Option(names = {"-m", "--mtu"}, description = "MTU in bytes (default the port's active MTU)")
    private Integer mtu;

    @Option(names = {"-t", "--tx-depth"}, description = "sends outstanding at once (default 128 bw, 1 lat)")
    private Integer txDepth;

    @Option(names = {"-r", "--rx-depth"}, description = "receives posted at once (default 512)")
    private Integer rxDepth;

    @Option(names = {"-Q", "--cq-mod"}, description = "signal one send in this many (default 100; 1 above 8192"
            + " bytes, as perftest, but with UD, -a or -e)")
    private Integer cqMod;

    @Option(names = {"-I", "--inline_size"}, description = "largest message sent inline")
    private Integer inlineSize;

    @Option(names = {"-S", "--sl"}, description = "service level (default 0)")
    private int sl;

    @Option(names = {"-u", "--qp-timeout"}, description = "RC ACK timeout exponent (default 14)")
    private int ackTimeout = 14;

    @Option(names = {"-e", "--events"}, description = "sleep on CQ events (default poll)")
    private boolean events;

    @Option(names = {"-q", "--qp"}, description = "number of queue pairs of a bandwidth test, each running -n"
            + " iterations (default 1)")
    private int queuePairs = 1;

    @Option(names = {"-a", "--all"}, description = "every message size from 2 bytes to 8 MiB (UD: to the MTU)")
    private boolean all;

    @Option(names = {"-D", "--duration"}, description = "run for this many seconds instead of -n iterations")
    private Integer duration;

    @Option(names = {"-f", "--margin"}, description = "warm-up and cool-down of -D, in seconds (default a quarter)")
    private Integer margin;

    @Option(names = {"-R", "--rdma_cm"}, description = "connect the queue pair and exchange the keys through rdma_cm;"
            + " HOST is the server device's IP address")
    private boolean rdmaCm;

    @Option(names = {"-N", "--noPeak"}, description = "leave out the peak bandwidth (0.00; always so above 20000"
            + " iterations, in -D and on a send test's server)")
    private boolean noPeak;

    @Option(names = {"-F", "--CPU-freq"}, description = "accepted for perftest's command lines: verbs4j reads no"
            + " CPU frequency")
    private boolean cpuFreq;

    @Option(names = "--report_gbits", description = "report Gb/sec instead of MiB/sec")
    private boolean gbits;

    @Option(names = "--out_json", description = "write perftest's JSON report to a file")
    private boolean outJson;

    @Option(names = "--out_json_file", paramLabel = "FILE", description = "the JSON file (default perftest_out.json)")
    private Path outJsonFile;

    @Option(names = "--output", paramLabel = "UNITS", description = "print only one number: bandwidth or message_rate"
            + " (bandwidth tests), latency (latency tests)")
    private String output;

    @Option(names = "--json", description = "print the JSON report instead of the tables")
    private boolean json;

    /** @param catalog supplies the device catalog, for example {@code Verbs::catalog} */
    public PerfCommand(Supplier<DeviceCatalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    public Integer call() {
        return PeerCommand.execute(spec, "perf", this::settings, chosen -> chosen.test().name().toLowerCase(Locale.ROOT),
                chosen -> run(chosen, spec.commandLine().getOut(), spec.commandLine().getErr()));
    }

    private void run(PerfSettings settings, PrintWriter out, PrintWriter err) {
        if (settings.loopback()) {
            new Loopback(settings, out, err).run(catalog.get());
        } else {
            new PerfRun(settings, out, err).run(catalog.get());
        }
    }

    private PerfSettings settings() {
        PerfTest chosen = PerfTest.parse(test);
        refuseUnsupported(chosen);
        QpType type = connection(chosen);
        int n = iters == null ? chosen.defaultIters() : iters;
        int tx = txDepth == null ? (chosen.isLatency() ? 1 : 128) : txDepth;
        int rx = rxDepth == null ? (type == QpType.RC || duration != null ? 512 : Math.min(n, UC_MAX_RX)) : rxDepth;
        if (n <= 1 || tx <= 0 || rx <= 0 || cqMod != null && cqMod <= 0) {
            throw new IllegalArgumentException("-n must be at least 2; -t, -r and -Q must be positive");
        }
        if (duration == null) {
            tx = Math.min(tx, n);
            rx = chosen.verb() == PerfTest.Verb.SEND ? Math.min(rx, n) : rx;
        }
        int messageSize = size == null ? chosen.defaultSize() : size;
        Path jsonFile = outJson || outJsonFile != null
                ? (outJsonFile == null ? Path.of("perftest_out.json") : outJsonFile) : null;
        return new PerfSettings(chosen, host, host == null && !server, peer.tcpPort(), peer.device(), peer.ibPort(),
                messageSize, n, all, gidIndex, type,
                mtu == null ? null : Mtu.ofBytes(mtu), tx, rx, chosen.isLatency() ? 1 : Math.min(cqMod(messageSize, type), tx),
                inlineSize == null ? defaultInline(chosen, type) : inlineSize, sl, ackTimeout, events, gbits, json, jsonFile, peer.timeout(),
                rdmaCm, duration == null ? null : Duration.ofSeconds(duration),
                duration == null ? null : Duration.ofSeconds(margin == null ? duration / 4 : margin), queuePairs,
                noPeak, PerfOutput.parse(output, chosen));
    }

    private QpType connection(PerfTest chosen) {
        QpType type = switch (connection.toUpperCase(Locale.ROOT)) {
            case "RC" -> QpType.RC;
            case "UC" -> QpType.UC;
            case "UD" -> QpType.UD;
            default -> throw new IllegalArgumentException("connection type " + connection + " is not supported:"
                    + " choose RC, UC or UD");
        };
        PerfTest.Verb verb = chosen.verb();
        if (type == QpType.UD && verb != PerfTest.Verb.SEND || type == QpType.UC && verb != PerfTest.Verb.SEND
                && verb != PerfTest.Verb.WRITE) {
            throw new IllegalArgumentException(type + " connection is not possible with " + verb.title());
        }
        return type;
    }

    /**
     * perftest's {@code force_dependecies}: no moderation (1) for messages above 8192 bytes unless {@code -Q} was
     * given, the connection is UD, or the run is {@code -a} or {@code -e}.
     */
    private int cqMod(int messageSize, QpType type) {
        if (cqMod != null) {
            return cqMod;
        }
        return messageSize > CQ_MOD_SIZE_LIMIT && type != QpType.UD && !all && !events ? 1 : DEFAULT_CQ_MOD;
    }

    /** perftest's inline defaults: none for bandwidth, reads and atomics; 236 (UD 188) for send, 220 for write. */
    private static int defaultInline(PerfTest chosen, QpType type) {
        if (!chosen.isLatency()) {
            return 0;
        }
        return switch (chosen.verb()) {
            case SEND -> type == QpType.UD ? 188 : 236;
            case WRITE -> 220;
            default -> 0;
        };
    }

    /** perftest's own refusals in duration mode. */
    private void refuseDurationMisuse() {
        if (duration == null) {
            return;
        }
        if (duration <= 0 || margin != null && (margin < 0 || 2L * margin >= duration)) {
            throw new IllegalArgumentException("-D must be positive and -f less than half of it");
        }
        if (events) {
            throw new IllegalArgumentException("Duration mode doesn't work with events.");
        }
        if (all) {
            throw new IllegalArgumentException("Duration mode currently doesn't support running on all sizes.");
        }
    }

    /** perftest's own refusals of {@code -q}. */
    private void refuseQueuePairMisuse(PerfTest chosen) {
        if (queuePairs < MIN_QPS || queuePairs > MAX_QPS) {
            throw new IllegalArgumentException("num of Qps should be between " + MIN_QPS + " and " + MAX_QPS);
        }
        if (queuePairs > 1 && chosen.isLatency()) {
            throw new IllegalArgumentException("Multiple QPs only available on bw tests");
        }
    }

    private void refuseUnsupported(PerfTest chosen) {
        if (chosen == PerfTest.ATOMIC_BW && (all || size != null && size != ATOMIC_SIZE)) {
            throw new IllegalArgumentException("Message size cannot be changed for Atomic tests");
        }
        if (events && chosen.verb() == PerfTest.Verb.WRITE) {
            throw new IllegalArgumentException("Events feature not available on WRITE verb");
        }
        refuseDurationMisuse();
        refuseQueuePairMisuse(chosen);
        if (rdmaCm && connection.equalsIgnoreCase("UC")) {
            throw new IllegalArgumentException("UC is not supported in librdmacm (-R)");
        }
        if (rdmaCm && host == null && !server) {
            throw new IllegalArgumentException("-R without a peer (run --server and a client with HOST) is not"
                    + " supported yet by verbs4j perf");
        }
        if (server && host != null) {
            throw new IllegalArgumentException("--server and a HOST exclude each other");
        }
    }
}
