package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TCK's two-sided operations with the requester and the responder in two JVMs ({@link TwoSidedPeer}), whose
 * soft0 are bound to 127.0.0.1 (the client) and 127.0.0.2 (the server) and speak RoCE v2 on loopback: SEND and
 * SEND_WITH_IMM into an SRQ shared by two queue pairs, RDMA_WRITE_WITH_IMM, RDMA READ, both atomics,
 * RNR_RETRY_EXC_ERR, REM_ACCESS_ERR with the responder's QP_ACCESS_ERR, and UD with the Q_Key check and the GRH.
 */
class NetworkTwoSidedTest {

    @TempDir
    Path logs;

    @Test
    void twoSidedOperationsBetweenTwoJvms() throws Exception {
        int port = PeerJvm.freeUdpPort();
        Process server = PeerJvm.start(logs, "server", PeerJvm.SERVER_IP, port, TwoSidedPeer.class, "server",
                PeerJvm.CLIENT_IP);
        Process client = PeerJvm.start(logs, "client", PeerJvm.CLIENT_IP, port, TwoSidedPeer.class, "client",
                PeerJvm.SERVER_IP);
        try {
            PeerJvm.exchangeFirstLines(server, client);
            assertThat(client.waitFor(120, TimeUnit.SECONDS)).as("the client ends").isTrue();
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("the server ends").isTrue();
            assertThat(PeerJvm.output(logs, client, "client")).as("the client's output").contains("PASS");
            assertThat(PeerJvm.output(logs, server, "server")).as("the server's output").contains("PASS");
            assertThat(client.exitValue()).isZero();
            assertThat(server.exitValue()).isZero();
        } finally {
            server.destroyForcibly();
            client.destroyForcibly();
        }
    }

}
