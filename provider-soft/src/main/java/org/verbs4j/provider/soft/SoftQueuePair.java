package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AccessFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.Flags;
import org.verbs4j.Gid;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpCreateFlag;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqType;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Completion;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.ReceiveQueue;
import org.verbs4j.provider.soft.engine.RequesterState;
import org.verbs4j.provider.soft.engine.SendOpcode;
import org.verbs4j.provider.soft.engine.SendQueue;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.wire.GroupAddress;
import org.verbs4j.provider.soft.wire.NetworkConnection;
import org.verbs4j.provider.soft.wire.NetworkPort;
import org.verbs4j.provider.soft.wire.NetworkQueuePair;
import org.verbs4j.spi.QpTransitionRules;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * A queue pair of the soft device: its state machine and attributes, its send queue (posted through
 * {@link SoftSendOps}) and its receive queue (or shared receive queue). An XRC_SEND queue pair has no
 * receive side; an XRC_RECV queue pair has only an XRC domain, and a request it receives uses the XRC SRQ
 * the request addresses ({@link #deliverTo}): its receive requests, protection domain and completion queue.
 * Transitions, posts and the execution of requests happen under the fabric lock.
 */
public final class SoftQueuePair extends SoftObject implements QueuePair, EventSubject, NetworkQueuePair {

    private static final String CREATE = "ibv_create_qp_ex";
    private static final String MODIFY = "ibv_modify_qp";
    private static final String POST_RECV = "ibv_post_recv";
    private static final String DESTROY = "ibv_destroy_qp";

    private final SoftContext context;
    private final SoftFabric fabric;
    private final SoftProtectionDomain pd;
    private final SoftCompletionQueue sendCq;
    private final SoftCompletionQueue recvCq;
    private final SoftSharedReceiveQueue srq;
    private final SoftXrcDomain xrcd;
    private final QpType type;
    /** RC or XRC: errors are NAKed, an empty receive queue is RNR-NAKed. */
    private final boolean reliable;
    private final boolean unsolicitedWriteRecv;
    private final Object qpContext;
    private final QpCapabilities capabilities;
    private final boolean sqSigAll;
    private final boolean blockSelfMulticast;
    private final int qpNum;
    private final SendQueue sendQueue;
    private final ReceiveQueue receiveQueue;
    private final ArrayDeque<QueuePairView> rnrWaiters = new ArrayDeque<>();
    private final SoftSendOps sendOps;
    /** Where a completion that its queue cannot take (overrun) is built, then dropped. */
    private final Completion lost = new Completion();
    private final EventAccount asyncEvents = new EventAccount("asynchronous");

    private volatile QpState state = QpState.RESET;
    private final QpAttributeStore attributes = new QpAttributeStore();
    private int multicastAttachments;
    private final RequesterState requesterState = new RequesterState();
    /** Its RoCE v2 connection while its peer is outside the JVM (RC, UC), else {@code null}. */
    private NetworkConnection connection;
    /** The queue pair found at the destination, kept until the next modify; {@code null}: look it up. */
    private SoftQueuePair peer;
    /** The domain of the access checks: {@link #pd}'s (a parent domain's PD), or (XRC_RECV) the XRC SRQ's. */
    private SoftProtectionDomain accessDomain;
    /** The shared receive queue its receives use: {@link #srq}, (XRC_RECV) the XRC SRQ, or {@code null}. */
    private SoftSharedReceiveQueue sharedQueue;
    /** The completion queue of its receives: {@link #recvCq}, or (XRC_RECV) the XRC SRQ's. */
    private SoftCompletionQueue receiveCq;

    /** The objects a queue pair uses; what its type has not is {@code null}. */
    private record Parts(SoftProtectionDomain pd, SoftCompletionQueue sendCq, SoftCompletionQueue recvCq,
                         SoftSharedReceiveQueue srq, SoftXrcDomain xrcd) {
    }

    private SoftQueuePair(SoftContext context, QpInitAttributes init, Parts parts) {
        super(DESTROY, "queue pair", context.device().name());
        this.context = context;
        this.fabric = context.fabric();
        this.pd = parts.pd;
        this.sendCq = parts.sendCq;
        this.recvCq = parts.recvCq;
        this.srq = parts.srq;
        this.xrcd = parts.xrcd;
        this.accessDomain = pd == null ? null : pd.domain();
        this.sharedQueue = srq;
        this.receiveCq = recvCq;
        this.type = init.qpType();
        this.reliable = type == QpType.RC || isXrc(type);
        this.unsolicitedWriteRecv = init.unsolicitedWriteRecv();
        this.qpContext = init.qpContext();
        this.capabilities = actualCapabilities(init);
        this.sqSigAll = init.sqSigAll();
        this.blockSelfMulticast = init.createFlags().contains(QpCreateFlag.BLOCK_SELF_MCAST_LB);
        this.sendQueue = new SendQueue(capabilities.maxSendWr(), capabilities.maxSendSge(),
                capabilities.maxInlineData());
        this.receiveQueue = srq == null && !isXrc(type) ? new ReceiveQueue(capabilities.maxRecvWr(),
                capabilities.maxRecvSge(), "max_recv_sge", "the receive queue") : null;
        this.sendOps = init.sendOpsFlags().isEmpty() ? null
                : new SoftSendOps(this, Flags.toBits(init.sendOpsFlags()));
        int number = fabric.queuePairs().add(this);
        if (number < 0) {
            throw Failures.noMemory(CREATE, "no queue pair number left");
        }
        this.qpNum = number;
    }

    /** The sizes the queue pair really has: no receive queue with an SRQ, no queues at all for XRC_RECV. */
    private static QpCapabilities actualCapabilities(QpInitAttributes init) {
        QpCapabilities requested = init.cap();
        if (init.qpType() == QpType.XRC_RECV) {
            return new QpCapabilities(0, 0, 0, 0, 0);
        }
        boolean ownReceiveQueue = init.srq() == null && init.qpType() != QpType.XRC_SEND;
        return new QpCapabilities(requested.maxSendWr(), ownReceiveQueue ? requested.maxRecvWr() : 0,
                requested.maxSendSge(), ownReceiveQueue ? requested.maxRecvSge() : 0, requested.maxInlineData());
    }

    static SoftQueuePair create(SoftContext context, QpInitAttributes attributes) {
        context.ensureOpen(CREATE);
        validate(attributes);
        Parts parts = switch (attributes.qpType()) {
            case XRC_SEND -> xrcSendParts(context, attributes);
            case XRC_RECV -> new Parts(null, null, null, null,
                    own(context, attributes.xrcDomain(), SoftXrcDomain.class, "the XRC domain"));
            default -> ordinaryParts(context, attributes);
        };
        SoftQueuePair qp = new SoftQueuePair(context, attributes, parts);
        context.retain(CREATE);
        for (SoftObject used : new SoftObject[] {parts.pd, parts.sendCq, parts.recvCq, parts.srq, parts.xrcd}) {
            if (used != null) {
                used.retain(CREATE);
            }
        }
        return created(qp);
    }

    private static Parts ordinaryParts(SoftContext context, QpInitAttributes attributes) {
        SoftSharedReceiveQueue srq = attributes.srq() == null ? null
                : own(context, attributes.srq(), SoftSharedReceiveQueue.class, "the shared receive queue");
        if (srq != null && srq.type() == SrqType.TM && attributes.qpType() != QpType.RC) {
            throw Failures.invalid(CREATE, "only RC queue pairs can use a tag-matching SRQ");
        }
        if (srq != null && srq.type() == SrqType.XRC) {
            throw Failures.invalid(CREATE, "an XRC SRQ receives through XRC_RECV queue pairs only");
        }
        return new Parts(own(context, attributes.pd(), SoftProtectionDomain.class, "the protection domain"),
                own(context, attributes.sendCq(), SoftCompletionQueue.class, "the send completion queue"),
                own(context, attributes.recvCq(), SoftCompletionQueue.class, "the receive completion queue"), srq,
                null);
    }

    private static Parts xrcSendParts(SoftContext context, QpInitAttributes attributes) {
        return new Parts(own(context, attributes.pd(), SoftProtectionDomain.class, "the protection domain"),
                own(context, attributes.sendCq(), SoftCompletionQueue.class, "the send completion queue"), null, null,
                null);
    }

    /**
     * {@link SoftContext#own}, and the object must belong to {@code context}. A chain of {@code instanceof}
     * rather than a type switch, whose bootstrap would load every class it names: while no shared receive
     * queue exists, its class stays unloaded and the JIT drops the data path's SRQ branches (measured: about
     * 4 ns of the 55 ns of a streamed SEND).
     */
    private static <T extends SoftObject> T own(SoftContext context, Object object, Class<T> type, String what) {
        T owned = context.own(CREATE, object, type, what);
        SoftContext owner = owned instanceof SoftProtectionDomain pd ? pd.softContext()
                : owned instanceof SoftCompletionQueue cq ? cq.softContext()
                : owned instanceof SoftSharedReceiveQueue srq ? srq.softContext()
                : owned instanceof SoftXrcDomain xrcd ? xrcd.softContext() : context;
        if (owner != context) {
            throw Failures.invalid(CREATE, what + " belongs to another context");
        }
        return owned;
    }

    private static void validate(QpInitAttributes attributes) {
        QpType type = attributes.qpType();
        if (type != QpType.RC && type != QpType.UC && type != QpType.UD && !isXrc(type)) {
            throw Failures.unsupported(CREATE, "the soft device has no " + type + " queue pairs");
        }
        validateXrc(attributes);
        EnumSet<QpCreateFlag> unsupported = EnumSet.allOf(QpCreateFlag.class);
        unsupported.remove(QpCreateFlag.BLOCK_SELF_MCAST_LB);
        unsupported.retainAll(attributes.createFlags());
        if (!unsupported.isEmpty()) {
            throw Failures.unsupported(CREATE, "the soft device does not support the create flags " + unsupported);
        }
        if (attributes.indirectionTable() != null || attributes.rxHashConf() != null || attributes.sourceQpn() != 0
                || attributes.maxTsoHeader() != 0) {
            throw Failures.unsupported(CREATE, "the soft device has no RSS, source QPN or TSO");
        }
        if (attributes.unsolicitedWriteRecv() && type == QpType.UD) {
            throw Failures.invalid(CREATE, "a UD queue pair receives no RDMA writes, so it has no unsolicited ones");
        }
        for (SendOpsFlag flag : attributes.sendOpsFlags()) {
            SendOpcode opcode = SendOpcode.of(flag);
            if (opcode == null || !opcode.validFor(type)) {
                throw Failures.unsupported(CREATE, "a " + type + " queue pair cannot post " + flag);
            }
        }
        QpCapabilities cap = attributes.cap();
        if (cap == null) {
            throw Failures.invalid(CREATE, "the queue sizes are missing");
        }
        checkRange(cap.maxSendWr(), DeviceProfile.MAX_QP_WR, "max_send_wr");
        checkRange(cap.maxSendSge(), DeviceProfile.MAX_SGE, "max_send_sge");
        checkRange(cap.maxInlineData(), DeviceProfile.MAX_INLINE_DATA, "max_inline_data");
        if (attributes.srq() == null && !isXrc(type)) {
            // ibv_create_qp_ex(3): the receive sizes are ignored when the QP uses a shared receive queue.
            checkRange(cap.maxRecvWr(), DeviceProfile.MAX_QP_WR, "max_recv_wr");
            checkRange(cap.maxRecvSge(), DeviceProfile.MAX_SGE, "max_recv_sge");
        }
    }

    /** XRC_SEND has no receive CQ, SRQ or XRC domain; XRC_RECV has only an XRC domain. */
    private static void validateXrc(QpInitAttributes a) {
        boolean misused = switch (a.qpType()) {
            case XRC_SEND -> a.recvCq() != null || a.srq() != null || a.xrcDomain() != null;
            case XRC_RECV -> a.pd() != null || a.sendCq() != null || a.recvCq() != null || a.srq() != null
                    || !a.sendOpsFlags().isEmpty() || a.xrcDomain() == null;
            default -> a.xrcDomain() != null;
        };
        if (misused) {
            throw Failures.invalid(CREATE, "an XRC_SEND queue pair has a protection domain and a send CQ only, an "
                    + "XRC_RECV queue pair only an XRC domain, and no other type has an XRC domain");
        }
    }

    static boolean isXrc(QpType type) {
        return type == QpType.XRC_SEND || type == QpType.XRC_RECV;
    }

    private static void checkRange(int value, int limit, String name) {
        if (value < 0 || value > limit) {
            throw Failures.invalid(CREATE, name + " " + value + " is not in [0, " + limit + "]");
        }
    }

    // ---- accessors ----

    @Override
    public Context context() {
        return context;
    }

    public SoftContext softContext() {
        return context;
    }

    public SoftFabric fabric() {
        return fabric;
    }

    @Override
    public int qpNum() {
        return qpNum;
    }

    @Override
    public QpType type() {
        return type;
    }

    @Override
    public Object qpContext() {
        return qpContext;
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    /** @return the domain of the access checks: of its protection domain, or of the XRC SRQ it delivers to */
    public SoftProtectionDomain softPd() {
        return accessDomain;
    }

    @Override
    public CompletionQueue sendCq() {
        return sendCq;
    }

    @Override
    public CompletionQueue recvCq() {
        return recvCq;
    }

    public SoftCompletionQueue softRecvCq() {
        return recvCq;
    }

    @Override
    public Optional<SharedReceiveQueue> srq() {
        return Optional.ofNullable(srq);
    }

    /** @return the SRQ its receives use: the one it was created with, or the XRC SRQ it delivers to */
    public SoftSharedReceiveQueue softSrq() {
        return sharedQueue;
    }

    /**
     * @return whether its receives go through a tag-matching SRQ (a boolean, not the SRQ: the data path can
     *     inline it while no SRQ class is loaded)
     */
    public boolean matchesTags() {
        return sharedQueue != null && sharedQueue.tagMatcher() != null;
    }

    /** @return whether the transport is reliable (RC and XRC): errors are NAKed, an empty queue RNR-NAKed */
    public boolean reliable() {
        return reliable;
    }

    /** @return the type of the queue pair at the other end of a connection */
    QpType peerType() {
        return switch (type) {
            case XRC_SEND -> QpType.XRC_RECV;
            case XRC_RECV -> QpType.XRC_SEND;
            default -> type;
        };
    }

    /**
     * Chooses the XRC SRQ an incoming request of an XRC_RECV queue pair uses: its receive requests, domain
     * and completion queue, kept in the fields the data path reads (set once at creation for the other
     * types) until the next request, and for the RNR wait on that SRQ; fabric lock held.
     *
     * @param srqNum the SRQ number the XRC_SEND request carries
     * @return whether it is an open XRC SRQ of this queue pair's XRC domain
     */
    public boolean deliverTo(int srqNum) {
        SoftSharedReceiveQueue target = fabric.xrcSrqs().get(srqNum);
        if (target == null || target.isClosed() || target.xrcDomain() != xrcd) {
            return false;
        }
        sharedQueue = target;
        accessDomain = target.softPd();
        receiveCq = target.softCq();
        return true;
    }

    @Override
    public QpCapabilities capabilities() {
        return capabilities;
    }

    @Override
    public QpState state() {
        return state;
    }

    @Override
    public EventAccount asyncEvents() {
        return asyncEvents;
    }

    public SendQueue sendQueue() {
        return sendQueue;
    }

    public boolean sqSigAll() {
        return sqSigAll;
    }

    public int qkey() {
        return attributes.qkey();
    }

    public int destQpNum() {
        return attributes.destQpNum();
    }

    public int pathMtuBytes() {
        return attributes.pathMtuBytes();
    }

    /** @return the service level of the primary path, 0 without one */
    public int serviceLevel() {
        AhAttributes path = attributes.ahAttr();
        return path == null ? 0 : path.sl();
    }

    public int rnrRetry() {
        return attributes.rnrRetry();
    }

    public int minRnrTimer() {
        return attributes.minRnrTimer();
    }

    public boolean blocksSelfMulticast() {
        return blockSelfMulticast;
    }

    public boolean allowsRemote(AccessFlag access) {
        return attributes.allowsRemote(access);
    }

    /** @return whether an incoming RDMA_WRITE_WITH_IMM consumes no receive request */
    public boolean unsolicitedWriteRecv() {
        return unsolicitedWriteRecv;
    }

    /**
     * The connected queue pair at the other end, if it answers: it has the destination number and the
     * matching type ({@link #peerType()}), its device owns the destination GID, it accepts messages and it
     * is connected back to this one. The lookup is kept until the next modify; the state checks run every
     * time. Wire lock held.
     *
     * @return the peer, or {@code null} if it does not answer
     */
    public SoftQueuePair connectedPeer() {
        SoftQueuePair found = peer;
        if (found == null) {
            found = lookUpPeer();
            if (found == null) {
                return null;
            }
            peer = found;
        }
        return !found.isClosed() && found.canReceive() && found.destQpNum() == qpNum ? found : null;
    }

    private SoftQueuePair lookUpPeer() {
        SoftQueuePair found = fabric.queuePairs().get(attributes.destQpNum());
        AhAttributes path = attributes.ahAttr();
        if (found == null || found.type != peerType() || path == null || !found.context.ownsGid(path.grh().dgid())
                || !fabric.keepsInJvm(path.grh().dgid())) {
            return null;
        }
        return found;
    }

    /** @return whether the queue pair accepts incoming messages (RTR and later, not ERR) */
    public boolean canReceive() {
        QpState current = state;
        return current == QpState.RTR || current == QpState.RTS || current == QpState.SQD || current == QpState.SQE;
    }

    /** @return the receive requests the responder consumes: its own, or those of its SRQ or XRC SRQ */
    public ReceiveQueue receiveQueue() {
        return sharedQueue != null ? sharedQueue.queue() : receiveQueue;
    }

    /** @return its own receive queue if its receives use it (no shared receive queue), otherwise {@code null} */
    public ReceiveQueue ownReceiveQueue() {
        return sharedQueue == null ? receiveQueue : null;
    }

    /** @return the requesters waiting for a receive request after an RNR NAK */
    public ArrayDeque<QueuePairView> rnrWaiters() {
        return sharedQueue != null ? sharedQueue.rnrWaiters() : rnrWaiters;
    }

    /**
     * Takes the receive request at the head of {@link #receiveQueue()}, which must not be empty, and fires
     * the shared receive queue's limit event when it is due; fabric lock held.
     *
     * @return the work request id of the request
     */
    public long takeReceive() {
        long wrId = receiveQueue().take();
        if (sharedQueue != null) {
            sharedQueue.consumed();
        }
        return wrId;
    }

    /** @return the requester's state of this queue pair, which the engine keeps; fabric lock held */
    public RequesterState requesterState() {
        return requesterState;
    }

    /** @return its RoCE v2 connection to a peer outside the JVM, or {@code null}; fabric lock held */
    public NetworkConnection connection() {
        return connection;
    }

    @Override
    public void handAhead() {
        if (connection != null) {
            connection.handAhead();
        }
    }

    /** Gives it the RoCE v2 connection to its peer outside the JVM; fabric lock held. */
    public void connection(NetworkConnection opened) {
        connection = opened;
    }

    /** Stops its RoCE v2 connection, if any: what arrives for it later is dropped. */
    private void dropConnection() {
        if (connection != null) {
            connection.stop();
            connection = null;
        }
    }

    /** @return the primary path (the address vector of RTR), or {@code null} */
    public AhAttributes path() {
        return attributes.ahAttr();
    }

    /** Retries the requesters blocked on this responder (it no longer answers, or got receives). */
    private void wakeWaiters() {
        if (receiveQueue != null) {
            fabric.requester().wakeRnrWaiters(rnrWaiters);
        } else if (type == QpType.XRC_RECV && sharedQueue != null) {
            fabric.requester().wakeRnrWaiters(sharedQueue.rnrWaiters());
        }
    }

    // ---- modify and query ----

    @Override
    public void modify(QpAttributes requested) {
        ensureOpen(MODIFY);
        Set<QpAttrMask> mask = Failures.required(MODIFY, requested, "the attributes").mask();
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            QpState current = state;
            String problem = QpTransitionRules.check(type, current, mask, requested.qpState());
            if (problem == null) {
                problem = attributes.check(context, requested, mask, current);
            }
            if (problem != null) {
                throw Failures.invalid(MODIFY,
                        QpTransitionRules.describe(type, current, mask, requested.qpState()) + ": " + problem);
            }
            attributes.apply(requested, mask);
            peer = null;
            if (mask.contains(QpAttrMask.STATE)) {
                transition(current, requested.qpState());
            }
        } finally {
            fabricLock.unlock();
        }
    }

    private void transition(QpState from, QpState to) {
        state = to;
        VerbsEvents.qpStateChanged(context.device().name(), qpNum, from, to);
        switch (to) {
            case RESET -> reset();
            case ERR -> {
                if (from != QpState.ERR) {
                    flushAll();
                }
            }
            case RTS -> fabric.requester().progress(this);
            case SQD -> {
                if (from == QpState.RTS && attributes.enSqdAsyncNotify()) {
                    context.events().post(AsyncEventType.SQ_DRAINED, this, 0);
                }
            }
            default -> {
                // INIT and RTR need no action.
            }
        }
    }

    private void reset() {
        sendQueue.discard();
        if (receiveQueue != null) {
            receiveQueue.clear();
        }
        requesterState.abandon(this);
        dropConnection();
        wakeWaiters();
        attributes.reset();
    }

    /**
     * Moves the queue pair to the error state after a failure, flushing every outstanding request; fabric
     * lock held.
     *
     * @param event the asynchronous event to raise about it, or {@code null}
     */
    public void enterError(AsyncEventType event) {
        if (state == QpState.ERR || state == QpState.RESET) {
            return;
        }
        state = QpState.ERR;
        if (event != null) {
            context.events().post(event, this, 0);
        }
        flushAll();
    }

    private void flushAll() {
        requesterState.abandon(this);
        dropConnection();
        flushSend();
        wakeWaiters();
        if (receiveQueue != null) {
            while (!receiveQueue.isEmpty()) {
                completeReceive(startReceive(takeReceive(), WcStatus.WR_FLUSH_ERR, WcOpcode.RECV));
            }
        } else if (srq != null) {
            context.events().post(AsyncEventType.QP_LAST_WQE_REACHED, this, 0);
        }
    }

    /**
     * Completes every posted, unexecuted send request with WR_FLUSH_ERR, signaled or not; nothing while the
     * request at the head executes ({@link RequesterState#executingHead}), whose requester flushes after
     * completing it.
     */
    public void flushSend() {
        if (requesterState.executingHead()) {
            return;
        }
        while (sendQueue.hasPending()) {
            long position = sendQueue.executed;
            SendWqe wqe = sendQueue.slot(position);
            sendQueue.executed = position + 1;
            Completion c = startSend(wqe.wrId, WcStatus.WR_FLUSH_ERR, wqe.opcode.completionOpcode());
            c.sendQueue = sendQueue;
            c.sendPosition = position + 1;
            completeSend(c);
        }
    }

    /**
     * Starts a send completion in the next entry of the send completion queue (to be finished with
     * {@link #completeSend}); fabric lock held.
     */
    public Completion startSend(long wrId, WcStatus status, WcOpcode opcode) {
        return start(sendCq, wrId, status, opcode);
    }

    /**
     * Starts a receive completion in the next entry of the receive completion queue (to be finished with
     * {@link #completeReceive}); fabric lock held.
     */
    public Completion startReceive(long wrId, WcStatus status, WcOpcode opcode) {
        return start(receiveCq, wrId, status, opcode);
    }

    private Completion start(SoftCompletionQueue cq, long wrId, WcStatus status, WcOpcode opcode) {
        Completion entry = cq.reserve();
        return (entry == null ? lost : entry).start(wrId, status, opcode, qpNum);
    }

    /**
     * Publishes a send completion; one its queue could not take (overrun) moves the queue pair to error.
     *
     * @return whether it was published (otherwise the queue pair is in error now)
     */
    public boolean completeSend(Completion c) {
        return complete(sendCq, c);
    }

    /** Publishes a receive completion; one its queue could not take (overrun) moves the queue pair to error. */
    public void completeReceive(Completion c) {
        complete(receiveCq, c);
    }

    private boolean complete(SoftCompletionQueue cq, Completion c) {
        if (c == lost) {
            enterError(AsyncEventType.QP_FATAL);
            return false;
        }
        cq.publish(c);
        return true;
    }

    @Override
    public QpAttributes query(Set<QpAttrMask> mask) {
        ensureOpen("ibv_query_qp");
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            QpAttributes a = new QpAttributes().qpState(state).curQpState(state).cap(capabilities);
            attributes.fill(a);
            return a;
        } finally {
            fabricLock.unlock();
        }
    }

    // ---- receive ----

    @Override
    public void postReceive(ReceiveRequest first) {
        ensureOpen(POST_RECV);
        if (receiveQueue == null) {
            throw Failures.invalid(POST_RECV, "the queue pair has no receive queue of its own (it uses a shared "
                    + "receive queue, or is an XRC queue pair)", first);
        }
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            if (state == QpState.RESET) {
                throw Failures.invalid(POST_RECV, "the queue pair is in RESET", first);
            }
            try {
                receiveQueue.post(POST_RECV, first);
            } finally {
                receivesPosted();
            }
        } finally {
            fabricLock.unlock();
        }
    }

    /**
     * Puts the receives just posted to use (also those before a request that failed to post): flushed in
     * ERR, otherwise offered to the requesters that got an RNR NAK.
     */
    private void receivesPosted() {
        if (state == QpState.ERR) {
            flushAll();
        } else {
            fabric.requester().wakeRnrWaiters(rnrWaiters);
        }
    }

    // ---- send ----

    @Override
    public SendOps sendOps() {
        ensureOpen("ibv_qp_to_qp_ex");
        if (sendOps == null) {
            throw Failures.unsupported("ibv_qp_to_qp_ex", "the queue pair was created without send-ops flags");
        }
        return sendOps;
    }

    // ---- multicast ----

    @Override
    public void attachMulticast(Gid gid, int lid) {
        ensureOpen("ibv_attach_mcast");
        checkMulticast("ibv_attach_mcast", gid);
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            if (fabric.multicast().attach(gid, this)) {
                joinOnNetwork(gid);
                multicastAttachments++;
            }
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    public void detachMulticast(Gid gid, int lid) {
        ensureOpen("ibv_detach_mcast");
        checkMulticast("ibv_detach_mcast", gid);
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            if (!fabric.multicast().detach(gid, this)) {
                throw Failures.invalid("ibv_detach_mcast", "the queue pair is not attached to " + gid);
            }
            NetworkPort port = context.softDevice().networkPort();
            if (port != null) {
                port.detach(gid);
            }
            multicastAttachments--;
        } finally {
            fabricLock.unlock();
        }
    }

    /** On a device on the network, the host joins the group (the first QP); if it cannot, the QP is not attached. */
    private void joinOnNetwork(Gid gid) {
        NetworkPort port = context.softDevice().networkPort();
        if (port == null) {
            return;
        }
        try {
            port.attach(gid);
        } catch (RuntimeException e) {
            fabric.multicast().detach(gid, this);
            throw e;
        }
    }

    private void checkMulticast(String verb, Gid gid) {
        if (type != QpType.UD) {
            throw Failures.invalid(verb, "only UD queue pairs join multicast groups");
        }
        if (gid == null || !GroupAddress.isGroup(gid)) {
            throw Failures.invalid(verb, "the GID is not a multicast GID (ff00::/8, or ::ffff:224.0.0.0/100 as"
                    + " RoCE v2 maps IPv4 groups)");
        }
    }

    // ---- lifetime ----

    @Override
    void destroy() {
        long deadline = EventAccount.destroyDeadline();
        if (sendOps != null) {
            sendOps.awaitBatchEnd(DESTROY, deadline);
        }
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            if (multicastAttachments > 0) {
                throw Failures.busy(DESTROY, "the queue pair is attached to " + multicastAttachments
                        + " multicast group(s)");
            }
        } finally {
            fabricLock.unlock();
        }
        asyncEvents.awaitAllAcknowledged(DESTROY, deadline);
        context.events().discard(this); // only once the destroy cannot fail: a refused destroy keeps its events
        fabricLock.lock();
        try {
            requesterState.abandon(this); // likewise its place among the requesters waiting for a receive
            dropConnection();
            state = QpState.RESET;
            fabric.queuePairs().remove(qpNum);
            wakeWaiters();
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    void afterClose() {
        for (SoftObject used : new SoftObject[] {srq, recvCq, sendCq, pd, xrcd}) {
            if (used != null) {
                used.release();
            }
        }
        context.release();
    }

    @Override
    public String toString() {
        return "SoftQueuePair[" + type + " " + qpNum + " " + state + "]";
    }
}
