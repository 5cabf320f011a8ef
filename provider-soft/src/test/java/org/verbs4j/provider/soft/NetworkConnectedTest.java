package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs whose soft0 live on the network, bound to 127.0.0.2 (the server) and 127.0.0.1 (the client), run RC
 * and UC queue pairs to each other as RoCE v2 packets on loopback ({@link NetworkRcPeer}).
 */
class NetworkConnectedTest {


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
        int port = PeerJvm.freeUdpPort();
        Process server = start("server", script, PeerJvm.SERVER_IP, PeerJvm.CLIENT_IP, port);
        Process client = start("client", script, PeerJvm.CLIENT_IP, PeerJvm.SERVER_IP, port);
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
        return PeerJvm.start(logs, role, local, port, NetworkRcPeer.class, role, script, peer);
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
        return PeerJvm.output(logs, process, role);
    }


}
