package org.verbs4j.tck;

import java.time.Duration;

/**
 * How much the concurrency stress runs: the number of interleavings, a time budget that ends the run early
 * (the interleavings run so far count), the operations per thread, and the first seed (each interleaving's
 * seed is the next one).
 *
 * @param interleavings at most this many interleavings (system property {@code verbs4j.tck.stress.interleavings})
 * @param budget the run stops starting interleavings after this time ({@code verbs4j.tck.stress.seconds})
 * @param operationsPerThread the operations each thread runs per interleaving ({@code verbs4j.tck.stress.operations})
 * @param firstSeed the seed of the first interleaving ({@code verbs4j.tck.stress.seed}; by default the clock)
 */
public record StressSettings(int interleavings, Duration budget, int operationsPerThread, long firstSeed) {

    /** @return the settings from system properties, with defaults that keep a run on the soft device short */
    public static StressSettings fromSystem() {
        return new StressSettings(Integer.getInteger("verbs4j.tck.stress.interleavings", 1000),
                Duration.ofSeconds(Long.getLong("verbs4j.tck.stress.seconds", 30)),
                Integer.getInteger("verbs4j.tck.stress.operations", 40),
                Long.getLong("verbs4j.tck.stress.seed", System.nanoTime()));
    }

    /**
     * @param seed the seed of a failed interleaving
     * @return the system properties that run that interleaving alone
     */
    static String rerun(long seed) {
        return "-Dverbs4j.tck.stress.seed=" + seed + " -Dverbs4j.tck.stress.interleavings=1";
    }
}
