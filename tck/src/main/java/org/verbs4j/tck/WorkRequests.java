package org.verbs4j.tck;

import org.verbs4j.AddressHandle;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SharedReceiveQueue;

/**
 * Posts single signaled work requests through the send-ops API ({@code ibv_wr_*}) and receive
 * requests, each over one scatter/gather entry of a memory region.
 */
public final class WorkRequests {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private WorkRequests() {
    }

    /**
     * @param qp the queue pair
     * @param wrId the work request id
     * @param mr the region holding the buffer
     * @param offset the buffer's offset in the region
     * @param length the buffer's length
     */
    public static void receive(QueuePair qp, long wrId, MemoryRegion mr, long offset, int length) {
        qp.postReceive(receiveRequest(wrId, mr, offset, length));
    }

    /**
     * @param srq the shared receive queue
     * @param wrId the work request id
     * @param mr the region holding the buffer
     * @param offset the buffer's offset in the region
     * @param length the buffer's length
     */
    public static void receive(SharedReceiveQueue srq, long wrId, MemoryRegion mr, long offset, int length) {
        srq.postReceive(receiveRequest(wrId, mr, offset, length));
    }

    /**
     * @param wrId the work request id
     * @param mr the region holding the buffer
     * @param offset the buffer's offset in the region
     * @param length the buffer's length
     * @return a receive request over one entry
     */
    public static ReceiveRequest receiveRequest(long wrId, MemoryRegion mr, long offset, int length) {
        ReceiveRequest request = new ReceiveRequest(1).wrId(wrId);
        request.sgList().add(mr, offset, length);
        return request;
    }

    /**
     * Posts a signaled SEND.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param mr the region holding the payload
     * @param offset the payload's offset in the region
     * @param length the payload's length
     */
    public static void send(QueuePair qp, long wrId, MemoryRegion mr, long offset, int length) {
        post(qp, wrId, SIGNALED, ops -> ops.send(), mr, offset, length);
    }

    /**
     * Posts a SEND with the given send flags.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param sendFlags the {@link SendFlag} bits
     * @param mr the region holding the payload
     * @param offset the payload's offset in the region
     * @param length the payload's length
     */
    public static void send(QueuePair qp, long wrId, int sendFlags, MemoryRegion mr, long offset, int length) {
        post(qp, wrId, sendFlags, ops -> ops.send(), mr, offset, length);
    }

    /**
     * Posts a signaled SEND_WITH_IMM.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param imm the immediate data
     * @param mr the region holding the payload
     * @param offset the payload's offset
     * @param length the payload's length
     */
    public static void sendWithImm(QueuePair qp, long wrId, int imm, MemoryRegion mr, long offset, int length) {
        post(qp, wrId, SIGNALED, ops -> ops.sendWithImm(imm), mr, offset, length);
    }

    /**
     * Posts a signaled SEND of an XRC_SEND queue pair to an XRC shared receive queue.
     *
     * @param qp the XRC_SEND queue pair, in RTS
     * @param wrId the work request id
     * @param remoteSrqn the number of the destination XRC SRQ ({@link SharedReceiveQueue#srqNum()})
     * @param mr the region holding the payload
     * @param offset the payload's offset
     * @param length the payload's length
     */
    public static void sendXrc(QueuePair qp, long wrId, int remoteSrqn, MemoryRegion mr, long offset, int length) {
        post(qp, wrId, SIGNALED, ops -> ops.send().setXrcSrqn(remoteSrqn), mr, offset, length);
    }

    /**
     * Posts a signaled UD SEND.
     *
     * @param qp the UD queue pair, in RTS
     * @param wrId the work request id
     * @param ah the address handle of the destination
     * @param remoteQpn the destination queue pair
     * @param mr the region holding the payload
     * @param offset the payload's offset
     * @param length the payload's length
     */
    public static void sendUd(QueuePair qp, long wrId, AddressHandle ah, int remoteQpn, MemoryRegion mr,
                              long offset, int length) {
        post(qp, wrId, SIGNALED, ops -> ops.send().setUdAddr(ah, remoteQpn, Loopback.QKEY), mr, offset, length);
    }

    /**
     * Posts a signaled RDMA_WRITE.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @param mr the region holding the local buffer
     * @param offset the local buffer's offset
     * @param length the length
     */
    public static void rdmaWrite(QueuePair qp, long wrId, int rkey, long remoteAddress, MemoryRegion mr, long offset,
                                 int length) {
        post(qp, wrId, SIGNALED, ops -> ops.rdmaWrite(rkey, remoteAddress), mr, offset, length);
    }

    /**
     * Posts a signaled RDMA_WRITE_WITH_IMM.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @param imm the immediate data
     * @param mr the region holding the local buffer
     * @param offset the local buffer's offset
     * @param length the length
     */
    public static void rdmaWriteWithImm(QueuePair qp, long wrId, int rkey, long remoteAddress, int imm,
                                        MemoryRegion mr, long offset, int length) {
        post(qp, wrId, SIGNALED, ops -> ops.rdmaWriteWithImm(rkey, remoteAddress, imm), mr, offset, length);
    }

    /**
     * Posts a signaled RDMA_READ.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @param mr the region receiving the data
     * @param offset the local buffer's offset
     * @param length the length
     */
    public static void rdmaRead(QueuePair qp, long wrId, int rkey, long remoteAddress, MemoryRegion mr, long offset,
                                int length) {
        post(qp, wrId, SIGNALED, ops -> ops.rdmaRead(rkey, remoteAddress), mr, offset, length);
    }

    /**
     * Posts a signaled 8-byte compare-and-swap.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param rkey the remote key
     * @param remoteAddress the remote address, 8-byte aligned
     * @param compare the value to compare with
     * @param swap the value to store if equal
     * @param mr the region receiving the original value
     * @param offset the local buffer's offset
     */
    public static void compareAndSwap(QueuePair qp, long wrId, int rkey, long remoteAddress, long compare, long swap,
                                      MemoryRegion mr, long offset) {
        post(qp, wrId, SIGNALED, ops -> ops.atomicCmpSwp(rkey, remoteAddress, compare, swap), mr, offset, 8);
    }

    /**
     * Posts a signaled 8-byte fetch-and-add.
     *
     * @param qp the queue pair, in RTS
     * @param wrId the work request id
     * @param rkey the remote key
     * @param remoteAddress the remote address, 8-byte aligned
     * @param add the value to add
     * @param mr the region receiving the original value
     * @param offset the local buffer's offset
     */
    public static void fetchAndAdd(QueuePair qp, long wrId, int rkey, long remoteAddress, long add, MemoryRegion mr,
                                   long offset) {
        post(qp, wrId, SIGNALED, ops -> ops.atomicFetchAdd(rkey, remoteAddress, add), mr, offset, 8);
    }

    /** Builds one request: {@code builder} calls one {@code ibv_wr_*} builder. */
    private static void post(QueuePair qp, long wrId, int flags, java.util.function.Consumer<SendOps> builder,
                             MemoryRegion mr, long offset, int length) {
        SendOps ops = qp.sendOps();
        ops.start();
        ops.wrId(wrId).wrFlags(flags);
        builder.accept(ops);
        ops.setSge(mr.lkey(), mr.address() + offset, length);
        ops.complete();
    }
}
