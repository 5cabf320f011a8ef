package org.verbs4j.tools.perf;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A progress line on standard error for runs longer than a few seconds: a daemon thread reads the count
 * the loop publishes (a release store, no allocation on the data path) and prints it every two seconds
 * after the first three.
 */
final class Progress implements AutoCloseable {

    private static final long FIRST_MILLIS = 3000;
    private static final long EVERY_MILLIS = 2000;

    private final AtomicLong done = new AtomicLong();
    private final Thread printer;

    private Progress(PrintWriter err, long total, String what, long firstMillis, long everyMillis) {
        long start = System.nanoTime();
        printer = Thread.ofPlatform().daemon().name("verbs4j-perf-progress")
                .start(() -> print(err, new long[] {total, firstMillis, everyMillis, start}, what));
    }

    /**
     * @param err where the line goes
     * @param total the iterations of the run
     * @param what what is counted
     * @return the running progress line: first after three seconds, then every two
     */
    static Progress start(PrintWriter err, long total, String what) {
        return start(err, total, what, FIRST_MILLIS, EVERY_MILLIS);
    }

    /** @return a progress line printed first after {@code firstMillis}, then every {@code everyMillis} */
    static Progress start(PrintWriter err, long total, String what, long firstMillis, long everyMillis) {
        return new Progress(err, total, what, firstMillis, everyMillis);
    }

    /** @param count the iterations done so far */
    void at(long count) {
        done.lazySet(count);
    }

    /** @param timing total, first delay, period (ms) and start (ns) */
    private void print(PrintWriter err, long[] timing, String what) {
        try {
            Thread.sleep(timing[1]);
            while (true) {
                long count = done.get();
                err.printf(" progress: %d of %d %s (%d%%) after %d s%n", count, timing[0], what,
                        count * 100 / timing[0], (System.nanoTime() - timing[3]) / 1_000_000_000L);
                err.flush();
                Thread.sleep(timing[2]);
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        printer.interrupt();
    }
}
