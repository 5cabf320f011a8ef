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
    private static final int MAX_EXPONENT = 31;

    /**
     * @param exponent an IBTA time exponent
     * @return the time in nanoseconds, as Linux's CM rounds it
     */
    public static long nanos(int exponent) {
        return (1L << Math.max(exponent - 8, 0)) * NANOS_PER_MS;
    }

    /**
     * The active side's wait for the answer to its REQ (and later its DREQ), from what its REQ says: two packet
     * lives and the remote CM response timeout ({@code ib_send_cm_req}).
     *
     * @return how long to wait before sending again
     */
    public long requestNanos() {
        return 2 * nanos(packetLifeTime) + nanos(cmResponseTimeout);
    }

    /**
     * The passive side's wait for the answer to its REP (and later its DREQ): the local CM response timeout the
     * peer's REQ announced, without packet lives ({@code cm_req_handler}).
     *
     * @param requestersResponseTimeout the REQ's local CM response timeout
     * @return how long to wait before sending again
     */
    public static long replyNanos(int requestersResponseTimeout) {
        return nanos(requestersResponseTimeout);
    }

    /**
     * @param serviceTimeout an MRA's service timeout
     * @return the wait an MRA buys: its service timeout and the path's ACK timeout, one more than the packet life
     *     ({@code cm_mra_handler})
     */
    public long mraNanos(int serviceTimeout) {
        return nanos(serviceTimeout) + nanos(packetLifeTime + 1);
    }

    /** @return the length of the time wait after a disconnection: the path's ACK timeout ({@code cm_enter_timewait}) */
    public long timeWaitNanos() {
        return nanos(packetLifeTime + 1);
    }

    /**
     * @param millis a response time in milliseconds, at least 1
     * @return the smallest IBTA exponent whose time, as Linux's CM rounds it, is at least {@code millis} (at most 31)
     */
    public static int exponentOf(long millis) {
        int exponent = 8;
        while (exponent < MAX_EXPONENT && nanos(exponent) < millis * NANOS_PER_MS) {
            exponent++;
        }
        return exponent;
    }

    /** @return the time an active side waits in all for an answer to its REQ: every try's wait */
    public long requestGiveUpNanos() {
        return (maxCmRetries + 1L) * requestNanos();
    }
}
