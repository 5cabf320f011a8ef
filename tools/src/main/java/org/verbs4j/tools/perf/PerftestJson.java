package org.verbs4j.tools.perf;

import java.util.Locale;

/**
 * perftest's JSON report ({@code --out_json}): the keys, order and number formats of
 * {@code write_test_info_to_file} and of the results of {@code print_full_bw_report}, {@code print_report_lat}
 * and {@code print_report_lat_duration}, so that a script reading perftest's file reads this one.
 */
final class PerftestJson {

    private static final String BW = "\"MsgSize\": %d,\n\"n_iterations\": %d,\n\"BW_peak\": %.2f,\n"
            + "\"BW_average\": %.2f,\n\"MsgRate\": %.6f\n";
    private static final String BW_EXT = "\"MsgSize\": %d,\n\"n_iterations\": %d,\n\"BW_peak\": %.6f,\n"
            + "\"BW_average\": %.6f,\n\"MsgRate\": %.6f\n";
    private static final String LAT = "\"MsgSize\": %d,\n\"n_iterations\": %d,\n\"t_min\": %.2f,\n\"t_max\": %.2f,\n"
            + "\"t_typical\": %.2f,\n\"t_avg\": %.2f,\n\"t_stdev\": %.2f,\n\"percentile_99\": %.2f,\n"
            + "\"percentile_99.9\": %.2f\n";
    private static final String LAT_DURATION = "\"MsgSize\": %d,\n\"n_iterations\": %d,\n\"t_avg\": %.2f,\n"
            + "\"tps_average\": %.2f\n";

    private PerftestJson() {
    }

    /**
     * @param settings the run's options
     * @param info what the header says of this side
     * @param results the results' fields, one of this class's formats
     * @return the whole document
     */
    static String document(PerfSettings settings, TestInfo info, String results) {
        return "{\n" + testInfo(settings, info) + "\"results\": {\n" + results + "}\n}\n";
    }

    /**
     * @param report the row
     * @param extended whether the row has six decimals (perftest's {@code REPORT_FMT_EXT_JSON})
     * @return the results of a bandwidth row
     */
    static String bandwidth(BwReport report, boolean extended) {
        return String.format(Locale.ROOT, extended ? BW_EXT : BW, report.size(), report.iters(), report.peak(),
                report.average(), report.messageRate());
    }

    /** @return the results of a latency row */
    static String latency(LatencyReport report) {
        return String.format(Locale.ROOT, LAT, report.size(), report.iters(), report.min(), report.max(),
                report.typical(), report.average(), report.stdev(), report.p99(), report.p999());
    }

    /** @return the results of a latency row of a duration run */
    static String latency(DurationReport report) {
        return String.format(Locale.ROOT, LAT_DURATION, report.size(), report.iters(), report.average(),
                report.tps());
    }

    private static String testInfo(PerfSettings settings, TestInfo info) {
        PerfTest test = settings.test();
        StringBuilder json = new StringBuilder("\"test_info\": {\n");
        text(json, "test", title(test).replace(' ', '_'));
        if (settings.events()) {
            text(json, "Test with events", "Using_" + info.device() + "_comp0");
        }
        text(json, "Dual_port", "OFF");
        text(json, "Device", info.device());
        number(json, "Number_of_qps", settings.queuePairs());
        text(json, "Transport_type", "IB");
        text(json, "Connection_type", settings.connection().name());
        text(json, "Using_SRQ", "OFF");
        text(json, "PCIe_relax_order", "OFF");
        text(json, "ibv_wr_API", "ON");
        depths(json, settings);
        number(json, "Mtu", info.mtuBytes());
        text(json, "Link_type", info.linkLayer());
        if (info.gidIndex() >= 0) {
            number(json, "GID_index", info.gidIndex());
        }
        if (test.verb().reads()) {
            number(json, "Outstand_reads", info.outReads());
        } else {
            number(json, "Max_inline_data", info.inline());
        }
        text(json, "rdma_cm_QPs", settings.rdmaCm() ? "ON" : "OFF");
        text(json, "Use_ROCm_memory", "OFF");
        json.append("\"Data_ex_method\": \"").append(settings.rdmaCm() ? "rdma_cm" : "Ethernet").append("\"\n},\n");
        return json.toString();
    }

    /**
     * @param test the test
     * @return the header's title without "Test": {@code Send BW}, {@code Atomic FETCH_AND_ADD BW}, ...
     */
    static String title(PerfTest test) {
        return test.verb().title() + (test.verb() == PerfTest.Verb.ATOMIC ? " FETCH_AND_ADD" : "")
                + (test.isLatency() ? " Latency" : " BW") + " Test";
    }

    private static void depths(StringBuilder json, PerfSettings settings) {
        if (settings.printsTxDepth()) {
            number(json, "TX_depth", settings.txDepth());
        }
        if (settings.printsRxDepth()) {
            number(json, "RX_depth", settings.rxDepth());
        }
        if (!settings.test().isLatency()) {
            number(json, "CQ_Moderation", settings.cqMod());
        }
    }

    private static void text(StringBuilder json, String key, String value) {
        json.append('"').append(key).append("\": \"").append(value).append("\",\n");
    }

    private static void number(StringBuilder json, String key, long value) {
        json.append('"').append(key).append("\": ").append(value).append(",\n");
    }
}
