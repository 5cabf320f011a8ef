package org.verbs4j.benchmarks.wire;

import java.lang.management.ManagementFactory;

/** The CPU time this JVM process has used, all threads together: under load, a steadier cost than the wall clock. */
final class ProcessCpu {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    /** @return nanoseconds of CPU time so far */
    static long nanos() {
        return OS.getProcessCpuTime();
    }
}
