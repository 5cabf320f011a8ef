package org.verbs4j.provider.soft.engine;

import org.verbs4j.ExtraCompletionField;

/**
 * A completion queue as the engine sees it: the ring its completions go to. Implemented by the soft
 * completion queue alone; every call holds the fabric lock.
 */
public interface CompletionQueueView {

    /** Whether the queue was created with {@code field}, so that the engine fills it. */
    boolean wants(ExtraCompletionField field);

    /**
     * How many entries a run can fill ({@link #aheadReceive}) before {@link #publishRun}; 0 if it overran or is closed.
     */
    int room();

    /**
     * Fills entry {@code index} of a run (below {@link #room}) with a successful receive completion without
     * immediate data, stamped with the device clock if asked.
     *
     * @param length the bytes received
     * @param sourceQp the sender's queue pair number
     * @param serviceLevel the service level of the sender's path
     * @param solicited whether the sender asked for a solicited event
     */
    void aheadReceive(int index, long wrId, int qpNum, long length, int sourceQp, int serviceLevel,
                      boolean solicited);

    /**
     * Publishes the first {@code count} entries of a run; {@code solicited} if one may wake a solicited-only
     * notification.
     */
    void publishRun(int count, boolean solicited);

    /** Appends a copy of {@code entry}. @return false if the queue overran and the completion was lost */
    boolean push(Completion entry);
}
