package org.verbs4j.provider.soft.wire.roce.cm;

/** The timer of the message a connection waits to have answered: its deadline and the retries it has left. */
final class Retransmission {

    /** The deadline of no timer. */
    static final long NEVER = Long.MAX_VALUE;

    private long deadline = NEVER;
    private long timeoutNanos;
    private int retriesLeft;

    /**
     * Arms the timer for a message just sent.
     *
     * @param now the time
     * @param timeout how long to wait for the answer
     * @param retries how many times the message may be sent again
     */
    void start(long now, long timeout, int retries) {
        this.timeoutNanos = timeout;
        this.retriesLeft = retries;
        this.deadline = now + timeout;
    }

    /**
     * Waits longer for the answer without spending a retry (an MRA arrived).
     *
     * @param now the time
     * @param timeout the new wait
     */
    void extend(long now, long timeout) {
        this.timeoutNanos = timeout;
        this.deadline = now + timeout;
    }

    /**
     * Spends a retry if one is left, and arms the timer again.
     *
     * @param now the time
     * @return whether the message should be sent again; false when the retries are spent
     */
    boolean retry(long now) {
        if (retriesLeft == 0) {
            return false;
        }
        retriesLeft--;
        deadline = now + timeoutNanos;
        return true;
    }

    /** Stops the timer. */
    void stop() {
        deadline = NEVER;
    }

    /** @return the deadline, {@link #NEVER} if stopped */
    long deadline() {
        return deadline;
    }

    /**
     * @param now the time
     * @return whether the deadline has passed
     */
    boolean due(long now) {
        return deadline != NEVER && now - deadline >= 0;
    }
}
