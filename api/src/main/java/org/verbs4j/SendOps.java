package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;

/**
 * The send-ops API of a queue pair (C {@code struct ibv_qp_ex} and the {@code ibv_wr_*} functions).
 *
 * {@snippet class=org.verbs4j.examples.RdmaWriteRead region=write}
 *
 * <p>Between {@link #start()} and {@link #complete()} or {@link #abort()} (a critical section of
 * the queue pair): set {@link #wrId} and {@link #wrFlags} before each request, call exactly one
 * builder ({@link #send()}, {@link #rdmaWrite}, ...), then the setters the queue pair type needs
 * ({@link #setUdAddr} for UD, {@link #setXrcSrqn} for XRC), then one data setter ({@link #setSge},
 * {@link #setSgeList}, {@link #setInlineData}, {@link #setInlineDataList}). Builders and setters
 * report nothing (apart from the argument checks a method documents): a problem, such as a window of
 * another provider or a closed one, makes {@link #complete()} fail and discards the whole batch. Nothing is
 * executed before {@link #complete()} returns. Only the builders of the
 * {@link QpInitAttributes#sendOpsFlags()} requested at creation may be called: another builder throws
 * {@link InvalidArgumentException} at once (on a native provider its function pointer may be absent).
 *
 * <p>The methods allocate nothing; an instance belongs to its queue pair and to one thread at a time.
 */
public interface SendOps {

    /** @return the queue pair */
    QueuePair queuePair();

    /** Starts a batch of send requests (C {@code ibv_wr_start}). */
    void start();

    /**
     * @param wrId the work request id of the next request (C {@code qpx->wr_id})
     * @return this
     */
    SendOps wrId(long wrId);

    /**
     * @param sendFlags the {@link SendFlag} bits of the next request (C {@code qpx->wr_flags})
     * @return this
     */
    SendOps wrFlags(int sendFlags);

    /**
     * Sets one flag as the whole {@code wr_flags} of the next request, for example
     * {@code wrFlags(SendFlag.SIGNALED)}; allocates nothing.
     *
     * @param flag the only flag of the next request
     * @return this
     * @throws InvalidArgumentException if {@code flag} is null
     */
    default SendOps wrFlags(SendFlag flag) {
        return wrFlags((int) Flags.valueOf("wr_flags", flag));
    }

    /**
     * Sets the {@code wr_flags} of the next request from a set, for example
     * {@code wrFlags(EnumSet.of(SendFlag.SIGNALED, SendFlag.SOLICITED))}; an empty set clears them.
     *
     * @param flags the flags of the next request
     * @return this
     * @throws InvalidArgumentException if {@code flags} is null or holds null
     */
    default SendOps wrFlags(Set<SendFlag> flags) {
        return wrFlags((int) Flags.toBits("wr_flags", flags));
    }

    /**
     * Builds a SEND (C {@code ibv_wr_send}).
     *
     * @return this
     */
    SendOps send();

    /**
     * @param immData the immediate data, host order
     * @return this; builds SEND_WITH_IMM (C {@code ibv_wr_send_imm})
     */
    SendOps sendWithImm(int immData);

    /**
     * @param invalidateRkey the remote key to invalidate
     * @return this; builds SEND_WITH_INV (C {@code ibv_wr_send_inv})
     */
    SendOps sendWithInv(int invalidateRkey);

    /**
     * Builds a TSO send (C {@code ibv_wr_send_tso}).
     *
     * @param header the packet header
     * @param mss the maximum segment size
     * @return this
     */
    SendOps sendTso(MemorySegment header, int mss);

    /**
     * Builds an RDMA_WRITE (C {@code ibv_wr_rdma_write}).
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @return this
     */
    SendOps rdmaWrite(int rkey, long remoteAddress);

    /**
     * Builds an RDMA_WRITE_WITH_IMM (C {@code ibv_wr_rdma_write_imm}).
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @param immData the immediate data, host order
     * @return this
     */
    SendOps rdmaWriteWithImm(int rkey, long remoteAddress, int immData);

    /**
     * Builds an RDMA_READ (C {@code ibv_wr_rdma_read}).
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address
     * @return this
     */
    SendOps rdmaRead(int rkey, long remoteAddress);

    /**
     * Builds an 8-byte compare-and-swap (C {@code ibv_wr_atomic_cmp_swp}); the original value lands in
     * the local SGE.
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address, 8-byte aligned
     * @param compare the value to compare with
     * @param swap the value to store if equal
     * @return this
     */
    SendOps atomicCmpSwp(int rkey, long remoteAddress, long compare, long swap);

    /**
     * Builds an 8-byte fetch-and-add (C {@code ibv_wr_atomic_fetch_add}).
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address, 8-byte aligned
     * @param add the value to add
     * @return this
     */
    SendOps atomicFetchAdd(int rkey, long remoteAddress, long add);

    /**
     * Builds an 8-byte ATOMIC_WRITE (C {@code ibv_wr_atomic_write}): the 8 bytes are written to the remote
     * address as one atomic store. The request carries its own data: no data setter follows. The
     * responder must grant remote write access.
     *
     * @param rkey the remote key
     * @param remoteAddress the remote address, 8-byte aligned
     * @param value8 the 8 bytes to write, copied now; a native segment of at least 8 bytes
     * @return this
     * @throws InvalidArgumentException if {@code value8} holds fewer than 8 bytes or is not native
     */
    SendOps atomicWrite(int rkey, long remoteAddress, MemorySegment value8);

    /**
     * Builds a FLUSH (C {@code ibv_wr_flush}): makes earlier writes to the remote memory reach the given
     * placement type. The request carries no data: no data setter follows. The remote region must
     * grant {@link AccessFlag#FLUSH_GLOBAL} or {@link AccessFlag#FLUSH_PERSISTENT} for {@code type}, else
     * the request completes with {@link WcStatus#REM_ACCESS_ERR}.
     *
     * @param rkey the remote key
     * @param remoteAddress the start of the range ({@link FlushLevel#RANGE})
     * @param length the length of the range ({@link FlushLevel#RANGE})
     * @param type the placement type
     * @param level the selectivity level
     * @return this
     */
    SendOps flush(int rkey, long remoteAddress, long length, FlushType type, FlushLevel level);

    /**
     * Builds a local invalidate (C {@code ibv_wr_local_inv}).
     *
     * @param invalidateRkey the key to invalidate
     * @return this
     */
    SendOps localInv(int invalidateRkey);

    /**
     * Builds a memory window bind (C {@code ibv_wr_bind_mw}). It binds windows of both types: a type-2
     * window as {@code ibv_wr_bind_mw} does, and a type-1 window as C {@code ibv_bind_mw} does, which
     * providers implement by posting this same BIND_MW request. The window's new key is
     * {@link MemoryWindow#rkey()} once the bind completed successfully.
     *
     * @param window the window to bind
     * @param rkey the new remote key of the window
     * @param bindInfo what the window grants
     * @return this
     */
    SendOps bindMw(MemoryWindow window, int rkey, MwBindInfo bindInfo);

    /**
     * Sets the address of a UD request (C {@code ibv_wr_set_ud_addr}).
     *
     * @param ah the address handle of the destination
     * @param remoteQpn the destination queue pair number
     * @param remoteQkey the destination Q_Key
     * @return this
     */
    SendOps setUdAddr(AddressHandle ah, int remoteQpn, int remoteQkey);

    /**
     * @param remoteSrqn the remote XRC SRQ number (C {@code ibv_wr_set_xrc_srqn})
     * @return this
     */
    SendOps setXrcSrqn(int remoteSrqn);

    /**
     * Sets one scatter/gather entry (C {@code ibv_wr_set_sge}).
     *
     * @param lkey the local key
     * @param address the address
     * @param length the length in bytes
     * @return this
     */
    SendOps setSge(int lkey, long address, int length);

    /**
     * @param list the scatter/gather entries (C {@code ibv_wr_set_sge_list})
     * @return this
     */
    SendOps setSgeList(ScatterGatherList list);

    /**
     * @param data the bytes to send inline, copied now (C {@code ibv_wr_set_inline_data})
     * @return this
     */
    SendOps setInlineData(MemorySegment data);

    /**
     * @param buffers the pieces to send inline, copied now (C {@code ibv_wr_set_inline_data_list})
     * @return this
     */
    SendOps setInlineDataList(List<MemorySegment> buffers);

    /**
     * Posts the batch (C {@code ibv_wr_complete}).
     *
     * @throws InvalidArgumentException if a request was malformed or the queue pair is in
     *     {@link QpState#RESET}, {@link QpState#INIT} or {@link QpState#RTR}; nothing of the batch is posted
     * @throws OutOfResourcesException if the send queue is full; nothing of the batch is posted
     */
    void complete();

    /** Discards the batch (C {@code ibv_wr_abort}). */
    void abort();
}
