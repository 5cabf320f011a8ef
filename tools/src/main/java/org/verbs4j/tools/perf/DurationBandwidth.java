package org.verbs4j.tools.perf;

import org.verbs4j.tools.perf.PerfEndpoint.Completion;

/**
 * perftest's {@code run_iter_bw} in duration mode ({@code -D}) for the tests whose server only waits
 * ({@code ib_write_bw}, {@code ib_read_bw}, {@code ib_atomic_bw}): the client keeps {@code tx_depth} requests
 * outstanding until the time is up and counts the {@code cq_mod} requests of each completion that comes during
 * the sample. As in perftest there is no peak (it prints 0.00), and the requests still outstanding at the end
 * are left to the closing of the queue pair.
 */
final class DurationBandwidth {

    private DurationBandwidth() {
    }

    /**
     * @param endpoint the connected client
     * @param settings the run's settings
     * @param size the message size
     * @param window the test's time window, starting now
     * @return the row: the requests completed during the sample, over its length
     * @throws PerfFailure if none completed during the sample
     */
    static BwReport send(PerfEndpoint endpoint, PerfSettings settings, int size, DurationWindow window) {
        int cqMod = Math.min(settings.cqMod(), settings.txDepth());
        long counted = 0;
        long sent = 0;
        int outstanding = 0;
        while (!window.ended()) {
            while (outstanding < settings.txDepth()) {
                endpoint.post(++sent % cqMod == 0);
                outstanding++;
            }
            if (endpoint.awaitCompletionUntil(window.end()) == Completion.NONE) {
                break;
            }
            outstanding -= cqMod;
            counted += window.sampling() ? cqMod : 0;
        }
        if (counted == 0) {
            throw new PerfFailure("no operation completed during the " + window.sampleMicros() / 1e6
                    + " s sample; give -D more seconds");
        }
        double seconds = window.sampleMicros() / 1e6;
        return new BwReport(size, counted, 0, size * counted / seconds / BandwidthLoops.unit(settings),
                counted / seconds / 1e6);
    }
}
