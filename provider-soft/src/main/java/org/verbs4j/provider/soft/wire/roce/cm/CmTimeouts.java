package org.verbs4j.provider.soft.wire.roce.cm;

/**
 * The times of a connection, as IBTA exponents (4.096 µs × 2^exponent) and as Linux's CM rounds them to
 * milliseconds ({@code cm_convert_to_ms}: 2^(exponent − 8) ms).
 *
 * @param cmResponseTimeout how soon this side answers, announced in its REQ (rdma_cm: 20, about 4 s)
 * @param packetLifeTime the path's packet life time (rdma_cm over RoCE: 16, about 0.27 s)
 * @param maxCmRetries how many times a message is sent again before the connection gives up (rdma_cm: 15)
 */
public record CmTimeouts(int cmResponseTimeout, int packetLifeTime, int maxCmRetries) {

    /** rdma_cm's values. */
    public static final CmTimeouts RDMA_CM = new CmTimeouts(20, 16, 15);

    private static final long NANOS_PER_MS = 1_000_000L;

    /**
     * @param exponent an IBTA time exponent
     * @return the time in nanoseconds, as Linux's CM rounds it
     */
    public static long nanos(int exponent) {
        return (1L << Math.max(exponent - 8, 0)) * NANOS_PER_MS;
    }

    /**
     * @param peerResponseTimeout the exponent the peer announced for its answers
     * @return how long to wait for an answer before sending again: two packet lives and the peer's response time
     */
    public long answerNanos(int peerResponseTimeout) {
        return 2 * nanos(packetLifeTime) + nanos(peerResponseTimeout);
    }

    /** @return the length of the time wait after a disconnection */
    public long timeWaitNanos() {
        return 2 * nanos(packetLifeTime);
    }
}
