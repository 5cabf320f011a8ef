package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs whose soft0 live on the network, bound to 127.0.0.2 (the server) and 127.0.0.1 (the client), run RC
 * and UC queue pairs to each other as RoCE v2 packets on loopback ({@link NetworkRcPeer}), and a tag-matching SRQ's
 * queue pair takes EAGER and RNDV messages from the other ({@link TagMatchingPeer}).
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

    @Test
    void tagMatchingEagerAndRendezvousCrossTheNetwork() throws Exception {
        runPair(TagMatchingPeer.class, "tm");
    }

    @Test
    void everyTaggedMessageCompletesOnceOverALossyLink() throws Exception {
        runPair(TagMatchingPeer.class, "tm-lossy");
    }

    private void runPair(String script) throws Exception {
        runPair(NetworkRcPeer.class, script);
    }

    private void runPair(Class<?> peer, String script) throws Exception {
        int port = PeerJvm.freeUdpPort();
        Process server = start(peer, "server", script, PeerJvm.SERVER_IP, PeerJvm.CLIENT_IP, port);
        Process client = start(peer, "client", script, PeerJvm.CLIENT_IP, PeerJvm.SERVER_IP, port);
        try {
            PeerJvm.exchangeFirstLines(server, client);
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

    private Process start(Class<?> main, String role, String script, String local, String peer, int port)
            throws IOException {
        return PeerJvm.start(logs, role, local, port, main, role, script, peer);
    }

    private String output(Process process, String role) throws IOException {
        return PeerJvm.output(logs, process, role);
    }
}
