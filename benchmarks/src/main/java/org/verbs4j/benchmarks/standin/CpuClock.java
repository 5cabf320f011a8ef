package org.verbs4j.benchmarks.standin;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time, the clock of both sides of {@link StandInRatio} (the C loops read
 * {@code CLOCK_THREAD_CPUTIME_ID}): on a machine loaded by other work, the time a thread waits for a CPU
 * would otherwise be counted against whichever side it fell in.
 */
final class CpuClock {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuClock() {
    }

    /** @return the thread's CPU time in nanoseconds */
    static long now() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
