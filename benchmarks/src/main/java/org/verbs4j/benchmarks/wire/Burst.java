package org.verbs4j.benchmarks.wire;

import java.io.IOException;

/** One burst of a stream, sent and, where the transport acknowledges, completed. */
@FunctionalInterface
interface Burst {

    /** Sends the burst. */
    void send() throws IOException;
}
