package org.verbs4j.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verbs4j pingpong} and {@code verbs4j perf} between two JVMs whose soft0 are bound to 127.0.0.2 (the
 * server) and 127.0.0.1 (the client): UD, RC and UC cross over RoCE v2 on loopback.
 */
class SoftOverRoceTest {

    private static final String SERVER_IP = "127.0.0.2";
    private static final String CLIENT_IP = "127.0.0.1";

    @TempDir
    Path logs;

    @Test
    void udPingpongRunsBetweenTwoJvms() throws Exception {
        assertBothEnd(runPair("pingpong", "ud", "-s", "512"), "200 iters in");
    }

    @Test
    void rcPingpongRunsBetweenTwoJvms() throws Exception {
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

    private void assertBothEnd(Process[] pair, String expected) throws IOException {
        String clientOut = output("client");
        String serverOut = output("server");
        assertThat(pair[1].exitValue()).as(clientOut).isZero();
        assertThat(pair[0].exitValue()).as(serverOut).isZero();
        assertThat(clientOut).contains(expected);
        assertThat(serverOut).contains(expected);
    }

    /** @return the server and the client of {@code test}, both ended (the test fails if either hangs) */
    private Process[] runPair(String... test) throws Exception {
        int tcp = TwoSides.freePort();
        int udp = freeUdpPort();
        Process server = start("server", SERVER_IP, udp, test, tcp, test[0].equals("perf") ? "--server" : null);
        Thread.sleep(500);
        Process client = start("client", CLIENT_IP, udp, test, tcp, "127.0.0.1");
        assertThat(client.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Process[] {server, client};
    }

    private Process start(String role, String address, int udpPort, String[] test, int tcpPort, String last)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath(), "-Dverbs4j.soft.addresses=" + address,
                "-Dverbs4j.soft.udp-port=" + udpPort, Main.class.getName()));
        command.addAll(List.of(test));
        command.addAll(List.of("-d", "soft0", "-p", String.valueOf(tcpPort), "-n", "200", "--timeout", "60"));
        command.addAll(List.of(test[0].equals("pingpong") ? "-g" : "-x", "1")); // GID 1: the device's address
        if (test[0].equals("perf")) {
            command.addAll(List.of("-u", "18")); // ACK timeout 1 s: the client may start before the server is in RTR
        }
        if (last != null) {
            command.add(last);
        }
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logs.resolve(role).toFile())
                .start();
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

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(CLIENT_IP), 0))) {
            return socket.getLocalPort();
        }
    }
}
