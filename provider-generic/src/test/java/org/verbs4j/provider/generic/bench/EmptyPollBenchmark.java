package org.verbs4j.provider.generic.bench;

import java.util.EnumSet;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.Device;
import org.verbs4j.provider.generic.GenericProvider;

/**
 * The Java side of the empty-poll benchmark (see vm/run-benchmark.sh): {@link CompletionQueue#startPoll()}
 * on an empty extended CQ, best and median nanoseconds per call over several rounds, printed in the
 * format of empty_poll.c.
 */
public final class EmptyPollBenchmark {

    /** Untimed rounds first, for the JIT. */
    static final int WARM_UP_ROUNDS = 3;

    private EmptyPollBenchmark() {
    }

    /**
     * @param args device name, iterations per round, rounds
     */
    public static void main(String[] args) {
        String name = args[0];
        long iterations = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Device device = new GenericProvider().devices().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no device " + name));
        try (Context context = device.open(); CompletionQueue cq = context.createCompletionQueue(attributes())) {
            RoundTimes times = new RoundTimes(rounds);
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                double perCall = round(cq, iterations);
                if (r >= 0) {
                    times.add(perCall);
                }
            }
            System.out.println("Verbs4J startPoll on an empty CQ:       " + times);
        }
    }

    /** @return the attributes of the queue, those of empty_poll.c: 16 entries, byte_len */
    static CqInitAttributes attributes() {
        return CqInitAttributes.builder(16).wcFlags(EnumSet.of(CompletionField.BYTE_LEN)).build();
    }

    /** @return nanoseconds per call of {@code startPoll()} on an empty queue, over {@code iterations} calls */
    static double round(CompletionQueue cq, long iterations) {
        long start = System.nanoTime();
        for (long k = 0; k < iterations; k++) {
            if (cq.startPoll()) {
                throw new IllegalStateException("the queue is not empty");
            }
        }
        return (System.nanoTime() - start) / (double) iterations;
    }
}
