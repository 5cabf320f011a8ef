package org.verbs4j.tools.perf;

/**
 * The bandwidth loops of perftest's {@code run_iter_bw} and {@code run_iter_bw_server}: the sender keeps
 * {@code tx_depth} requests outstanding and signals one in {@code cq_mod}; the receiver of a send test
 * keeps receives posted until every message arrived.
 */
final class BandwidthLoops {

    private BandwidthLoops() {
    }

    /**
     * @param endpoint the connected sender
     * @param settings the run's settings
     * @param size the message size
     * @param progress where the count goes
     * @return the row of the table
     */
    static BwReport send(PerfEndpoint endpoint, PerfSettings settings, int size, Progress progress) {
        int iters = settings.iters();
        int cqMod = Math.min(settings.cqMod(), settings.txDepth());
        long[] posted = new long[iters];
        long[] completed = new long[iters];
        int sent = 0;
        int done = 0;
        while (done < iters) {
            while (sent < iters && sent - done < settings.txDepth()) {
                posted[sent] = System.nanoTime();
                endpoint.post((sent + 1) % cqMod == 0 || sent == iters - 1);
                sent++;
            }
            endpoint.awaitCompletion();
            long now = System.nanoTime();
            int upTo = Math.min(done + cqMod, iters);
            for (; done < upTo; done++) {
                completed[done] = now;
            }
            progress.at(done);
        }
        return BwReport.of(size, posted, completed, cqMod, unit(settings));
    }

    /**
     * @param endpoint the connected receiver, with {@code rx_depth} receives posted
     * @param settings the run's settings
     * @param size the message size
     * @param progress where the count goes
     * @return the receiver's row: bandwidth from the first to the last arrival
     */
    static BwReport receive(PerfEndpoint endpoint, PerfSettings settings, int size, Progress progress) {
        int iters = settings.iters();
        int posted = Math.min(settings.rxDepth(), iters);
        long first = 0;
        for (int received = 0; received < iters; received++) {
            endpoint.awaitCompletion();
            if (received == 0) {
                first = System.nanoTime();
            }
            if (posted < iters) {
                endpoint.postReceives(1);
                posted++;
            }
            progress.at(received + 1);
        }
        return BwReport.received(size, iters, first, System.nanoTime(), unit(settings));
    }

    static double unit(PerfSettings settings) {
        return settings.gbits() ? BwReport.GBIT : BwReport.MIB;
    }
}
