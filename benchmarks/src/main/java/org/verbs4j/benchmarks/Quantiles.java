package org.verbs4j.benchmarks;

import java.util.Arrays;
import java.util.Locale;

/** The median and quartiles of a measuring tool's per-round figures, interpolated linearly between ranks. */
public final class Quantiles {

    private final double[] sorted;

    /** @param values the figures of the rounds (not changed) */
    public Quantiles(double[] values) {
        sorted = values.clone();
        Arrays.sort(sorted);
    }

    public double median() {
        return at(0.5);
    }

    public double lowerQuartile() {
        return at(0.25);
    }

    public double upperQuartile() {
        return at(0.75);
    }

    public double min() {
        return sorted[0];
    }

    public double max() {
        return sorted[sorted.length - 1];
    }

    /** @return "median M (quartiles L to U)", one decimal each */
    public String summary() {
        return String.format(Locale.ROOT, "median %.1f (quartiles %.1f to %.1f)", median(), lowerQuartile(),
                upperQuartile());
    }

    /**
     * @param scale the factor applied to every figure (a unit change)
     * @param unit the unit after the median, or empty
     * @return "median M unit (quartiles L to U, min A, max B)", three decimals each
     */
    public String detailed(double scale, String unit) {
        return String.format(Locale.ROOT, "median %.3f%s (quartiles %.3f to %.3f, min %.3f, max %.3f)",
                scale * median(), unit.isEmpty() ? "" : " " + unit, scale * lowerQuartile(), scale * upperQuartile(),
                scale * min(), scale * max());
    }

    /** @return the {@code fraction} quantile */
    private double at(double fraction) {
        double index = fraction * (sorted.length - 1);
        int below = (int) Math.floor(index);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (index - below) * (sorted[above] - sorted[below]);
    }
}
