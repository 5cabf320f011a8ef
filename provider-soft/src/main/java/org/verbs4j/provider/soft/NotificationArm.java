package org.verbs4j.provider.soft;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one-shot notification request of a completion queue ({@code ibv_req_notify_cq}): armed for the next
 * completion or for the next solicited one (an error completion counts as solicited); a request for the
 * next completion is never downgraded by a later solicited-only request; firing disarms.
 */
final class NotificationArm {

    private static final int DISARMED = 0;
    private static final int SOLICITED_ONLY = 1;
    private static final int NEXT_COMPLETION = 2;

    private final AtomicInteger state = new AtomicInteger(DISARMED);

    void request(boolean solicitedOnly) {
        state.accumulateAndGet(solicitedOnly ? SOLICITED_ONLY : NEXT_COMPLETION, Math::max);
    }

    /** @return whether a completion (solicited or not) fires the arm, which is then disarmed */
    boolean fire(boolean solicited) {
        int current = state.get();
        return (current == NEXT_COMPLETION || (current == SOLICITED_ONLY && solicited))
                && state.compareAndSet(current, DISARMED);
    }
}
