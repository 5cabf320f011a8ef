package org.verbs4j;

/**
 * An XRC domain (C {@code struct ibv_xrcd}, opened with {@code ibv_open_xrcd}, not shared with other
 * processes): it groups the XRC shared receive queues ({@link SrqInitAttributes#xrc}) and the
 * {@link QpType#XRC_RECV} queue pairs ({@link QpInitAttributes#xrcRecv}) that deliver to them.
 * Closing it (C {@code ibv_close_xrcd}) fails with {@link BusyException} while such queues are alive.
 */
public interface XrcDomain extends VerbsObject {

    /** @return the context the domain belongs to */
    Context context();
}
