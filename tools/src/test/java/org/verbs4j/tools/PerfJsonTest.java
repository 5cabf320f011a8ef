package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.Verbs;

/**
 * {@code verbs4j perf --out_json}: perftest's JSON report, key for key in perftest's order (the lists below are
 * those of perftest 25.01's files for the same runs), on the soft device.
 */
class PerfJsonTest {

    private static final Pattern KEY = Pattern.compile("^\"([^\"]+)\": ");
    private static final List<String> HEAD = List.of("test", "Dual_port", "Device", "Number_of_qps", "Transport_type",
            "Connection_type", "Using_SRQ", "PCIe_relax_order", "ibv_wr_API");
    private static final List<String> TAIL = List.of("rdma_cm_QPs", "Use_ROCm_memory", "Data_ex_method");
    private static final List<String> BW = List.of("MsgSize", "n_iterations", "BW_peak", "BW_average", "MsgRate");
    private static final List<String> LAT = List.of("MsgSize", "n_iterations", "t_min", "t_max", "t_typical", "t_avg",
            "t_stdev", "percentile_99", "percentile_99.9");

    @TempDir
    Path dir;

    @Test
    void aLatencyClientWritesPerftestsKeysAndJsonPrintsTheSameDocument() throws Exception {
        Path file = dir.resolve("report.json");
        Run run = Run.of(Verbs::catalog, "perf", "write_lat", "-d", "soft0", "-n", "200", "-s", "64", "--timeout",
            "20", "--json", "--out_json_file", file.toString());

        assertThat(run.exitCode()).as("stderr %s", run.err()).isZero();
        String json = Files.readString(file);
        assertThat(keys(json)).containsExactlyElementsOf(keys(HEAD, List.of("TX_depth", "Mtu", "Link_type"),
                gid(json), List.of("Max_inline_data"), TAIL, LAT));
        assertThat(json).startsWith("{\n\"test_info\": {\n\"test\": \"RDMA_Write_Latency_Test\",\n")
                .contains("\"Device\": \"soft0\",\n", "\"n_iterations\": 200,\n", "\"MsgSize\": 64,\n",
                        "\n\"PCIe_relax_order\": \"OFF\",\n\"ibv_wr_API\": \"ON\",\n")
                .endsWith("\n}\n}\n");
        assertThat(String.join("\n", run.out()) + "\n").as("--json prints the file's document").isEqualTo(json);
    }

    @Test
    void theServerOfASendTestShowsItsReceiveDepthAndTheClientItsSendDepth() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "send_bw", "-d", "soft0", "-p", String.valueOf(port), "-n", "100", "-s", "512",
            "--timeout", "20", "--out_json"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--out_json_file", dir.resolve("s.json").toString(),
                "--server"), TwoSides.concat(common, "--out_json_file", dir.resolve("c.json").toString(), "localhost"));

        assertThat(run.server().exitCode()).as("server: %s", run.server().err()).isZero();
        assertThat(run.client().exitCode()).as("client: %s", run.client().err()).isZero();
        String server = Files.readString(dir.resolve("s.json"));
        String client = Files.readString(dir.resolve("c.json"));
        assertThat(keys(server)).containsExactlyElementsOf(keys(HEAD, List.of("RX_depth", "CQ_Moderation", "Mtu",
                "Link_type"), gid(server), List.of("Max_inline_data"), TAIL, BW));
        assertThat(keys(client)).containsExactlyElementsOf(keys(HEAD, List.of("TX_depth", "CQ_Moderation", "Mtu",
                "Link_type"), gid(client), List.of("Max_inline_data"), TAIL, BW));
        assertThat(server).contains("\"test\": \"Send_BW_Test\",\n", "\"RX_depth\": 100,\n",
                "\"n_iterations\": 100,\n");
        assertThat(client).contains("\"TX_depth\": 100,\n", "\"MsgSize\": 512,\n");
    }

    @Test
    void readsShowTheOutstandingReadsAndEventsTheirChannel() throws Exception {
        Path reads = dir.resolve("reads.json");
        Path events = dir.resolve("events.json");
        Run read = Run.of(Verbs::catalog, "perf", "read_bw", "-d", "soft0", "-n", "100", "-s", "256", "-q", "2",
            "--timeout", "20", "--out_json", "--out_json_file", reads.toString());
        Run send = Run.of(Verbs::catalog, "perf", "send_lat", "-d", "soft0", "-n", "100", "-e", "--timeout", "20",
            "--out_json", "--out_json_file", events.toString());

        assertThat(read.exitCode()).as("read_bw: %s", read.err()).isZero();
        assertThat(send.exitCode()).as("send_lat: %s", send.err()).isZero();
        String readJson = Files.readString(reads);
        String sendJson = Files.readString(events);
        assertThat(keys(readJson)).containsExactlyElementsOf(keys(HEAD, List.of("TX_depth", "CQ_Moderation", "Mtu",
                "Link_type"), gid(readJson), List.of("Outstand_reads"), TAIL, BW));
        assertThat(readJson).contains("\"Number_of_qps\": 2,\n", "\"n_iterations\": 200,\n");
        List<String> withEvents = new ArrayList<>(HEAD);
        withEvents.add(1, "Test with events");
        assertThat(keys(sendJson)).containsExactlyElementsOf(keys(withEvents, List.of("TX_depth", "Mtu", "Link_type"),
                gid(sendJson), List.of("Max_inline_data"), TAIL, LAT));
        assertThat(sendJson).contains("\"Test with events\": \"Using_soft0_comp0\",\n");
    }

    @Test
    void aDurationLatencyRunReportsItsAverageAndRate() throws Exception {
        Path file = dir.resolve("duration.json");
        // a cool-down of 1 s: the side that ends first destroys its queue pair, and the soft device fails a write
        // to it at once, so without one the other side's last write fails within its sample (DurationLoops)
        Run run = Run.of(Verbs::catalog, "perf", "write_lat", "-d", "soft0", "-D", "3", "-f", "1", "--timeout", "20",
            "--out_json", "--out_json_file", file.toString());

        assertThat(run.exitCode()).as("stderr %s", run.err()).isZero();
        String json = Files.readString(file);
        assertThat(keys(json)).endsWith("Data_ex_method", "MsgSize", "n_iterations", "t_avg", "tps_average");
        assertThat(run.out()).as("--out_json alone keeps the tables").anyMatch(line -> line.startsWith(" #bytes"));
    }

    @Test
    void outputWritesPerftestsOneKeyInstead() throws Exception {
        Path file = dir.resolve("output.json");
        Run run = Run.of(Verbs::catalog, "perf", "write_bw", "-d", "soft0", "-n", "100", "--timeout", "20",
            "--output=bandwidth", "--out_json", "--out_json_file", file.toString());

        assertThat(run.exitCode()).as("stderr %s", run.err()).isZero();
        String json = Files.readString(file);
        assertThat(keys(json)).endsWith("Data_ex_method", "bw_avg");
        assertThat(json).contains("\"bw_avg\": " + run.out().getFirst() + "\n");
    }

    /** @return the JSON's keys in order, as perftest writes them: one a line */
    private static List<String> keys(String json) {
        List<String> keys = new ArrayList<>();
        for (String line : json.split("\n")) {
            Matcher key = KEY.matcher(line);
            if (key.find() && !line.endsWith("{")) {
                keys.add(key.group(1));
            }
        }
        return keys;
    }

    /** @return GID_index when the run used a GID (perftest writes it only then) */
    private static List<String> gid(String json) {
        return json.contains("\"GID_index\": ") ? List.of("GID_index") : List.of();
    }

    @SafeVarargs
    private static List<String> keys(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }
}
