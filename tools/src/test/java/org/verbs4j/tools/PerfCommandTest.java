package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.verbs4j.Verbs;

/** {@code verbs4j perf}: every test in one process on the soft device, both roles, and what goes wrong. */
class PerfCommandTest {

    private static final String BW_ROW = " \\d+ +\\d+ +\\d+\\.\\d\\d +\\d+\\.\\d\\d\\s+\\d+\\.\\d{6}\\s*";
    private static final String LAT_DURATION_ROW = " \\d+ +\\d+ +\\d+\\.\\d\\d +\\d+\\.\\d\\d\\s*";
    private static final String LAT_ROW = " \\d+ +\\d+( +\\d+\\.\\d\\d){2}\\s+\\d+\\.\\d\\d(\\s+\\d+\\.\\d\\d){4}\\s*";

    private static Run loopback(String test, String... more) {
        return Run.of(Verbs::catalog, TwoSides.concat(new String[] {"perf", test, "-d", "soft0", "-n", "200",
            "-s", "1024", "--timeout", "20"}, more));
    }

    @Test
    void sendBandwidthRunsBothSidesInOneProcess() {
        assertBandwidthRow(loopback("send_bw"), 1024, 200);
    }

    @Test
    void writeBandwidthRunsBothSidesInOneProcess() {
        assertBandwidthRow(loopback("write_bw"), 1024, 200);
    }

    @Test
    void readBandwidthRunsBothSidesInOneProcess() {
        assertBandwidthRow(loopback("read_bw"), 1024, 200);
    }

    @Test
    void atomicBandwidthRunsBothSidesInOneProcess() {
        Run run = Run.of(Verbs::catalog, "perf", "atomic_bw", "-d", "soft0", "-n", "200", "--timeout", "20");

        assertBandwidthRow(run, 8, 200);
        assertThat(run.out()).contains("                    Atomic FETCH_AND_ADD BW Test");
    }

    @Test
    void sendLatencyRunsBothSidesInOneProcess() {
        assertLatencyRow(loopback("send_lat"), 1024, 200);
    }

    @Test
    void writeLatencyRunsBothSidesInOneProcess() {
        assertLatencyRow(loopback("write_lat"), 1024, 200);
    }

    @Test
    void readLatencyRunsBothSidesInOneProcess() {
        assertLatencyRow(loopback("read_lat"), 1024, 200);
    }

    @Test
    void sendBandwidthOverUdAndUcAndWithEvents() {
        assertBandwidthRow(loopback("send_bw", "-c", "UD"), 1024, 200);
        assertBandwidthRow(loopback("send_bw", "-c", "UC"), 1024, 200);
        assertBandwidthRow(loopback("send_bw", "-e"), 1024, 200);
    }

    @Test
    void sendLatencyOverUd() {
        assertLatencyRow(loopback("send_lat", "-c", "UD"), 1024, 200);
    }

    @Test
    void noPeakLeavesOutThePeakOnBothSidesWithoutTheWarning() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "write_bw", "-N", "-F", "-d", "soft0", "-p", String.valueOf(port), "-n", "200",
            "-s", "1024", "--timeout", "20"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

        for (Run side : List.of(run.server(), run.client())) {
            assertBandwidthRow(side, 1024, 200);
            assertThat(side.out()).filteredOn(line -> line.matches(BW_ROW))
                    .allMatch(line -> line.trim().split("\\s+")[2].equals("0.00"));
            assertThat(side.out()).doesNotContain(" WARNING: BW peak won't be measured in this run.");
        }
    }

    @Test
    void outputPrintsOnlyTheNumberPerftestPrints() {
        Run bandwidth = loopback("write_bw", "--output=bandwidth");
        Run rate = loopback("send_bw", "--output", "message_rate");
        Run latency = loopback("read_lat", "--output=latency");

        for (Run run : List.of(bandwidth, rate, latency)) {
            assertThat(run.exitCode()).as("stderr %s", run.err()).isZero();
            assertThat(run.out()).singleElement().asString().matches("\\d+\\.\\d{6}");
        }
        assertThat(Double.parseDouble(bandwidth.out().getFirst())).isPositive();
    }

    @Test
    void outputIsRefusedWherePerftestRefusesIt() {
        Run word = Run.of(Verbs::catalog, "perf", "write_bw", "--output=gbits");
        Run latencyOfBandwidth = Run.of(Verbs::catalog, "perf", "write_bw", "--output=latency");
        Run bandwidthOfLatency = Run.of(Verbs::catalog, "perf", "send_lat", "--output=bandwidth");

        assertThat(List.of(word.exitCode(), latencyOfBandwidth.exitCode(), bandwidthOfLatency.exitCode()))
                .containsOnly(2);
        assertThat(word.err()).containsExactly("verbs4j perf: Invalid verbosity level output flag. Please use"
                + " bandwidth, latency, message_rate");
        assertThat(latencyOfBandwidth.err()).containsExactly("verbs4j perf: Output verbosity level for BW can be:"
                + " bandwidth, message_rate");
        assertThat(bandwidthOfLatency.err()).containsExactly("verbs4j perf: Output verbosity level for LAT can be:"
                + " latency");
    }

    @Test
    void gigabitsAreReportedWhenAsked() {
        Run run = loopback("write_bw", "--report_gbits");

        assertThat(run.out()).contains(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]");
    }

    @Test
    void aServerAndAClientOfThisJvmMeasureTogether() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "send_bw", "-d", "soft0", "-p", String.valueOf(port), "-n", "300", "-s", "512",
            "--timeout", "20"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

        assertBandwidthRow(run.server(), 512, 300);
        assertBandwidthRow(run.client(), 512, 300);
        assertThat(run.server().out()).as("perftest cuts the RX depth (512) to the iterations")
                .contains(" RX depth        : 300");
        assertThat(run.client().out()).contains(" TX depth        : 128");
        assertThat(run.server().out()).as("perftest's receiver of sends measures no peak, and says so first")
                .startsWith(" WARNING: BW peak won't be measured in this run.", "",
                        "************************************", "* Waiting for client to connect... *")
                .anyMatch(line -> line.matches(BW_ROW) && line.trim().split("\\s+")[2].equals("0.00"));
        assertThat(run.client().out()).doesNotContain(" WARNING: BW peak won't be measured in this run.",
                "* Waiting for client to connect... *");
    }

    @Test
    void aPeerOutsideThisJvmIsRefusedOnTheSoftDevice() throws Exception {
        int port = TwoSides.freePort();
        var server = CompletableFuture.supplyAsync(() -> Run.of(Verbs::catalog, "perf",
                "write_bw", "-d", "soft0", "-p", String.valueOf(port), "--server", "--timeout", "20"));
        PerftestPeer.exchangeAsForeignClient(port);
        Run run = server.get();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).anyMatch(line -> line.contains("soft peers must share a JVM"));
    }

    @Test
    void mismatchedSizesFailWithTheCompletionStatusOnBothSides() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "send_bw", "-d", "soft0", "-p", String.valueOf(port), "-n", "50", "--timeout",
            "5"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "-s", "256", "--server"),
                TwoSides.concat(common, "-s", "1024", "localhost"));

        assertThat(run.server().exitCode()).isEqualTo(1);
        assertThat(run.client().exitCode()).isEqualTo(1);
        assertThat(run.server().err()).anyMatch(line -> line.contains("status IBV_WC_LOC_LEN_ERR"));
    }

    @Test
    void mismatchedTransportsStopAtTheTimeoutInsteadOfHanging() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "send_bw", "-d", "soft0", "-p", String.valueOf(port), "-n", "50", "-s", "256",
            "--timeout", "2"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "-c", "RC", "--server"),
                TwoSides.concat(common, "-c", "UD", "localhost"));

        assertThat(run.server().exitCode()).isEqualTo(1);
        assertThat(run.server().err()).anyMatch(line -> line.contains("no completion for 2 s"));
        assertThat(run.client().exitCode()).isEqualTo(1);
    }

    @Test
    void allSizesGoFromTwoBytesToEightMebibytesOnBothBandwidthExchanges() {
        for (String test : List.of("write_bw", "send_bw")) {
            Run run = Run.of(Verbs::catalog, "perf", test, "-a", "-d", "soft0", "-n", "20", "--timeout", "20");

            assertThat(run.exitCode()).as("%s: stderr %s", test, run.err()).isZero();
            List<String> rows = run.out().stream().filter(line -> line.matches(BW_ROW)).toList();
            assertThat(rows).as(test).hasSize(23);
            assertThat(rows.getFirst()).startsWith(" 2          20 ");
            assertThat(rows.getLast()).startsWith(" 8388608    20 ");
        }
    }

    @Test
    void allSizesOfEveryLatencyTestGoFromTwoBytesToEightMebibytes() {
        for (String test : List.of("write_lat", "send_lat", "read_lat")) {
            Run run = Run.of(Verbs::catalog, "perf", test, "-a", "-d", "soft0", "-n", "10", "--timeout", "20");

            assertThat(run.exitCode()).as("%s: stderr %s", test, run.err()).isZero();
            List<String> rows = run.out().stream().filter(line -> line.matches(LAT_ROW)).toList();
            assertThat(rows).as(test).hasSize(23);
            assertThat(rows.getFirst()).startsWith(" 2       10 ");
            assertThat(rows.getLast()).startsWith(" 8388608 10 ");
        }
    }

    @Test
    void durationRunsEveryLatencyTestForItsSecondsAndCountsTheSample() {
        for (String test : List.of("write_lat", "send_lat", "read_lat")) {
            long start = System.nanoTime();
            Run run = Run.of(Verbs::catalog, "perf", test, "-D", "3", "-f", "1", "-d", "soft0", "--timeout", "20");
            double seconds = (System.nanoTime() - start) / 1e9;

            assertThat(run.exitCode()).as("%s: stderr %s", test, run.err()).isZero();
            assertThat(run.out()).as(test).contains(" #bytes        #iterations       t_avg[usec]    tps average");
            List<String> rows = run.out().stream().filter(line -> line.matches(LAT_DURATION_ROW)).toList();
            assertThat(rows).as("%s: %s", test, run.out()).hasSize(1);
            String[] fields = rows.getFirst().trim().split(" +");
            double average = Double.parseDouble(fields[2]);
            double tps = Double.parseDouble(fields[3]);
            assertThat(Long.parseLong(fields[1])).as(test).isPositive();
            assertThat(tps).as("%s: tps is the count over the one-second sample", test)
                    .isCloseTo(Long.parseLong(fields[1]), org.assertj.core.data.Percentage.withPercentage(1));
            double expectedAverage = (test.equals("read_lat") ? 1.0 : 0.5) * 1e6 / tps;
            assertThat(average).as("%s: t_avg is the sample's time per operation (half of it for a round trip),"
                    + " printed to 0.01 usec", test)
                    .isCloseTo(expectedAverage, org.assertj.core.data.Offset.offset(0.0051 + expectedAverage * 0.001));
            assertThat(seconds).as(test).isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void durationRunsTheWriteReadAndAtomicBandwidthTestsForTheirSecondsAndCountsTheSample() {
        for (String test : List.of("write_bw", "read_bw", "atomic_bw")) {
            long start = System.nanoTime();
            Run run = Run.of(Verbs::catalog, "perf", test, "-D", "3", "-f", "1", "-d", "soft0", "--timeout", "20");
            double seconds = (System.nanoTime() - start) / 1e9;

            assertThat(run.exitCode()).as("%s: stderr %s", test, run.err()).isZero();
            assertThat(run.out()).as(test).contains(" WARNING: BW peak won't be measured in this run.");
            List<String> rows = run.out().stream().filter(line -> line.matches(BW_ROW)).toList();
            assertThat(rows).as("%s: %s", test, run.out()).hasSize(1);
            String[] fields = rows.getFirst().trim().split("\\s+");
            long iters = Long.parseLong(fields[1]);
            int size = Integer.parseInt(fields[0]);
            assertThat(iters).as(test).isPositive();
            assertThat(fields[2]).as("%s: no peak in duration mode", test).isEqualTo("0.00");
            assertThat(Double.parseDouble(fields[4]) * 1e6).as("%s: the rate is the count over the one-second"
                    + " sample", test).isCloseTo(iters, org.assertj.core.data.Percentage.withPercentage(1));
            assertThat(Double.parseDouble(fields[3])).as("%s: the average is the bytes of the sample", test)
                    .isCloseTo(size * iters / (double) (1 << 20), org.assertj.core.data.Offset.offset(
                            0.0051 + size * iters / (double) (1 << 20) * 0.01));
            assertThat(seconds).as(test).isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void aServerOfADurationWriteTestPrintsTheClientsRow() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "write_bw", "-d", "soft0", "-p", String.valueOf(port), "-D", "2", "-s", "128",
            "--timeout", "20"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

        assertThat(run.server().exitCode()).as("server: %s", run.server().err()).isZero();
        assertThat(run.client().exitCode()).as("client: %s", run.client().err()).isZero();
        List<String> serverRows = run.server().out().stream().filter(line -> line.matches(BW_ROW)).toList();
        List<String> clientRows = run.client().out().stream().filter(line -> line.matches(BW_ROW)).toList();
        assertThat(serverRows).hasSize(1).isEqualTo(clientRows);
    }

    @Test
    void durationIsRefusedWherePerftestRefusesItOrVerbs4jLacksIt() {
        Run events = Run.of(Verbs::catalog, "perf", "send_lat", "-D", "4", "-e");
        Run all = Run.of(Verbs::catalog, "perf", "write_lat", "-D", "4", "-a");

        assertThat(events.err()).containsExactly("verbs4j perf: Duration mode doesn't work with events.");
        assertThat(all.err()).containsExactly("verbs4j perf: Duration mode currently doesn't support running on all"
                + " sizes.");
        assertThat(List.of(events.exitCode(), all.exitCode())).containsOnly(2);
    }

    @Test
    void durationRunsTheSendBandwidthTestAndEachSideCountsTheSampleOfItsOwnWindow() throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", "send_bw", "-d", "soft0", "-p", String.valueOf(port), "-D", "3", "-f", "1",
            "-s", "256", "--timeout", "20"};
        long start = System.nanoTime();
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

        assertThat((System.nanoTime() - start) / 1e9).isGreaterThanOrEqualTo(3);
        for (Run side : List.of(run.server(), run.client())) {
            assertDurationBandwidthRow(side, 256);
        }
    }

    @Test
    void durationRunsSeveralQueuePairsOfTheBandwidthTests() {
        for (String test : List.of("send_bw", "write_bw", "read_bw")) {
            Run run = Run.of(Verbs::catalog, "perf", test, "-d", "soft0", "-D", "3", "-f", "1", "-s", "64", "-q", "3",
                "--timeout", "20");

            assertDurationBandwidthRow(run, 64);
            assertThat(run.out()).as(test).contains(" Number of qps   : 3\t\tTransport type : IB");
            assertThat(queuePairNumbers(run, " local address")).as(test).hasSize(3).doesNotHaveDuplicates();
        }
    }

    /** The one row of a duration bandwidth run: no peak, the rate and the average are the sample's count. */
    private static void assertDurationBandwidthRow(Run run, int size) {
        assertThat(run.exitCode()).as("exit code; stderr %s", run.err()).isZero();
        assertThat(run.out()).contains(" WARNING: BW peak won't be measured in this run.");
        List<String> rows = run.out().stream().filter(line -> line.matches(BW_ROW)).toList();
        assertThat(rows).as("%s", run.out()).hasSize(1);
        String[] fields = rows.getFirst().trim().split("\\s+");
        long iters = Long.parseLong(fields[1]);
        assertThat(Integer.parseInt(fields[0])).isEqualTo(size);
        assertThat(iters).isPositive();
        assertThat(fields[2]).as("no peak in duration mode").isEqualTo("0.00");
        assertThat(Double.parseDouble(fields[4]) * 1e6).as("the rate is the count over the one-second sample")
                .isCloseTo(iters, org.assertj.core.data.Percentage.withPercentage(1));
        assertThat(Double.parseDouble(fields[3])).as("the average is the bytes of the sample")
                .isCloseTo(size * iters / (double) (1 << 20), org.assertj.core.data.Offset.offset(
                        0.0051 + size * iters / (double) (1 << 20) * 0.01));
    }

    @Test
    void severalQueuePairsOfEveryBandwidthTestEachRunTheIterationsAndReportOneRow() {
        for (String test : List.of("send_bw", "write_bw", "read_bw", "atomic_bw")) {
            assertSeveralQueuePairsRun(test);
        }
    }

    private static void assertSeveralQueuePairsRun(String test) {
        Run run = Run.of(Verbs::catalog, "perf", test, "-d", "soft0", "-n", "200", "-s", "8", "-q", "3",
            "--timeout", "20");

        assertBandwidthRow(run, 8, 600);
        assertThat(run.out()).contains(" Number of qps   : 3\t\tTransport type : IB");
        assertThat(queuePairNumbers(run, " local address")).hasSize(3).doesNotHaveDuplicates();
        assertThat(queuePairNumbers(run, " remote address")).hasSize(3).doesNotHaveDuplicates();
    }

    @Test
    void aServerAndAClientOfThisJvmExchangeTheKeysOfEveryQueuePairOfASendTest() throws Exception {
        assertServerAndClientShareQueuePairs("send_bw");
    }

    @Test
    void aServerAndAClientOfThisJvmExchangeTheKeysOfEveryQueuePairOfAWriteTest() throws Exception {
        assertServerAndClientShareQueuePairs("write_bw");
    }

    private static void assertServerAndClientShareQueuePairs(String test) throws Exception {
        int port = TwoSides.freePort();
        String[] common = {"perf", test, "-d", "soft0", "-p", String.valueOf(port), "-n", "150", "-s", "256",
            "-q", "2", "-c", "UC", "--timeout", "20"};
        TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

        assertBandwidthRow(run.server(), 256, 300);
        assertBandwidthRow(run.client(), 256, 300);
        assertThat(queuePairNumbers(run.server(), " remote address"))
                .containsExactlyElementsOf(queuePairNumbers(run.client(), " local address"));
        assertThat(queuePairNumbers(run.client(), " remote address"))
                .containsExactlyElementsOf(queuePairNumbers(run.server(), " local address"));
    }

    @Test
    void severalQueuePairsAreRefusedWherePerftestRefusesThemOrVerbs4jLacksThem() {
        Run none = Run.of(Verbs::catalog, "perf", "write_bw", "-q", "0");
        Run latency = Run.of(Verbs::catalog, "perf", "send_lat", "-q", "2");

        assertThat(none.err()).containsExactly("verbs4j perf: num of Qps should be between 1 and 16384");
        assertThat(latency.err()).containsExactly("verbs4j perf: Multiple QPs only available on bw tests");
        assertThat(List.of(none.exitCode(), latency.exitCode())).containsOnly(2);
    }

    @Test
    void severalQueuePairsSleepOnTheirCompletionEventsWithEvents() throws Exception {
        for (String test : List.of("send_bw", "read_bw")) {
            int port = TwoSides.freePort();
            String[] common = {"perf", test, "-d", "soft0", "-p", String.valueOf(port), "-n", "150", "-s", "256",
                "-q", "3", "-e", "--timeout", "20"};
            TwoSides run = TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "localhost"));

            assertBandwidthRow(run.server(), 256, 450);
            assertBandwidthRow(run.client(), 256, 450);
            assertThat(run.client().out()).as(test).contains(" Test with events. Using soft0_comp0");
        }
    }

    @Test
    void severalUdQueuePairsEachSendTheIterationsToTheirPeer() {
        Run run = Run.of(Verbs::catalog, "perf", "send_bw", "-c", "UD", "-d", "soft0", "-n", "200", "-s", "512",
            "-q", "2", "--timeout", "20");

        assertBandwidthRow(run, 512, 400);
        assertThat(run.out()).contains(" Connection type : UD\t\tUsing SRQ      : OFF");
        assertThat(queuePairNumbers(run, " remote address")).hasSize(2).doesNotHaveDuplicates();
    }

    @Test
    void anyAtomicSizeButEightBytesIsRefusedAsPerftestDoes() {
        Run all = Run.of(Verbs::catalog, "perf", "atomic_bw", "-a");
        Run sized = Run.of(Verbs::catalog, "perf", "atomic_bw", "-s", "64");
        Run eight = Run.of(Verbs::catalog, "perf", "atomic_bw", "-s", "8", "-d", "soft0", "-n", "50", "--timeout", "20");

        for (Run refused : List.of(all, sized)) {
            assertThat(refused.exitCode()).isEqualTo(2);
            assertThat(refused.err()).containsExactly("verbs4j perf: Message size cannot be changed for Atomic tests");
        }
        assertBandwidthRow(eight, 8, 50);
    }

    @Test
    void eventsWithWritesAreRefusedAsPerftestDoes() {
        for (String test : List.of("write_bw", "write_lat")) {
            Run run = Run.of(Verbs::catalog, "perf", test, "-e");

            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.err()).containsExactly("verbs4j perf: Events feature not available on WRITE verb");
        }
    }

    @Test
    void moderationIsOffAboveEightKibibytesUnlessAskedForAndNeitherDepthNorModerationExceedsTheIterations() {
        Run large = writeBandwidth("-s", "16384", "-n", "20");
        Run asked = writeBandwidth("-s", "16384", "-n", "20", "-Q", "4");
        Run small = writeBandwidth("-s", "8192", "-n", "300");
        Run shallow = writeBandwidth("-s", "8192", "-n", "300", "-t", "16");
        Run few = writeBandwidth("-s", "64", "-n", "40");

        assertThat(large.out()).contains(" CQ Moderation   : 1");
        assertThat(asked.out()).contains(" CQ Moderation   : 4");
        assertThat(small.out()).contains(" CQ Moderation   : 100", " TX depth        : 128");
        assertThat(shallow.out()).contains(" CQ Moderation   : 16", " TX depth        : 16");
        assertThat(few.out()).contains(" CQ Moderation   : 40", " TX depth        : 40");
        assertBandwidthRow(large, 16384, 20);
        assertBandwidthRow(few, 64, 40);
    }

    private static Run writeBandwidth(String... options) {
        return Run.of(Verbs::catalog, TwoSides.concat(new String[] {"perf", "write_bw", "-d", "soft0", "--timeout",
            "20"}, options));
    }

    @Test
    void rdmaCmConnectsTheExchangeAndTheQueuePairOfAServerAndAClient() throws Exception {
        for (String test : List.of("write_bw", "read_bw", "send_bw")) {
            TwoSides run = rdmaCmPair(test);

            assertBandwidthRow(run.server(), 1024, 200);
            assertBandwidthRow(run.client(), 1024, 200);
            assertThat(run.server().out()).contains(" rdma_cm QPs\t : ON", " Data ex. method : rdma_cm",
                    " Waiting for client rdma_cm QP to connect");
            assertThat(run.client().out()).contains(" Data ex. method : rdma_cm");
        }
    }

    @Test
    void rdmaCmConnectsSeveralQueuePairsInTurnAndEachRunsTheIterations() throws Exception {
        for (String test : List.of("write_bw", "send_bw")) {
            TwoSides run = rdmaCmPair(test, "-q", "3");

            assertBandwidthRow(run.server(), 1024, 600);
            assertBandwidthRow(run.client(), 1024, 600);
            assertThat(queuePairNumbers(run.server(), " remote address")).as(test)
                    .hasSize(3).containsExactlyElementsOf(queuePairNumbers(run.client(), " local address"));
            assertThat(queuePairNumbers(run.client(), " remote address")).as(test)
                    .containsExactlyElementsOf(queuePairNumbers(run.server(), " local address"));
        }
    }

    @Test
    void rdmaCmOverUdSendsToWhatTheEstablishedEventGives() throws Exception {
        for (String queuePairs : List.of("1", "2")) {
            TwoSides run = rdmaCmPair("send_bw", "-c", "UD", "-q", queuePairs);
            int iters = 200 * Integer.parseInt(queuePairs);

            assertBandwidthRow(run.server(), 1024, iters);
            assertBandwidthRow(run.client(), 1024, iters);
            assertThat(run.client().out()).contains(" Connection type : UD\t\tUsing SRQ      : OFF",
                    " Data ex. method : rdma_cm");
        }
    }

    @Test
    void rdmaCmRunsTheLatencyTests() throws Exception {
        for (String test : List.of("write_lat", "send_lat", "read_lat")) {
            TwoSides run = rdmaCmPair(test);

            assertThat(run.server().exitCode()).as("%s server: %s", test, run.server().err()).isZero();
            assertLatencyRow(run.client(), 1024, 200);
        }
    }

    @Test
    void rdmaCmOverUdInALatencyTestTellsTheServerTheClientsQpNumberInAFirstDatagram() throws Exception {
        TwoSides run = rdmaCmPair("send_lat", "-c", "UD");

        assertThat(run.server().exitCode()).as("server: %s", run.server().err()).isZero();
        assertLatencyRow(run.server(), 1024, 200);
        assertLatencyRow(run.client(), 1024, 200);
        assertThat(run.client().out()).contains(" Connection type : UD\t\tUsing SRQ      : OFF",
                " Data ex. method : rdma_cm");
    }

    private static TwoSides rdmaCmPair(String test, String... more) throws Exception {
        String[] common = TwoSides.concat(new String[] {"perf", test, "-R", "-d", "soft0", "-p",
            String.valueOf(TwoSides.freePort()), "-n", "200", "-s", "1024", "--timeout", "20"}, more);
        return TwoSides.run(TwoSides.concat(common, "--server"), TwoSides.concat(common, "127.0.0.1"));
    }

    @Test
    void rdmaCmOverUcAndWithoutAPeerAreRefused() {
        Run uc = Run.of(Verbs::catalog, "perf", "send_bw", "-R", "-c", "UC", "--server");
        Run alone = Run.of(Verbs::catalog, "perf", "send_bw", "-R");

        assertThat(uc.exitCode()).isEqualTo(2);
        assertThat(uc.err()).containsExactly("verbs4j perf: UC is not supported in librdmacm (-R)");
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).containsExactly("verbs4j perf: -R without a peer (run --server and a client with HOST)"
                + " is not supported yet by verbs4j perf");
    }

    @Test
    void readOverUcIsRefusedAsPerftestDoes() {
        Run run = Run.of(Verbs::catalog, "perf", "read_bw", "-c", "UC");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).anyMatch(line -> line.contains("UC connection is not possible with RDMA_Read"));
    }

    @Test
    void anUnknownDeviceIsNamed() {
        Run run = Run.of(Verbs::catalog, "perf", "send_lat", "-d", "mlx5_9", "--server", "--timeout", "2");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).anyMatch(line -> line.contains("IB device mlx5_9 not found"));
    }

    @Test
    void aPortInUseAnUnknownHostAndASilentServerAreNamed() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            String port = String.valueOf(taken.getLocalPort());
            Run inUse = Run.of(Verbs::catalog, "perf", "send_bw", "-d", "soft0", "-p", port, "--server");
            Run silent = Run.of(Verbs::catalog, "perf", "send_bw", "-d", "soft0", "-p", port, "--timeout", "1",
                "localhost");
            Run unknown = Run.of(Verbs::catalog, "perf", "send_bw", "-d", "soft0", "-p", port, "no.such.host.invalid");

            assertThat(List.of(inUse.exitCode(), silent.exitCode(), unknown.exitCode())).containsOnly(1);
            assertThat(inUse.err()).containsExactly("verbs4j perf send_bw: cannot listen on TCP port " + port
                    + ": Address already in use");
            assertThat(silent.err()).singleElement().asString()
                    .startsWith("verbs4j perf send_bw: the peer did not send").endsWith("within 1.0 s");
            assertThat(unknown.err()).containsExactly("verbs4j perf send_bw: couldn't connect to no.such.host.invalid:"
                    + port + ": unknown host no.such.host.invalid");
        }
    }

    private static void assertBandwidthRow(Run run, int size, int iters) {
        assertThat(run.exitCode()).as("exit code; stderr %s", run.err()).isZero();
        List<String> rows = run.out().stream().filter(line -> line.matches(BW_ROW)).toList();
        assertThat(rows).as("bandwidth rows of %s", run.out()).hasSize(1);
        assertThat(rows.getFirst()).startsWith(String.format(" %-7d    %-10d", size, iters));
    }

    /** @return the QPN of each address line that starts with {@code side}, in order */
    private static List<String> queuePairNumbers(Run run, String side) {
        return run.out().stream().filter(line -> line.startsWith(side))
                .map(line -> line.replaceAll(".* QPN (\\S+) .*", "$1")).toList();
    }

    private static void assertLatencyRow(Run run, int size, int iters) {
        assertThat(run.exitCode()).as("exit code; stderr %s", run.err()).isZero();
        List<String> rows = run.out().stream().filter(line -> line.matches(LAT_ROW)).toList();
        assertThat(rows).as("latency rows of %s", run.out()).hasSize(1);
        assertThat(rows.getFirst()).startsWith(String.format(" %-7d %d ", size, iters));
    }
}
