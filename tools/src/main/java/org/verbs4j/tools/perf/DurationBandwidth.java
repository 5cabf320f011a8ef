package org.verbs4j.tools.perf;

import org.verbs4j.tools.perf.PerfEndpoint.Completion;

/**
 * perftest's {@code run_iter_bw} and {@code run_iter_bw_server} in duration mode ({@code -D}), over one or more
 * queue pairs ({@code -q}). The client keeps {@code tx_depth} requests outstanding on each queue pair until the
 * time is up and counts the {@code cq_mod} requests of each completion that comes during the sample. The server
 * of {@code ib_send_bw} starts its own window at the first arrival, posts every receive again and counts the
 * arrivals of its sample. As in perftest there is no peak (it prints 0.00), and what is still outstanding at
 * the end is left to the closing of the queue pairs.
 */
final class DurationBandwidth {

    private DurationBandwidth() {
    }

    /**
     * @param endpoints the connected clients, one per queue pair
     * @param settings the run's settings
     * @param size the message size
     * @param window the test's time window, starting now
     * @return the row: the requests completed during the sample, over its length
     * @throws PerfFailure if none completed during the sample
     */
    static BwReport send(PerfEndpoint[] endpoints, PerfSettings settings, int size, DurationWindow window) {
        int cqMod = settings.cqMod();
        long[] sent = new long[endpoints.length];
        int[] outstanding = new int[endpoints.length];
        long counted = 0;
        while (!window.ended()) {
            for (int q = 0; q < endpoints.length; q++) {
                for (; outstanding[q] < settings.txDepth(); outstanding[q]++) {
                    endpoints[q].post(++sent[q] % cqMod == 0);
                }
                if (endpoints[q].pollCompletion() != Completion.NONE) {
                    outstanding[q] -= cqMod;
                    counted += window.sampling() ? cqMod : 0;
                }
            }
        }
        return row(size, counted, window, settings);
    }

    /**
     * @param endpoints the connected servers of a send test, one per queue pair, each with its receives posted
     * @param settings the run's settings
     * @param size the message size
     * @return the row: the messages that arrived during the sample of a window started at the first arrival
     * @throws PerfFailure if none arrived during the sample
     */
    static BwReport receive(PerfEndpoint[] endpoints, PerfSettings settings, int size) {
        int first = awaitFirst(endpoints, settings);
        endpoints[first].postReceives(1);
        DurationWindow window = DurationWindow.startingNow(settings.duration(), settings.margin());
        long counted = 0;
        while (!window.ended()) {
            for (PerfEndpoint endpoint : endpoints) {
                if (endpoint.pollCompletion() != Completion.NONE) {
                    endpoint.postReceives(1);
                    counted += window.sampling() ? 1 : 0;
                }
            }
        }
        return row(size, counted, window, settings);
    }

    /** @return the index of the queue pair of the first arrival, which starts the server's window */
    private static int awaitFirst(PerfEndpoint[] endpoints, PerfSettings settings) {
        long start = System.nanoTime();
        while (System.nanoTime() - start < settings.timeout().toNanos()) {
            for (int q = 0; q < endpoints.length; q++) {
                if (endpoints[q].pollCompletion() != Completion.NONE) {
                    return q;
                }
            }
        }
        throw endpoints[0].stalled();
    }

    private static BwReport row(int size, long counted, DurationWindow window, PerfSettings settings) {
        if (counted == 0) {
            throw new PerfFailure("no operation completed during the " + window.sampleMicros() / 1e6
                    + " s sample; give -D more seconds");
        }
        double seconds = window.sampleMicros() / 1e6;
        return new BwReport(size, counted, 0, size * counted / seconds / BandwidthLoops.unit(settings),
                counted / seconds / 1e6);
    }
}
