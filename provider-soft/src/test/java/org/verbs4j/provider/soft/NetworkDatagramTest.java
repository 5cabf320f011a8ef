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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs whose soft0 live on the network, bound to 127.0.0.1 and 127.0.0.2 on loopback, exchange UD datagrams
 * through the API as RoCE v2 packets, and their data paths allocate nothing ({@link NetworkUdPeer}).
 */
class NetworkDatagramTest {

    private static final String CLIENT_IP = "127.0.0.1";
    private static final String SERVER_IP = "127.0.0.2";

    @TempDir
    Path logs;

    @Test
    void twoJvmsExchangeDatagramsOverUdp() throws Exception {
        int port = freeUdpPort();
        Process server = start("server", SERVER_IP, CLIENT_IP, port);
        try {
            BufferedReader serverOut = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.US_ASCII));
            String serverQpn = serverOut.readLine();
            assertThat(serverQpn).as("the server's QPN line").isNotNull().startsWith("0x");
            Process client = start("client", CLIENT_IP, SERVER_IP, port);
            try (Writer in = client.outputWriter(StandardCharsets.US_ASCII)) {
                in.write(serverQpn + "\n");
            }
            String clientOut = finish(client);
            String serverRest = new String(server.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(clientOut).as("the client's output").contains("PASS");
            assertThat(serverRest).as("the server's output").contains("PASS");
            assertThat(server.exitValue()).isZero();
            assertThat(client.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
        }
    }

    private Process start(String role, String local, String peer, int port) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(classPath());
        command.add("-Dverbs4j.soft.addresses=" + local);
        command.add("-Dverbs4j.soft.udp-port=" + port);
        command.add(NetworkUdPeer.class.getName());
        command.add(role);
        command.add(peer);
        return new ProcessBuilder(command).redirectError(logs.resolve(role + ".err").toFile()).start();
    }

    private String finish(Process process) throws Exception {
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out + Files.readString(logs.resolve("client.err"));
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
