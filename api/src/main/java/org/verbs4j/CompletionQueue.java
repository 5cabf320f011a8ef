package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.Set;

/**
 * An extended completion queue (C {@code struct ibv_cq_ex}) and its poll iterator.
 *
 * <h2>Polling</h2>
 * {@snippet class=org.verbs4j.examples.Poll region=batch}
 * {@link #startPoll()} returns {@code false} when the queue is empty (C {@code ENOENT}); the queue
 * stays valid and {@link #endPoll()} need not be called (a call does nothing). Otherwise the current completion can be
 * read until {@link #nextPoll()} returns {@code false}, and {@link #endPoll()} ends the batch.
 * Only the fields requested in {@link CqInitAttributes#wcFlags()} may be read: reading another
 * field throws {@link InvalidArgumentException} (on a native provider that call would crash the
 * process), as does reading outside a batch. Some fields are only valid for some opcodes and
 * statuses: for an error completion only {@link #wrId()}, {@link #status()}, {@link #readQpNum()}
 * and {@link #readVendorErr()} are meaningful.
 *
 * <p>Polling allocates nothing and throws only for misuse: a completion's status is a value.
 * Unless the queue was created {@link CqCreateFlag#SINGLE_THREADED}, any thread may poll, but a
 * batch (start to end) belongs to one thread at a time: a thread that starts a batch, or resizes the
 * queue, while another thread's batch is open waits until that batch ends (as the CQ lock of rdma-core's
 * providers makes C callers wait); only its own open batch is an error.
 */
public interface CompletionQueue extends VerbsObject {

    /** @return the context the queue belongs to */
    Context context();

    /** @return the actual number of entries, at least the requested {@code cqe} (or the size of the last resize) */
    int cqe();

    /**
     * Resizes the queue (C {@code ibv_resize_cq}). The new actual size is at least {@code cqe} and is
     * returned by {@link #cqe()} afterwards. Completions queued before the resize stay queued, in order,
     * and are polled after it. The calling thread must not have a batch open; another thread's batch is
     * waited for.
     *
     * @param cqe the minimum number of entries
     * @throws InvalidArgumentException if {@code cqe} is below 1, below the number of completions currently
     *     queued, above the device's {@code max_cqe}, or the calling thread has a batch open (C {@code EINVAL})
     * @throws UnsupportedVerbException if the device cannot resize a completion queue
     *     ({@link Capability#CQ_RESIZE} is not supported, C {@code EOPNOTSUPP})
     */
    void resize(int cqe);

    /** @return the consumer-supplied context returned with completion events (C {@code cq_context}), or {@code null} */
    Object cqContext();

    /** @return the completion channel the queue signals, if any */
    Optional<CompletionChannel> channel();

    /** @return the completion vector */
    int compVector();

    /** @return the completion fields requested at creation (C {@code wc_flags}) */
    Set<CompletionField> wcFlags();

    /** @return the extra (EFA-style) completion fields requested at creation */
    Set<ExtraCompletionField> extraFields();

    /** @return the creation flags */
    Set<CqCreateFlag> flags();

    /**
     * Requests a completion event for the next completion (C {@code ibv_req_notify_cq}).
     *
     * @param solicitedOnly if {@code true}, only for the next solicited completion or error completion
     * @throws InvalidArgumentException if the queue has no channel
     * @throws UnsupportedVerbException if {@code solicitedOnly} is not supported
     */
    void requestNotification(boolean solicitedOnly);

    /**
     * Acknowledges completion events of this queue (C {@code ibv_ack_cq_events}).
     *
     * @param count how many events to acknowledge, at most the number received and not yet acknowledged
     * @throws InvalidArgumentException if {@code count} is negative or more than are outstanding
     */
    void ackEvents(int count);

    /** @return how many events were received from the channel for this queue and not yet acknowledged */
    int unacknowledgedEvents();

    /**
     * Starts a batch of work completions (C {@code ibv_start_poll}).
     *
     * @return {@code true} if a completion is current, {@code false} if the queue is empty (C {@code ENOENT})
     * @throws InvalidArgumentException if the calling thread's batch is already open
     */
    boolean startPoll();

    /**
     * Moves to the next completion of the batch (C {@code ibv_next_poll}).
     *
     * @return {@code true} if a completion is current, {@code false} if none is available (C {@code ENOENT});
     *     the batch stays open and {@link #endPoll()} must still be called
     */
    boolean nextPoll();

    /**
     * Ends the calling thread's batch (C {@code ibv_end_poll}); a new batch starts with {@link #startPoll()}.
     * Without a batch of the calling thread open (a stray {@code end_poll}, as pyverbs calls after a
     * {@code start_poll} that found nothing) it does nothing: no completion is consumed, and the native
     * {@code end_poll} is not called (rxe's would move the consumer index past the producer).
     *
     * @throws ClosedObjectException if the queue is closed
     */
    void endPoll();

    /** @return the work request id of the current completion (C {@code wr_id}) */
    long wrId();

    /** @return the status of the current completion (C {@code status}) */
    WcStatus status();

    /** @return the opcode of the current completion (C {@code ibv_wc_read_opcode}) */
    WcOpcode readOpcode();

    /** @return the vendor error syndrome (C {@code ibv_wc_read_vendor_err}) */
    int readVendorErr();

    /** @return the number of bytes transferred; requires {@link CompletionField#BYTE_LEN} */
    int readByteLen();

    /**
     * @return the immediate data, as the 32-bit value the sender passed (host order); valid when
     *     {@link WcFlag#WITH_IMM} is set; requires {@link CompletionField#IMM}
     */
    int readImmData();

    /**
     * @return the rkey invalidated by a SEND_WITH_INV; valid when {@link WcFlag#WITH_INV} is set;
     *     requires {@link CompletionField#IMM} (rdma-core reads it through the same field)
     */
    int readInvalidatedRkey();

    /** @return the local queue pair number; requires {@link CompletionField#QP_NUM} */
    int readQpNum();

    /** @return the source queue pair number (UD); requires {@link CompletionField#SRC_QP} */
    int readSrcQp();

    /** @return the {@link WcFlag} bits of the current completion; requires nothing extra, as in rdma-core */
    int readWcFlags();

    /**
     * Reads the P_Key index of the current completion. {@code ibv_create_cq_ex(3)} documents
     * {@code ibv_wc_read_pkey_index}, but rdma-core implements no such function and no wc_flag requests
     * it: providers whose native queue cannot supply it throw {@link UnsupportedVerbException}.
     *
     * @return the P_Key index
     */
    int readPkeyIndex();

    /** @return the source LID; requires {@link CompletionField#SLID} */
    int readSlid();

    /** @return the service level; requires {@link CompletionField#SL} */
    int readSl();

    /** @return the destination LID path bits; requires {@link CompletionField#DLID_PATH_BITS} */
    int readDlidPathBits();

    /** @return the completion timestamp in device clock units; requires {@link CompletionField#COMPLETION_TIMESTAMP} */
    long readCompletionTs();

    /**
     * @return the completion timestamp in wall-clock nanoseconds; requires
     *     {@link CompletionField#COMPLETION_TIMESTAMP_WALLCLOCK}
     */
    long readCompletionWallclockNs();

    /** @return the customer VLAN tag; requires {@link CompletionField#CVLAN} */
    int readCvlan();

    /** @return the flow tag; requires {@link CompletionField#FLOW_TAG} */
    int readFlowTag();

    /**
     * Reads the tag-matching information of the current completion (C {@code ibv_wc_read_tm_info});
     * requires {@link CompletionField#TM_INFO}.
     *
     * @param into the holder to fill
     */
    void readTmInfo(TmInfo into);

    /**
     * Reads the sender's GID when its address handle is unknown (C {@code efadv_wc_read_sgid});
     * requires {@link ExtraCompletionField#SOURCE_GID}. Only a receive completion ({@link WcOpcode#RECV})
     * carries it: for any other opcode the field is not available and nothing is read.
     *
     * @param into 16 bytes of memory to receive the raw GID
     * @return {@code true} if the GID was written, {@code false} if the sender's address handle is known
     *     (C {@code -ENOENT}) or the completion is not a {@link WcOpcode#RECV}
     */
    boolean readSourceGid(MemorySegment into);

    /**
     * @return whether the current receive completion is unsolicited, i.e. has no matching receive
     *     request (C {@code efadv_wc_is_unsolicited}); requires {@link ExtraCompletionField#UNSOLICITED}
     */
    boolean readIsUnsolicited();
}
