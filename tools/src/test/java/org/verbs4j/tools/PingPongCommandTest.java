package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.verbs4j.Verbs;

/** {@code verbs4j pingpong}: both sides in this JVM on the soft device, and what goes wrong. */
class PingPongCommandTest {

    private static final Pattern ADDRESS = Pattern.compile(
            "  (local|remote) address: {1,2}LID 0x([0-9a-f]{4}), QPN 0x([0-9a-f]{6}), PSN 0x([0-9a-f]{6})[,:] GID (\\S+)");

    /** @return the arguments of one side: 100 messages of 512 bytes, a 20 s timeout, unless {@code more} says */
    private static String[] args(String transport, int port, String... more) {
        List<String> given = List.of(more);
        String[] base = {"pingpong", transport, "-d", "soft0", "-g", "0", "-p", String.valueOf(port), "-n", "100"};
        String[] size = given.contains("-s") ? new String[0] : new String[] {"-s", "512"};
        String[] timeout = given.contains("--timeout") ? new String[0] : new String[] {"--timeout", "20"};
        return TwoSides.concat(TwoSides.concat(TwoSides.concat(base, size), timeout), more);
    }

    @Test
    void rcExchangesEveryMessageAndReportsTheFiguresOfTheCTool() throws Exception {
        assertBothSidesSucceed("rc");
    }

    @Test
    void ucExchangesEveryMessageAndReportsTheFiguresOfTheCTool() throws Exception {
        assertBothSidesSucceed("uc");
    }

    @Test
    void udExchangesEveryMessageAndReportsTheFiguresOfTheCTool() throws Exception {
        assertBothSidesSucceed("ud");
    }

    @Test
    void srqExchangesEveryMessageAndReportsTheFiguresOfTheCTool() throws Exception {
        assertBothSidesSucceed("srq");
    }

    private static void assertBothSidesSucceed(String transport) throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args(transport, port), args(transport, port, "localhost"));

        assertSucceeded(run.server());
        assertSucceeded(run.client());
        assertThat(qpns(run.server(), "remote")).isEqualTo(qpns(run.client(), "local"));
        assertThat(qpns(run.client(), "remote")).isEqualTo(qpns(run.server(), "local"));
    }

    @Test
    void srqConnectsEveryQueuePairOfTheSharedReceiveQueue() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("srq", port, "-q", "4"), args("srq", port, "-q", "4", "localhost"));

        assertSucceeded(run.server());
        assertThat(qpns(run.client(), "local")).hasSize(4).isEqualTo(qpns(run.server(), "remote"));
    }

    @Test
    void eventModeAndTheClientsBufferCheckSucceed() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("rc", port, "-e", "-c"), args("rc", port, "-e", "-c", "localhost"));

        assertSucceeded(run.server());
        assertSucceeded(run.client());
        assertThat(run.client().out()).noneMatch(line -> line.startsWith("invalid data"));
    }

    @Test
    void theLocalAddressLineOfUdHasTheColonOfIbvUdPingpong() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("ud", port), args("ud", port, "localhost"));

        assertThat(run.client().out().getFirst()).matches("  local address:  LID 0x[0-9a-f]{4}, QPN 0x[0-9a-f]{6},"
                + " PSN 0x[0-9a-f]{6}: GID \\S+");
    }

    @Test
    void anUnknownDeviceIsNamedWithTheDevicesThereAre() {
        Run run = Run.of(Verbs::catalog, "pingpong", "rc", "-d", "mlx5_9");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).anyMatch(line -> line.contains("IB device mlx5_9 not found (devices: ")
                && line.contains("soft0"));
    }

    @Test
    void aPortInUseIsReportedByTheServer() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            Run run = Run.of(Verbs::catalog, args("rc", taken.getLocalPort()));

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err()).anyMatch(line -> line.contains("cannot listen on TCP port "
                    + taken.getLocalPort()));
        }
    }

    @Test
    void aServerThatNeverAnswersTimesOutWithAClearMessage() throws Exception {
        try (ServerSocket silent = new ServerSocket(0)) {
            Run run = Run.of(Verbs::catalog, args("rc", silent.getLocalPort(), "--timeout", "1", "localhost"));

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err()).anyMatch(line -> line.contains("the peer did not send its address within 1.0 s"));
        }
    }

    @Test
    void aServerWithoutClientTimesOut() {
        Run run = Run.of(Verbs::catalog, args("rc", TwoSides.freePort(), "--timeout", "1"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).anyMatch(line -> line.contains("no client connected to TCP port"));
    }

    @Test
    void aPeerOutsideThisJvmIsRefusedOnTheSoftDeviceWithTheReason() throws Exception {
        int port = TwoSides.freePort();
        var server = CompletableFuture.supplyAsync(() -> Run.of(Verbs::catalog, args("rc", port)));
        try (Socket otherJvm = connect(port)) {
            OutputStream out = otherJvm.getOutputStream();
            out.write(record("0000:0abcde:012345:fe800000000000000000000000000001"));
            out.flush();
            assertThat(otherJvm.getInputStream().read()).as("the server closes without an answer").isEqualTo(-1);
        }
        Run run = server.get();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).anyMatch(line -> line.contains("the peer's queue pair 0x0abcde is not in this JVM")
                && line.contains("soft peers must share a JVM"));
    }

    @Test
    void mismatchedSizesFailWithTheCompletionStatus() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("rc", port, "-s", "256", "--timeout", "5"),
                args("rc", port, "-s", "1024", "--timeout", "5", "localhost"));

        assertThat(run.server().exitCode()).isEqualTo(1);
        assertThat(run.client().exitCode()).isEqualTo(1);
        assertThat(run.server().err()).anyMatch(line -> line.contains("Failed status IBV_WC_LOC_LEN_ERR"));
    }

    @Test
    void mismatchedTransportsStopAtTheTimeoutOnBothSides() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("rc", port, "--timeout", "2"), args("ud", port, "--timeout", "2", "localhost"));

        assertThat(run.server().err()).anyMatch(line -> line.contains("no completion for 2 s"));
        assertThat(run.client().exitCode()).isEqualTo(1);
        assertThat(run.server().exitCode()).isEqualTo(1);
    }

    @Test
    void deviceMemoryCarriesThePingPongAndTheClientValidatesWhatCameBack() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("rc", port, "-j", "-c"), args("rc", port, "-j", "-c", "localhost"));

        assertSucceeded(run.server());
        assertSucceeded(run.client());
        assertThat(run.client().out()).noneMatch(line -> line.startsWith("invalid data in page"));
    }

    @Test
    void implicitOnDemandPagingIsRefusedAsTheCToolDoesOnADeviceWithoutOdp() {
        Run implicit = Run.of(Verbs::catalog, "pingpong", "rc", "-O", "-P", "-d", "soft0", "--timeout", "2");

        assertThat(implicit.exitCode()).isEqualTo(1);
        assertThat(implicit.err()).containsExactly("verbs4j pingpong rc: The device isn't ODP capable or does not"
                + " support RC send and receive with ODP");
    }

    @Test
    void theCombinationsIbvRcPingpongRefusesAreRefusedWithItsMessages() {
        Run prefetchAlone = Run.of(Verbs::catalog, "pingpong", "rc", "-P");
        Run onDemandDeviceMemory = Run.of(Verbs::catalog, "pingpong", "rc", "-O", "-j");

        assertThat(prefetchAlone.err()).containsExactly(
                "verbs4j pingpong: prefetch is valid only with on-demand memory region");
        assertThat(onDemandDeviceMemory.err()).containsExactly("verbs4j pingpong: DM memory region can't be on demand");
        assertThat(List.of(prefetchAlone.exitCode(), onDemandDeviceMemory.exitCode())).containsOnly(2);
    }

    @Test
    void implicitOdpPrefetchAndDeviceMemoryAreOptionsOfIbvRcPingpongOnly() {
        Run srq = Run.of(Verbs::catalog, "pingpong", "srq", "-o", "-O");
        Run ud = Run.of(Verbs::catalog, "pingpong", "ud", "-j");

        assertThat(srq.err()).containsExactly("verbs4j pingpong: -O is not an option of ibv_srq_pingpong");
        assertThat(ud.err()).containsExactly("verbs4j pingpong: -j is not an option of ibv_ud_pingpong");
        assertThat(List.of(srq.exitCode(), ud.exitCode())).containsOnly(2);
    }

    @Test
    void timestampsGiveTheClockCyclesBetweenReceivesAsTheCToolPrintsThem() throws Exception {
        int port = TwoSides.freePort();
        TwoSides run = TwoSides.run(args("rc", port, "-t"), args("rc", port, "-t", "localhost"));

        for (Run side : List.of(run.server(), run.client())) {
            assertSucceeded(side);
            List<String> lines = side.out().subList(side.out().size() - 3, side.out().size());
            assertThat(lines.get(0)).matches("Max receive completion clock cycles = \\d+");
            assertThat(lines.get(1)).matches("Min receive completion clock cycles = \\d+");
            assertThat(lines.get(2)).matches("Average receive completion clock cycles = \\d+\\.\\d{6}");
            long max = Long.parseLong(lines.get(0).replaceAll("\\D", ""));
            long min = Long.parseLong(lines.get(1).replaceAll("\\D", ""));
            double average = Double.parseDouble(lines.get(2).replaceAll(".* = ", ""));
            assertThat(min).isPositive().isLessThanOrEqualTo(max);
            assertThat(average).isBetween((double) min, (double) max);
        }
    }

    @Test
    void onDemandPagingIsRefusedAsTheCToolsDoOnADeviceWithout() {
        Run odp = Run.of(Verbs::catalog, "pingpong", "srq", "-o", "-d", "soft0", "--timeout", "2");

        assertThat(odp.exitCode()).isEqualTo(1);
        assertThat(odp.err()).singleElement().asString()
                .isEqualTo("verbs4j pingpong srq: The device isn't ODP capable or does not support RC send, receive"
                        + " and srq with ODP");
    }

    @Test
    void timestampsAndOnDemandPagingBelongToTheToolsThatHaveThem() {
        Run ud = Run.of(Verbs::catalog, "pingpong", "ud", "-o");
        Run srq = Run.of(Verbs::catalog, "pingpong", "srq", "-t");

        assertThat(ud.err()).containsExactly("verbs4j pingpong: -o is not an option of ibv_ud_pingpong");
        assertThat(srq.err()).containsExactly("verbs4j pingpong: -t is not an option of ibv_srq_pingpong");
        assertThat(List.of(ud.exitCode(), srq.exitCode())).containsOnly(2);
    }

    @Test
    void aTimeoutThatIsNotPositiveIsAUsageErrorOfBothCommands() {
        Run pingpong = Run.of(Verbs::catalog, "pingpong", "rc", "--timeout", "0");
        Run perf = Run.of(Verbs::catalog, "perf", "send_bw", "--timeout", "-1");

        assertThat(pingpong.err()).containsExactly("verbs4j pingpong: --timeout must be positive");
        assertThat(perf.err()).containsExactly("verbs4j perf: --timeout must be positive");
        assertThat(List.of(pingpong.exitCode(), perf.exitCode())).containsOnly(2);
    }

    @Test
    void udHasNoMtuOption() {
        Run run = Run.of(Verbs::catalog, "pingpong", "ud", "-m", "2048");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).anyMatch(line -> line.contains("ud has no -m"));
    }

    private static void assertSucceeded(Run run) {
        assertThat(run.exitCode()).as("exit code; stderr %s", run.err()).isZero();
        assertThat(run.out()).anyMatch(line -> line.matches("102400 bytes in \\d+\\.\\d\\d seconds = \\d+\\.\\d\\d"
                + " Mbit/sec"));
        assertThat(run.out()).anyMatch(line -> line.matches("100 iters in \\d+\\.\\d\\d seconds = \\d+\\.\\d\\d"
                + " usec/iter"));
    }

    private static List<String> qpns(Run run, String side) {
        return run.out().stream().map(ADDRESS::matcher).filter(Matcher::matches)
                .filter(matcher -> matcher.group(1).equals(side)).map(matcher -> matcher.group(3)).toList();
    }

    private static Socket connect(int port) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return new Socket("localhost", port);
            } catch (IOException notYet) {
                if (attempt > 100) {
                    throw new AssertionError("the server never listened", notYet);
                }
                Thread.sleep(50);
            }
        }
    }

    private static byte[] record(String text) {
        byte[] record = new byte[52];
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(ascii, 0, record, 0, ascii.length);
        return record;
    }
}
