package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Every field of a CM MAD as the codecs read it, by name: two MADs of one kind compare field by field, and a
 * difference names its field.
 */
final class CmFields {

    private CmFields() {
    }

    /** @return the fields of the MAD at {@code at}, its kind told by its attribute ID */
    static Map<String, Object> of(ByteBuffer b, int at) {
        Map<String, Object> fields = header(b, at);
        switch (CmAttribute.of(Mad.attributeId(b, at))) {
            case REQ -> req(b, at, fields);
            case REP -> rep(b, at, fields);
            case MRA -> mra(b, at, fields);
            case DREQ -> dreq(b, at, fields);
            case SIDR_REQ -> sidrReq(b, at, fields);
            case SIDR_REP -> sidrRep(b, at, fields);
            case RTU, DREP, REJ -> commIds(b, at, fields, CmMessage.SHORT_PRIVATE_DATA_BYTES);
        }
        return fields;
    }

    /** @return {@code fields} without the named ones */
    static Map<String, Object> without(Map<String, Object> fields, Set<String> names) {
        Map<String, Object> rest = new LinkedHashMap<>(fields);
        rest.keySet().removeAll(names);
        return rest;
    }

    private static Map<String, Object> header(ByteBuffer b, int at) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("baseVersion", Mad.baseVersion(b, at));
        f.put("managementClass", Mad.managementClass(b, at));
        f.put("classVersion", Mad.classVersion(b, at));
        f.put("method", Mad.method(b, at));
        f.put("status", Mad.status(b, at));
        f.put("transactionId", Mad.transactionId(b, at));
        f.put("attributeId", Mad.attributeId(b, at));
        f.put("attributeModifier", Mad.attributeModifier(b, at));
        return f;
    }

    private static void req(ByteBuffer b, int at, Map<String, Object> f) {
        f.put("localCommId", CmReq.localCommId(b, at));
        f.put("serviceId", CmReq.serviceId(b, at));
        f.put("localCaGuid", CmReq.localCaGuid(b, at));
        f.put("localQKey", CmReq.localQKey(b, at));
        f.put("localQpn", CmReq.localQpn(b, at));
        f.put("responderResources", CmReq.responderResources(b, at));
        f.put("initiatorDepth", CmReq.initiatorDepth(b, at));
        f.put("remoteCmResponseTimeout", CmReq.remoteCmResponseTimeout(b, at));
        f.put("transportServiceType", CmReq.transportServiceType(b, at));
        f.put("endToEndFlowControl", CmReq.endToEndFlowControl(b, at));
        f.put("startingPsn", CmReq.startingPsn(b, at));
        f.put("localCmResponseTimeout", CmReq.localCmResponseTimeout(b, at));
        f.put("retryCount", CmReq.retryCount(b, at));
        f.put("partitionKey", CmReq.partitionKey(b, at));
        f.put("pathMtu", CmReq.pathMtu(b, at));
        f.put("rnrRetryCount", CmReq.rnrRetryCount(b, at));
        f.put("maxCmRetries", CmReq.maxCmRetries(b, at));
        f.put("srq", CmReq.srq(b, at));
        f.put("primaryLocalLid", CmReq.primaryLocalLid(b, at));
        f.put("primaryRemoteLid", CmReq.primaryRemoteLid(b, at));
        f.put("primaryLocalGid", hex(b, CmReq.primaryLocalGid(at), 16));
        f.put("primaryRemoteGid", hex(b, CmReq.primaryRemoteGid(at), 16));
        f.put("primaryFlowLabel", CmReq.primaryFlowLabel(b, at));
        f.put("primaryPacketRate", CmReq.primaryPacketRate(b, at));
        f.put("primaryTrafficClass", CmReq.primaryTrafficClass(b, at));
        f.put("primaryHopLimit", CmReq.primaryHopLimit(b, at));
        f.put("primarySl", CmReq.primarySl(b, at));
        f.put("primarySubnetLocal", CmReq.primarySubnetLocal(b, at));
        f.put("primaryLocalAckTimeout", CmReq.primaryLocalAckTimeout(b, at));
        f.put("alternatePath", hex(b, CmReq.primaryRemoteGid(at) + 24, CmReq.privateData(at)
                - CmReq.primaryRemoteGid(at) - 24));
        rdmaCm(b, CmReq.privateData(at), CmReq.PRIVATE_DATA_BYTES, f);
    }

    private static void rep(ByteBuffer b, int at, Map<String, Object> f) {
        f.put("localCommId", CmMessage.localCommId(b, at));
        f.put("remoteCommId", CmMessage.remoteCommId(b, at));
        f.put("localQKey", CmRep.localQKey(b, at));
        f.put("localQpn", CmRep.localQpn(b, at));
        f.put("startingPsn", CmRep.startingPsn(b, at));
        f.put("responderResources", CmRep.responderResources(b, at));
        f.put("initiatorDepth", CmRep.initiatorDepth(b, at));
        f.put("targetAckDelay", CmRep.targetAckDelay(b, at));
        f.put("failoverAccepted", CmRep.failoverAccepted(b, at));
        f.put("endToEndFlowControl", CmRep.endToEndFlowControl(b, at));
        f.put("rnrRetryCount", CmRep.rnrRetryCount(b, at));
        f.put("srq", CmRep.srq(b, at));
        f.put("localCaGuid", CmRep.localCaGuid(b, at));
        f.put("privateData", hex(b, CmRep.privateData(at), CmRep.PRIVATE_DATA_BYTES));
    }

    private static void mra(ByteBuffer b, int at, Map<String, Object> f) {
        commIds(b, at, f, 0);
        f.put("messageMraed", CmMra.messageMraed(b, at));
        f.put("serviceTimeout", CmMra.serviceTimeout(b, at));
    }

    private static void dreq(ByteBuffer b, int at, Map<String, Object> f) {
        f.put("localCommId", CmMessage.localCommId(b, at));
        f.put("remoteCommId", CmMessage.remoteCommId(b, at));
        f.put("remoteQpn", CmDreq.remoteQpn(b, at));
        f.put("privateData", hex(b, CmDreq.privateData(at), CmDreq.PRIVATE_DATA_BYTES));
    }

    private static void sidrReq(ByteBuffer b, int at, Map<String, Object> f) {
        f.put("requestId", CmSidrReq.requestId(b, at));
        f.put("partitionKey", CmSidrReq.partitionKey(b, at));
        f.put("serviceId", CmSidrReq.serviceId(b, at));
        rdmaCm(b, CmSidrReq.privateData(at), CmSidrReq.PRIVATE_DATA_BYTES, f);
    }

    private static void sidrRep(ByteBuffer b, int at, Map<String, Object> f) {
        f.put("requestId", CmSidrRep.requestId(b, at));
        f.put("status", CmSidrRep.status(b, at));
        f.put("additionalInfoLength", CmSidrRep.additionalInfoLength(b, at));
        f.put("qpn", CmSidrRep.qpn(b, at));
        f.put("serviceId", CmSidrRep.serviceId(b, at));
        f.put("qKey", CmSidrRep.qKey(b, at));
        f.put("privateData", hex(b, CmSidrRep.privateData(at), CmSidrRep.PRIVATE_DATA_BYTES));
    }

    private static void commIds(ByteBuffer b, int at, Map<String, Object> f, int privateData) {
        f.put("localCommId", CmMessage.localCommId(b, at));
        f.put("remoteCommId", CmMessage.remoteCommId(b, at));
        if (privateData > 0) {
            f.put("privateData", hex(b, at + Mad.BYTES - privateData, privateData));
        }
    }

    /** The private data of a REQ or SIDR_REQ: rdma_cm's header, then the consumer's bytes. */
    private static void rdmaCm(ByteBuffer b, int data, int length, Map<String, Object> f) {
        f.put("cmaVersion", CmaHeader.version(b, data));
        f.put("cmaIpVersion", CmaHeader.ipVersion(b, data));
        f.put("cmaSourcePort", CmaHeader.sourcePort(b, data));
        f.put("cmaSourceAddress", hex(b, CmaHeader.sourceAddress(data), 16));
        f.put("cmaDestinationAddress", hex(b, CmaHeader.destinationAddress(data), 16));
        f.put("consumerPrivateData", hex(b, data + CmaHeader.BYTES, length - CmaHeader.BYTES));
    }

    private static String hex(ByteBuffer b, int from, int length) {
        byte[] bytes = new byte[length];
        b.get(from, bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
