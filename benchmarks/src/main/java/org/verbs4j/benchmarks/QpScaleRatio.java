package org.verbs4j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * The streamed 8-byte SEND rate with 1, 16, 256 and 4,096 connected RC pairs ({@link PairSet}, each burst on
 * the next pair in turn), all four sets built in one JVM and measured in alternating rounds of about
 * {@value #ROUND_MILLIS} ms of the thread's CPU time each (the order rotated every round; waits for a CPU on a
 * loaded machine do not count); each set's rate, in messages per CPU second, is divided by the one-pair rate of
 * the same round. Prints the medians and quartiles of the per-round rates and ratios.
 *
 * <p>Usage: {@code QpScaleRatio [ROUNDS]} (default 101).
 */
public final class QpScaleRatio {

    static final int[] PAIRS = {1, 16, 256, 4096};
    static final int ROUND_MILLIS = 5;
    private static final int WARM_UP_ROUNDS = 100;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private QpScaleRatio() {
    }

    /** @param args the number of measured rounds, optional */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 101;
        PairSet[] sets = new PairSet[PAIRS.length];
        for (int s = 0; s < PAIRS.length; s++) {
            sets[s] = new PairSet(PAIRS[s]);
        }
        double[][] rates = new double[PAIRS.length][rounds];
        String loadBefore = Machine.load();
        for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
            for (int k = 0; k < PAIRS.length; k++) {
                int s = (k + Math.floorMod(r, PAIRS.length)) % PAIRS.length;
                double rate = round(sets[s]);
                if (r >= 0) {
                    rates[s][r] = rate;
                }
            }
        }
        System.out.printf(Locale.ROOT, "QpScaleRatio on %s, %s %s; %d rounds of %d ms per set; load average before"
                + " %s, after %s%n", Machine.cpu(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), rounds, ROUND_MILLIS, loadBefore, Machine.load());
        for (int s = 0; s < PAIRS.length; s++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = rates[s][r] / rates[0][r];
            }
            System.out.printf(Locale.ROOT, "%5d pairs: %s M messages per CPU second; against 1 pair: %s%n", PAIRS[s],
                    new Quantiles(rates[s]).detailed(1e-6, ""), new Quantiles(ratio).detailed(1, ""));
        }
        for (PairSet set : sets) {
            set.close();
        }
    }

    /** @return messages per CPU second over bursts for about {@value #ROUND_MILLIS} ms of CPU time */
    private static double round(PairSet set) {
        long start = THREADS.getCurrentThreadCpuTime();
        long deadline = start + ROUND_MILLIS * 1_000_000L;
        long messages = 0;
        long now;
        do {
            for (int i = 0; i < 16; i++) {
                set.burst();
            }
            messages += 16L * PairSet.BURST;
            now = THREADS.getCurrentThreadCpuTime();
        } while (now < deadline);
        return messages * 1e9 / (now - start);
    }
}
