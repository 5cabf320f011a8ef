package org.verbs4j.tools.perf;

import java.time.Duration;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.tools.connect.PeerException;

/** Waits for the connection manager's next event, bounded by the run's timeout, and checks its type. */
final class CmEvents {

    private CmEvents() {
    }

    /**
     * Takes the next event and acknowledges it (its values stay readable).
     *
     * @param channel the channel
     * @param timeout how long to wait
     * @param what what is awaited, for the message
     * @return the event
     * @throws PeerException if none came in time
     */
    static CmEvent next(EventChannel channel, Duration timeout, String what) {
        CmEvent event = channel.getEvent(timeout);
        if (event == null) {
            throw new PeerException("rdma_cm: no " + what + " within " + timeout.toMillis() / 1000.0 + " s");
        }
        event.ack();
        return event;
    }

    /**
     * @param channel the channel
     * @param expected the type the next event must have
     * @param timeout how long to wait
     * @param what what is awaited, for the message
     * @return the event, acknowledged
     * @throws PeerException if another event came instead, or none in time
     */
    static CmEvent expect(EventChannel channel, CmEventType expected, Duration timeout, String what) {
        CmEvent event = next(channel, timeout, what);
        if (event.type() != expected) {
            throw new PeerException("rdma_cm: " + what + ": expected " + expected + ", got " + event.type() + " (status "
                    + event.status() + ")");
        }
        return event;
    }
}
