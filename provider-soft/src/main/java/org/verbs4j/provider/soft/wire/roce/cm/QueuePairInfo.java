package org.verbs4j.provider.soft.wire.roce.cm;

/**
 * What a REQ or a REP tells the peer of one side's queue pair: the peer's QP moves to RTR and RTS with these.
 *
 * @param qpn the queue pair number
 * @param startingPsn the first PSN its send queue uses (the peer's expected PSN)
 * @param responderResources the RDMA READs and atomics it serves at once (the peer's initiator depth at most)
 * @param initiatorDepth the RDMA READs and atomics it issues at once
 * @param retryCount its transport retries (REQ only; 0 in a REP)
 * @param rnrRetryCount its RNR retries (7: without limit)
 * @param pathMtu the path MTU enumeration (1: 256 ... 5: 4096; REQ only, 0 in a REP)
 */
public record QueuePairInfo(int qpn, int startingPsn, int responderResources, int initiatorDepth, int retryCount,
        int rnrRetryCount, int pathMtu) {
}
