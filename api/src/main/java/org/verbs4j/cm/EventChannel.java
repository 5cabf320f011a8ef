package org.verbs4j.cm;

import java.time.Duration;
import org.verbs4j.VerbsObject;

/**
 * An event channel (C {@code struct rdma_event_channel}): delivers the communication events of the
 * identifiers created with it, in the order they occur.
 *
 * <p>Every event returned must be acknowledged once ({@link CmEvent#ack()}). Closing the channel (C
 * {@code rdma_destroy_event_channel}) fails with {@link org.verbs4j.BusyException} while identifiers use it.
 * A thread interrupted while it waits stops with a {@link org.verbs4j.VerbsException} of errno {@code EINTR}
 * and keeps its interrupt status; a thread waiting when the channel is closed gets a
 * {@link org.verbs4j.ClosedObjectException}.
 */
public interface EventChannel extends VerbsObject {

    /**
     * Waits for the next event (C {@code rdma_get_cm_event} on a blocking channel).
     *
     * @return the event
     */
    CmEvent getEvent();

    /**
     * Waits at most {@code timeout} for the next event.
     *
     * @param timeout how long to wait
     * @return the event, or {@code null} if none arrived in time
     */
    CmEvent getEvent(Duration timeout);

    /**
     * Takes the next event if one is pending, without waiting (C {@code rdma_get_cm_event} on a channel whose
     * descriptor has {@code O_NONBLOCK}: {@code EAGAIN}).
     *
     * @return the event, or {@code null} if none is pending
     */
    CmEvent tryGetEvent();
}
