package org.verbs4j;

/**
 * An XRC domain (C {@code struct ibv_xrcd}), for XRC queue pairs and shared receive queues.
 * Closing it is C {@code ibv_close_xrcd}.
 */
public interface XrcDomain extends VerbsObject {

    /** @return the context the domain belongs to */
    Context context();
}
