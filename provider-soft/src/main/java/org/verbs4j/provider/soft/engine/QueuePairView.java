package org.verbs4j.provider.soft.engine;

import java.util.ArrayDeque;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEventType;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * A queue pair as the engine sees it: its attributes, its queues, and the completions and state changes
 * that executing its work produces. Implemented by the soft queue pair alone, so that every call stays
 * monomorphic; every call holds the fabric lock.
 */
public interface QueuePairView {

    /** Its QP number. */
    int qpNum();

    /** Its transport. */
    QpType type();

    /** Its state. */
    QpState state();

    /** Whether it was destroyed. */
    boolean isClosed();

    /** Its attributes ({@code ibv_query_qp}). */
    QpAttributes query(Set<QpAttrMask> mask);

    /** The fabric of its device. */
    FabricView fabric();

    /** Its context. */
    ContextView softContext();

    /** Its protection domain. */
    ProtectionDomainView softPd();

    /** Its receive completion queue. */
    CompletionQueueView softRecvCq();

    /** Its shared receive queue, or null. */
    SharedReceiveQueueView softSrq();

    /**
     * The connected queue pair of the JVM at the other end, if it answers (connected back, accepting messages), or
     * null.
     */
    QueuePairView connectedPeer();

    /** Its {@code dest_qp_num}. */
    int destQpNum();

    /** Its {@code qkey}. */
    int qkey();

    /** Its path ({@code ah_attr}). */
    AhAttributes path();

    /** Its path MTU in bytes. */
    int pathMtuBytes();

    /** Its service level. */
    int serviceLevel();

    /** Its {@code rnr_retry}. */
    int rnrRetry();

    /** Its {@code min_rnr_timer}. */
    int minRnrTimer();

    /** Whether it is RC or XRC. */
    boolean reliable();

    /** Whether it was created with {@code sq_sig_all}. */
    boolean sqSigAll();

    /** Whether its remote access flags allow {@code access}. */
    boolean allowsRemote(AccessFlag access);

    /** Whether it was created to block the multicast datagrams it sends itself. */
    boolean blocksSelfMulticast();

    /** Whether an incoming RDMA WRITE with immediate data consumes no receive request. */
    boolean unsolicitedWriteRecv();

    /** Whether its receives go through a tag-matching SRQ. */
    boolean matchesTags();

    /** Whether {@code srqNum} names an open XRC SRQ of its XRC domain, which then receives the request. */
    boolean deliverTo(int srqNum);

    /** Whether it accepts incoming messages (RTR and later, not ERR). */
    boolean canReceive();

    /** Its send queue. */
    SendQueue sendQueue();

    /** The receive requests the responder consumes: its own, or those of its SRQ or XRC SRQ. */
    ReceiveQueue receiveQueue();

    /** Its own receive queue if its receives use it (no shared receive queue), otherwise null. */
    ReceiveQueue ownReceiveQueue();

    /**
     * Takes the request at the head of {@link #receiveQueue()}, which must not be empty.
     *
     * @return its work request id
     */
    long takeReceive();

    /** The requester's state for it. */
    RequesterState requesterState();

    /** The requesters waiting for a receive request of this queue pair after an RNR NAK. */
    ArrayDeque<QueuePairView> rnrWaiters();

    /** Starts a send completion. */
    Completion startSend(long wrId, WcStatus status, WcOpcode opcode);

    /** Starts a receive completion. */
    Completion startReceive(long wrId, WcStatus status, WcOpcode opcode);

    /** Publishes a send completion; an overrun moves the queue pair to ERROR. @return whether it was published */
    boolean completeSend(Completion c);

    /** Publishes a receive completion; an overrun moves the queue pair to ERROR. */
    void completeReceive(Completion c);

    /**
     * Gives the requests posted after the head to its network connection while the head waits for its answer
     * there, so that many are on the wire; nothing for a queue pair without one.
     */
    void handAhead();

    /** Moves it to ERROR with {@code event}. */
    void enterError(AsyncEventType event);

    /** Flushes its send queue. */
    void flushSend();
}
