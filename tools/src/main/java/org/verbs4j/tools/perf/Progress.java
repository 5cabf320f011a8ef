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

    private Progress(PrintWriter err, long total, String what) {
        long start = System.nanoTime();
        printer = Thread.ofPlatform().daemon().name("verbs4j-perf-progress").start(() -> print(err, total, what, start));
    }

    /**
     * @param err where the line goes
     * @param total the iterations of the run
     * @param what what is counted
     * @return the running progress line
     */
    static Progress start(PrintWriter err, long total, String what) {
        return new Progress(err, total, what);
    }

    /** @param count the iterations done so far */
    void at(long count) {
        done.lazySet(count);
    }

    private void print(PrintWriter err, long total, String what, long start) {
        try {
            Thread.sleep(FIRST_MILLIS);
            while (true) {
                long count = done.get();
                err.printf(" progress: %d of %d %s (%d%%) after %d s%n", count, total, what, count * 100 / total,
                        (System.nanoTime() - start) / 1_000_000_000L);
                err.flush();
                Thread.sleep(EVERY_MILLIS);
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
