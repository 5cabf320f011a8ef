package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Service ID resolution (SIDR) between two ports, with MADs delivered and lost by the test. */
class CmSidrTest {

    private static final long UDP_SERVICE = ServiceId.of(ServiceId.PORT_SPACE_UDP, 7471);

    private final CmPair pair = new CmPair();

    private CmConnection resolveFromA() {
        CmConnection connection = pair.a.connection(CmPair.GID_B, (c, e) -> pair.heard.add(new CmPair.Heard(c, e)));
        connection.resolve(UDP_SERVICE, new byte[] {5, 6}, pair.now);
        return connection;
    }

    @Test
    void theReplyGivesTheServicesQueuePairAndQKey() {
        pair.b.listen(UDP_SERVICE, (c, e) -> {
            pair.heard.add(new CmPair.Heard(c, e));
            c.answer(CmSidrRep.SUCCESS, 0x4242, 0x01234567, new byte[] {9});
        });
        CmConnection active = resolveFromA();
        CmPair.Flight req = pair.deliver();
        assertThat(req.attribute()).isEqualTo(CmAttribute.SIDR_REQ);
        assertThat(CmSidrReq.requestId(req.buffer(), 0)).isEqualTo(active.localCommId());
        CmConnection passive = pair.passive();
        assertThat(passive.remotePrivateData()).startsWith(5, 6, 0).hasSize(CmSidrReq.PRIVATE_DATA_BYTES);
        assertThat(passive.serviceId()).isEqualTo(UDP_SERVICE);
        CmPair.Flight rep = pair.deliver();
        assertThat(rep.attribute()).isEqualTo(CmAttribute.SIDR_REP);
        assertThat(Mad.transactionId(rep.buffer(), 0)).isEqualTo(Mad.transactionId(req.buffer(), 0));
        assertThat(pair.events(active)).containsExactly(CmEvent.SIDR_REPLY);
        assertThat(active.sidrStatus()).isEqualTo(CmSidrRep.SUCCESS);
        assertThat(active.remote().qpn()).isEqualTo(0x4242);
        assertThat(active.remoteQKey()).isEqualTo(0x01234567);
        assertThat(active.remotePrivateData()).startsWith(9, 0).hasSize(CmSidrRep.PRIVATE_DATA_BYTES);
        assertThat(pair.a.connectionCount()).isZero();
        assertThat(pair.b.connectionCount()).isZero();
    }

    @Test
    void aServiceNobodyListensToIsUnsupported() {
        CmConnection active = resolveFromA();
        pair.deliverAll();
        assertThat(pair.events(active)).containsExactly(CmEvent.SIDR_REPLY);
        assertThat(active.sidrStatus()).isEqualTo(CmSidrRep.UNSUPPORTED);
    }

    @Test
    void anUnansweredRequestIsSentAgainAfterTheResponseTimeoutThenUnreachable() {
        CmConnection active = resolveFromA();
        long wait = CmTimeouts.nanos(CmPair.TIMEOUTS.cmResponseTimeout());
        assertThat(wait).as("rdma_cm's SIDR timeout: 1 << (20 - 8) ms").isEqualTo(4_096_000_000L);
        for (int i = 0; i < CmPair.TIMEOUTS.maxCmRetries(); i++) {
            pair.drop();
            pair.advance(wait - 1);
            assertThat(pair.flights).isEmpty();
            pair.advance(1);
            assertThat(pair.flights.peekFirst().attribute()).isEqualTo(CmAttribute.SIDR_REQ);
        }
        pair.drop();
        pair.advance(wait);
        assertThat(pair.flights).isEmpty();
        assertThat(pair.events(active)).containsExactly(CmEvent.UNREACHABLE);
    }

    @Test
    void destroyingAReceivedRequestRejectsIt() {
        pair.b.listen(UDP_SERVICE, (c, e) -> pair.heard.add(new CmPair.Heard(c, e)));
        CmConnection active = resolveFromA();
        ByteBuffer req = ByteBuffer.wrap(pair.flights.peekFirst().mad());
        pair.deliver();
        pair.b.onMad(req, 0, CmPair.GID_A, pair.now);
        assertThat(pair.flights).as("a repeated SIDR_REQ is dropped").isEmpty();
        pair.passive().destroy(pair.now);
        pair.deliverAll();
        assertThat(active.sidrStatus()).isEqualTo(CmSidrRep.REJECT);
        assertThat(active.remote().qpn()).isZero();
    }
}
