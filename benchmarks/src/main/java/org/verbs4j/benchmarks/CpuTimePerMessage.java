package org.verbs4j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Measures the CPU time of the calling thread per 8-byte message of the streamed benchmarks, which stays
 * meaningful on a loaded machine (the thread's waits for a CPU do not count), to compare two builds of the
 * soft provider: {@code send8} and {@code rdmaWrite8} run a burst of {@link StreamingBenchmark};
 * {@code build} only builds a burst of SEND requests with the send-ops builder and aborts it;
 * {@code unbatchedSend8} runs one message of {@link MessageRateBenchmark#send8}. It prints the
 * median and the quartiles of the CPU nanoseconds per message over rounds of 50 ms of CPU time.
 *
 * <p>Usage: {@code CpuTimePerMessage send8|rdmaWrite8|build|unbatchedSend8 ...}.
 */
public final class CpuTimePerMessage {

    private static final long ROUND_NANOS = 50_000_000L;
    private static final int WARMUP_ROUNDS = 40;
    private static final int ROUNDS = 60;

    private CpuTimePerMessage() {
    }

    /**
     * Runs the measurement of each named workload.
     *
     * @param args the workloads
     */
    public static void main(String[] args) {
        for (String workload : args) {
            String result = switch (workload) {
                case "send8", "rdmaWrite8", "build" -> streamed(workload);
                case "unbatchedSend8" -> unbatchedSend();
                default -> throw new IllegalArgumentException("unknown workload " + workload
                        + " (send8, rdmaWrite8, build, unbatchedSend8)");
            };
            System.out.printf(Locale.ROOT, "%s: %s CPU ns per message%n", workload, result);
        }
    }

    private static String streamed(String workload) {
        StreamingBenchmark streaming = new StreamingBenchmark();
        streaming.setUp();
        try {
            Runnable burst = switch (workload) {
                case "send8" -> streaming::send8;
                case "rdmaWrite8" -> streaming::rdmaWrite8;
                default -> streaming.stream::buildSendsAndAbort;
            };
            return measure(burst, MessageStream.BURST);
        } finally {
            streaming.tearDown();
        }
    }

    private static String unbatchedSend() {
        MessageRateBenchmark unbatched = new MessageRateBenchmark();
        unbatched.setUp();
        try {
            return measure(unbatched::send8, 1);
        } finally {
            unbatched.tearDown();
        }
    }

    private static String measure(Runnable burst, int messagesPerRun) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] nanos = new double[ROUNDS];
        for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
            long start = threads.getCurrentThreadCpuTime();
            long messages = 0;
            while (threads.getCurrentThreadCpuTime() - start < ROUND_NANOS) {
                for (int i = 0; i < 100; i++) {
                    burst.run();
                }
                messages += 100L * messagesPerRun;
            }
            if (round >= 0) {
                nanos[round] = (double) (threads.getCurrentThreadCpuTime() - start) / messages;
            }
        }
        return new Quantiles(nanos).summary();
    }
}
