package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/** Writes the messages a connection sends, MAD at index 0 of a zeroed {@link Mad#BYTES}-byte buffer. */
final class OutgoingMads {

    private static final int AT = 0;

    /** rdma_cm's local ACK timeout over RoCE, as rxe's REQs carry it. */
    private static final int LOCAL_ACK_TIMEOUT = 17;

    /** The hop limit of a path over RoCE v2 beyond one hop: LIDs are then permissive. */
    private static final int HOP_LIMIT = 64;

    private static final int PERMISSIVE_LID = 0xFFFF;
    private static final int DEFAULT_PKEY = 0xFFFF;

    private OutgoingMads() {
    }

    static void req(ByteBuffer b, CmConnection c, CmTimeouts timeouts) {
        clear(b);
        Mad.putCm(b, AT, CmAttribute.REQ, c.transactionId());
        QueuePairInfo qp = c.local();
        CmReq.localCommId(b, AT, c.localCommId());
        CmReq.serviceId(b, AT, c.serviceId());
        CmReq.localCaGuid(b, AT, c.caGuid());
        CmReq.localQpn(b, AT, qp.qpn());
        CmReq.responderResources(b, AT, qp.responderResources());
        CmReq.initiatorDepth(b, AT, qp.initiatorDepth());
        CmReq.remoteCmResponseTimeout(b, AT, timeouts.cmResponseTimeout());
        CmReq.transportServiceType(b, AT, CmReq.TRANSPORT_RC);
        CmReq.startingPsn(b, AT, qp.startingPsn());
        CmReq.localCmResponseTimeout(b, AT, timeouts.cmResponseTimeout());
        CmReq.retryCount(b, AT, qp.retryCount());
        CmReq.partitionKey(b, AT, DEFAULT_PKEY);
        CmReq.pathMtu(b, AT, qp.pathMtu());
        CmReq.rnrRetryCount(b, AT, qp.rnrRetryCount());
        CmReq.maxCmRetries(b, AT, timeouts.maxCmRetries());
        reqPath(b, c);
        b.put(CmReq.privateData(AT), c.localPrivateData());
    }

    private static void reqPath(ByteBuffer b, CmConnection c) {
        CmReq.primaryLids(b, AT, PERMISSIVE_LID, PERMISSIVE_LID);
        b.put(CmReq.primaryLocalGid(AT), c.localGid()).put(CmReq.primaryRemoteGid(AT), c.remoteGid());
        CmReq.primaryFlowLabel(b, AT, c.flowLabel());
        CmReq.primaryHopLimit(b, AT, HOP_LIMIT);
        CmReq.primaryLocalAckTimeout(b, AT, LOCAL_ACK_TIMEOUT);
    }

    static void rep(ByteBuffer b, CmConnection c) {
        clear(b);
        Mad.putCm(b, AT, CmAttribute.REP, c.transactionId());
        QueuePairInfo qp = c.local();
        CmMessage.commIds(b, AT, c.localCommId(), c.remoteCommId());
        CmRep.localQpn(b, AT, qp.qpn());
        CmRep.startingPsn(b, AT, qp.startingPsn());
        CmRep.responderResources(b, AT, qp.responderResources());
        CmRep.initiatorDepth(b, AT, qp.initiatorDepth());
        CmRep.targetAckDelay(b, AT, 0);
        CmRep.rnrRetryCount(b, AT, qp.rnrRetryCount());
        CmRep.localCaGuid(b, AT, c.caGuid());
        b.put(CmRep.privateData(AT), c.localPrivateData());
    }

    static void sidrReq(ByteBuffer b, CmConnection c) {
        clear(b);
        Mad.putCm(b, AT, CmAttribute.SIDR_REQ, c.transactionId());
        CmSidrReq.put(b, AT, c.localCommId(), DEFAULT_PKEY, c.serviceId());
        b.put(CmSidrReq.privateData(AT), c.localPrivateData());
    }

    /** A SIDR_REP: the request's transaction ID and its request ID ({@code cm_format_sidr_rep}). */
    static void sidrRep(ByteBuffer b, CmConnection c, int status, int qpn, int qKey, byte[] privateData) {
        clear(b);
        Mad.putCm(b, AT, CmAttribute.SIDR_REP, c.transactionId());
        CmSidrRep.put(b, AT, c.remoteCommId(), status, qpn, c.serviceId(), qKey);
        b.put(CmSidrRep.privateData(AT), privateData);
    }

    static void rtu(ByteBuffer b, CmConnection c) {
        idsOnly(b, c, CmAttribute.RTU, c.transactionId());
    }

    static void mra(ByteBuffer b, CmConnection c, int message, int serviceTimeout) {
        idsOnly(b, c, CmAttribute.MRA, c.transactionId());
        CmMra.put(b, AT, message, serviceTimeout);
    }

    static void dreq(ByteBuffer b, CmConnection c) {
        idsOnly(b, c, CmAttribute.DREQ, c.transactionId());
        CmDreq.remoteQpn(b, AT, c.remote().qpn());
    }

    static void drep(ByteBuffer b, CmConnection c, long transactionId) {
        idsOnly(b, c, CmAttribute.DREP, transactionId);
    }

    /** A REJ: from a REQ received and not yet answered otherwise, its local communication ID is 0 ({@code cm_format_rej}). */
    static void rej(ByteBuffer b, CmConnection c, int message, RejectReason reason, byte[] privateData) {
        clear(b);
        Mad.putCm(b, AT, CmAttribute.REJ, c.transactionId());
        int local = c.state() == CmState.REQ_RCVD ? 0 : c.localCommId();
        CmMessage.commIds(b, AT, local, c.remoteCommId());
        int ariLength = reason == RejectReason.TIMEOUT ? Long.BYTES : 0;
        CmRej.put(b, AT, message, reason.code(), ariLength);
        if (ariLength > 0) {
            b.putLong(CmRej.ari(AT), c.caGuid());
        }
        b.put(CmRej.privateData(AT), privateData);
    }

    private static void idsOnly(ByteBuffer b, CmConnection c, CmAttribute attribute, long transactionId) {
        clear(b);
        Mad.putCm(b, AT, attribute, transactionId);
        CmMessage.commIds(b, AT, c.localCommId(), c.remoteCommId());
    }

    private static void clear(ByteBuffer b) {
        for (int i = 0; i < Mad.BYTES; i += Long.BYTES) {
            b.putLong(i, 0);
        }
    }
}
