package org.verbs4j.benchmarks;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Measures the 8-byte SEND message rate of the soft device against the in-JVM hand-off in a way that the
 * drift of the machine cancels out, as {@link BandwidthRatio} does for bandwidth: the two alternate in short
 * rounds (a number of messages handed to another thread by {@link ThreadHandOff}, then bursts of streamed
 * SENDs as {@link StreamingBenchmark#send8} runs them, the order swapped every round), the ratio of the two
 * rates is taken per round, and the median and the quartiles of the per-round figures are reported.
 *
 * <p>Usage: {@code MessageRateRatio} (400 rounds of about 2 × 5 ms after 5 s of warm-up).
 */
public final class MessageRateRatio {

    private static final int ROUNDS = 400;
    private static final long HALF_ROUND_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long WARMUP_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final StreamingBenchmark streaming = new StreamingBenchmark();
    private final ThreadHandOff handOff = new ThreadHandOff();
    private int messages = 1;
    private int bursts = 1;

    private MessageRateRatio() {
        streaming.setUp();
    }

    /**
     * Runs the measurement.
     *
     * @param args none
     */
    public static void main(String[] args) {
        System.out.printf(Locale.ROOT, "JDK %s, %d processors%n", Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        MessageRateRatio measurement = new MessageRateRatio();
        try {
            measurement.run();
        } finally {
            measurement.close();
        }
    }

    private void run() {
        long warmupEnd = System.nanoTime() + WARMUP_NANOS;
        for (int round = 0; System.nanoTime() < warmupEnd; round++) {
            measureRound(round);
        }
        double[] handOffRates = new double[ROUNDS];
        double[] sendRates = new double[ROUNDS];
        double[] ratios = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            double[] rates = measureRound(round);
            handOffRates[round] = rates[0];
            sendRates[round] = rates[1];
            ratios[round] = rates[1] / rates[0];
        }
        System.out.printf(Locale.ROOT, "%d rounds, each about %d messages handed off and %d streamed SENDs, the order"
                + " alternating%n", ROUNDS, messages, bursts * MessageStream.BURST);
        System.out.printf(Locale.ROOT, "  hand-off          %s%n", new Quantiles(handOffRates).detailed(1e-6, "M/s"));
        System.out.printf(Locale.ROOT, "  streamed SEND     %s%n", new Quantiles(sendRates).detailed(1e-6, "M/s"));
        System.out.printf(Locale.ROOT, "  ratio per round   %s%n", new Quantiles(ratios).detailed(1, ""));
    }

    /** @return the messages per second of the hand-off and of the SENDs in one round, each resized to its half */
    private double[] measureRound(int round) {
        double[] rates = new double[2];
        boolean handOffFirst = (round & 1) == 0;
        for (int half = 0; half < 2; half++) {
            if (handOffFirst == (half == 0)) {
                long nanos = handOff.handOff(messages);
                rates[0] = messages * 1e9 / nanos;
                messages = resized(messages, nanos);
            } else {
                long nanos = sendBursts(bursts);
                rates[1] = bursts * MessageStream.BURST * 1e9 / nanos;
                bursts = resized(bursts, nanos);
            }
        }
        return rates;
    }

    private long sendBursts(int count) {
        long begin = System.nanoTime();
        for (int i = 0; i < count; i++) {
            streaming.send8();
        }
        return System.nanoTime() - begin;
    }

    /**
     * @return the count that makes a half round last about {@link #HALF_ROUND_NANOS}, given that {@code count}
     *     took {@code nanos}
     */
    private static int resized(int count, long nanos) {
        double scaled = (double) count * HALF_ROUND_NANOS / Math.max(1, nanos);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE / 2, Math.round(scaled)));
    }

    private void close() {
        handOff.close();
        streaming.tearDown();
    }
}
