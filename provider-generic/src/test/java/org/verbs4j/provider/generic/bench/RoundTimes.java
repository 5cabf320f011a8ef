package org.verbs4j.provider.generic.bench;

import java.util.Arrays;

/** Nanoseconds per call of a loop measured in rounds: the best round and the median round. */
final class RoundTimes {

    private final double[] nanosPerCall;
    private int count;

    /** @param rounds how many rounds will be added */
    RoundTimes(int rounds) {
        this.nanosPerCall = new double[rounds];
    }

    /** @param nanos the nanoseconds per call of one round */
    void add(double nanos) {
        nanosPerCall[count++] = nanos;
    }

    /** @return the fastest round */
    double best() {
        return sorted()[0];
    }

    /** @return the median round (the upper one of an even count) */
    double median() {
        return sorted()[count / 2];
    }

    private double[] sorted() {
        double[] copy = Arrays.copyOf(nanosPerCall, count);
        Arrays.sort(copy);
        return copy;
    }

    /** @return "best B ns/call, median M ns/call", the format of empty_poll.c */
    @Override
    public String toString() {
        return String.format("best %.1f ns/call, median %.1f ns/call", best(), median());
    }
}
