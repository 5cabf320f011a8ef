package org.verbs4j.tools.perf;

import org.verbs4j.Context;

/**
 * The queue pairs of one side ({@code -q}), each a {@link PerfEndpoint} with its own buffer, memory region and
 * completion queue, as perftest gives each of its queue pairs its own area and keys. Closing closes them all.
 */
final class PerfEndpoints implements AutoCloseable {

    private final PerfEndpoint[] endpoints;

    /**
     * @param context the device
     * @param settings the run's settings, with the number of queue pairs
     * @param cycleBuffer the larger page size of the two sides
     * @param largest the largest message of the run
     */
    PerfEndpoints(Context context, PerfSettings settings, int cycleBuffer, int largest) {
        endpoints = new PerfEndpoint[settings.queuePairs()];
        try {
            for (int i = 0; i < endpoints.length; i++) {
                endpoints[i] = new PerfEndpoint(context, settings, cycleBuffer, largest);
            }
        } catch (RuntimeException failure) {
            close();
            throw failure;
        }
    }

    /** @return the endpoints, in the order of their keys in the exchange */
    PerfEndpoint[] all() {
        return endpoints;
    }

    @Override
    public void close() {
        for (int i = endpoints.length - 1; i >= 0; i--) {
            if (endpoints[i] != null) {
                endpoints[i].close();
            }
        }
    }
}
