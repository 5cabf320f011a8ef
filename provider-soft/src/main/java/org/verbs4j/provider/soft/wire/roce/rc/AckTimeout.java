package org.verbs4j.provider.soft.wire.roce.rc;

/** The local ACK timeout of a queue pair's {@code timeout} attribute: 4.096 µs × 2^timeout, 0 meaning infinite. */
public final class AckTimeout {

    /** What {@link #nanos} returns for timeout 0: the requester never times out. */
    public static final long INFINITE = Long.MAX_VALUE;

    private AckTimeout() {
    }

    /**
     * @param timeout the attribute, 0 to 31
     * @return the timeout in nanoseconds, or {@link #INFINITE} for 0
     */
    public static long nanos(int timeout) {
        return timeout == 0 ? INFINITE : 4096L << timeout;
    }
}
