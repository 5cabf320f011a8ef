package org.verbs4j.provider.soft.wire.roce.cm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Deth;
import org.verbs4j.provider.soft.wire.roce.Opcode;

/**
 * The MADs of rdma_cm exchanges between Linux's kernel CM on rxe and the soft device, captured on the wire both ways
 * ({@code rxe-cm-exchanges.txt}: rping's REQ, REP, RTU, DREQ, DREP, udaddy's SIDR_REQ and SIDR_REP, the soft CM's MRA).
 * Linux's are decoded field by field (the expected values read off the captured hex at the offsets of IBTA tables
 * 106 to 120) and written again with those values byte for byte; the soft CM's are compared with Linux's of the same
 * kind field by field. Fields that differ legitimately between two senders: transaction IDs, communication and
 * request IDs, CA GUIDs, QPNs and PSNs (each side's own), the service ID's port, rdma_cm's addresses and ports and
 * the REQ's flow label derived from them (each connection's own), the path's GIDs (each sender's own first), and the
 * REP's target ACK delay (the CA's ACK delay: 15 for rxe, 0 for the soft device).
 */
class CmExchangesCapturedTest {

    private static final int AT = CapturedMads.MAD_AT;
    private static final int DETH_AT = 12;
    private static final String RXE_GID = "00000000000000000000ffff0a4f0001";
    private static final String SOFT_GID = "00000000000000000000ffff0a4f0002";
    private static final Set<String> OWN = Set.of("transactionId", "localCommId", "remoteCommId", "requestId",
            "localCaGuid", "localQpn", "remoteQpn", "qpn", "startingPsn");
    private static final Set<String> REQ_OWN = Set.of("serviceId", "primaryLocalGid", "primaryRemoteGid",
            "primaryFlowLabel", "cmaSourcePort", "cmaSourceAddress", "cmaDestinationAddress");

    @Test
    void everyCapturedMadIsAUdSendOnlyBetweenTheGsiQueuePairs() {
        assertThat(CapturedMads.names(CapturedMads.EXCHANGES)).hasSize(16);
        for (String name : CapturedMads.names(CapturedMads.EXCHANGES)) {
            ByteBuffer p = CapturedMads.packet(name);
            assertThat(Opcode.of(Bth.opcode(p, 0))).as(name).isEqualTo(Opcode.UD_SEND_ONLY);
            assertThat(Bth.destQp(p, 0)).as(name).isEqualTo(Gsi.QPN);
            assertThat(Deth.qKey(p, DETH_AT)).as(name).isEqualTo(Gsi.Q_KEY);
            assertThat(Deth.sourceQp(p, DETH_AT)).as(name).isEqualTo(Gsi.QPN);
            assertThat(p.capacity()).as(name).isEqualTo(AT + Mad.BYTES + 4);
            assertThat(Mad.isCmSend(p, AT)).as(name).isTrue();
        }
    }

    @Test
    void decodesAndWritesRpingsRequest() {
        ByteBuffer p = CapturedMads.packet("rxe-req-rping");
        assertThat(CmFields.of(p, AT)).contains(entry("transactionId", 0x2_cb25_6580L),
                entry("localCommId", 0x806525cb), entry("serviceId", ServiceId.of(ServiceId.PORT_SPACE_TCP, 18891)),
                entry("localCaGuid", 0x00db_07ff_fea5_b8abL), entry("localQKey", 0), entry("localQpn", 0x11),
                entry("responderResources", 1), entry("initiatorDepth", 1), entry("remoteCmResponseTimeout", 20),
                entry("transportServiceType", CmReq.TRANSPORT_RC), entry("endToEndFlowControl", false),
                entry("startingPsn", 0xbc8734), entry("localCmResponseTimeout", 20), entry("retryCount", 7),
                entry("partitionKey", 0xffff), entry("pathMtu", 3), entry("rnrRetryCount", 7),
                entry("maxCmRetries", 15), entry("srq", false), entry("primaryLocalLid", 0xffff),
                entry("primaryRemoteLid", 0xffff), entry("primaryLocalGid", RXE_GID),
                entry("primaryRemoteGid", SOFT_GID), entry("primaryFlowLabel", 0x5f11a), entry("primaryPacketRate", 0),
                entry("primaryTrafficClass", 0), entry("primaryHopLimit", 64), entry("primarySl", 0),
                entry("primarySubnetLocal", false), entry("primaryLocalAckTimeout", 17),
                entry("alternatePath", "00".repeat(44)), entry("cmaVersion", 0), entry("cmaIpVersion", 4),
                entry("cmaSourcePort", 45777), entry("cmaSourceAddress", "00".repeat(12) + "0a4f0001"),
                entry("cmaDestinationAddress", "00".repeat(12) + "0a4f0002"),
                entry("consumerPrivateData", "00".repeat(CmReq.PRIVATE_DATA_BYTES - CmaHeader.BYTES)));
        assertThat(CmReq.primaryFlowLabel(p, AT)).as("Linux's flow label: (source port × 31 + port) & 0xFFFFF")
                .isEqualTo(CmaHeader.roceFlowLabel(45777, 18891));
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.REQ, 0x2_cb25_6580L);
        CmReq.localCommId(written, AT, 0x806525cb);
        CmReq.serviceId(written, AT, ServiceId.of(ServiceId.PORT_SPACE_TCP, 18891));
        CmReq.localCaGuid(written, AT, 0x00db_07ff_fea5_b8abL);
        CmReq.localQpn(written, AT, 0x11);
        CmReq.responderResources(written, AT, 1);
        CmReq.initiatorDepth(written, AT, 1);
        CmReq.remoteCmResponseTimeout(written, AT, 20);
        CmReq.startingPsn(written, AT, 0xbc8734);
        CmReq.localCmResponseTimeout(written, AT, 20);
        CmReq.retryCount(written, AT, 7);
        CmReq.partitionKey(written, AT, 0xffff);
        CmReq.pathMtu(written, AT, 3);
        CmReq.rnrRetryCount(written, AT, 7);
        CmReq.maxCmRetries(written, AT, 15);
        CmReq.primaryLids(written, AT, 0xffff, 0xffff);
        written.put(CmReq.primaryLocalGid(AT), HexFormat.of().parseHex(RXE_GID))
                .put(CmReq.primaryRemoteGid(AT), HexFormat.of().parseHex(SOFT_GID));
        CmReq.primaryFlowLabel(written, AT, 0x5f11a);
        CmReq.primaryHopLimit(written, AT, 64);
        CmReq.primaryLocalAckTimeout(written, AT, 17);
        CmaHeader.put(written, CmReq.privateData(AT), 45777, new byte[] {10, 79, 0, 1}, new byte[] {10, 79, 0, 2});
        assertSameMad(written, "rxe-req-rping");
    }

    @Test
    void theFlowLabelOfEveryRequestRdmaCmSentIsLinuxsHashOfItsPorts() {
        for (String name : new String[] {"req-rping", "req-ucmatose", "rxe-req-rping", "rxe-req-repeated-rping"}) {
            ByteBuffer p = CapturedMads.packet(name);
            int sourcePort = CmaHeader.sourcePort(p, CmReq.privateData(AT));
            int port = ServiceId.port(CmReq.serviceId(p, AT));
            assertThat(CmReq.primaryFlowLabel(p, AT)).as(name).isNotZero()
                    .isEqualTo(CmaHeader.roceFlowLabel(sourcePort, port));
        }
    }

    @Test
    void decodesAndWritesRpingsReply() {
        ByteBuffer p = CapturedMads.packet("rxe-rep-rping");
        assertThat(CmFields.of(p, AT)).contains(entry("transactionId", 0x6d5123a4L),
                entry("localCommId", 0x826525cb), entry("remoteCommId", 0x6d5123a4), entry("localQKey", 0),
                entry("localQpn", 0x12), entry("startingPsn", 0x11e6ee), entry("responderResources", 1),
                entry("initiatorDepth", 1), entry("targetAckDelay", 15), entry("failoverAccepted", 0),
                entry("endToEndFlowControl", false), entry("rnrRetryCount", 7), entry("srq", false),
                entry("localCaGuid", 0x00db_07ff_fea5_b8abL),
                entry("privateData", "00".repeat(CmRep.PRIVATE_DATA_BYTES)));
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.REP, 0x6d5123a4L);
        CmMessage.commIds(written, AT, 0x826525cb, 0x6d5123a4);
        CmRep.localQpn(written, AT, 0x12);
        CmRep.startingPsn(written, AT, 0x11e6ee);
        CmRep.responderResources(written, AT, 1);
        CmRep.initiatorDepth(written, AT, 1);
        CmRep.targetAckDelay(written, AT, 15);
        CmRep.rnrRetryCount(written, AT, 7);
        CmRep.localCaGuid(written, AT, 0x00db_07ff_fea5_b8abL);
        assertSameMad(written, "rxe-rep-rping");
    }

    @Test
    void decodesAndWritesRpingsReadyToUseDisconnectionRequestAndReply() {
        assertThat(CmFields.of(CapturedMads.packet("rxe-rtu-rping"), AT)).contains(
                entry("attributeId", CmAttribute.RTU.id()), entry("transactionId", 0x2_cb25_6580L),
                entry("localCommId", 0x806525cb), entry("remoteCommId", 0xbec52aa1));
        assertThat(CmFields.of(CapturedMads.packet("rxe-dreq-rping"), AT)).contains(
                entry("transactionId", 0x2_cb25_6580L), entry("localCommId", 0x806525cb),
                entry("remoteCommId", 0xbec52aa1), entry("remoteQpn", 0x11));
        assertThat(CmFields.of(CapturedMads.packet("rxe-drep-rping"), AT)).contains(
                entry("attributeId", CmAttribute.DREP.id()), entry("transactionId", 0x6d5123a4L),
                entry("localCommId", 0x826525cb), entry("remoteCommId", 0x6d5123a4));
        ByteBuffer rtu = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(rtu, AT, CmAttribute.RTU, 0x2_cb25_6580L);
        CmMessage.commIds(rtu, AT, 0x806525cb, 0xbec52aa1);
        assertSameMad(rtu, "rxe-rtu-rping");
        ByteBuffer dreq = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(dreq, AT, CmAttribute.DREQ, 0x2_cb25_6580L);
        CmMessage.commIds(dreq, AT, 0x806525cb, 0xbec52aa1);
        CmDreq.remoteQpn(dreq, AT, 0x11);
        assertSameMad(dreq, "rxe-dreq-rping");
        ByteBuffer drep = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(drep, AT, CmAttribute.DREP, 0x6d5123a4L);
        CmMessage.commIds(drep, AT, 0x826525cb, 0x6d5123a4);
        assertSameMad(drep, "rxe-drep-rping");
    }

    @Test
    void decodesAndWritesUdaddysServiceIdResolutionRequest() {
        ByteBuffer p = CapturedMads.packet("rxe-sidr-req-udaddy");
        long service = ServiceId.of(ServiceId.PORT_SPACE_UDP, 7174);
        assertThat(CmFields.of(p, AT)).contains(entry("transactionId", 0x2_bc2b_52a6L),
                entry("requestId", 0xa6522bbc), entry("partitionKey", 0xffff), entry("serviceId", service),
                entry("cmaVersion", 0), entry("cmaIpVersion", 4), entry("cmaSourcePort", 51016),
                entry("cmaSourceAddress", "00".repeat(12) + "0a4f0001"),
                entry("cmaDestinationAddress", "00".repeat(12) + "0a4f0002"),
                entry("consumerPrivateData", "00".repeat(CmSidrReq.PRIVATE_DATA_BYTES - CmaHeader.BYTES)));
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.SIDR_REQ, 0x2_bc2b_52a6L);
        CmSidrReq.put(written, AT, 0xa6522bbc, 0xffff, service);
        CmaHeader.put(written, CmSidrReq.privateData(AT), 51016, new byte[] {10, 79, 0, 1}, new byte[] {10, 79, 0, 2});
        assertSameMad(written, "rxe-sidr-req-udaddy");
    }

    @Test
    void decodesAndWritesUdaddysServiceIdResolutionReply() {
        ByteBuffer p = CapturedMads.packet("rxe-sidr-rep-udaddy");
        long service = ServiceId.of(ServiceId.PORT_SPACE_UDP, 7174);
        assertThat(CmFields.of(p, AT)).contains(entry("transactionId", 0x3b2d67aeL), entry("requestId", 0x3b2d67ae),
                entry("status", CmSidrRep.SUCCESS), entry("additionalInfoLength", 0), entry("qpn", 0x11),
                entry("serviceId", service), entry("qKey", 0x01234567),
                entry("privateData", "00".repeat(CmSidrRep.PRIVATE_DATA_BYTES)));
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.SIDR_REP, 0x3b2d67aeL);
        CmSidrRep.put(written, AT, 0x3b2d67ae, CmSidrRep.SUCCESS, 0x11, service, 0x01234567);
        assertSameMad(written, "rxe-sidr-rep-udaddy");
    }

    @Test
    void theSoftCmsRequestIsRxesButForEachSidesOwnFields() {
        ByteBuffer soft = CapturedMads.packet("soft-req-rping");
        ByteBuffer rxe = CapturedMads.packet("rxe-req-rping");
        assertSameFields("soft-req-rping", "rxe-req-rping", REQ_OWN);
        Map<String, Object> softFields = CmFields.of(soft, AT);
        Map<String, Object> rxeFields = CmFields.of(rxe, AT);
        assertThat(softFields.get("primaryLocalGid")).isEqualTo(rxeFields.get("primaryRemoteGid"));
        assertThat(softFields.get("primaryRemoteGid")).isEqualTo(rxeFields.get("primaryLocalGid"));
        assertThat(softFields.get("cmaSourceAddress")).isEqualTo(rxeFields.get("cmaDestinationAddress"));
        assertThat(ServiceId.portSpace(CmReq.serviceId(soft, AT))).isEqualTo(ServiceId.PORT_SPACE_TCP);
        assertThat(CmReq.primaryFlowLabel(soft, AT)).isNotZero().isEqualTo(CmaHeader.roceFlowLabel(
                CmaHeader.sourcePort(soft, CmReq.privateData(AT)), ServiceId.port(CmReq.serviceId(soft, AT))));
    }

    @Test
    void theSoftCmsReplyIsRxesButForEachSidesOwnFieldsAndTheCasAckDelay() {
        assertSameFields("soft-rep-rping", "rxe-rep-rping", Set.of("targetAckDelay"));
        assertThat(CmRep.targetAckDelay(CapturedMads.packet("soft-rep-rping"), AT)).isZero();
    }

    @Test
    void theSoftCmsShortMessagesAreRxes() {
        assertSameFields("soft-rtu-rping", "rxe-rtu-rping", Set.of());
        assertSameFields("soft-dreq-rping", "rxe-dreq-rping", Set.of());
        assertSameFields("soft-drep-rping", "rxe-drep-rping", Set.of());
    }

    @Test
    void theSoftCmsServiceIdResolutionIsRxesButForEachSidesOwnFields() {
        assertSameFields("soft-sidr-req-udaddy", "rxe-sidr-req-udaddy",
                Set.of("cmaSourcePort", "cmaSourceAddress", "cmaDestinationAddress"));
        assertSameFields("soft-sidr-rep-udaddy", "rxe-sidr-rep-udaddy", Set.of());
    }

    @Test
    void theSoftCmsMraAnswersRpingsRepeatedRequestWithRdmaCmsServiceTimeout() {
        ByteBuffer req = CapturedMads.packet("rxe-req-repeated-rping");
        ByteBuffer p = CapturedMads.packet("soft-mra-rping");
        assertThat(CmFields.of(p, AT)).containsExactly(entry("baseVersion", 1), entry("managementClass", 7),
                entry("classVersion", 2), entry("method", 3), entry("status", 0),
                entry("transactionId", 0x2_3c47_dad5L), entry("attributeId", CmAttribute.MRA.id()),
                entry("attributeModifier", 0), entry("localCommId", 0x029f7b4f), entry("remoteCommId", 0xd5da473c),
                entry("messageMraed", CmMra.REQ), entry("serviceTimeout", 24));
        assertThat(HexFormat.of().formatHex(CapturedMads.mad(p), 34, Mad.BYTES)).isEqualTo("00".repeat(222));
        assertThat(Mad.transactionId(p, AT)).isEqualTo(Mad.transactionId(req, AT));
        assertThat(CmMessage.remoteCommId(p, AT)).isEqualTo(CmReq.localCommId(req, AT));
        ByteBuffer written = ByteBuffer.allocate(AT + Mad.BYTES);
        Mad.putCm(written, AT, CmAttribute.MRA, 0x2_3c47_dad5L);
        CmMessage.commIds(written, AT, 0x029f7b4f, 0xd5da473c);
        CmMra.put(written, AT, CmMra.REQ, CmMra.RDMA_CM_SERVICE_TIMEOUT);
        assertSameMad(written, "soft-mra-rping");
    }

    /** The two MADs agree in every field but the senders' own ({@link #OWN}) and {@code alsoOwn}. */
    private static void assertSameFields(String soft, String rxe, Set<String> alsoOwn) {
        Map<String, Object> softFields = CmFields.of(CapturedMads.packet(soft), AT);
        Map<String, Object> rxeFields = CmFields.of(CapturedMads.packet(rxe), AT);
        assertThat(softFields.keySet()).containsExactlyElementsOf(rxeFields.keySet());
        assertThat(CmFields.without(CmFields.without(softFields, OWN), alsoOwn)).as(soft + " against " + rxe)
                .isEqualTo(CmFields.without(CmFields.without(rxeFields, OWN), alsoOwn));
    }

    private static void assertSameMad(ByteBuffer written, String captured) {
        assertThat(HexFormat.of().formatHex(CmReqCodecTest.bytes(written, AT, Mad.BYTES)))
                .isEqualTo(HexFormat.of().formatHex(CapturedMads.mad(CapturedMads.packet(captured))));
    }
}
