package org.verbs4j.provider.soft.wire.roce.cm;

/**
 * What a REQ or a REP tells the peer of one side's queue pair: the peer's QP moves to RTR and RTS with these.
 *
 * @param qpn the queue pair number
 * @param startingPsn the starting PSN; Linux's CM takes it as the first PSN the sender's receive queue expects
 *     (the peer's send queue starts there), which rxe's queue pairs then follow
 * @param responderResources the RDMA READs and atomics it serves at once (the peer's initiator depth at most)
 * @param initiatorDepth the RDMA READs and atomics it issues at once
 * @param retryCount its transport retries (REQ only; 0 in a REP)
 * @param rnrRetryCount its RNR retries (7: without limit)
 * @param pathMtu the path MTU enumeration (1: 256 ... 5: 4096; REQ only, 0 in a REP)
 */
public record QueuePairInfo(int qpn, int startingPsn, int responderResources, int initiatorDepth, int retryCount,
        int rnrRetryCount, int pathMtu) {
}
