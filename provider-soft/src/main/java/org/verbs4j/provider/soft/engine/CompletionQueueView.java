package org.verbs4j.provider.soft.engine;

import org.verbs4j.ExtraCompletionField;

/**
 * A completion queue as the engine sees it: the ring its completions go to. Implemented by the soft
 * completion queue alone; every call holds the fabric lock.
 */
public interface CompletionQueueView {

    /** Whether the queue was created with {@code field}, so that the engine fills it. */
    boolean wants(ExtraCompletionField field);

    /** Free entries of the ring. */
    int room();

    /** The entry {@code offset} places after the next free one, to be filled before {@link #publishRun}. */
    Completion ahead(int offset);

    /** Publishes {@code count} filled entries at once. */
    void publishRun(int count, boolean solicited);

    /** Copies {@code entry} into the ring and publishes it. @return false if the queue overran */
    boolean push(Completion entry);
}
