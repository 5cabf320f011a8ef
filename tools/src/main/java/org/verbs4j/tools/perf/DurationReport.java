package org.verbs4j.tools.perf;

/**
 * The row of a latency test in duration mode ({@code print_report_lat_duration}).
 *
 * @param size the message size
 * @param iters the operations completed during the sample
 * @param average the average latency in microseconds: the sample's time over the operations, halved for the
 *     round trips of write and send
 * @param tps the operations per second
 */
record DurationReport(long size, long iters, double average, double tps) {

    /**
     * @param size the message size
     * @param iters the operations completed during the sample
     * @param window the test's time window
     * @param roundTrip whether an operation is a round trip (write, send) rather than one way (read)
     * @return the row
     * @throws PerfFailure if nothing completed during the sample
     */
    static DurationReport of(long size, long iters, DurationWindow window, boolean roundTrip) {
        if (iters == 0) {
            throw new PerfFailure("no operation completed during the " + window.sampleMicros() / 1e6
                    + " s sample; give -D more seconds");
        }
        double micros = window.sampleMicros();
        return new DurationReport(size, iters, micros / (roundTrip ? 2 : 1) / iters, iters / (micros / 1e6));
    }
}
