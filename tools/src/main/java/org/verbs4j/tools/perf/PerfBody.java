package org.verbs4j.tools.perf;

import java.io.PrintWriter;

/**
 * What each test does once connected, with the hand-shakes ({@code ctx_hand_shake}) and report exchange
 * ({@code xchg_bw_reports}) of its C program, in the same order on both sides.
 */
final class PerfBody {

    private final PerfSettings settings;
    private final PerfPrinter printer;
    private final PrintWriter err;
    private final PerfEndpoint[] endpoints;
    private final PerfEndpoint endpoint;
    private final PerftestLink link;
    private final PerftestKeys mine;
    private final int[] sizes;

    /**
     * @param endpoints the queue pairs, one unless {@code -q} (the latency tests use the first)
     * @param sizes the message sizes, one unless {@code -a}
     */
    PerfBody(PerfSettings settings, PerfPrinter printer, PrintWriter err, PerfEndpoint[] endpoints, PerftestLink link,
            PerftestKeys mine, int[] sizes) {
        this.sizes = sizes;
        this.settings = settings;
        this.printer = printer;
        this.err = err;
        this.endpoints = endpoints;
        this.endpoint = endpoints[0];
        this.link = link;
        this.mine = mine;
    }

    void run() {
        switch (settings.test()) {
            case SEND_BW -> sendBandwidth();
            case WRITE_BW, READ_BW, ATOMIC_BW -> rdmaBandwidth();
            case SEND_LAT -> sendLatency();
            case WRITE_LAT -> writeLatency();
            case READ_LAT -> readLatency();
        }
    }

    /**
     * {@code ib_send_bw}: the server posts its receives, both sync, the client sends, both close; with
     * {@code -a} both sync again after each size; with {@code -D} each side prints the row of its own window.
     */
    private void sendBandwidth() {
        printer.bandwidthHeader();
        for (int size : sizes) {
            for (PerfEndpoint each : endpoints) {
                each.messageSize(size);
                if (!settings.isClient()) {
                    each.postReceives(Math.min(settings.rxDepth(), settings.iters()));
                }
            }
            link.keys(mine);
            if (settings.duration() != null) {
                printer.bandwidth(settings.isClient() ? DurationBandwidth.send(endpoints, settings, size, window())
                        : DurationBandwidth.receive(endpoints, settings, size));
            } else {
                try (Progress progress = progress()) {
                    printer.bandwidth(settings.isClient() ? sendLoop(size, progress) : receiveLoop(size, progress));
                }
            }
            if (settings.all()) {
                link.keys(mine);
            }
        }
        link.keys(mine);
    }

    /**
     * {@code ib_write_bw}, {@code ib_read_bw}, {@code ib_atomic_bw}: the server waits, then prints the client's
     * (last) report; with {@code -a} the client alone goes through the sizes; with {@code -D} the client runs
     * for that time.
     */
    private void rdmaBandwidth() {
        printer.bandwidthHeader();
        if (settings.isClient()) {
            BwReport report = null;
            for (int size : sizes) {
                for (PerfEndpoint each : endpoints) {
                    each.messageSize(size);
                }
                if (settings.duration() != null) {
                    report = DurationBandwidth.send(endpoints, settings, size, window());
                } else {
                    try (Progress progress = progress()) {
                        report = sendLoop(size, progress);
                    }
                }
                printer.bandwidth(report);
            }
            link.keys(mine);
            link.reports(report);
        } else {
            link.keys(mine);
            printer.bandwidth(link.reports(new BwReport(0, 0, 0, 0, 0)));
        }
        link.keys(mine);
    }

    /**
     * {@code ib_send_lat}: for each size both post receives and sync; the client sends first; a closing
     * hand-shake.
     */
    private void sendLatency() {
        printer.latencyHeader();
        for (int size : sizes) {
            endpoint.messageSize(size);
            endpoint.postReceives(Math.min(settings.rxDepth(), settings.iters()));
            link.keys(mine);
            if (settings.duration() != null) {
                DurationWindow window = window();
                printer.latency(DurationReport.of(size, DurationLoops.send(endpoint, settings, window), window, true));
                continue;
            }
            long[] posted;
            try (Progress progress = progress()) {
                posted = LatencyLoops.send(endpoint, settings, progress);
            }
            printer.latency(LatencyReport.of(size, posted, true));
        }
        link.keys(mine);
    }

    /** {@code ib_write_lat}: the server writes first, size after size; no closing hand-shake. */
    private void writeLatency() {
        printer.latencyHeader();
        for (int size : sizes) {
            endpoint.messageSize(size);
            if (settings.duration() != null) {
                DurationWindow window = window();
                printer.latency(DurationReport.of(size, DurationLoops.write(endpoint, settings, window), window, true));
                continue;
            }
            long[] posted;
            try (Progress progress = progress()) {
                posted = LatencyLoops.write(endpoint, settings, progress);
            }
            printer.latency(LatencyReport.of(size, posted, true));
        }
    }

    /** {@code ib_read_lat}: only the client reads, size after size; the server waits for its closing hand-shake. */
    private void readLatency() {
        if (settings.isClient()) {
            printer.latencyHeader();
            for (int size : sizes) {
                endpoint.messageSize(size);
                if (settings.duration() != null) {
                    DurationWindow window = window();
                    printer.latency(DurationReport.of(size, DurationLoops.read(endpoint, window), window, false));
                    continue;
                }
                long[] posted;
                try (Progress progress = progress()) {
                    posted = LatencyLoops.read(endpoint, settings, progress);
                }
                printer.latency(LatencyReport.of(size, posted, false));
            }
        }
        link.keys(mine);
    }

    private BwReport sendLoop(int size, Progress progress) {
        BwReport report = endpoints.length == 1 ? BandwidthLoops.send(endpoint, settings, size, progress)
                : MultiQpLoops.send(endpoints, settings, size, progress);
        return settings.peakless() ? report.withoutPeak() : report;
    }

    private BwReport receiveLoop(int size, Progress progress) {
        return endpoints.length == 1 ? BandwidthLoops.receive(endpoint, settings, size, progress)
                : MultiQpLoops.receive(endpoints, settings, size, progress);
    }

    private DurationWindow window() {
        return DurationWindow.startingNow(settings.duration(), settings.margin());
    }

    private Progress progress() {
        return Progress.start(err, (long) settings.iters() * endpoints.length, "iterations");
    }
}
