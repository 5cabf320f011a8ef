package org.verbs4j.benchmarks.wire;

import java.util.Locale;
import org.verbs4j.benchmarks.Quantiles;

/** The per-round figures of the two transports of {@link WireRatio}: received and sent rates, and their ratio. */
final class Figures {

    private final double[] softReceived;
    private final double[] plainReceived;
    private final double[] softSent;
    private final double[] plainSent;
    private final double[] ratios;
    private final double[] softCpu;
    private final double[] plainCpu;
    private final double[] cpuRatios;

    Figures(int rounds) {
        softReceived = new double[rounds];
        plainReceived = new double[rounds];
        softSent = new double[rounds];
        plainSent = new double[rounds];
        ratios = new double[rounds];
        softCpu = new double[rounds];
        plainCpu = new double[rounds];
        cpuRatios = new double[rounds];
    }

    /** Records the CPU time per unit of the two transports in {@code round}. */
    void cpu(int round, double soft, double plain) {
        softCpu[round] = soft;
        plainCpu[round] = plain;
        cpuRatios[round] = plain / soft;
    }

    /** Prints the CPU time per unit of both and the ratio of the rates that CPU time alone would allow. */
    void printCpu(String title, double scale, String unit) {
        System.out.printf(Locale.ROOT, "  %s: soft wire %s; DatagramChannel %s%n", title,
                new Quantiles(softCpu).detailed(scale, unit), new Quantiles(plainCpu).detailed(scale, unit));
        System.out.printf(Locale.ROOT, "  DatagramChannel CPU / soft wire CPU per round: %s%n",
                new Quantiles(cpuRatios).detailed(1, ""));
    }

    void add(int round, double soft, double plain, double softSentRate, double plainSentRate) {
        softReceived[round] = soft;
        plainReceived[round] = plain;
        softSent[round] = softSentRate;
        plainSent[round] = plainSentRate;
        ratios[round] = soft / plain;
    }

    /** Prints the medians and quartiles, and the ratio against {@code target}. */
    void print(String softName, String plainName, double scale, String unit, double target) {
        line(softName, softReceived, softSent, scale, unit);
        line(plainName, plainReceived, plainSent, scale, unit);
        Quantiles ratio = new Quantiles(ratios);
        System.out.printf(Locale.ROOT, "  ratio per round: %s: target %.1f %s%n", ratio.detailed(1, ""), target,
                ratio.median() >= target ? "met" : "missed");
    }

    private static void line(String name, double[] received, double[] sent, double scale, String unit) {
        System.out.printf(Locale.ROOT, "  %s: received %s; sent %s%n", name,
                new Quantiles(received).detailed(scale, unit), new Quantiles(sent).detailed(scale, unit));
    }
}
