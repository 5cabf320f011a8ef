package org.verbs4j.tools.perf;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;

/**
 * perftest's output: the test header of {@code ctx_print_test_info}, the address lines of
 * {@code ctx_print_pingpong_data}, the bandwidth and latency tables, and the JSON of {@code --out_json}.
 * With {@code --json} only the JSON is printed, on standard output.
 */
final class PerfPrinter {

    static final String LINE = "---------------------------------------------------------------------------------------";
    private static final String STARS = "************************************";
    private static final String BW_HEADER = " #bytes     #iterations    BW peak[%s]    BW average[%s]   MsgRate[Mpps]";
    private static final String LAT_HEADER = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    "
            + "t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] ";
    private static final String BW_ROW = " %-7d    %-10d       %-7.2f            %-7.2f\t\t     %-7.6f";
    private static final String BW_ROW_EXT = " %-7d    %d           %-7.6f            %-7.6f            %-7.6f";
    private static final double EXTENDED_BELOW = 0.1;
    private static final String LAT_DURATION_HEADER = " #bytes        #iterations       t_avg[usec]    tps average";

    private final PerfSettings settings;
    private final PrintWriter out;
    private final boolean tables;
    private TestInfo info;

    PerfPrinter(PerfSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
        this.tables = !settings.json() && settings.output() == PerfOutput.FULL;
    }

    /** What perftest prints before it connects: its parser's warning, and a server's banner. */
    void start() {
        if (settings.warnsPeakless() && !settings.json()) {
            out.println(" WARNING: BW peak won't be measured in this run.");
        }
        if (!settings.isClient()) {
            print("");
            print(STARS);
            print("* Waiting for client to connect... *");
            print(STARS);
        }
    }

    /** The header: what runs, on which device, with which limits. */
    void testInfo(TestInfo facts) {
        info = facts;
        PerfTest test = settings.test();
        print(LINE);
        print("                    " + PerftestJson.title(test));
        if (settings.events()) {
            print(" Test with events. Using " + facts.device() + "_comp0");
        }
        print(" Dual-port       : OFF\t\tDevice         : " + facts.device());
        print(" Number of qps   : " + settings.queuePairs() + "\t\tTransport type : IB");
        print(" Connection type : " + settings.connection().name() + "\t\tUsing SRQ      : OFF");
        print(" PCIe relax order: OFF\t\tLock-free      : OFF");
        print(" ibv_wr* API     : ON\t\tUsing DDP      : OFF");
        depths();
        print(" Mtu             : " + facts.mtuBytes() + "[B]");
        print(" Link type       : " + facts.linkLayer());
        if (facts.gidIndex() >= 0) {
            print(" GID index       : " + facts.gidIndex());
        }
        print(test.verb().reads() ? " Outstand reads  : " + facts.outReads()
                : " Max inline data : " + facts.inline() + "[B]");
        print(" rdma_cm QPs\t : " + (settings.rdmaCm() ? "ON" : "OFF"));
        print(" Data ex. method : " + (settings.rdmaCm() ? "rdma_cm" : "Ethernet"));
        if (settings.rdmaCm() && !settings.isClient()) {
            print(LINE);
            print(" Waiting for client rdma_cm QP to connect");
            print(" Please run the same command with the IB/RoCE interface IP");
        }
        print(LINE);
    }

    private void depths() {
        if (settings.printsTxDepth()) {
            print(" TX depth        : " + settings.txDepth());
        }
        if (settings.printsRxDepth()) {
            print(" RX depth        : " + settings.rxDepth());
        }
        if (!settings.test().isLatency()) {
            print(" CQ Moderation   : " + settings.cqMod());
        }
    }

    /** One side's address, as {@code ctx_print_pingpong_data}. */
    void address(String side, PerftestKeys keys, boolean withGid) {
        StringBuilder line = new StringBuilder(String.format(" %s address: LID %s QPN %s PSN %s", side,
                alternateHex(keys.lid(), 4), alternateHex(keys.qpn(), 6), alternateHex(keys.psn(), 6)));
        PerfTest.Verb verb = settings.test().verb();
        if (verb == PerfTest.Verb.READ) {
            line.append(" OUT ").append(alternateHex(keys.outReads(), 4));
        }
        if (verb == PerfTest.Verb.READ || verb == PerfTest.Verb.WRITE) {
            line.append(" RKey ").append(alternateHex(keys.rkey(), 8)).append(" VAddr ")
                    .append(alternateHex(keys.vaddr(), 16));
        }
        print(line.toString());
        if (withGid) {
            StringBuilder gid = new StringBuilder(" GID: ");
            byte[] raw = keys.gid().toBytes();
            for (int i = 0; i < raw.length; i++) {
                gid.append(i == 0 ? "" : ":").append(String.format("%02d", raw[i] & 0xff));
            }
            print(gid.toString());
        }
    }

    /** C's {@code %#0Nx}: zero padded to N characters, with a {@code 0x} prefix unless the value is 0. */
    static String alternateHex(long value, int width) {
        String digits = Long.toHexString(value);
        if (value == 0) {
            return "0".repeat(Math.max(width - 1, 0)) + "0";
        }
        return "0x" + "0".repeat(Math.max(width - 2 - digits.length(), 0)) + digits;
    }

    void bandwidthHeader() {
        String unit = settings.gbits() ? "Gb/sec" : "MiB/sec";
        print(LINE);
        print(String.format(BW_HEADER, unit, unit));
    }

    void latencyHeader() {
        print(LINE);
        print(settings.duration() == null ? LAT_HEADER : LAT_DURATION_HEADER);
    }

    /**
     * The row of {@code REPORT_FMT}, or of {@code REPORT_FMT_EXT} (six decimals) for less than 0.1 Gb/sec, then the
     * closing line.
     */
    void bandwidth(BwReport report) {
        boolean extended = settings.gbits() && report.average() < EXTENDED_BELOW;
        print(String.format(Locale.ROOT, extended ? BW_ROW_EXT : BW_ROW, report.size(), report.iters(), report.peak(),
                report.average(), report.messageRate()));
        print(LINE);
        if (settings.output() == PerfOutput.FULL) {
            json(PerftestJson.bandwidth(report, extended));
        } else {
            boolean rate = settings.output() == PerfOutput.MESSAGE_RATE;
            value(rate ? "msgRate_avg" : "bw_avg", rate ? report.messageRate() : report.average());
        }
    }

    /** The row of {@code REPORT_FMT_LAT}, then the closing line. */
    void latency(LatencyReport report) {
        print(String.format(Locale.ROOT, " %-7d %d          %-7.2f        %-7.2f      %-7.2f  \t       %-7.2f     "
                + "\t%-7.2f\t\t%-7.2f \t\t%-7.2f", report.size(), report.iters(), report.min(), report.max(),
                report.typical(), report.average(), report.stdev(), report.p99(), report.p999()));
        print(LINE);
        if (settings.output() == PerfOutput.FULL) {
            json(PerftestJson.latency(report));
        } else {
            value("avg_lat", report.average());
        }
    }

    /** The row of {@code REPORT_FMT_LAT_DUR}, then the closing line. */
    void latency(DurationReport report) {
        print(String.format(Locale.ROOT, " %-7d       %d            %-7.2f        %-7.2f", report.size(), report.iters(),
                report.average(), report.tps()));
        print(LINE);
        if (settings.output() == PerfOutput.FULL) {
            json(PerftestJson.latency(report));
        } else {
            value("t_avg", report.average());
        }
    }

    /** {@code --output}: the one number on its line, and in the JSON report under perftest's key. */
    private void value(String key, double number) {
        if (!settings.json()) {
            out.println(String.format(Locale.ROOT, "%f", number));
            out.flush();
        }
        json(String.format(Locale.ROOT, "\"%s\": %f\n", key, number));
    }

    /** perftest's {@code --out_json}: the file is rewritten at each row, so with {@code -a} it holds the last. */
    private void json(String results) {
        String document = PerftestJson.document(settings, info, results);
        if (settings.json()) {
            out.print(document);
            out.flush();
        }
        if (settings.outJson() != null) {
            try {
                Files.writeString(settings.outJson(), document, StandardCharsets.UTF_8);
            } catch (IOException failure) {
                throw new UncheckedIOException("cannot write " + settings.outJson(), failure);
            }
        }
    }

    void print(String line) {
        if (tables) {
            out.println(line);
            out.flush();
        }
    }
}
