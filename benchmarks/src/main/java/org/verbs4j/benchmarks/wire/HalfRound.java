package org.verbs4j.benchmarks.wire;

/**
 * What one side of a round measured: how long the sender sent, how many bursts it sent, and what the peer counted
 * from the start of the round to {@link WirePeer#DRAIN_MILLIS} after its end.
 *
 * @param nanos the sender's time
 * @param bursts the bursts sent
 * @param softMessages the UD receive completions at the peer
 * @param softFailed those of them with an error status
 * @param datagrams the baseline's datagrams at the peer
 * @param datagramBytes their bytes
 * @param cpuNanos the CPU time the Java threads of both JVMs used, the sender's while it sent and the peer's from
 *     start to count
 */
record HalfRound(long nanos, long bursts, long softMessages, long softFailed, long datagrams, long datagramBytes,
        long cpuNanos) {

    /** @return {@code count} per second of the sender's time */
    double perSecond(long count) {
        return count * 1e9 / nanos;
    }

    /** @return the CPU nanoseconds of both JVMs per one of {@code count} */
    double cpuPer(long count) {
        return (double) cpuNanos / count;
    }
}
