package org.verbs4j.benchmarks;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;

/**
 * Measures the bandwidth of RDMA_WRITE between two RC queue pairs of the soft device against
 * {@link MemorySegment#copy} of the same size between the same buffers, in a way that the drift of the
 * machine's memory bandwidth cancels out: the two alternate in short rounds (a burst of copies, then a
 * burst of writes, the order swapped every round), the ratio is taken per round, and the median and the
 * quartiles of the per-round ratios are reported.
 *
 * <p>Usage: {@code BandwidthRatio [--sizes 65536,1048576] [--rounds 400] [--round-millis 2]
 * [--warmup-seconds 3]}.
 */
public final class BandwidthRatio {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final int size;
    private final RcPair pair;
    private final SendOps ops;
    private final MemorySegment source;
    private final MemorySegment target;

    private BandwidthRatio(int size) {
        this.size = size;
        this.pair = new RcPair(size);
        this.ops = pair.a.sendOps();
        this.source = pair.mrA.segment();
        this.target = pair.mrB.segment();
    }

    /**
     * Runs the measurement.
     *
     * @param args the options (see the class comment)
     */
    public static void main(String[] args) {
        Options options = Options.parse(args);
        System.out.printf(Locale.ROOT, "JDK %s, %d processors%n", Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        for (int size : options.sizes()) {
            BandwidthRatio measurement = new BandwidthRatio(size);
            try {
                measurement.run(options);
            } finally {
                measurement.pair.close();
            }
        }
    }

    private void run(Options options) {
        int burst = burst(options.roundMillis());
        long warmupEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.warmupSeconds());
        for (int round = 0; System.nanoTime() < warmupEnd; round++) {
            measureRound(round, burst);
        }
        double[] copyRates = new double[options.rounds()];
        double[] writeRates = new double[options.rounds()];
        double[] ratios = new double[options.rounds()];
        for (int round = 0; round < options.rounds(); round++) {
            long[] nanos = measureRound(round, burst);
            copyRates[round] = bytesPerSecond(burst, nanos[0]);
            writeRates[round] = bytesPerSecond(burst, nanos[1]);
            ratios[round] = (double) nanos[0] / nanos[1];
        }
        System.out.printf(Locale.ROOT, "%d bytes: %d rounds, each %d x MemorySegment.copy and %d x RDMA_WRITE"
                + " (signaled, polled), the order alternating%n", size, options.rounds(), burst, burst);
        System.out.printf(Locale.ROOT, "  MemorySegment.copy  %s%n", new Quantiles(copyRates).detailed(1e-9, "GB/s"));
        System.out.printf(Locale.ROOT, "  RDMA_WRITE          %s%n", new Quantiles(writeRates).detailed(1e-9, "GB/s"));
        System.out.printf(Locale.ROOT, "  ratio per round     %s%n", new Quantiles(ratios).detailed(1, ""));
    }

    /** @return how many operations of each kind make a half round of about {@code millis} */
    private int burst(double millis) {
        long start = System.nanoTime();
        int count = 0;
        while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(200)) {
            copy();
            count++;
        }
        double nanosPerCopy = (double) (System.nanoTime() - start) / count;
        return (int) Math.max(1, Math.round(millis * 1e6 / nanosPerCopy));
    }

    /** @return the nanoseconds of the copies and of the writes of one round */
    private long[] measureRound(int round, int burst) {
        long[] nanos = new long[2];
        boolean copyFirst = (round & 1) == 0;
        for (int half = 0; half < 2; half++) {
            boolean copies = copyFirst == (half == 0);
            long start = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                if (copies) {
                    copy();
                } else {
                    write();
                }
            }
            nanos[copies ? 0 : 1] = System.nanoTime() - start;
        }
        return nanos;
    }

    private void copy() {
        MemorySegment.copy(source, 0, target, 0, size);
    }

    private void write() {
        ops.start();
        ops.wrId(1).wrFlags(SIGNALED).rdmaWrite(pair.mrB.rkey(), pair.mrB.address())
                .setSge(pair.mrA.lkey(), pair.mrA.address(), size);
        ops.complete();
        RcPair.pollOne(pair.cqA);
    }

    private double bytesPerSecond(int burst, long nanos) {
        return (double) size * burst * 1e9 / nanos;
    }

    /** The command line options. */
    private record Options(int[] sizes, int rounds, double roundMillis, int warmupSeconds) {

        static Options parse(String[] args) {
            int[] sizes = {65536, 1048576};
            int rounds = 400;
            double roundMillis = 2;
            int warmupSeconds = 3;
            for (int i = 0; i < args.length; i += 2) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option " + args[i] + " needs a value");
                }
                String value = args[i + 1];
                switch (args[i]) {
                    case "--sizes" -> sizes = Arrays.stream(value.split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--rounds" -> rounds = Integer.parseInt(value);
                    case "--round-millis" -> roundMillis = Double.parseDouble(value);
                    case "--warmup-seconds" -> warmupSeconds = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + " (--sizes, --rounds, --round-millis, --warmup-seconds)");
                }
            }
            return new Options(sizes, rounds, roundMillis, warmupSeconds);
        }
    }
}
