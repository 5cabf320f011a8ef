package org.verbs4j.provider.soft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.verbs4j.cm.CmStatus;
import org.verbs4j.provider.soft.wire.roce.cm.CmAttribute;
import org.verbs4j.provider.soft.wire.roce.cm.CmConnection;
import org.verbs4j.provider.soft.wire.roce.cm.CmEvent;
import org.verbs4j.provider.soft.wire.roce.cm.CmMessage;
import org.verbs4j.provider.soft.wire.roce.cm.CmMra;
import org.verbs4j.provider.soft.wire.roce.cm.CmReq;
import org.verbs4j.provider.soft.wire.roce.cm.CmState;
import org.verbs4j.provider.soft.wire.roce.cm.CmTimeouts;
import org.verbs4j.provider.soft.wire.roce.cm.Mad;
import org.verbs4j.provider.soft.wire.roce.cm.CmaHeader;
import org.verbs4j.provider.soft.wire.roce.cm.QueuePairInfo;
import org.verbs4j.provider.soft.wire.roce.cm.RejectReason;
import org.verbs4j.provider.soft.wire.roce.cm.ServiceId;

/**
 * The edges of rdma_cm over the IB CM between an rdma_cm peer JVM ({@link CmScriptPeer}, soft0 on 127.0.0.1, its
 * REQs carrying a response timeout of 64 ms and 2 retries) and an IB CM port of this JVM ({@link GsiPeer} on
 * 127.0.0.2): the REQ's retransmissions and UNREACHABLE, an MRA received, the MRA sent for a repeated REQ not yet
 * accepted, what destroying an identifier sends, the listen backlog, and a SIDR_REQ unanswered or to no listener.
 */
class NetworkCmEdgeTest {

    private static final int CM_PORT = 7471;
    private static final long SERVICE = ServiceId.of(ServiceId.PORT_SPACE_TCP, CM_PORT);
    private static final int RESPONSE_MS = 64;
    private static final int RETRIES = 2;
    /** Its REQs' times: response timeout 14 (64 ms), rdma_cm's packet life 16, 2 retries. */
    private static final CmTimeouts PEER_TIMES = new CmTimeouts(14, 16, RETRIES);
    /** Slack for a loaded machine: events may come later than due, never earlier. */
    private static final long LATE_MS = 8000;
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path logs;

    private final List<AutoCloseable> open = new ArrayList<>();
    private Writer commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private int udpPort;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open.reversed()) {
            c.close();
        }
    }

    @Test
    void aRequestNobodyAnswersIsSentMaxCmRetriesTimesAgainThenUnreachable() throws Exception {
        GsiPeer silent = start(true);
        long beforeConnect = System.nanoTime();
        assertThat(ask("connect " + PeerJvm.SERVER_IP + " " + CM_PORT)).isEqualTo("connecting");
        String[] event = ask("next " + WAIT.toMillis()).split(" ");
        long giveUp = TimeUnit.NANOSECONDS.toMillis(PEER_TIMES.requestGiveUpNanos());
        assertThat(giveUp).isEqualTo(3 * (2 * 256 + 64));
        assertThat(event[1]).isEqualTo("RDMA_CM_EVENT_UNREACHABLE");
        assertThat(Integer.parseInt(event[2])).isEqualTo(CmStatus.TIMED_OUT);
        assertThat(Long.parseLong(event[3])).isBetween(giveUp, giveUp + LATE_MS);
        List<GsiPeer.Received> requests = silent.received(CmAttribute.REQ);
        assertThat(requests).hasSize(1 + RETRIES).allMatch(r -> r.senderCommId() == requests.get(0).senderCommId());
        ByteBuffer req = ByteBuffer.wrap(requests.get(0).mad());
        assertThat(CmReq.remoteCmResponseTimeout(req, 0)).isEqualTo(14);
        assertThat(CmReq.localCmResponseTimeout(req, 0)).isEqualTo(14);
        assertThat(CmReq.maxCmRetries(req, 0)).isEqualTo(RETRIES);
        assertThat(CmReq.primaryFlowLabel(req, 0)).as("Linux's flow label of rdma_cm's ports")
                .isEqualTo(CmaHeader.roceFlowLabel(CmaHeader.sourcePort(req, CmReq.privateData(0)), CM_PORT));
        // Retry i leaves a response timeout after retry i - 1 left, so it arrives no sooner than i timeouts after
        // the connect (counted from there, a late arrival of an earlier REQ cannot shorten the next interval)
        for (int i = 1; i < requests.size(); i++) {
            assertThat(requests.get(i).nanos() - beforeConnect)
                    .isGreaterThanOrEqualTo(i * PEER_TIMES.requestNanos() - TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    @Test
    void anMraMakesEveryRetryWaitItsServiceTimeout() throws Exception {
        GsiPeer peer = start(false);
        peer.listen(SERVICE, (c, e) -> c.acknowledge(18));
        ask("connect " + PeerJvm.SERVER_IP + " " + CM_PORT);
        String[] event = ask("next " + WAIT.toMillis()).split(" ");
        long giveUp = TimeUnit.NANOSECONDS.toMillis((1 + RETRIES) * PEER_TIMES.mraNanos(18));
        assertThat(giveUp).as("3 x (1024 + 512) ms").isEqualTo(4608);
        assertThat(event[1]).isEqualTo("RDMA_CM_EVENT_UNREACHABLE");
        assertThat(Long.parseLong(event[3])).isBetween(giveUp, giveUp + LATE_MS);
        assertThat(peer.received(CmAttribute.REQ)).hasSize(1 + RETRIES);
    }

    @Test
    void destroyingAnUnansweredRequestRejectsItWithTimeout() throws Exception {
        GsiPeer peer = start(false);
        peer.listen(SERVICE, (c, e) -> { });
        ask("connect " + PeerJvm.SERVER_IP + " " + CM_PORT);
        CmConnection passive = peer.awaitRequest(0, WAIT);
        assertThat(passive).isNotNull();
        assertThat(ask("destroy")).isEqualTo("destroyed");
        assertThat(peer.await(passive, CmEvent.REJECTED, WAIT)).isNotNull();
        assertThat(passive.rejectReason()).isEqualTo(RejectReason.TIMEOUT.code());
    }

    @Test
    void destroyingARequestNotYetAcceptedRejectsItAsTheConsumer() throws Exception {
        GsiPeer peer = start(false);
        ask("listen " + CM_PORT + " 4");
        CmConnection active = connectFromPeer(peer);
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_CONNECT_REQUEST 0");
        ask("destroy");
        assertThat(peer.await(active, CmEvent.REJECTED, WAIT)).isNotNull();
        assertThat(active.rejectReason()).isEqualTo(RejectReason.CONSUMER_DEFINED.code());
    }

    @Test
    void destroyingAConnectedIdentifierDisconnectsThePeer() throws Exception {
        GsiPeer peer = start(false);
        ask("listen " + CM_PORT + " 4");
        CmConnection active = connectFromPeer(peer);
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_CONNECT_REQUEST 0");
        ask("accept");
        assertThat(peer.await(active, CmEvent.ESTABLISHED, WAIT)).isNotNull();
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_ESTABLISHED 0");
        ask("destroy");
        assertThat(peer.await(active, CmEvent.DISCONNECTED, WAIT)).isNotNull();
    }

    @Test
    void aRequestRepeatedBeforeTheAcceptIsAnsweredEachTimeWithAnMraOfRdmaCmsServiceTimeout() throws Exception {
        GsiPeer peer = start(false);
        ask("listen " + CM_PORT + " 4");
        CmConnection active = connectFromPeer(peer);
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_CONNECT_REQUEST 0");
        Thread.sleep(300);
        assertThat(peer.received(CmAttribute.MRA)).as("no MRA for the first REQ (ib_prepare_cm_mra)").isEmpty();
        GsiPeer.Sent req = peer.sent(CmAttribute.REQ).getFirst();
        peer.sendAgain(req);
        peer.sendAgain(req);
        List<GsiPeer.Received> mras = awaitReceived(peer, CmAttribute.MRA, 2);
        assertThat(mras.get(1).mad()).as("the same MRA each time").isEqualTo(mras.get(0).mad());
        ByteBuffer mra = ByteBuffer.wrap(mras.get(0).mad());
        assertThat(Mad.transactionId(mra, 0)).isEqualTo(Mad.transactionId(ByteBuffer.wrap(req.mad()), 0));
        assertThat(CmMessage.remoteCommId(mra, 0)).isEqualTo(active.localCommId());
        assertThat(CmMra.messageMraed(mra, 0)).isEqualTo(CmMra.REQ);
        assertThat(CmMra.serviceTimeout(mra, 0)).isEqualTo(24);
        assertThat(peer.call(active::state)).isEqualTo(CmState.MRA_REQ_RCVD);
        ask("accept");
        assertThat(peer.await(active, CmEvent.ESTABLISHED, WAIT)).isNotNull();
        ByteBuffer rep = ByteBuffer.wrap(peer.received(CmAttribute.REP).getFirst().mad());
        assertThat(CmMessage.localCommId(mra, 0)).as("the passive side's communication ID")
                .isEqualTo(CmMessage.localCommId(rep, 0)).isNotZero();
    }

    @Test
    void anAcceptLaterThanTheRequestsRetriesConnectsThroughTheMra() throws Exception {
        CmTimeouts times = new CmTimeouts(17, 10, 3);
        long giveUpMs = TimeUnit.NANOSECONDS.toMillis(times.requestGiveUpNanos());
        assertThat(giveUpMs).as("4 x (512 + 2 x 4) ms").isEqualTo(2080);
        GsiPeer peer = start(false, times);
        ask("listen " + CM_PORT + " 4");
        long connected = System.nanoTime();
        CmConnection active = connectFromPeer(peer);
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_CONNECT_REQUEST 0");
        Thread.sleep(Math.max(0, giveUpMs + 1000 - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - connected)));
        assertThat(peer.received(CmAttribute.MRA)).as("the MRA for the REQ sent again").isNotEmpty();
        assertThat(peer.call(active::state)).isEqualTo(CmState.MRA_REQ_RCVD);
        ask("accept");
        assertThat(peer.await(active, CmEvent.ESTABLISHED, WAIT)).isNotNull();
        assertThat(ask("next " + WAIT.toMillis())).startsWith("event RDMA_CM_EVENT_ESTABLISHED 0");
        assertThat(peer.heard()).noneMatch(h -> h.event() == CmEvent.UNREACHABLE);
        assertThat(peer.sent(CmAttribute.REQ)).as("no REQ after the MRA until its 68 s are up").hasSizeBetween(2, 4);
    }

    private static List<GsiPeer.Received> awaitReceived(GsiPeer peer, CmAttribute attribute, int count)
            throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (peer.received(attribute).size() < count && System.nanoTime() - end < 0) {
            Thread.sleep(5);
        }
        assertThat(peer.received(attribute)).hasSizeGreaterThanOrEqualTo(count);
        return peer.received(attribute);
    }

    @Test
    void requestsBeyondTheBacklogAreDroppedUnansweredAndComeInWhenARequestIsRead() throws Exception {
        GsiPeer peer = start(false, new CmTimeouts(16, 10, 15));
        ask("listen " + CM_PORT + " 1");
        CmConnection first = connectFromPeer(peer);
        CmConnection second = connectFromPeer(peer);
        Thread.sleep(2 * TimeUnit.NANOSECONDS.toMillis(new CmTimeouts(16, 10, 15).requestNanos()) + 100);
        assertThat(peer.received(CmAttribute.REJ)).as("no REJ for a full backlog").isEmpty();
        assertThat(peer.call(() -> List.of(first.state(), second.state())))
                .as("one REQ taken in (its repeats get an MRA), the other dropped and sent again")
                .containsAnyOf(CmState.REQ_SENT).isSubsetOf(CmState.REQ_SENT, CmState.MRA_REQ_RCVD);
        assertThat(peer.received(CmAttribute.MRA).stream()
                .map(r -> CmMessage.remoteCommId(ByteBuffer.wrap(r.mad()), 0)).distinct())
                .as("MRAs for the REQ taken in alone").hasSizeLessThanOrEqualTo(1);
        int requests = 0;
        for (int i = 0; i < 4 && requests < 2; i++) {
            String event = ask("next " + WAIT.toMillis());
            if (event.startsWith("event RDMA_CM_EVENT_CONNECT_REQUEST")) {
                requests++;
                ask("accept");
            }
        }
        assertThat(requests).isEqualTo(2);
        assertThat(peer.await(first, CmEvent.ESTABLISHED, WAIT)).isNotNull();
        assertThat(peer.await(second, CmEvent.ESTABLISHED, WAIT)).isNotNull();
        assertThat(peer.received(CmAttribute.REJ)).isEmpty();
    }

    @Test
    void aServiceResolutionNobodyAnswersIsSentAgainAfterTheResponseTimeoutThenUnreachable() throws Exception {
        GsiPeer silent = start(true);
        ask("connect-udp " + PeerJvm.SERVER_IP + " " + CM_PORT);
        String[] event = ask("next " + WAIT.toMillis()).split(" ");
        long giveUp = (1 + RETRIES) * RESPONSE_MS;
        assertThat(event[1]).isEqualTo("RDMA_CM_EVENT_UNREACHABLE");
        assertThat(Integer.parseInt(event[2])).isEqualTo(CmStatus.TIMED_OUT);
        assertThat(Long.parseLong(event[3])).isBetween(giveUp, giveUp + LATE_MS);
        assertThat(silent.received(CmAttribute.SIDR_REQ)).hasSize(1 + RETRIES);
    }

    @Test
    void aServiceResolutionToAPortNobodyListensOnIsUnsupported() throws Exception {
        start(false);
        ask("connect-udp " + PeerJvm.SERVER_IP + " " + CM_PORT);
        String[] event = ask("next " + WAIT.toMillis()).split(" ");
        assertThat(event[1]).isEqualTo("RDMA_CM_EVENT_UNREACHABLE");
        assertThat(Integer.parseInt(event[2])).isEqualTo(CmStatus.SIDR_UNSUPPORTED);
    }

    // ---- the two peers ----

    private GsiPeer start(boolean silent) throws Exception {
        return start(silent, CmTimeouts.RDMA_CM);
    }

    private GsiPeer start(boolean silent, CmTimeouts gsiTimes) throws Exception {
        udpPort = PeerJvm.freeUdpPort();
        GsiPeer peer = new GsiPeer(InetAddress.getByName(PeerJvm.SERVER_IP), udpPort, gsiTimes, silent);
        open.add(peer);
        Process process = PeerJvm.start(logs, "client", PeerJvm.CLIENT_IP, udpPort, CmScriptPeer.class,
                Integer.toString(RESPONSE_MS), Integer.toString(RETRIES));
        open.add(process::destroyForcibly);
        commands = process.outputWriter(StandardCharsets.US_ASCII);
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.US_ASCII));
        Thread.ofPlatform().daemon().start(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("closed: " + e);
            }
        });
        return peer;
    }

    private String ask(String command) throws Exception {
        commands.write(command + "\n");
        commands.flush();
        String answer = lines.poll(60, TimeUnit.SECONDS);
        assertThat(answer).as("the peer JVM answers " + command + " (its errors: " + logs + ")").isNotNull();
        return answer;
    }

    /** @return a connection of the GSI peer to the rdma_cm listener of the peer JVM, its REQ sent */
    private static CmConnection connectFromPeer(GsiPeer peer) throws Exception {
        InetAddress client = InetAddress.getByName(PeerJvm.CLIENT_IP);
        CmConnection connection = peer.connection(client);
        byte[] header = new byte[CmaHeader.BYTES];
        CmaHeader.put(ByteBuffer.wrap(header), 0, 40000, InetAddress.getByName(PeerJvm.SERVER_IP).getAddress(),
                client.getAddress());
        peer.call(() -> {
            connection.connect(SERVICE, new QueuePairInfo(0x123, 0x4567, 1, 1, 7, 7, 3), header, System.nanoTime());
            return null;
        });
        return connection;
    }
}
