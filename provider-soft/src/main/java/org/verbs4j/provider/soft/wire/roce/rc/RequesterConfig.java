package org.verbs4j.provider.soft.wire.roce.rc;

import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The queue pair attributes a {@link Requester} works with (ibv_modify_qp(3) at RTR and RTS).
 *
 * @param transport RC, UC or XRC
 * @param destQp the remote queue pair number (dest_qp_num)
 * @param startPsn the first PSN to send (sq_psn)
 * @param pathMtu the path MTU in bytes: 256, 512, 1024, 2048 or 4096
 * @param maxReadAtomic the initiator depth (max_rd_atomic): RDMA READs and atomics outstanding at once
 * @param timeout the local ACK timeout code: 4.096 µs × 2^timeout, 0 for infinite (RC)
 * @param retryCount how many times the requester resends after a timeout or a PSN sequence error NAK (retry_cnt,
 *     0 to 7 in verbs; any budget here, and unlike rxe 7 is not infinite)
 * @param rnrRetry how many times it resends after an RNR NAK (rnr_retry, 7 meaning without limit)
 * @param sendQueueDepth the number of work requests it holds (max_send_wr)
 */
public record RequesterConfig(Transport transport, int destQp, int startPsn, int pathMtu, int maxReadAtomic,
        int timeout, int retryCount, int rnrRetry, int sendQueueDepth) {

    /** Checks the attributes. */
    public RequesterConfig {
        Transports.requireConnected(transport);
        PathMtu.require(pathMtu);
        Checks.range("max_rd_atomic", maxReadAtomic, 0, 255);
        Checks.range("timeout", timeout, 0, 31);
        Checks.range("retry_cnt", retryCount, 0, Integer.MAX_VALUE);
        Checks.range("rnr_retry", rnrRetry, 0, 7);
        Checks.range("max_send_wr", sendQueueDepth, 1, 1 << 20);
    }

    /**
     * The attributes of rdma-core's {@code ibv_rc_pingpong}: timeout 14, retry_cnt 7, rnr_retry 7, max_rd_atomic 1.
     *
     * @param destQp the remote queue pair number
     * @param startPsn the first PSN
     * @param pathMtu the path MTU
     * @return the configuration of an RC requester
     */
    public static RequesterConfig rc(int destQp, int startPsn, int pathMtu) {
        return new RequesterConfig(Transport.RC, destQp, startPsn, pathMtu, 1, 14, 7, 7, 128);
    }

    /** @return the partition key the requester sends */
    public int pKey() {
        return RoceV2.DEFAULT_PKEY;
    }
}
