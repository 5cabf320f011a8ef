package org.verbs4j.benchmarks.wire;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

/**
 * The CPU time of this JVM's Java threads together (the JIT's and the collector's excluded), from the threads' own
 * CPU clocks: under load a steadier cost than the wall clock, and finer than the process's CPU time, which the JDK
 * reads in ticks of 10 ms on Linux.
 */
final class ThreadsCpu {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ThreadsCpu() {
    }

    /** @return the threads alive now that used a millisecond or more, as {@code NAME=MILLISECONDS} (spaces as _) */
    static String byThread() {
        StringBuilder text = new StringBuilder();
        for (long id : THREADS.getAllThreadIds()) {
            ThreadInfo info = THREADS.getThreadInfo(id);
            long millis = THREADS.getThreadCpuTime(id) / 1_000_000;
            if (info != null && millis > 0) {
                text.append(text.isEmpty() ? "" : " ").append(info.getThreadName().replace(' ', '_')).append('=')
                        .append(millis);
            }
        }
        return text.toString();
    }

    /** @return nanoseconds of CPU time so far, of the threads alive now */
    static long nanos() {
        long sum = 0;
        for (long nanos : THREADS.getThreadCpuTime(THREADS.getAllThreadIds())) {
            sum += Math.max(nanos, 0);
        }
        return sum;
    }
}
