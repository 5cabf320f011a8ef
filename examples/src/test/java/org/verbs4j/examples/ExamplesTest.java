package org.verbs4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Runs every example on the soft device and checks what it printed. */
class ExamplesTest {

    @Test
    void rcPingPongReturnsEveryMessage() {
        assertThat(MainOutput.of(RcPingPong::main))
                .containsPattern("^1000 round trips of 4096 bytes on soft0 in \\d+ us = [\\d.]+ us/iter;"
                        + " last message 999\\R");
    }

    @Test
    void rdmaWriteLandsInTheRemoteBufferAndReadBringsBackItsChange() {
        assertThat(MainOutput.of(RdmaWriteRead::main)).isEqualTo(String.format(
                "B's memory after the RDMA WRITE: written by A%nA's memory after the RDMA READ: changed by B%n"));
    }

    @Test
    void udDatagramArrivesAfterItsGlobalRouteHeader() {
        assertThat(MainOutput.of(UdAddressHandle::main))
                .matches("received 72 bytes \\(GRH and message\\) to [0-9a-f:]{39}: a datagram\\R");
    }

    @Test
    void srqFeedsBothQueuePairsInPostingOrder() {
        assertThat(MainOutput.of(SrqForTwoQueuePairs::main))
                .matches("the SRQ's two receives took 1000 and 1001, sent to queue pairs \\d+ and \\d+\\R");
    }

    @Test
    void completionEventWakesTheWaiterForTheReceive() {
        assertThat(MainOutput.of(CompletionEvents::main))
                .isEqualTo(String.format("event on the receive CQ: true; completion 7 RECV, 32 bytes%n"));
    }

    @Test
    void taggedMessageLandsInTheTaggedBuffer() {
        assertThat(MainOutput.of(TagMatching::main)).isEqualTo(String.format(
                "TAG_ADD: TM_ADD%nTM_RECV SUCCESS: tag 0x42, app context 0x5a5a, buffer holds 'tagged payload'%n"));
    }

    /**
     * The soft device's connection manager connects identifiers of one JVM only: the server runs in a thread,
     * the client starts once the server printed that it listens.
     */
    @Test
    void twoProcessesConnectWriteAndExchangeMessagesThroughTheConnectionManager() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Thread server = Thread.ofPlatform().daemon().start(
                    () -> TwoProcesses.main(new String[] {"server", "127.0.0.1", "7471"}));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!captured.toString(StandardCharsets.UTF_8).contains("listening") && server.isAlive()) {
                assertThat(System.nanoTime()).as("the server listens within 10 s").isLessThan(deadline);
                Thread.sleep(10);
            }
            TwoProcesses.main(new String[] {"client", "127.0.0.1", "7471"});
            server.join(Duration.ofSeconds(10));
            assertThat(server.isAlive()).as("the server ended").isFalse();
        } finally {
            System.setOut(original);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).containsSubsequence(
                "server: listening on /127.0.0.1:7471",
                "server: received 'hello from the client'; the buffer holds 'written by the client'",
                "client: received 'hello from the server'");
    }
}
