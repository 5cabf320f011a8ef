package org.verbs4j;

import java.time.Duration;

/**
 * A completion channel (C {@code struct ibv_comp_channel}): delivers completion events of the
 * completion queues created with it, after each queue {@linkplain CompletionQueue#requestNotification
 * requested notification}.
 *
 * <p>Every event returned by a {@code getEvent} method must be acknowledged exactly once with
 * {@link CompletionQueue#ackEvents(int)}, possibly in batches; closing a completion queue waits until
 * all its events are acknowledged. An event may arrive with no completion in the queue (the "extra
 * event" of {@code ibv_get_cq_event(3)}). Closing the channel (C {@code ibv_destroy_comp_channel})
 * fails with {@link BusyException} while completion queues use it.
 *
 * <p>A thread interrupted while it waits in {@link #getEvent()} or {@link #getEvent(Duration)} stops
 * waiting with a {@link VerbsException} of errno {@code EINTR}, and keeps its interrupt status.
 */
public interface CompletionChannel extends VerbsObject {

    /** @return the context the channel belongs to */
    Context context();

    /**
     * Waits for the next completion event (C {@code ibv_get_cq_event}).
     *
     * @return the completion queue that got the event; its {@link CompletionQueue#cqContext()} is the
     *     C {@code cq_context}
     */
    CompletionQueue getEvent();

    /**
     * Waits at most {@code timeout} for the next completion event.
     *
     * @param timeout how long to wait
     * @return the completion queue that got the event, or {@code null} if none arrived in time
     */
    CompletionQueue getEvent(Duration timeout);

    /**
     * Takes the next completion event if one is pending, without waiting (the C channel with
     * {@code O_NONBLOCK}).
     *
     * @return the completion queue that got the event, or {@code null} if none is pending
     */
    CompletionQueue tryGetEvent();
}
