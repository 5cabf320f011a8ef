package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs whose soft0 live on the network, bound to 127.0.0.2 (the server) and 127.0.0.1 (the client), run RC
 * and UC queue pairs to each other as RoCE v2 packets on loopback ({@link NetworkRcPeer}).
 */
class NetworkConnectedTest {

    private static final String SERVER_IP = "127.0.0.2";
    private static final String CLIENT_IP = "127.0.0.1";

    @TempDir
    Path logs;

    @Test
    void rcAndUcOperationsCrossTheNetwork() throws Exception {
        runPair("ops");
    }

    @Test
    void everyRequestCompletesOnceOverALossyLink() throws Exception {
        runPair("lossy");
    }

    private void runPair(String script) throws Exception {
        int port = freeUdpPort();
        Process server = start("server", script, SERVER_IP, CLIENT_IP, port);
        Process client = start("client", script, CLIENT_IP, SERVER_IP, port);
        try {
            String serverLine = firstLine(server);
            String clientLine = firstLine(client);
            send(client, serverLine);
            send(server, clientLine);
            assertThat(client.waitFor(120, TimeUnit.SECONDS)).as("the client ends").isTrue();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("the server ends").isTrue();
            String clientOut = output(client, "client");
            String serverOut = output(server, "server");
            assertThat(clientOut).as("the client's output").contains("PASS");
            assertThat(serverOut).as("the server's output").contains("PASS");
            assertThat(client.exitValue()).isZero();
            assertThat(server.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
            client.destroyForcibly();
        }
    }

    private Process start(String role, String script, String local, String peer, int port) throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classPath(), "-Dverbs4j.soft.addresses=" + local, "-Dverbs4j.soft.udp-port=" + port,
                NetworkRcPeer.class.getName(), role, script, peer);
        return new ProcessBuilder(command).redirectError(logs.resolve(role + ".err").toFile()).start();
    }

    private static String firstLine(Process process) throws IOException {
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
        assertThat(line).as("the peer's line of queue pair numbers").isNotNull();
        return line;
    }

    private static void send(Process process, String line) throws IOException {
        try (Writer in = process.outputWriter(StandardCharsets.US_ASCII)) {
            in.write(line + "\n");
        }
    }

    private String output(Process process, String role) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII)
                + Files.readString(logs.resolve(role + ".err"));
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
