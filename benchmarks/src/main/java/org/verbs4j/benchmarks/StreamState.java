package org.verbs4j.benchmarks;

import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/** The JMH state of the streaming benchmarks: a {@link MessageStream} for the whole trial. */
public abstract class StreamState {

    /** The connected queue pairs and the bursts. */
    MessageStream stream;

    /** Connects the queue pairs. */
    @Setup
    public void setUp() {
        stream = new MessageStream();
    }

    /** Releases the device objects. */
    @TearDown
    public void tearDown() {
        stream.close();
    }
}
