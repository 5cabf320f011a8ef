package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/** Reads what a connection keeps of the peer's REQ or REP. */
final class IncomingMads {

    private IncomingMads() {
    }

    static QueuePairInfo requester(ByteBuffer b, int at) {
        return new QueuePairInfo(CmReq.localQpn(b, at), CmReq.startingPsn(b, at), CmReq.responderResources(b, at),
                CmReq.initiatorDepth(b, at), CmReq.retryCount(b, at), CmReq.rnrRetryCount(b, at),
                CmReq.pathMtu(b, at));
    }

    static QueuePairInfo replier(ByteBuffer b, int at) {
        return new QueuePairInfo(CmRep.localQpn(b, at), CmRep.startingPsn(b, at), CmRep.responderResources(b, at),
                CmRep.initiatorDepth(b, at), 0, CmRep.rnrRetryCount(b, at), 0);
    }

    static byte[] copy(ByteBuffer b, int at, int length) {
        byte[] bytes = new byte[length];
        b.get(at, bytes);
        return bytes;
    }
}
