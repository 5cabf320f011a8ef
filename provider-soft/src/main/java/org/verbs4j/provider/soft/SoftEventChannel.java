package org.verbs4j.provider.soft;

import java.time.Duration;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.EventChannel;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * An event channel: a queue of communication events in the order they occurred. An event counts towards
 * its identifier's unacknowledged events once it is read; reading a connection request frees a place in
 * its listener's backlog.
 */
final class SoftEventChannel extends SoftObject implements EventChannel {

    private static final String GET = "rdma_get_cm_event";

    private final PendingEvents<SoftCmEvent> pending = new PendingEvents<>(GET, () -> ensureOpen(GET),
            event -> event.softId().events().delivered());

    SoftEventChannel() {
        super("rdma_destroy_event_channel", "event channel", "");
    }

    void deliver(SoftCmEvent event) {
        VerbsEvents.cmEvent(event.type(), event.status());
        pending.add(event);
    }

    /** Drops the events not yet read about {@code id}; @return those that were connection requests */
    java.util.List<SoftCmEvent> discard(SoftCmId id) {
        return pending.remove(event -> event.softId() == id || event.softListenId() == id);
    }

    @Override
    public CmEvent getEvent() {
        return taken(pending.take(Long.MAX_VALUE));
    }

    @Override
    public CmEvent getEvent(Duration timeout) {
        ensureOpen(GET);
        return taken(pending.take(Timeouts.nanos(Failures.required(GET, timeout, "the timeout"))));
    }

    @Override
    public CmEvent tryGetEvent() {
        return taken(pending.take(0));
    }

    /** Frees the backlog place of a connection request, outside the channel's lock. */
    private static CmEvent taken(SoftCmEvent event) {
        if (event != null && event.softListenId() != null) {
            event.softListenId().requestRead();
        }
        return event;
    }

    @Override
    void destroy() {
        // The identifiers that used the channel are gone; their events went with them.
    }

    @Override
    void afterClose() {
        pending.wakeAll();
    }
}
