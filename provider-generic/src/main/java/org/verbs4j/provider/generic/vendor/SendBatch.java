package org.verbs4j.provider.generic.vendor;

/**
 * The batch state of a queue pair's {@code SendOps}, for a vendor's setters that write into the request being
 * built without checking that one is (a vendor's addressing of a request, for example): the generic
 * {@code SendOps} of a queue pair implements it.
 */
public interface SendBatch {

    /**
     * A batch holds its queue pair open from its start to its {@code complete()} or {@code abort()}, and each
     * batch has a new number. No allocation.
     *
     * @param thread a thread
     * @return the number of the batch that {@code thread} holds open, or 0 if it holds none
     */
    long batchHeldBy(Thread thread);
}
