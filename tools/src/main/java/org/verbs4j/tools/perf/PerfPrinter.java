package org.verbs4j.tools.perf;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Locale;
import org.verbs4j.QpType;

/**
 * perftest's output: the test header of {@code ctx_print_test_info}, the address lines of
 * {@code ctx_print_pingpong_data}, the bandwidth and latency tables, and the JSON of {@code --out_json}.
 * With {@code --json} only the JSON is printed, on standard output.
 */
final class PerfPrinter {

    static final String LINE = "---------------------------------------------------------------------------------------";
    private static final String BW_HEADER = " #bytes     #iterations    BW peak[%s]    BW average[%s]   MsgRate[Mpps]";
    private static final String LAT_HEADER = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    "
            + "t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] ";
    private static final String LAT_DURATION_HEADER = " #bytes        #iterations       t_avg[usec]    tps average";

    private final PerfSettings settings;
    private final PrintWriter out;
    private final boolean tables;

    PerfPrinter(PerfSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
        this.tables = !settings.json();
    }

    /** The header: what runs, on which device, with which limits. */
    void testInfo(String device, String linkLayer, int mtuBytes, int gidIndex, int inline, int outReads) {
        PerfTest test = settings.test();
        if (settings.duration() != null && !test.isLatency()) {
            print(" WARNING: BW peak won't be measured in this run.");
        }
        print(LINE);
        print("                    " + test.verb().title() + " "
                + (test.verb() == PerfTest.Verb.ATOMIC ? "FETCH_AND_ADD " : "")
                + (test.isLatency() ? "Latency " : "BW ") + "Test");
        if (settings.events()) {
            print(" Test with events.");
        }
        print(" Dual-port       : OFF\t\tDevice         : " + device);
        print(" Number of qps   : " + settings.queuePairs() + "\t\tTransport type : IB");
        print(" Connection type : " + settings.connection().name() + "\t\tUsing SRQ      : OFF");
        print(" PCIe relax order: Unsupported\t\tLock-free      : Unsupported");
        print(" ibv_wr* API     : ON\t\tUsing DDP      : OFF");
        if (settings.isClient() || test.isLatency()) {
            print(" TX depth        : " + settings.txDepth());
        }
        if (test.verb() == PerfTest.Verb.SEND && !settings.isClient()) {
            print(" RX depth        : " + settings.rxDepth());
        }
        if (!test.isLatency()) {
            print(" CQ Moderation   : " + settings.cqMod());
        }
        print(" Mtu             : " + mtuBytes + "[B]");
        print(" Link type       : " + linkLayer);
        if (gidIndex >= 0) {
            print(" GID index       : " + gidIndex);
        }
        boolean reads = test.verb() == PerfTest.Verb.READ || test.verb() == PerfTest.Verb.ATOMIC;
        print(reads ? " Outstand reads  : " + outReads : " Max inline data : " + inline + "[B]");
        print(" rdma_cm QPs\t : " + (settings.rdmaCm() ? "ON" : "OFF"));
        print(" Data ex. method : " + (settings.rdmaCm() ? "rdma_cm" : "Ethernet"));
        if (settings.rdmaCm() && !settings.isClient()) {
            print(LINE);
            print(" Waiting for client rdma_cm QP to connect");
            print(" Please run the same command with the IB/RoCE interface IP");
        }
        print(LINE);
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

    /** The row of {@code REPORT_FMT}, then the closing line. */
    void bandwidth(BwReport report) {
        print(String.format(Locale.ROOT, " %-7d    %-10d       %-7.2f            %-7.2f\t\t     %-7.6f",
                report.size(), report.iters(), report.peak(), report.average(), report.messageRate()));
        print(LINE);
        json(String.format(Locale.ROOT, "\"MsgSize\": %d,%n\"n_iterations\": %d,%n\"BW_peak\": %.2f,%n"
                + "\"BW_average\": %.2f,%n\"MsgRate\": %.6f", report.size(), report.iters(), report.peak(),
                report.average(), report.messageRate()));
    }

    /** The row of {@code REPORT_FMT_LAT}, then the closing line. */
    void latency(LatencyReport report) {
        print(String.format(Locale.ROOT, " %-7d %d          %-7.2f        %-7.2f      %-7.2f  \t       %-7.2f     "
                + "\t%-7.2f\t\t%-7.2f \t\t%-7.2f", report.size(), report.iters(), report.min(), report.max(),
                report.typical(), report.average(), report.stdev(), report.p99(), report.p999()));
        print(LINE);
        json(String.format(Locale.ROOT, "\"MsgSize\": %d,%n\"n_iterations\": %d,%n\"t_min\": %.2f,%n\"t_max\": %.2f,%n"
                + "\"t_typical\": %.2f,%n\"t_avg\": %.2f,%n\"t_stdev\": %.2f,%n\"percentile_99\": %.2f,%n"
                + "\"percentile_99.9\": %.2f", report.size(), report.iters(), report.min(), report.max(),
                report.typical(), report.average(), report.stdev(), report.p99(), report.p999()));
    }

    /** The row of {@code REPORT_FMT_LAT_DUR}, then the closing line. */
    void latency(DurationReport report) {
        print(String.format(Locale.ROOT, " %-7d       %d            %-7.2f        %-7.2f", report.size(), report.iters(),
                report.average(), report.tps()));
        print(LINE);
        json(String.format(Locale.ROOT, "\"MsgSize\": %d,%n\"n_iterations\": %d,%n\"t_avg\": %.2f,%n"
                + "\"tps_average\": %.2f", report.size(), report.iters(), report.average(), report.tps()));
    }

    private void json(String results) {
        String document = String.format(Locale.ROOT, "{%n\"test_info\": {%n\"test\": \"%s\",%n\"connection\": \"%s\","
                + "%n\"size\": %d,%n\"iterations\": %d%n},%n\"results\": {%n%s%n}%n}%n", settings.test().tool(),
                settings.connection() == null ? QpType.RC : settings.connection(), settings.size(), settings.iters(),
                results);
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
