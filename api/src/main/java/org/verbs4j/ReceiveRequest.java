package org.verbs4j;

/**
 * A receive work request (C {@code struct ibv_recv_wr}), for {@link QueuePair#postReceive} and
 * {@link SharedReceiveQueue#postReceive}. Requests are mutable and meant to be reused, and link into
 * a list through {@link #next(ReceiveRequest)}, as in C. The provider copies what it needs when the
 * request is posted; every change is counted ({@link #changes()}), so that a provider that keeps a native copy
 * of a list posted again can tell the unchanged requests without reading them.
 */
public final class ReceiveRequest {

    private long wrId;
    private ReceiveRequest next;
    private final ScatterGatherList sgList;
    private long changes;

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
        changes++;
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
        changes++;
        return this;
    }

    /**
     * The number of changes made to this request and its scatter list: every setter of this request and every
     * change of {@link #sgList()} ({@link ScatterGatherList#changes()}) increases it. Two reads that return the
     * same count bracket no change to the request.
     *
     * @return the count of changes since the request was created
     */
    public long changes() {
        return changes + sgList.changes();
    }

    /** @return the scatter list the received data goes to (C {@code sg_list}, {@code num_sge}) */
    public ScatterGatherList sgList() {
        return sgList;
    }
}
