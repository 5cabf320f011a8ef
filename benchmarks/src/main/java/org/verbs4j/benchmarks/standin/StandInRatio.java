package org.verbs4j.benchmarks.standin;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.verbs4j.benchmarks.Machine;
import org.verbs4j.benchmarks.Quantiles;

/**
 * The generic provider against C on the stand-in device: each {@link Workload} driven by the C loop of
 * {@code standin_loops.c} and through the Verbs4J api on the same queues, in alternating rounds of one process
 * (C then Java, the order swapped every round; every workload in every round), after untimed warm-up rounds and until the JIT is idle.
 * Both sides are timed in the thread's CPU time ({@link CpuClock}). A round runs enough repetitions for about
 * {@value #ROUND_MILLIS} ms of C. Prints per workload the medians of
 * the nanoseconds per message, and the medians and quartiles of the per-round figures: the nanoseconds Verbs4J
 * adds per message and per call into the device, and the Java/C message-rate ratio; and the FFM floors
 * ({@link FfmFloor}, {@link BurstFloor}, {@link RequestFloor}) of the empty poll, the batch of 16, the burst
 * and the two single requests, the burst with one part at a time through the api (its receive posting, its send
 * batch, its drain: how the binding's cost over the floor splits), and the cost of the close protocol's atomic
 * operations per request.
 *
 * <p>Usage: {@code StandInRatio [ROUNDS]} (default 41), from the benchmarks module's directory.
 */
public final class StandInRatio {

    static final int ROUND_MILLIS = 10;
    static final int WARM_UP_ROUNDS = 30;

    private StandInRatio() {
    }

    /** @param args the number of measured rounds, optional */
    public static void main(String[] args) throws Throwable {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 41;
        StandInQueues queues = new StandInQueues();
        CWorkloads c = new CWorkloads(queues);
        JavaWorkloads java = new JavaWorkloads(queues);
        FfmFloor floor = new FfmFloor(queues);
        BurstFloor burstFloor = new BurstFloor(queues);
        RequestFloor requestFloor = new RequestFloor(queues);
        double[] floorRounds = new double[rounds];
        double[] floorPollRounds = new double[rounds];
        double[] floorBurstRounds = new double[rounds];
        double[] floorSendRounds = new double[rounds];
        double[] floorWriteRounds = new double[rounds];
        double[] guardedRounds = new double[rounds];
        Map<BurstFloor.Part, double[]> partRounds = new EnumMap<>(BurstFloor.Part.class);
        for (BurstFloor.Part p : BurstFloor.Part.values()) {
            partRounds.put(p, new double[rounds]);
        }
        Map<Workload, Long> iterations = calibrate(c);
        Map<Workload, double[][]> figures = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            figures.put(w, new double[2][rounds]);
        }
        for (int r = 0; r < WARM_UP_ROUNDS; r++) {
            for (Workload w : Workload.values()) {
                c.round(w, iterations.get(w));
                java.round(w, iterations.get(w));
            }
            floor.emptyPollRound(iterations.get(Workload.EMPTY_POLL));
            floor.poll16Round(iterations.get(Workload.POLL16));
            burstFloor.round(iterations.get(Workload.BURST));
            for (BurstFloor.Part p : BurstFloor.Part.values()) {
                burstFloor.partRound(iterations.get(Workload.BURST), p, java);
            }
            requestFloor.sendPollRound(iterations.get(Workload.SEND_POLL));
            requestFloor.write2Round(iterations.get(Workload.WRITE2));
            requestFloor.guardedSendPollRound(iterations.get(Workload.SEND_POLL));
        }
        awaitJitQuiescence();
        String loadBefore = Machine.load();
        for (int r = 0; r < rounds; r++) {
            for (Workload w : Workload.values()) {
                long n = iterations.get(w);
                double cRound;
                double javaRound;
                if ((r & 1) == 0) {
                    cRound = c.round(w, n);
                    javaRound = java.round(w, n);
                } else {
                    javaRound = java.round(w, n);
                    cRound = c.round(w, n);
                }
                figures.get(w)[0][r] = cRound;
                figures.get(w)[1][r] = javaRound;
            }
            floorRounds[r] = floor.emptyPollRound(iterations.get(Workload.EMPTY_POLL));
            floorPollRounds[r] = floor.poll16Round(iterations.get(Workload.POLL16));
            floorBurstRounds[r] = burstFloor.round(iterations.get(Workload.BURST));
            for (BurstFloor.Part p : BurstFloor.Part.values()) {
                partRounds.get(p)[r] = burstFloor.partRound(iterations.get(Workload.BURST), p, java);
            }
            floorSendRounds[r] = requestFloor.sendPollRound(iterations.get(Workload.SEND_POLL));
            floorWriteRounds[r] = requestFloor.write2Round(iterations.get(Workload.WRITE2));
            guardedRounds[r] = requestFloor.guardedSendPollRound(iterations.get(Workload.SEND_POLL));
        }
        queues.checkNoOverflow();
        System.out.printf(Locale.ROOT, "stand-in device on %s; %s %s; %d rounds after %d warm-up rounds; load average"
                + " before %s, after %s%n", Machine.cpu(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), rounds, WARM_UP_ROUNDS, loadBefore, Machine.load());
        for (Workload w : Workload.values()) {
            report(w, iterations.get(w), figures.get(w)[0], figures.get(w)[1]);
        }
        reportFloor(Workload.EMPTY_POLL, figures.get(Workload.EMPTY_POLL)[0], floorRounds,
                figures.get(Workload.EMPTY_POLL)[1]);
        reportFloor(Workload.POLL16, figures.get(Workload.POLL16)[0], floorPollRounds, figures.get(Workload.POLL16)[1]);
        reportFloor(Workload.BURST, figures.get(Workload.BURST)[0], floorBurstRounds, figures.get(Workload.BURST)[1]);
        reportParts(floorBurstRounds, partRounds);
        reportFloor(Workload.SEND_POLL, figures.get(Workload.SEND_POLL)[0], floorSendRounds,
                figures.get(Workload.SEND_POLL)[1]);
        reportFloor(Workload.WRITE2, figures.get(Workload.WRITE2)[0], floorWriteRounds,
                figures.get(Workload.WRITE2)[1]);
        reportCloseProtocol(floorSendRounds, guardedRounds);
    }

    private static void reportParts(double[] floor, Map<BurstFloor.Part, double[]> parts) {
        for (Map.Entry<BurstFloor.Part, double[]> e : parts.entrySet()) {
            double[] added = new double[floor.length];
            for (int i = 0; i < floor.length; i++) {
                added[i] = e.getValue()[i] - floor[i];
            }
            System.out.printf(Locale.ROOT, "  the burst with %s through Verbs4J, the rest through bare handles: %s ns;"
                    + " its part of Verbs4J - floor %s ns per message%n", e.getKey().description,
                    new Quantiles(e.getValue()).summary(), new Quantiles(added).summary());
        }
    }

    private static void reportCloseProtocol(double[] floor, double[] guarded) {
        double[] cost = new double[floor.length];
        for (int i = 0; i < floor.length; i++) {
            cost[i] = guarded[i] - floor[i];
        }
        System.out.printf(Locale.ROOT, "%s through bare handles with the close protocol's atomic operations (a"
                + " compare-and-set and a release store for the send batch and for the poll): %s ns; their cost %s ns"
                + " per request%n", Workload.SEND_POLL.description, new Quantiles(guarded).summary(),
                new Quantiles(cost).summary());
    }

    /**
     * Waits until the JIT's total compilation time stops growing for a second (at most a minute), so that the
     * measured rounds do not share the CPUs with compilations of the warm-up (on a loaded machine the compiler
     * threads lag far behind).
     */
    private static void awaitJitQuiescence() throws InterruptedException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        long last = -1;
        for (long now = jit.getTotalCompilationTime(); now != last && System.nanoTime() < deadline;
                now = jit.getTotalCompilationTime()) {
            last = now;
            Thread.sleep(1000);
        }
    }

    /** @return for each workload, the repetitions for which the C loop takes about {@value #ROUND_MILLIS} ms */
    private static Map<Workload, Long> calibrate(CWorkloads c) throws Throwable {
        Map<Workload, Long> iterations = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            long n = 1000;
            double perIteration = c.round(w, n) * w.messagesPerIteration;
            n = Math.max(1000, (long) (ROUND_MILLIS * 1e6 / perIteration));
            iterations.put(w, n);
        }
        return iterations;
    }

    private static void reportFloor(Workload w, double[] c, double[] floor, double[] java) {
        double[] ffm = new double[c.length];
        double[] binding = new double[c.length];
        double[] ratio = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            ffm[i] = floor[i] - c[i];
            binding[i] = java[i] - floor[i];
            ratio[i] = c[i] / floor[i];
        }
        System.out.printf(Locale.ROOT, "%s through bare static critical handles (the FFM floor): %s ns;"
                + " floor - C %s ns; Verbs4J - floor (checks and close protocol) %s ns; C/floor message rate %s%n",
                w.description, new Quantiles(floor).summary(), new Quantiles(ffm).summary(),
                new Quantiles(binding).summary(), new Quantiles(ratio).detailed(1, ""));
    }

    private static void report(Workload w, long iterations, double[] c, double[] java) {
        double[] added = new double[c.length];
        double[] perCall = new double[c.length];
        double[] ratio = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            added[i] = java[i] - c[i];
            perCall[i] = added[i] / w.nativeCallsPerMessage;
            ratio[i] = c[i] / java[i];
        }
        System.out.printf(Locale.ROOT, "%s (%d repetitions per round, %.2f calls into the device per message):%n",
                w.description, iterations, w.nativeCallsPerMessage);
        System.out.printf(Locale.ROOT, "  CPU ns per message: C %s, Verbs4J %s%n", new Quantiles(c).summary(),
                new Quantiles(java).summary());
        System.out.printf(Locale.ROOT, "  Verbs4J - C per message: %s ns; per call: %s ns%n",
                new Quantiles(added).summary(), new Quantiles(perCall).summary());
        System.out.printf(Locale.ROOT, "  Java/C message rate: %s%n", new Quantiles(ratio).detailed(1, ""));
    }
}
