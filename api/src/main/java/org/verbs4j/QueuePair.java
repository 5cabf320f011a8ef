package org.verbs4j;

import java.util.Optional;
import java.util.Set;

/**
 * An extended queue pair (C {@code struct ibv_qp} with {@code struct ibv_qp_ex}).
 *
 * <p>A new queue pair is in {@link QpState#RESET}. {@link #modify} moves it through the state
 * machine of {@code ibv_modify_qp(3)}: each transition requires and allows certain attributes, and
 * a modify that breaks the rules fails with {@link InvalidArgumentException} and changes nothing.
 * Receives may be posted from {@link QpState#INIT} on; sends are refused in {@link QpState#RESET},
 * {@link QpState#INIT} and {@link QpState#RTR}, execute in {@link QpState#RTS}, wait in
 * {@link QpState#SQD}, and in {@link QpState#ERR} every outstanding request, and every request posted
 * then, completes with {@link WcStatus#WR_FLUSH_ERR}, signaled or not.
 *
 * <h2>The attributes of each transition</h2>
 * The rules of {@code ibv_modify_qp(3)} (the kernel's {@code qp_state_table}), by the
 * {@link QpAttributes} setter and, in brackets, the C mask bit that errors name. Besides
 * {@link QpAttributes#qpState qpState}, a transition needs every required attribute and accepts
 * only the required and optional ones. A modify without {@code qpState} stays in the current state.
 * <table class="striped">
 *   <caption>Required (R) and optional (o) attributes of ibv_modify_qp</caption>
 *   <thead><tr><th>transition</th><th>UD</th><th>UC</th><th>RC</th></tr></thead>
 *   <tbody>
 *   <tr><td>RESET&rarr;INIT</td>
 *       <td>R: {@code pkeyIndex} (PKEY_INDEX), {@code portNum} (PORT), {@code qkey} (QKEY)</td>
 *       <td>R: {@code pkeyIndex}, {@code portNum}, {@code qpAccessFlags} (ACCESS_FLAGS)</td>
 *       <td>as UC</td></tr>
 *   <tr><td>INIT&rarr;INIT</td><td>o: {@code pkeyIndex}, {@code portNum}, {@code qkey}</td>
 *       <td>o: {@code pkeyIndex}, {@code portNum}, {@code qpAccessFlags}</td><td>as UC</td></tr>
 *   <tr><td>INIT&rarr;RTR</td><td>o: {@code pkeyIndex}, {@code qkey}</td>
 *       <td>R: {@code ahAttr} (AV), {@code pathMtu} (PATH_MTU), {@code destQpNum} (DEST_QPN),
 *           {@code rqPsn} (RQ_PSN); o: {@code altAhAttr} (ALT_PATH), {@code qpAccessFlags}, {@code pkeyIndex}</td>
 *       <td>R: as UC, and {@code maxDestRdAtomic} (MAX_DEST_RD_ATOMIC), {@code minRnrTimer} (MIN_RNR_TIMER);
 *           o: as UC</td></tr>
 *   <tr><td>RTR&rarr;RTS</td><td>R: {@code sqPsn} (SQ_PSN); o: {@code curQpState} (CUR_STATE), {@code qkey}</td>
 *       <td>R: {@code sqPsn}; o: {@code curQpState}, {@code altAhAttr}, {@code qpAccessFlags},
 *           {@code pathMigState} (PATH_MIG_STATE)</td>
 *       <td>R: {@code sqPsn}, {@code timeout} (TIMEOUT), {@code retryCnt} (RETRY_CNT), {@code rnrRetry}
 *           (RNR_RETRY), {@code maxRdAtomic} (MAX_QP_RD_ATOMIC); o: as UC, and {@code minRnrTimer}</td></tr>
 *   <tr><td>RTS&rarr;RTS, SQD&rarr;RTS</td><td>o: {@code curQpState}, {@code qkey}</td>
 *       <td>o: {@code curQpState}, {@code qpAccessFlags}, {@code altAhAttr}, {@code pathMigState}</td>
 *       <td>o: as UC, and {@code minRnrTimer}</td></tr>
 *   <tr><td>RTS&rarr;SQD</td><td colspan="3">o: {@code enSqdAsyncNotify} (EN_SQD_ASYNC_NOTIFY)</td></tr>
 *   <tr><td>SQD&rarr;SQD</td><td>o: {@code pkeyIndex}, {@code qkey}</td>
 *       <td>o: {@code ahAttr}, {@code altAhAttr}, {@code qpAccessFlags}, {@code pkeyIndex}, {@code pathMigState}</td>
 *       <td>o: as UC, and {@code portNum}, {@code timeout}, {@code retryCnt}, {@code rnrRetry},
 *           {@code maxRdAtomic}, {@code maxDestRdAtomic}, {@code minRnrTimer}</td></tr>
 *   <tr><td>any &rarr; RESET or ERR</td><td colspan="3">no other attribute</td></tr>
 *   </tbody>
 * </table>
 * Every state may go to RESET, and every state but RESET to ERR; no other transition is valid.
 * {@code curQpState} is accepted only from RTR, RTS, SQD and SQE. {@link QpAttrMask#setters()} maps
 * each mask bit to its setters.
 *
 * <p>Closing it (C {@code ibv_destroy_qp}) fails with {@link BusyException} while it is attached to a
 * multicast group, and waits until its asynchronous events are acknowledged.
 */
public interface QueuePair extends VerbsObject {

    /** @return the context the queue pair belongs to */
    Context context();

    /** @return the queue pair number (C {@code qp_num}) */
    int qpNum();

    /** @return the transport service type */
    QpType type();

    /** @return the consumer context given at creation, or {@code null} */
    Object qpContext();

    /** @return the protection domain (or parent domain), {@code null} for an {@link QpType#XRC_RECV} queue pair */
    ProtectionDomain protectionDomain();

    /** @return the completion queue of the send queue, {@code null} for an {@link QpType#XRC_RECV} queue pair */
    CompletionQueue sendCq();

    /**
     * @return the completion queue of the receive queue, {@code null} for the XRC types (their receive
     *     completions go to the completion queue of the XRC shared receive queue)
     */
    CompletionQueue recvCq();

    /** @return the shared receive queue, if the queue pair uses one */
    Optional<SharedReceiveQueue> srq();

    /** @return the actual queue sizes, at least the requested ones */
    QpCapabilities capabilities();

    /** @return the current state, as the provider last knew it (C {@code ibv_qp.state}) */
    QpState state();

    /**
     * Modifies the queue pair (C {@code ibv_modify_qp}); the attribute mask is
     * {@link QpAttributes#mask()}, the attributes that were set.
     *
     * @param attributes the attributes to change, including the new state for a transition
     * @throws InvalidArgumentException if the transition is not valid, a required attribute is missing
     *     or an attribute is not allowed for it; the message names the transition, the mask (each bit with
     *     its setters, as {@link QpAttrMask#describe()} does) and what is missing or not allowed, for example
     *     {@code "RC RESET -> INIT with mask [STATE (qpState), PKEY_INDEX (pkeyIndex)]: missing required
     *     [ACCESS_FLAGS (qpAccessFlags), PORT (portNum)]"}
     */
    void modify(QpAttributes attributes);

    /**
     * Queries the queue pair (C {@code ibv_query_qp}).
     *
     * @param mask the attributes wanted; a provider may fill more
     * @return the current attributes
     */
    QpAttributes query(Set<QpAttrMask> mask);

    /**
     * Posts a linked list of receive requests (C {@code ibv_post_recv}).
     *
     * @param first the first request; {@link ReceiveRequest#next()} links the rest
     * @throws InvalidArgumentException if the queue pair is in {@link QpState#RESET} or a request has
     *     too many scatter/gather entries; {@link VerbsException#failedRequest()} is the failing request
     * @throws OutOfResourcesException if the receive queue is full
     */
    void postReceive(ReceiveRequest first);

    /**
     * @return the send-ops API of this queue pair (C {@code ibv_qp_to_qp_ex}), limited to the
     *     {@link QpInitAttributes#sendOpsFlags()} requested at creation
     * @throws UnsupportedVerbException if the queue pair was created without send-ops flags
     */
    SendOps sendOps();

    /**
     * Attaches the queue pair to a multicast group (C {@code ibv_attach_mcast}); UD only.
     *
     * @param gid the multicast GID
     * @param lid the multicast LID
     */
    void attachMulticast(Gid gid, int lid);

    /**
     * Detaches the queue pair from a multicast group (C {@code ibv_detach_mcast}).
     *
     * @param gid the multicast GID
     * @param lid the multicast LID
     */
    void detachMulticast(Gid gid, int lid);
}
