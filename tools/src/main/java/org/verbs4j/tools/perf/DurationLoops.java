package org.verbs4j.tools.perf;

import org.verbs4j.tools.perf.PerfEndpoint.Completion;

/**
 * The latency loops of perftest in duration mode ({@code -D}): {@code run_iter_lat_write},
 * {@code run_iter_lat_send} and {@code run_iter_lat} run until the time is up, each wait ending there too, and
 * count the operations that complete during the sample. The two sides' windows start apart by the time
 * of a hand-shake, so a side may end and destroy its queue pair while the other still posts: a failed
 * completion after the sample (in the cool-down) ends the run instead of failing it.
 */
final class DurationLoops {

    private DurationLoops() {
    }

    /** @return the writes completed during the sample */
    static long write(PerfEndpoint endpoint, PerfSettings settings, DurationWindow window) {
        long counted = 0;
        int sent = 0;
        int received = 0;
        while (!window.ended()) {
            if (!(sent < 1 && !settings.isClient()) && !endpoint.awaitLastByteUntil((byte) ++received, window.end())) {
                break;
            }
            endpoint.markLastByte((byte) ++sent);
            endpoint.post(true);
            if (next(endpoint, window) == Completion.NONE) {
                break;
            }
            counted += window.sampling() ? 1 : 0;
        }
        return counted;
    }

    /** @return the sends completed during the sample; every receive is posted again */
    static long send(PerfEndpoint endpoint, PerfSettings settings, DurationWindow window) {
        long counted = 0;
        int sendsOpen = 0;
        boolean replyDue = settings.isClient();
        while (!window.ended()) {
            if (replyDue && sendsOpen < settings.txDepth()) {
                endpoint.post(true);
                sendsOpen++;
                replyDue = false;
                continue;
            }
            Completion completion = next(endpoint, window);
            if (completion == Completion.NONE) {
                break;
            }
            if (completion == Completion.SEND) {
                sendsOpen--;
                counted += window.sampling() ? 1 : 0;
            } else {
                endpoint.postReceives(1);
                replyDue = true;
            }
        }
        return counted;
    }

    /** @return the reads completed during the sample */
    static long read(PerfEndpoint endpoint, DurationWindow window) {
        long counted = 0;
        while (!window.ended()) {
            endpoint.post(true);
            if (next(endpoint, window) == Completion.NONE) {
                break;
            }
            counted += window.sampling() ? 1 : 0;
        }
        return counted;
    }

    private static Completion next(PerfEndpoint endpoint, DurationWindow window) {
        try {
            return endpoint.awaitCompletionUntil(window.end());
        } catch (PerfFailure peerEnded) {
            if (window.coolingDown()) {
                return Completion.NONE;
            }
            throw peerEnded;
        }
    }
}
