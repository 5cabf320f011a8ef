package org.verbs4j.provider.soft.wire.roce.rc;

/**
 * One work request in a {@link Requester}'s send queue: a reusable slot that the engine fills after
 * {@link Requester#nextSlot()} and hands over with {@link Requester#post(long)}. The requester keeps its
 * progress (the PSNs it gave the message) here as well, so that posting allocates nothing.
 */
public final class SendWork {

    long wrId;
    WorkOperation operation;
    int length;
    long remoteAddress;
    int rKey;
    int immediateOrKey;
    int xrcSrqNumber;
    long swapOrAdd;
    long compare;
    long flushLength;
    int flushType;
    int flushLevel;
    boolean solicited;
    boolean fenced;
    boolean started;
    int firstPsn;
    int lastPsn;
    boolean holdsReadCredit;

    SendWork() {
    }

    /**
     * Describes a SEND (with {@link #immediate} or {@link #invalidate} for its variants).
     *
     * @param wrId the work request id its completion reports
     * @param length the message length in bytes, which the {@link PayloadSource} supplies
     * @return this slot
     */
    public SendWork send(long wrId, int length) {
        return describe(wrId, WorkOperation.SEND, length);
    }

    /**
     * Describes an RDMA WRITE (with {@link #immediate} for its variant).
     *
     * @param wrId the work request id
     * @param length the length in bytes
     * @param remoteAddress the remote virtual address
     * @param rKey the remote key
     * @return this slot
     */
    public SendWork write(long wrId, int length, long remoteAddress, int rKey) {
        return describe(wrId, WorkOperation.RDMA_WRITE, length).remote(remoteAddress, rKey);
    }

    /**
     * Describes an RDMA READ, whose response the {@link RequesterListener} places.
     *
     * @param wrId the work request id
     * @param length the length in bytes
     * @param remoteAddress the remote virtual address
     * @param rKey the remote key
     * @return this slot
     */
    public SendWork read(long wrId, int length, long remoteAddress, int rKey) {
        return describe(wrId, WorkOperation.RDMA_READ, length).remote(remoteAddress, rKey);
    }

    /**
     * Describes an atomic compare and swap of the 8 bytes at the remote address.
     *
     * @param wrId the work request id
     * @param remoteAddress the remote address, 8-byte aligned
     * @param rKey the remote key
     * @param compare the value to compare with
     * @param swap the value to store if equal
     * @return this slot
     */
    public SendWork compareSwap(long wrId, long remoteAddress, int rKey, long compare, long swap) {
        describe(wrId, WorkOperation.COMPARE_SWAP, Long.BYTES).remote(remoteAddress, rKey);
        this.compare = compare;
        this.swapOrAdd = swap;
        return this;
    }

    /**
     * Describes an atomic fetch and add to the 8 bytes at the remote address.
     *
     * @param wrId the work request id
     * @param remoteAddress the remote address, 8-byte aligned
     * @param rKey the remote key
     * @param add the value to add
     * @return this slot
     */
    public SendWork fetchAdd(long wrId, long remoteAddress, int rKey, long add) {
        describe(wrId, WorkOperation.FETCH_ADD, Long.BYTES).remote(remoteAddress, rKey);
        this.swapOrAdd = add;
        return this;
    }

    /**
     * Describes an ATOMIC WRITE: one 8-byte store at the remote address.
     *
     * @param wrId the work request id
     * @param remoteAddress the remote address, 8-byte aligned
     * @param rKey the remote key, which must grant remote write
     * @param value the 8 bytes to store, read big-endian: its first byte goes to {@code remoteAddress}
     * @return this slot
     */
    public SendWork atomicWrite(long wrId, long remoteAddress, int rKey, long value) {
        describe(wrId, WorkOperation.ATOMIC_WRITE, Long.BYTES).remote(remoteAddress, rKey);
        this.swapOrAdd = value;
        return this;
    }

    /**
     * Describes a FLUSH of a range or of the whole region of the key.
     *
     * @param wrId the work request id
     * @param remoteAddress the start of the range
     * @param rKey the remote key, which must grant the FLUSH access of {@code placementType}
     * @param rangeLength the length of the range, at most 2^31 (for a region, only carried)
     * @param placementType {@link org.verbs4j.provider.soft.wire.roce.Feth#GLOBAL} or
     *     {@link org.verbs4j.provider.soft.wire.roce.Feth#PERSISTENT}
     * @param selectivityLevel {@link org.verbs4j.provider.soft.wire.roce.Feth#RANGE} or
     *     {@link org.verbs4j.provider.soft.wire.roce.Feth#REGION}
     * @return this slot
     */
    public SendWork flush(long wrId, long remoteAddress, int rKey, long rangeLength, int placementType,
            int selectivityLevel) {
        describe(wrId, WorkOperation.FLUSH, 0).remote(remoteAddress, rKey);
        flushLength = rangeLength;
        flushType = placementType;
        flushLevel = selectivityLevel;
        return this;
    }

    /**
     * Adds immediate data to a SEND or RDMA WRITE.
     *
     * @param data the immediate data, in wire order
     * @return this slot
     * @throws IllegalStateException if the slot describes another operation
     */
    public SendWork immediate(int data) {
        operation = switch (operation) {
            case SEND -> WorkOperation.SEND_WITH_IMMEDIATE;
            case RDMA_WRITE -> WorkOperation.RDMA_WRITE_WITH_IMMEDIATE;
            default -> throw new IllegalStateException("immediate data on " + operation);
        };
        immediateOrKey = data;
        return this;
    }

    /**
     * Makes a SEND a SEND with invalidate of the peer's key.
     *
     * @param remoteKey the R_Key the responder invalidates
     * @return this slot
     * @throws IllegalStateException if the slot describes another operation than SEND
     */
    public SendWork invalidate(int remoteKey) {
        if (operation != WorkOperation.SEND) {
            throw new IllegalStateException("invalidate on " + operation);
        }
        operation = WorkOperation.SEND_WITH_INVALIDATE;
        immediateOrKey = remoteKey;
        return this;
    }

    /**
     * Sets the solicited event bit on the message's last packet (SEND and RDMA WRITE with immediate).
     *
     * @return this slot
     */
    public SendWork solicited() {
        solicited = true;
        return this;
    }

    /**
     * Fences the request (IBV_SEND_FENCE): it does not start before every earlier RDMA READ and atomic operation
     * of the queue pair completed.
     *
     * @return this slot
     */
    public SendWork fence() {
        fenced = true;
        return this;
    }

    /** @return the work request id */
    public long wrId() {
        return wrId;
    }

    /** @return the operation */
    public WorkOperation operation() {
        return operation;
    }

    /**
     * Names the XRC SRQ of the remote XRC domain the request goes to ({@code ibv_wr_set_xrc_srqn}): an XRC
     * requester puts it in the XRCETH of every packet of the request.
     *
     * @param srqNumber the remote XRC SRQ number
     * @return this slot
     */
    public SendWork xrcSrq(int srqNumber) {
        xrcSrqNumber = srqNumber;
        return this;
    }

    /** @return the message length */
    public int length() {
        return length;
    }

    private SendWork describe(long id, WorkOperation op, int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("ibv_post_send: negative length " + bytes);
        }
        wrId = id;
        operation = op;
        length = bytes;
        solicited = false;
        fenced = false;
        xrcSrqNumber = 0;
        started = false;
        holdsReadCredit = false;
        return this;
    }

    private SendWork remote(long address, int key) {
        remoteAddress = address;
        rKey = key;
        return this;
    }

    /** @return the number of PSNs the message takes: its packets, or its READ response's packets */
    int packets(int mtu) {
        return isSinglePacket() ? 1 : Math.max(1, (int) ((length + (long) mtu - 1) / mtu));
    }

    private boolean isSinglePacket() {
        return operation.isReadOrAtomic() && operation != WorkOperation.RDMA_READ;
    }
}
