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
 * rdma_cm between two JVMs whose soft0 live on the network, bound to 127.0.0.2 (the server) and 127.0.0.1 (the
 * client): the IB CM's MADs on QP 1 connect, reject and disconnect, and the connected RC queue pairs move data
 * ({@link NetworkCmPeer}).
 */
class NetworkCmTest {

    private static final int CM_PORT = 7471;

    @TempDir
    Path logs;

    @Test
    void connectsMovesDataRejectsAndDisconnectsBetweenTwoJvms() throws Exception {
        int udpPort = PeerJvm.freeUdpPort();
        Process server = start("server", PeerJvm.SERVER_IP, PeerJvm.SERVER_IP, udpPort);
        Process client = start("client", PeerJvm.CLIENT_IP, PeerJvm.SERVER_IP, udpPort);
        try {
            String ready = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertThat(ready).as("the server listens").isEqualTo("ready");
            try (Writer in = client.outputWriter(StandardCharsets.US_ASCII)) {
                in.write("go\nend\n");
            }
            assertThat(client.waitFor(120, TimeUnit.SECONDS)).as("the client ends").isTrue();
            try (Writer in = server.outputWriter(StandardCharsets.US_ASCII)) {
                in.write("end\n");
            }
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("the server ends").isTrue();
            String outputs = "client:\n" + output(client, "client") + "server:\n" + output(server, "server");
            assertThat(outputs).as("both outputs").containsPattern("(?s)client:\\s*PASS.*server:\\s*PASS");
            assertThat(client.exitValue()).isZero();
            assertThat(server.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
            client.destroyForcibly();
        }
    }

    private Process start(String role, String local, String address, int udpPort) throws IOException {
        return PeerJvm.start(logs, role, local, udpPort, NetworkCmPeer.class, role, address,
                Integer.toString(CM_PORT));
    }

    private String output(Process process, String role) throws IOException {
        return PeerJvm.output(logs, process, role);
    }


}
