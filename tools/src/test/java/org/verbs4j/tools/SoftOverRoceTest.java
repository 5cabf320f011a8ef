package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verbs4j pingpong} and {@code verbs4j perf} between two JVMs whose soft0 are bound to 127.0.0.2 (the
 * server) and 127.0.0.1 (the client): UD, RC and UC cross over RoCE v2 on loopback. Over IPv6 the server is bound
 * to ::1 and the client to another IPv6 address of this host (a global or unique-local one of an interface that is
 * up), since loopback has only ::1 and both endpoints use one UDP port; the datagrams still go through loopback.
 */
class SoftOverRoceTest {

    private static final String SERVER_IP = "127.0.0.2";
    private static final String CLIENT_IP = "127.0.0.1";

    @TempDir
    Path logs;

    /** Whether the peers get their soft0's address and UDP port as VERBS4J_SOFT_* variables instead of -D options. */
    private boolean settingsInEnvironment;

    @Test
    void udPingpongRunsBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("pingpong", "ud", "-s", "512"), "200 iters in");
    }

    @Test
    void udPingpongRunsBetweenTwoJvmsOverIpv6() throws Exception {
        InetAddress clientIp = otherIpv6Address();
        Assumptions.assumeTrue(clientIp != null, "this host has no IPv6 address but ::1 for the second JVM");
        assertBothEnd(runPairOn("::1", clientIp.getHostAddress(), "pingpong", "ud", "-s", "512"), "200 iters in");
    }

    @Test
    void rcPingpongRunsBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("pingpong", "rc", "-s", "4096", "-m", "1024"), "200 iters in");
    }

    /** As a user of the launcher, which passes no JVM options, sets it: through the environment. */
    @Test
    void rcPingpongRunsBetweenTwoJvmsBoundThroughTheEnvironment() throws Exception {
        settingsInEnvironment = true;
        assertBothEnd(runPair("pingpong", "rc", "-s", "4096", "-m", "1024"), "200 iters in");
    }

    @Test
    void ucPingpongRunsBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("pingpong", "uc", "-s", "4096", "-m", "1024"), "200 iters in");
    }

    @Test
    void writeBandwidthIsMeasuredBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("perf", "write_bw", "-s", "65536"), " 65536 ");
    }

    @Test
    void readBandwidthIsMeasuredBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("perf", "read_bw", "-s", "8192"), " 8192 ");
    }

    @Test
    void sendLatencyIsMeasuredBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("perf", "send_lat", "-s", "64"), " 64 ");
    }

    /**
     * The other modes, each with what the client and the server print when it passed (the server of a read latency
     * test only serves, as perftest's).
     */
    @TestFactory
    Stream<DynamicTest> everyOtherModeRunsBetweenTwoJvms() {
        return Stream.of(new String[][] {
            {"pingpong srq -s 1024", "200 iters in", "200 iters in"},
            {"perf send_bw -s 4096", " 4096 ", " 4096 "},
            {"perf send_bw -c UC -s 1024", " 1024 ", " 1024 "},
            {"perf send_bw -c UD -s 1024", " 1024 ", " 1024 "},
            {"perf write_bw -c UC -s 8192", " 8192 ", " 8192 "},
            {"perf atomic_bw", " 8 ", " 8 "},
            {"perf write_lat -s 64", " 64 ", " 64 "},
            {"perf read_lat -s 64", " 64 ", "RDMA_Read Latency Test"}})
            .map(mode -> DynamicTest.dynamicTest(mode[0],
                    () -> assertBothEnd(runPair(mode[0].split(" ")), mode[1], mode[2])));
    }

    private void assertBothEnd(Process[] pair, String expected) throws IOException {
        assertBothEnd(pair, expected, expected);
    }

    private void assertBothEnd(Process[] pair, String clientExpected, String serverExpected) throws IOException {
        String clientOut = output("client");
        String serverOut = output("server");
        assertThat(pair[1].exitValue()).as(clientOut).isZero();
        assertThat(pair[0].exitValue()).as(serverOut).isZero();
        assertThat(clientOut).contains(clientExpected);
        assertThat(serverOut).contains(serverExpected);
    }

    /** @return the server and the client of {@code test}, both ended (the test fails if either hangs) */
    private Process[] runPair(String... test) throws Exception {
        return runPairOn(SERVER_IP, CLIENT_IP, test);
    }

    /** @return the server and the client of {@code test}, bound to the addresses given, both ended */
    private Process[] runPairOn(String serverIp, String clientIp, String... test) throws Exception {
        int tcp = TwoSides.freePort();
        int udp = freeUdpPort(serverIp);
        Process server = start("server", serverIp, udp, test, tcp, test[0].equals("perf") ? "--server" : null);
        Thread.sleep(500);
        Process client = start("client", clientIp, udp, test, tcp, "127.0.0.1");
        assertThat(client.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Process[] {server, client};
    }

    private Process start(String role, String address, int udpPort, String[] test, int tcpPort, String last)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath()));
        if (!settingsInEnvironment) {
            command.addAll(List.of("-Dverbs4j.soft.addresses=" + address, "-Dverbs4j.soft.udp-port=" + udpPort));
        }
        command.add(Main.class.getName());
        command.addAll(List.of(test));
        command.addAll(List.of("-d", "soft0", "-p", String.valueOf(tcpPort), "-n", "200", "--timeout", "60"));
        command.addAll(List.of(test[0].equals("pingpong") ? "-g" : "-x", "1")); // GID 1: the device's address
        if (test[0].equals("perf")) {
            command.addAll(List.of("-u", "18")); // ACK timeout 1 s: the client may start before the server is in RTR
        }
        if (last != null) {
            command.add(last);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logs.resolve(role).toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("VERBS4J_SOFT_"));
        if (settingsInEnvironment) {
            builder.environment().put("VERBS4J_SOFT_ADDRESSES", address);
            builder.environment().put("VERBS4J_SOFT_UDP_PORT", String.valueOf(udpPort));
        }
        return builder.start();
    }

    private String output(String role) throws IOException {
        return Files.readString(logs.resolve(role));
    }

    /** @return the test's class path and module path as one class path */
    private static String classPath() {
        String modules = System.getProperty("jdk.module.path", "");
        String classes = System.getProperty("java.class.path", "");
        return modules.isEmpty() ? classes : modules + File.pathSeparator + classes;
    }

    private static int freeUdpPort(String address) throws IOException {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(address), 0))) {
            return socket.getLocalPort();
        }
    }

    /** @return a global or unique-local IPv6 address of an interface that is up, or null */
    private static InetAddress otherIpv6Address() throws IOException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address instanceof Inet6Address && !address.isLinkLocalAddress()) {
                    return InetAddress.getByAddress(address.getAddress());
                }
            }
        }
        return null;
    }
}
