package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rdma_cm's {@code RDMA_PS_UDP} between two JVMs whose soft0 live on the network (127.0.0.2 the server, 127.0.0.1
 * the client): the client's SIDR_REQ reaches the server's listener, its SIDR_REP gives the client the QPN and Q_Key
 * of the server's UD queue pair and the path to it, and datagrams go both ways as udaddy sends them
 * ({@link UdCmPeer}).
 */
class NetworkCmUdTest {

    private static final int CM_PORT = 7472;

    @TempDir
    Path logs;

    @Test
    void aUdpIdentifierResolvesTheServiceOfAnotherJvmAndExchangesDatagrams() throws Exception {
        int udpPort = PeerJvm.freeUdpPort();
        Process server = PeerJvm.start(logs, "server", PeerJvm.SERVER_IP, udpPort, UdCmPeer.class, "server",
                PeerJvm.SERVER_IP, Integer.toString(CM_PORT), "10");
        Process client = PeerJvm.start(logs, "client", PeerJvm.CLIENT_IP, udpPort, UdCmPeer.class, "client",
                PeerJvm.SERVER_IP, Integer.toString(CM_PORT), "10");
        try {
            String ready = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertThat(ready).as("the server listens").isEqualTo("ready");
            try (Writer in = client.outputWriter(StandardCharsets.US_ASCII)) {
                in.write("go\n");
            }
            assertThat(client.waitFor(120, TimeUnit.SECONDS)).as("the client ends").isTrue();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("the server ends").isTrue();
            String outputs = "client:\n" + PeerJvm.output(logs, client, "client") + "server:\n"
                    + PeerJvm.output(logs, server, "server");
            assertThat(outputs).as("both outputs").containsPattern("(?s)client:.*service QPN 0x.*PASS.*server:.*PASS");
            assertThat(client.exitValue()).isZero();
            assertThat(server.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
            client.destroyForcibly();
        }
    }

}
