package org.verbs4j;

/**
 * A receive work request (C {@code struct ibv_recv_wr}), for {@link QueuePair#postReceive} and
 * {@link SharedReceiveQueue#postReceive}. Requests are mutable and meant to be reused, and link into
 * a list through {@link #next(ReceiveRequest)}, as in C. The provider copies what it needs when the
 * request is posted.
 */
public final class ReceiveRequest {

    private long wrId;
    private ReceiveRequest next;
    private final ScatterGatherList sgList;

    /**
     * @param maxSge the most scatter/gather entries the request can carry
     */
    public ReceiveRequest(int maxSge) {
        this.sgList = new ScatterGatherList(maxSge);
    }

    /** @return the work request id, returned in the completion */
    public long wrId() {
        return wrId;
    }

    /**
     * @param value the work request id
     * @return this request
     */
    public ReceiveRequest wrId(long value) {
        this.wrId = value;
        return this;
    }

    /** @return the next request of the list, or {@code null} */
    public ReceiveRequest next() {
        return next;
    }

    /**
     * @param value the next request of the list, or {@code null}
     * @return this request
     */
    public ReceiveRequest next(ReceiveRequest value) {
        this.next = value;
        return this;
    }

    /** @return the scatter list the received data goes to (C {@code sg_list}, {@code num_sge}) */
    public ScatterGatherList sgList() {
        return sgList;
    }
}
