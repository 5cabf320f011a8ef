package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The CM state machine between two ports, with MADs delivered, lost and repeated by the test. */
class CmConnectionTest {

    private final CmPair pair = new CmPair();

    private void acceptEveryRequest() {
        pair.listen((c, e) -> {
            if (e == CmEvent.CONNECT_REQUEST) {
                c.accept(CmPair.passiveQp(), new byte[] {9}, pair.now);
            }
        });
    }

    @Test
    void handshakeExchangesTheQueuePairsAndEstablishesBothSides() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.REQ);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.REP);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.RTU);
        CmConnection passive = pair.passive();
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(passive.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(pair.events(active)).containsExactly(CmEvent.ESTABLISHED);
        assertThat(pair.events(passive)).containsExactly(CmEvent.CONNECT_REQUEST, CmEvent.ESTABLISHED);
        assertThat(active.remote()).isEqualTo(new QueuePairInfo(0x222, 0x5678, 4, 5, 0, 7, 0));
        assertThat(passive.remote()).isEqualTo(new QueuePairInfo(0x111, 0x1234, 2, 3, 7, 6, 3));
        assertThat(active.remoteCommId()).isEqualTo(passive.localCommId());
        assertThat(passive.remoteCommId()).isEqualTo(active.localCommId());
        assertThat(passive.serviceId()).isEqualTo(CmPair.SERVICE);
        assertThat(passive.remotePrivateData()).startsWith(1, 2, 0).hasSize(CmReq.PRIVATE_DATA_BYTES);
        assertThat(active.remotePrivateData()).startsWith(9, 0).hasSize(CmRep.PRIVATE_DATA_BYTES);
        assertThat(active.deadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void disconnectionEndsBothSidesAndTheTimeWaitForgetsThem() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliverAll();
        CmConnection passive = pair.passive();
        active.disconnect(pair.now);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.DREQ);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.DREP);
        assertThat(active.state()).isEqualTo(CmState.TIMEWAIT);
        assertThat(passive.state()).isEqualTo(CmState.TIMEWAIT);
        pair.advance(CmPair.TIMEOUTS.timeWaitNanos());
        assertThat(pair.events(active)).containsExactly(CmEvent.ESTABLISHED, CmEvent.DISCONNECTED,
                CmEvent.TIMEWAIT_EXIT);
        assertThat(pair.a.connectionCount()).isZero();
        assertThat(pair.b.connectionCount()).isZero();
    }

    @Test
    void aLostRequestIsSentAgainAfterTheAnswerTimeNotBefore() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        byte[] first = pair.drop().mad();
        long wait = CmPair.TIMEOUTS.requestNanos();
        pair.advance(wait - 1);
        assertThat(pair.flights).isEmpty();
        pair.advance(1);
        assertThat(pair.flights.peekFirst().mad()).isEqualTo(first);
        pair.deliverAll();
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
    }

    @Test
    void theRequestIsSentMaxCmRetriesTimesAgainThenTheConnectionIsUnreachableWithoutAMessage() {
        CmConnection active = pair.connectFromA();
        long wait = CmPair.TIMEOUTS.requestNanos();
        assertThat(wait).as("2 x 256 ms + 4096 ms, as Linux's CM times rdma_cm's REQ").isEqualTo(4_608_000_000L);
        ByteBuffer req = ByteBuffer.wrap(pair.flights.peekFirst().mad());
        assertThat(CmReq.maxCmRetries(req, 0)).isEqualTo(15);
        assertThat(CmReq.remoteCmResponseTimeout(req, 0)).isEqualTo(20);
        for (int i = 0; i < CmPair.TIMEOUTS.maxCmRetries(); i++) {
            pair.drop();
            pair.advance(wait);
            assertThat(pair.flights.peekFirst().attribute()).isEqualTo(CmAttribute.REQ);
        }
        pair.drop();
        pair.advance(wait - 1);
        assertThat(pair.events(active)).isEmpty();
        pair.advance(1);
        assertThat(pair.flights).as("cm_process_send_error sends nothing").isEmpty();
        assertThat(pair.events(active)).containsExactly(CmEvent.UNREACHABLE);
        assertThat(pair.a.connectionCount()).isZero();
        assertThat(CmPair.TIMEOUTS.requestGiveUpNanos()).isEqualTo(16 * wait);
    }

    @Test
    void thePassiveSideTimesItsRepByTheRequestsLocalResponseTimeoutAndMaxRetries() {
        acceptEveryRequest();
        CmPort custom = new CmPort(CmPair.GID_A, 0xC, new CmTimeouts(20, 16, 2), (mad, to) -> pair.flights.addLast(
                new CmPair.Flight(copy(mad), CmPair.GID_A, to.clone())), 300);
        CmConnection active = custom.connection(CmPair.GID_B, (c, e) -> { });
        active.connect(CmPair.SERVICE, new QueuePairInfo(0x111, 0x1234, 2, 3, 7, 6, 3), new byte[0], pair.now);
        pair.deliver();
        long reply = CmTimeouts.nanos(20);
        for (int i = 0; i < 2; i++) {
            assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.REP);
            pair.advance(reply - 1);
            assertThat(pair.flights).isEmpty();
            pair.advance(1);
        }
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.REP);
        pair.advance(reply);
        assertThat(pair.flights).isEmpty();
        assertThat(pair.events(pair.passive())).containsExactly(CmEvent.CONNECT_REQUEST, CmEvent.UNREACHABLE);
    }

    @Test
    void destroyingAnUnansweredRequestRejectsWithTimeoutAndTheCaGuidWhichThePassiveSideMatches() {
        pair.listen((c, e) -> { });
        CmConnection active = pair.connectFromA();
        pair.deliver();
        active.destroy(pair.now);
        ByteBuffer rej = pair.flights.peekFirst().buffer();
        assertThat(CmRej.reason(rej, 0)).isEqualTo(RejectReason.TIMEOUT.code());
        assertThat(CmRej.messageRejected(rej, 0)).isEqualTo(CmRej.OTHER);
        assertThat(CmRej.rejectedInfoLength(rej, 0)).isEqualTo(8);
        assertThat(rej.getLong(CmRej.ari(0))).isEqualTo(0xA);
        assertThat(CmMessage.localCommId(rej, 0)).isEqualTo(active.localCommId());
        assertThat(CmMessage.remoteCommId(rej, 0)).isZero();
        pair.deliver();
        assertThat(pair.events(pair.passive())).containsExactly(CmEvent.CONNECT_REQUEST, CmEvent.REJECTED);
        assertThat(pair.passive().rejectReason()).isEqualTo(RejectReason.TIMEOUT.code());
        assertThat(pair.events(active)).isEmpty();
        assertThat(active.deadline()).isEqualTo(Long.MAX_VALUE);
        pair.a.forgetIfClosed(active);
        assertThat(pair.a.connectionCount()).isZero();
        assertThat(pair.b.connectionCount()).isZero();
    }

    @Test
    void destroyingAReceivedRequestRejectsItAsTheConsumerWithLocalCommIdZero() {
        pair.listen((c, e) -> { });
        CmConnection active = pair.connectFromA();
        pair.deliver();
        CmConnection passive = pair.passive();
        passive.destroy(pair.now);
        ByteBuffer rej = pair.flights.peekFirst().buffer();
        assertThat(CmRej.reason(rej, 0)).isEqualTo(RejectReason.CONSUMER_DEFINED.code());
        assertThat(CmRej.messageRejected(rej, 0)).isEqualTo(CmRej.REQ);
        assertThat(CmMessage.localCommId(rej, 0)).isZero();
        assertThat(CmMessage.remoteCommId(rej, 0)).isEqualTo(active.localCommId());
        pair.deliver();
        assertThat(pair.events(active)).containsExactly(CmEvent.REJECTED);
        assertThat(active.rejectReason()).isEqualTo(RejectReason.CONSUMER_DEFINED.code());
    }

    @Test
    void destroyingAnAcceptedButUnconfirmedConnectionRejectsItAsTheConsumer() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliver();
        pair.drop();
        pair.passive().destroy(pair.now);
        ByteBuffer rej = pair.flights.peekFirst().buffer();
        assertThat(CmRej.reason(rej, 0)).isEqualTo(RejectReason.CONSUMER_DEFINED.code());
        assertThat(CmRej.messageRejected(rej, 0)).isEqualTo(CmRej.OTHER);
        pair.deliver();
        assertThat(pair.events(active)).containsExactly(CmEvent.REJECTED);
        pair.advance(CmPair.TIMEOUTS.requestNanos());
        assertThat(pair.flights).as("the REP is not sent again").isEmpty();
    }

    @Test
    void destroyingAnEstablishedConnectionSendsOneDreqAndThePeerDisconnects() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliverAll();
        active.destroy(pair.now);
        assertThat(active.state()).isEqualTo(CmState.TIMEWAIT);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.DREQ);
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.DREP);
        assertThat(pair.events(pair.passive())).containsExactly(CmEvent.CONNECT_REQUEST, CmEvent.ESTABLISHED,
                CmEvent.DISCONNECTED);
        assertThat(pair.events(active)).containsExactly(CmEvent.ESTABLISHED);
        pair.advance(CmPair.TIMEOUTS.timeWaitNanos());
        assertThat(pair.flights).as("no DREQ again").isEmpty();
        assertThat(pair.a.connectionCount()).isZero();
    }

    @Test
    void aDroppedRequestIsTakenAnewWhenItComesAgain() {
        boolean[] room = {false};
        pair.listen((c, e) -> {
            if (e == CmEvent.CONNECT_REQUEST && !room[0]) {
                c.drop();
            } else if (e == CmEvent.CONNECT_REQUEST) {
                c.accept(CmPair.passiveQp(), new byte[0], pair.now);
            }
        });
        CmConnection active = pair.connectFromA();
        pair.deliver();
        assertThat(pair.flights).as("no answer to a dropped REQ").isEmpty();
        assertThat(pair.b.connectionCount()).isZero();
        room[0] = true;
        pair.advance(CmPair.TIMEOUTS.requestNanos());
        pair.deliverAll();
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(pair.heard.stream().filter(h -> h.event() == CmEvent.CONNECT_REQUEST)).hasSize(2);
    }

    private static byte[] copy(ByteBuffer mad) {
        byte[] bytes = new byte[Mad.BYTES];
        mad.get(0, bytes);
        return bytes;
    }

    @Test
    void anMraPostponesTheRetransmissionToItsServiceTimeout() {
        CmConnection active = pair.connectFromA();
        pair.drop();
        ByteBuffer mra = ByteBuffer.allocate(Mad.BYTES);
        Mad.putCm(mra, 0, CmAttribute.MRA, 1);
        CmMessage.commIds(mra, 0, 77, active.localCommId());
        CmMra.put(mra, 0, CmMra.REQ, 24);
        pair.a.onMad(mra, 0, CmPair.GID_B, pair.now);
        assertThat(active.state()).isEqualTo(CmState.MRA_REQ_RCVD);
        long extended = CmTimeouts.nanos(24) + CmTimeouts.nanos(CmPair.TIMEOUTS.packetLifeTime() + 1);
        pair.advance(extended - 1);
        assertThat(pair.flights).isEmpty();
        pair.advance(1);
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.REQ);
    }

    @Test
    void thePassiveSidesMraHoldsTheRequestAndIsRepeatedForARepeatedRequest() {
        pair.listen((c, e) -> {
            if (e == CmEvent.CONNECT_REQUEST) {
                c.acknowledge(22);
            }
        });
        CmConnection active = pair.connectFromA();
        byte[] req = pair.flights.peekFirst().mad();
        pair.deliver();
        CmPair.Flight mra = pair.deliver();
        assertThat(mra.attribute()).isEqualTo(CmAttribute.MRA);
        assertThat(CmMra.messageMraed(mra.buffer(), 0)).isEqualTo(CmMra.REQ);
        assertThat(CmMra.serviceTimeout(mra.buffer(), 0)).isEqualTo(22);
        assertThat(active.state()).isEqualTo(CmState.MRA_REQ_RCVD);
        CmConnection passive = pair.passive();
        assertThat(passive.state()).isEqualTo(CmState.MRA_REQ_SENT);
        pair.b.onMad(ByteBuffer.wrap(req), 0, CmPair.GID_A, pair.now);
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.MRA);
        pair.advance(CmPair.TIMEOUTS.requestNanos());
        assertThat(pair.flights).isEmpty();
        passive.accept(CmPair.passiveQp(), new byte[0], pair.now);
        pair.deliverAll();
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(passive.state()).isEqualTo(CmState.ESTABLISHED);
    }

    @Test
    void aPreparedMraSendsNothingForTheFirstRequestAndAnswersEachRepeatedOne() {
        pair.listen((c, e) -> {
            if (e == CmEvent.CONNECT_REQUEST) {
                c.prepareMra(CmMra.RDMA_CM_SERVICE_TIMEOUT);
            }
        });
        CmConnection active = pair.connectFromA();
        pair.deliver();
        CmConnection passive = pair.passive();
        assertThat(passive.state()).isEqualTo(CmState.MRA_REQ_SENT);
        assertThat(pair.flights).as("no MRA for the first REQ, as ib_prepare_cm_mra").isEmpty();
        pair.advance(CmPair.TIMEOUTS.requestNanos());
        assertThat(pair.deliver().attribute()).as("the REQ sent again").isEqualTo(CmAttribute.REQ);
        CmPair.Flight mra = pair.flights.peekFirst();
        assertThat(mra.attribute()).isEqualTo(CmAttribute.MRA);
        assertMra(mra.buffer(), active, passive);
        pair.deliver();
        assertThat(active.state()).isEqualTo(CmState.MRA_REQ_RCVD);
        pair.advance(CmPair.TIMEOUTS.mraNanos(CmMra.RDMA_CM_SERVICE_TIMEOUT));
        assertThat(pair.deliver().attribute()).as("after the service timeout and a packet life").isEqualTo(CmAttribute.REQ);
        assertThat(pair.flights.peekFirst().mad()).as("the MRA again, the same").isEqualTo(mra.mad());
        pair.deliver();
        passive.accept(CmPair.passiveQp(), new byte[0], pair.now);
        pair.deliverAll();
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(passive.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(pair.events(active)).containsExactly(CmEvent.ESTABLISHED);
    }

    @Test
    void aRequestRepeatedBeforeTheMraIsPreparedOrAfterTheRepIsDropped() {
        pair.listen((c, e) -> { });
        pair.connectFromA();
        byte[] req = pair.deliver().mad();
        CmConnection passive = pair.passive();
        pair.b.onMad(ByteBuffer.wrap(req), 0, CmPair.GID_A, pair.now);
        assertThat(pair.flights).as("REQ_RCVD: cm_dup_req_handler drops it").isEmpty();
        passive.prepareMra(CmMra.RDMA_CM_SERVICE_TIMEOUT);
        assertThatThrownBy(() -> passive.prepareMra(CmMra.RDMA_CM_SERVICE_TIMEOUT))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("prepareMra");
        passive.accept(CmPair.passiveQp(), new byte[0], pair.now);
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.REP);
        pair.b.onMad(ByteBuffer.wrap(req), 0, CmPair.GID_A, pair.now);
        assertThat(pair.flights).as("REP_SENT: dropped, the REP's own timer repeats it").isEmpty();
    }

    /** The MRA of cm_format_mra: the REQ's transaction ID, both communication IDs, REQ MRAed, rdma_cm's timeout. */
    private static void assertMra(ByteBuffer mra, CmConnection active, CmConnection passive) {
        assertThat(Mad.transactionId(mra, 0)).isEqualTo(Integer.toUnsignedLong(active.localCommId()));
        assertThat(CmMessage.localCommId(mra, 0)).isEqualTo(passive.localCommId());
        assertThat(CmMessage.remoteCommId(mra, 0)).isEqualTo(active.localCommId());
        assertThat(CmMra.messageMraed(mra, 0)).isEqualTo(CmMra.REQ);
        assertThat(CmMra.serviceTimeout(mra, 0)).isEqualTo(24);
    }

    @Test
    void aLostRtuIsRecoveredByTheRepeatedRep() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliver();
        pair.deliver();
        assertThat(pair.drop().attribute()).isEqualTo(CmAttribute.RTU);
        CmConnection passive = pair.passive();
        assertThat(passive.state()).isEqualTo(CmState.REP_SENT);
        pair.advance(CmPair.TIMEOUTS.requestNanos());
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.REP);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.RTU);
        assertThat(passive.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(pair.events(active)).containsExactly(CmEvent.ESTABLISHED);
    }

    @Test
    void aRepeatedRequestWaitingForTheConsumerIsDropped() {
        pair.listen((c, e) -> { });
        pair.connectFromA();
        byte[] req = pair.flights.peekFirst().mad();
        pair.deliver();
        pair.b.onMad(ByteBuffer.wrap(req), 0, CmPair.GID_A, pair.now);
        assertThat(pair.flights).isEmpty();
        assertThat(pair.heard).hasSize(1);
        assertThat(pair.b.connectionCount()).isOne();
    }

    @Test
    void aRepeatedDreqInTimeWaitIsAnsweredAgain() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliverAll();
        active.disconnect(pair.now);
        byte[] dreq = pair.deliver().mad();
        pair.drop();
        pair.b.onMad(ByteBuffer.wrap(dreq), 0, CmPair.GID_A, pair.now);
        assertThat(pair.deliver().attribute()).isEqualTo(CmAttribute.DREP);
        assertThat(pair.events(pair.passive())).containsExactly(CmEvent.CONNECT_REQUEST, CmEvent.ESTABLISHED,
                CmEvent.DISCONNECTED);
        assertThat(active.state()).isEqualTo(CmState.TIMEWAIT);
    }

    @Test
    void aDreqForAnotherQueuePairIsIgnored() {
        acceptEveryRequest();
        CmConnection active = pair.connectFromA();
        pair.deliverAll();
        ByteBuffer dreq = ByteBuffer.allocate(Mad.BYTES);
        Mad.putCm(dreq, 0, CmAttribute.DREQ, 5);
        CmMessage.commIds(dreq, 0, active.remoteCommId(), active.localCommId());
        CmDreq.remoteQpn(dreq, 0, 0x999);
        pair.a.onMad(dreq, 0, CmPair.GID_B, pair.now);
        assertThat(active.state()).isEqualTo(CmState.ESTABLISHED);
        assertThat(pair.flights).isEmpty();
    }

    @Test
    void unlistenedServicesAreRejectedAsInvalid() {
        CmConnection active = pair.connectFromA();
        pair.deliver();
        CmPair.Flight rej = pair.deliver();
        assertThat(rej.attribute()).isEqualTo(CmAttribute.REJ);
        assertThat(CmRej.reason(rej.buffer(), 0)).isEqualTo(RejectReason.INVALID_SERVICE_ID.code());
        assertThat(CmMessage.remoteCommId(rej.buffer(), 0)).isEqualTo(active.localCommId());
        assertThat(pair.events(active)).containsExactly(CmEvent.REJECTED);
        assertThat(active.rejectReason()).isEqualTo(RejectReason.INVALID_SERVICE_ID.code());
        assertThat(pair.b.connectionCount()).isZero();
    }

    @Test
    void theConsumersRejectionReachesTheActiveSideWithItsPrivateData() {
        pair.listen((c, e) -> c.reject(RejectReason.CONSUMER_DEFINED, new byte[] {42}));
        CmConnection active = pair.connectFromA();
        pair.deliverAll();
        assertThat(active.state()).isEqualTo(CmState.CLOSED);
        assertThat(active.rejectReason()).isEqualTo(RejectReason.CONSUMER_DEFINED.code());
        assertThat(active.remotePrivateData()).startsWith(42).hasSize(CmRej.PRIVATE_DATA_BYTES);
        assertThat(active.deadline()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void misuseNamesTheVerbAndTheCause() {
        CmConnection idle = pair.a.connection(CmPair.GID_B, (c, e) -> { });
        assertThatThrownBy(() -> idle.accept(CmPair.passiveQp(), new byte[0], 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("accept").hasMessageContaining("IDLE");
        assertThatThrownBy(() -> idle.disconnect(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("disconnect");
        assertThatThrownBy(() -> idle.connect(CmPair.SERVICE, CmPair.passiveQp(), new byte[93], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("93 bytes");
        assertThat(pair.flights).isEmpty();
        pair.b.listen(1, (c, e) -> { });
        assertThatThrownBy(() -> pair.b.listen(1, (c, e) -> { })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("listen");
    }
}
