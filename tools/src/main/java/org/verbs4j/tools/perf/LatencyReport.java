package org.verbs4j.tools.perf;

import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * One row of perftest's latency table, in microseconds: from the times between consecutive posts
 * (halved for a round trip), without the two largest samples as perftest's {@code LAT_MEASURE_TAIL}, the
 * minimum, maximum, typical (median), average, standard deviation and the 99 % and 99.9 % percentiles,
 * taken from an HdrHistogram of nanoseconds with three significant digits.
 *
 * @param size the message size
 * @param iters the iterations
 * @param min the smallest latency
 * @param max the largest latency
 * @param typical the median
 * @param average the mean
 * @param stdev the standard deviation
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 */
record LatencyReport(long size, long iters, double min, double max, double typical, double average, double stdev,
        double p99, double p999) {

    private static final int TAIL = 2;

    /**
     * @param size the message size
     * @param posted the time of every post, in nanoseconds
     * @param roundTrip whether a sample is a round trip (write, send) and is halved
     * @return the row
     */
    static LatencyReport of(long size, long[] posted, boolean roundTrip) {
        long[] deltas = new long[posted.length - 1];
        for (int i = 0; i < deltas.length; i++) {
            deltas[i] = Math.max(1, (posted[i + 1] - posted[i]) / (roundTrip ? 2 : 1));
        }
        Arrays.sort(deltas);
        Histogram histogram = new Histogram(3);
        for (int i = 0; i < Math.max(1, deltas.length - TAIL); i++) {
            histogram.recordValue(deltas[i]);
        }
        return new LatencyReport(size, posted.length, micros(histogram.getMinValue()),
                micros(histogram.getMaxValue()), micros(histogram.getValueAtPercentile(50)),
                histogram.getMean() / 1000, histogram.getStdDeviation() / 1000,
                micros(histogram.getValueAtPercentile(99)), micros(histogram.getValueAtPercentile(99.9)));
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }
}
