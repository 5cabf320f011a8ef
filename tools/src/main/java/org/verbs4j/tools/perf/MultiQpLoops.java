package org.verbs4j.tools.perf;

import java.time.Duration;
import java.util.Arrays;

/**
 * perftest's {@code run_iter_bw} and {@code run_iter_bw_server} over several queue pairs ({@code -q}): each
 * queue pair runs {@code iters} iterations with {@code tx_depth} requests of its own outstanding and one in
 * {@code cq_mod} signaled; the posts and completions are numbered over all of them, as perftest's
 * {@code tposted} and {@code tcompleted}, so that one row reports the {@code iters} times {@code -q} messages.
 * The queue pairs are polled in turn; none of them waits for longer than the timeout without a completion. With
 * {@code -e} a pass that found nothing sleeps on the completion channel of one queue pair, the next one after
 * each such pass, for at most {@link #EVENT_WAIT} (each queue pair has a channel of its own; perftest shares one).
 */
final class MultiQpLoops {

    /** The longest sleep on one queue pair's channel before the next is polled. */
    static final Duration EVENT_WAIT = Duration.ofMillis(1);

    private MultiQpLoops() {
    }

    /**
     * @param endpoints the connected senders, one per queue pair
     * @param settings the run's settings
     * @param size the message size
     * @param progress where the count of all the queue pairs' messages goes
     * @return the row of the table
     */
    static BwReport send(PerfEndpoint[] endpoints, PerfSettings settings, int size, Progress progress) {
        int iters = settings.iters();
        int cqMod = Math.min(settings.cqMod(), settings.txDepth());
        int total = iters * endpoints.length;
        long[] posted = new long[total];
        long[] completed = new long[total];
        int[] sent = new int[endpoints.length];
        int[] done = new int[endpoints.length];
        int totalSent = 0;
        int totalDone = 0;
        long lastProgress = System.nanoTime();
        int idlePasses = 0;
        while (totalDone < total) {
            for (int q = 0; q < endpoints.length; q++) {
                while (sent[q] < iters && sent[q] - done[q] < settings.txDepth()) {
                    posted[totalSent++] = System.nanoTime();
                    endpoints[q].post((sent[q] + 1) % cqMod == 0 || sent[q] == iters - 1);
                    sent[q]++;
                }
            }
            long now = System.nanoTime();
            for (int q = 0; q < endpoints.length; q++) {
                if (endpoints[q].pollCompletion() != PerfEndpoint.Completion.NONE) {
                    int upTo = Math.min(done[q] + cqMod, iters);
                    for (; done[q] < upTo; done[q]++) {
                        completed[totalDone++] = now;
                    }
                    lastProgress = now;
                }
            }
            if (settings.events() && lastProgress != now) {
                endpoints[idlePasses++ % endpoints.length].sleepOnEvent(EVENT_WAIT);
            }
            checkStalled(endpoints[0], settings, lastProgress, now);
            progress.at(totalDone);
        }
        return BwReport.of(size, posted, completed, cqMod, BandwidthLoops.unit(settings));
    }

    /**
     * @param endpoints the connected receivers, one per queue pair, each with {@code rx_depth} receives posted
     * @param settings the run's settings
     * @param size the message size
     * @param progress where the count of all the queue pairs' messages goes
     * @return the receiver's row: bandwidth from the first to the last arrival over all queue pairs
     */
    static BwReport receive(PerfEndpoint[] endpoints, PerfSettings settings, int size, Progress progress) {
        int iters = settings.iters();
        int total = iters * endpoints.length;
        int[] posted = new int[endpoints.length];
        Arrays.fill(posted, Math.min(settings.rxDepth(), iters));
        int received = 0;
        long first = 0;
        long lastProgress = System.nanoTime();
        int idlePasses = 0;
        while (received < total) {
            long now = System.nanoTime();
            for (int q = 0; q < endpoints.length; q++) {
                if (endpoints[q].pollCompletion() == PerfEndpoint.Completion.NONE) {
                    continue;
                }
                first = received++ == 0 ? System.nanoTime() : first;
                if (posted[q] < iters) {
                    endpoints[q].postReceives(1);
                    posted[q]++;
                }
                lastProgress = now;
            }
            if (settings.events() && lastProgress != now) {
                endpoints[idlePasses++ % endpoints.length].sleepOnEvent(EVENT_WAIT);
            }
            checkStalled(endpoints[0], settings, lastProgress, now);
            progress.at(received);
        }
        return BwReport.received(size, total, first, System.nanoTime(), BandwidthLoops.unit(settings));
    }

    private static void checkStalled(PerfEndpoint any, PerfSettings settings, long lastProgress, long now) {
        if (now - lastProgress > settings.timeout().toNanos()) {
            throw any.stalled();
        }
    }
}
