package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs whose soft0 live on the network, bound to 127.0.0.1 and 127.0.0.2 on loopback, exchange UD datagrams
 * through the API as RoCE v2 packets, and their data paths allocate nothing ({@link NetworkUdPeer}).
 */
class NetworkDatagramTest {


    @TempDir
    Path logs;

    @Test
    void twoJvmsExchangeDatagramsOverUdp() throws Exception {
        int port = PeerJvm.freeUdpPort();
        Process server = start("server", PeerJvm.SERVER_IP, PeerJvm.CLIENT_IP, port);
        try {
            BufferedReader serverOut = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.US_ASCII));
            String serverQpn = serverOut.readLine();
            assertThat(serverQpn).as("the server's QPN line").isNotNull().startsWith("0x");
            Process client = start("client", PeerJvm.CLIENT_IP, PeerJvm.SERVER_IP, port);
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
        return PeerJvm.start(logs, role, local, port, NetworkUdPeer.class, role, peer);
    }

    private String finish(Process process) throws Exception {
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out + Files.readString(logs.resolve("client.err"));
    }


}
