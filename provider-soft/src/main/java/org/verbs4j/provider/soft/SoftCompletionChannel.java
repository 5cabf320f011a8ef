package org.verbs4j.provider.soft;

import java.time.Duration;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * A completion channel: a queue of completion events, each naming the completion queue that was armed
 * and got a completion. An event counts towards its queue's unacknowledged events once it is read.
 */
final class SoftCompletionChannel extends SoftObject implements CompletionChannel {

    private static final String GET = "ibv_get_cq_event";

    private final SoftContext context;
    private final PendingEvents<SoftCompletionQueue> pending = new PendingEvents<>(GET, () -> ensureOpen(GET),
            cq -> cq.completionEvents().delivered());

    SoftCompletionChannel(SoftContext context) {
        super("ibv_destroy_comp_channel", "completion channel", context.device().name());
        context.retain("ibv_create_comp_channel");
        this.context = context;
    }

    @Override
    public Context context() {
        return context;
    }

    void deliver(SoftCompletionQueue cq) {
        pending.add(cq);
    }

    void discard(SoftCompletionQueue cq) {
        pending.remove(queued -> queued == cq);
    }

    @Override
    public CompletionQueue getEvent() {
        return pending.take(Long.MAX_VALUE);
    }

    @Override
    public CompletionQueue getEvent(Duration timeout) {
        ensureOpen(GET);
        return pending.take(Timeouts.nanos(Failures.required(GET, timeout, "the timeout")));
    }

    @Override
    public CompletionQueue tryGetEvent() {
        return pending.take(0);
    }

    @Override
    void destroy() {
        // The queues that used the channel are gone; pending events went with them.
    }

    @Override
    void afterClose() {
        pending.wakeAll();
        context.release();
    }
}
