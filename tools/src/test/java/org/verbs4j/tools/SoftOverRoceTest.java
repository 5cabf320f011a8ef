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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verbs4j pingpong} between two JVMs whose soft0 are bound to 127.0.0.2 (the server) and 127.0.0.1 (the
 * client): UD crosses over RoCE v2 on loopback; RC is refused at once with the reason (by the server, which
 * checks the client's address first). Over IPv6 the server is bound to ::1 and the client to another IPv6 address
 * of this host (a global or unique-local one of an interface that is up), since loopback has only ::1 and both
 * endpoints use one UDP port; the datagrams between the two still go through loopback.
 */
class SoftOverRoceTest {

    private static final String SERVER_IP = "127.0.0.2";
    private static final String CLIENT_IP = "127.0.0.1";

    @TempDir
    Path logs;

    @Test
    void udPingpongRunsBetweenTwoJvms() throws Exception {
        Process[] pair = runPair("ud");
        Process server = pair[0];
        Process client = pair[1];
        String clientOut = output("client");
        String serverOut = output("server");
        assertThat(client.exitValue()).as(clientOut).isZero();
        assertThat(server.exitValue()).as(serverOut).isZero();
        assertThat(clientOut).contains("200 iters in");
        assertThat(serverOut).contains("200 iters in");
    }

    @Test
    void udPingpongRunsBetweenTwoJvmsOverIpv6() throws Exception {
        InetAddress clientIp = otherIpv6Address();
        Assumptions.assumeTrue(clientIp != null, "this host has no IPv6 address but ::1 for the second JVM");
        Process[] pair = runPair("ud", "::1", clientIp.getHostAddress());
        String clientOut = output("client");
        String serverOut = output("server");
        assertThat(pair[1].exitValue()).as(clientOut).isZero();
        assertThat(pair[0].exitValue()).as(serverOut).isZero();
        assertThat(clientOut).contains("200 iters in");
        assertThat(serverOut).contains("200 iters in");
    }

    @Test
    void rcBetweenTwoJvmsIsRefusedWithTheReason() throws Exception {
        Process[] pair = runPair("rc");
        Process server = pair[0];
        Process client = pair[1];
        assertThat(server.exitValue()).isEqualTo(1);
        assertThat(client.exitValue()).isEqualTo(1);
        assertThat(output("server")).contains("the peer's queue pair").contains("is not in this JVM")
                .contains("RC queue pairs do not cross the network yet");
    }

    /** @return the server and the client of {@code transport}, both ended (the test fails if either hangs) */
    private Process[] runPair(String transport) throws Exception {
        return runPair(transport, SERVER_IP, CLIENT_IP);
    }

    /** @return the server and the client, bound to the addresses given, both ended */
    private Process[] runPair(String transport, String serverIp, String clientIp) throws Exception {
        int tcp = TwoSides.freePort();
        int udp = freeUdpPort(serverIp);
        Process server = start("server", serverIp, udp, transport, tcp);
        Thread.sleep(500);
        Process client = start("client", clientIp, udp, transport, tcp, "127.0.0.1");
        assertThat(client.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Process[] {server, client};
    }

    private Process start(String role, String address, int udpPort, String transport, int tcpPort, String... host)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath(), "-Dverbs4j.soft.addresses=" + address,
                "-Dverbs4j.soft.udp-port=" + udpPort, Main.class.getName(), "pingpong", transport, "-d", "soft0",
                "-g", "1", "-p", String.valueOf(tcpPort), "-n", "200", "-s", "512", "--timeout", "60"));
        command.addAll(List.of(host));
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
