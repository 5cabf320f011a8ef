package org.verbs4j.benchmarks;

import java.util.Locale;

/**
 * Splits the time of a streamed 8-byte SEND burst ({@link StreamingBenchmark#send8}) into its phases, to see
 * where a message's time goes: posting the receives, building the requests (a burst built and aborted),
 * executing them (the burst built and completed, less the build), and polling both completion queues. Each
 * phase is timed with {@link System#nanoTime} around a whole burst, so the clock's own cost is shared by 64
 * messages. It prints the median and the quartiles over rounds of the nanoseconds per message of each phase.
 *
 * <p>Usage: {@code BurstPhases} (no arguments).
 */
public final class BurstPhases {

    private static final int BURSTS_PER_ROUND = 20_000;
    private static final int WARMUP_ROUNDS = 20;
    private static final int ROUNDS = 40;
    private static final String[] PHASES = {"post receives", "build", "execute", "poll"};

    private BurstPhases() {
    }

    /**
     * Runs the measurement and prints one line per phase.
     *
     * @param args none
     */
    public static void main(String[] args) {
        double[][] nanos = new double[PHASES.length][ROUNDS];
        try (MessageStream stream = new MessageStream()) {
            for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
                long[] phases = round(stream);
                for (int phase = 0; round >= 0 && phase < PHASES.length; phase++) {
                    nanos[phase][round] = (double) phases[phase] / ((long) BURSTS_PER_ROUND * MessageStream.BURST);
                }
            }
        }
        for (int phase = 0; phase < PHASES.length; phase++) {
            System.out.printf(Locale.ROOT, "%-13s %s ns per message%n", PHASES[phase],
                    new Quantiles(nanos[phase]).summary());
        }
    }

    /** @return the nanoseconds of each phase summed over the bursts of one round */
    private static long[] round(MessageStream stream) {
        long[] phases = new long[PHASES.length];
        for (int i = 0; i < BURSTS_PER_ROUND; i++) {
            long start = System.nanoTime();
            stream.postReceives();
            long received = System.nanoTime();
            stream.buildSendsAndAbort();
            long built = System.nanoTime();
            stream.postSends();
            long sent = System.nanoTime();
            MessageStream.drain(stream.pair.cqA, 1);
            MessageStream.drain(stream.pair.cqB, MessageStream.BURST);
            long polled = System.nanoTime();
            phases[0] += received - start;
            phases[1] += built - received;
            phases[2] += (sent - built) - (built - received);
            phases[3] += polled - sent;
        }
        return phases;
    }
}
