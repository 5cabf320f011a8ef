package org.verbs4j;

/**
 * A receive work queue (C {@code struct ibv_wq}, created with {@code ibv_create_wq}): the receive side of
 * an RSS queue pair, which spreads incoming packets over the work queues of its
 * {@link RwqIndirectionTable}. It keeps its protection domain and completion queue busy; an indirection
 * table keeps it busy. Closing it is C {@code ibv_destroy_wq}.
 */
public interface WorkQueue extends VerbsObject {

    /** @return the context the queue belongs to */
    Context context();

    /** @return the type */
    WqType type();

    /** @return the consumer context given at creation, or {@code null} */
    Object wqContext();

    /** @return the work queue number (C {@code wq_num}) */
    int number();

    /**
     * @return the state the library last set (C {@code ibv_wq.state}): {@link WqState#RESET} after
     *     creation, then what {@link #modify} moved it to
     */
    WqState state();

    /**
     * Modifies the queue (C {@code ibv_modify_wq}), for example to {@link WqState#RDY}.
     *
     * @param attributes the new values
     * @throws InvalidArgumentException if the transition or a flag is not valid
     * @throws UnsupportedVerbException if a flag is not supported
     */
    void modify(WqAttributes attributes);

    /**
     * Posts a linked list of receive requests (C {@code ibv_post_wq_recv}).
     *
     * @param first the first request
     * @throws OutOfResourcesException if the queue is full; {@link VerbsException#failedRequest()} is the
     *     failing request
     * @throws InvalidArgumentException if a request has too many scatter/gather entries
     */
    void postReceive(ReceiveRequest first);
}
