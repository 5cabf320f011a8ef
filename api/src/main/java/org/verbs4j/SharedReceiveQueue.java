package org.verbs4j;

import java.util.Set;

/**
 * An extended shared receive queue (C {@code struct ibv_srq}, created with {@code ibv_create_srq_ex}):
 * one pool of receive requests shared by several queue pairs; of type {@link SrqType#TM} it also
 * matches incoming tagged messages against a list of tagged buffers ({@link #postOps}).
 *
 * <p>The limit event: after {@link #armLimit(int)}, when the number of posted receives drops below
 * the limit, the context gets one {@link AsyncEventType#SRQ_LIMIT_REACHED} event and the limit is
 * disarmed (set to 0). Closing it is C {@code ibv_destroy_srq}.
 */
public interface SharedReceiveQueue extends VerbsObject {

    /** @return the context the queue belongs to */
    Context context();

    /** @return the type */
    SrqType type();

    /** @return the consumer context given at creation, or {@code null} */
    Object srqContext();

    /**
     * The number of the queue (C {@code ibv_get_srq_num}): the remote SRQ number an {@link QpType#XRC_SEND}
     * queue pair sets with {@link SendOps#setXrcSrqn} to deliver a message to this queue through any
     * {@link QpType#XRC_RECV} queue pair of the same XRC domain.
     *
     * @return the SRQ number, 24 bits
     * @throws UnsupportedVerbException if the device does not report the number of this queue (an XRC
     *     queue always has one; other types may not)
     */
    int srqNum();

    /**
     * @return the current attributes (C {@code ibv_query_srq})
     */
    SrqAttributes query();

    /**
     * Modifies the queue (C {@code ibv_modify_srq}).
     *
     * @param attributes the new values
     * @param mask which values to change: {@link SrqAttrMask#MAX_WR} resizes (if the device supports it),
     *     {@link SrqAttrMask#LIMIT} arms the limit event
     * @throws InvalidArgumentException if the new size is below the number of posted receives or the limit
     *     is above the size
     */
    void modify(SrqAttributes attributes, Set<SrqAttrMask> mask);

    /**
     * Arms the limit event ({@code ibv_modify_srq} with {@link SrqAttrMask#LIMIT}).
     *
     * @param limit the number of posted receives below which the event fires; 0 disarms
     */
    void armLimit(int limit);

    /**
     * Posts a linked list of receive requests (C {@code ibv_post_srq_recv}).
     *
     * @param first the first request
     * @throws OutOfResourcesException if the queue is full; {@link VerbsException#failedRequest()} is the
     *     failing request
     * @throws InvalidArgumentException if a request has too many scatter/gather entries
     */
    void postReceive(ReceiveRequest first);

    /**
     * Performs tag-matching list operations (C {@code ibv_post_srq_ops}): adds and deletes tagged buffers
     * and synchronises the unexpected-message counter.
     *
     * @param first the first operation; {@link SrqOperation#next()} links the rest. A TAG_ADD writes the
     *     new entry's handle into its operation.
     * @throws UnsupportedVerbException if the queue is not a tag-matching queue
     * @throws VerbsException for a failed operation; {@link VerbsException#failedRequest()} is the
     *     failing {@link SrqOperation} (C {@code bad_wr})
     */
    void postOps(SrqOperation first);
}
