package org.verbs4j.tools.perf;

/**
 * The latency loops of perftest: {@code run_iter_lat_write} (each side writes the next counter into the
 * last byte of the peer's area and spins on its own), {@code run_iter_lat_send} (a ping-pong of sends; the
 * client starts) and {@code run_iter_lat} (the client reads, one at a time). Each returns the time of every
 * post; the latency is the time between posts, halved for the round trips of write and send.
 */
final class LatencyLoops {

    private LatencyLoops() {
    }

    static long[] write(PerfEndpoint endpoint, PerfSettings settings, Progress progress) {
        int iters = settings.iters();
        long[] posted = new long[iters];
        int received = 0;
        for (int sent = 0; sent < iters; ) {
            if (received < iters && !(sent < 1 && !settings.isClient())) {
                endpoint.awaitLastByte((byte) ++received);
            }
            posted[sent] = System.nanoTime();
            endpoint.markLastByte((byte) ++sent);
            endpoint.post(true);
            endpoint.awaitCompletion();
            progress.at(sent);
        }
        if (received < iters) {
            endpoint.awaitLastByte((byte) iters);
        }
        return posted;
    }

    /**
     * A reply is sent once the message arrived and the send queue has room: on a real device the peer's
     * message may complete before the acknowledgement of this side's previous send.
     */
    static long[] send(PerfEndpoint endpoint, PerfSettings settings, Progress progress) {
        int iters = settings.iters();
        long[] posted = new long[iters];
        int sent = 0;
        int received = 0;
        int sendsOpen = 0;
        boolean replyDue = settings.isClient();
        int reposts = iters - Math.min(settings.rxDepth(), iters);
        while (sent < iters || received < iters || sendsOpen > 0) {
            if (replyDue && sent < iters && sendsOpen < settings.txDepth()) {
                posted[sent++] = post(endpoint);
                sendsOpen++;
                replyDue = false;
                continue;
            }
            if (!endpoint.awaitCompletion()) {
                sendsOpen--;
                continue;
            }
            received++;
            replyDue = true;
            if (reposts-- > 0) {
                endpoint.postReceives(1);
            }
            progress.at(received);
        }
        return posted;
    }

    private static long post(PerfEndpoint endpoint) {
        long now = System.nanoTime();
        endpoint.post(true);
        return now;
    }

    static long[] read(PerfEndpoint endpoint, PerfSettings settings, Progress progress) {
        int iters = settings.iters();
        long[] posted = new long[iters];
        for (int i = 0; i < iters; i++) {
            posted[i] = post(endpoint);
            endpoint.awaitCompletion();
            progress.at(i + 1);
        }
        return posted;
    }
}
