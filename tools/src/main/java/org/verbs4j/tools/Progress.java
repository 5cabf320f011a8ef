package org.verbs4j.tools;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Prints how long a run has taken so far, at a fixed interval, until closed. */
final class Progress implements AutoCloseable {

    private final ScheduledExecutorService timer;

    private Progress(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /**
     * @param interval how often to print
     * @param out where to print {@code "  ... still running (N s)"}
     * @return the running progress, stopped by {@link #close()}
     */
    static Progress every(Duration interval, PrintWriter out) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon()
                .name("verbs4j-progress").factory());
        long start = System.nanoTime();
        timer.scheduleAtFixedRate(() -> {
            out.println("  ... still running (" + Duration.ofNanos(System.nanoTime() - start).toSeconds() + " s)");
            out.flush();
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return new Progress(timer);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
