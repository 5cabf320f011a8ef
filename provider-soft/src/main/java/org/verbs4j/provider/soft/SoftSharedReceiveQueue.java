package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AsyncEventType;
import org.verbs4j.Context;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqAttrMask;
import org.verbs4j.SrqAttributes;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOperation;
import org.verbs4j.SrqType;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.QueuePairView;
import org.verbs4j.provider.soft.engine.ReceiveQueue;
import org.verbs4j.provider.soft.engine.SharedReceiveQueueView;
import org.verbs4j.provider.soft.engine.TagMatcher;

/**
 * A shared receive queue: one pool of receive requests for several queue pairs, with the one-shot limit
 * event; of type {@link SrqType#TM} it also holds the tag-matching list ({@link TagMatcher}). An
 * {@link SrqType#XRC} queue has a number in the fabric ({@link #srqNum()}): XRC_SEND requests address it,
 * through any XRC_RECV queue pair of its XRC domain, and its receives complete on its own completion queue.
 * Used under the fabric lock.
 */
public final class SoftSharedReceiveQueue extends SoftObject
        implements SharedReceiveQueue, EventSubject, SharedReceiveQueueView {

    private static final String CREATE = "ibv_create_srq_ex";
    private static final String POST = "ibv_post_srq_recv";
    private static final String MODIFY = "ibv_modify_srq";
    private static final String DESTROY = "ibv_destroy_srq";

    private final SoftContext context;
    private final SoftFabric fabric;
    private final SoftProtectionDomain pd;
    private final SrqType type;
    private final Object srqContext;
    private final ReceiveQueue queue;
    private final ArrayDeque<QueuePairView> rnrWaiters = new ArrayDeque<>();
    private final EventAccount asyncEvents = new EventAccount("asynchronous");
    private final SoftCompletionQueue cq;
    private final SoftXrcDomain xrcd;
    private final TagMatcher tagMatcher;
    private final int srqNum;
    private int limit;

    SoftSharedReceiveQueue(SoftContext context, SrqInitAttributes attributes) {
        super(DESTROY, "shared receive queue", context.device().name());
        context.ensureOpen(CREATE);
        this.pd = context.own(CREATE, attributes.pd(), SoftProtectionDomain.class, "the protection domain");
        this.type = attributes.srqType();
        validate(context, attributes);
        this.context = context;
        this.fabric = context.fabric();
        this.srqContext = attributes.srqContext();
        this.queue = new ReceiveQueue(attributes.attr().maxWr(), attributes.attr().maxSge(), "max_sge",
                "the shared receive queue");
        this.cq = attributes.cq() == null ? null
                : context.own(CREATE, attributes.cq(), SoftCompletionQueue.class, "the completion queue");
        this.xrcd = type == SrqType.XRC
                ? context.own(CREATE, attributes.xrcDomain(), SoftXrcDomain.class, "the XRC domain") : null;
        if (xrcd != null && (xrcd.softContext() != context || cq == null)) {
            throw Failures.invalid(CREATE, "an XRC SRQ needs an XRC domain of its context and a completion queue");
        }
        this.tagMatcher = type == SrqType.TM ? new TagMatcher(this, attributes.tmCap()) : null;
        this.srqNum = xrcd == null ? -1 : fabric.xrcSrqs().add(this);
        if (xrcd != null && srqNum < 0) {
            throw Failures.noMemory(CREATE, "no SRQ number left");
        }
        context.retain(CREATE);
        pd.retain(CREATE);
        if (cq != null) {
            cq.retain(CREATE);
        }
        if (xrcd != null) {
            xrcd.retain(CREATE);
        }
    }

    private void validate(SoftContext owner, SrqInitAttributes attributes) {
        if (type != SrqType.XRC && attributes.xrcDomain() != null) {
            throw Failures.invalid(CREATE, "only an XRC SRQ has an XRC domain");
        }
        SrqAttributes attr = attributes.attr();
        if (attr == null || attr.maxWr() < 1 || attr.maxWr() > DeviceProfile.MAX_SRQ_WR || attr.maxSge() < 0
                || attr.maxSge() > DeviceProfile.MAX_SGE) {
            throw Failures.invalid(CREATE, "max_wr must be in [1, " + DeviceProfile.MAX_SRQ_WR
                    + "] and max_sge in [0, " + DeviceProfile.MAX_SGE + "]");
        }
        if (pd.softContext() != owner) {
            throw Failures.invalid(CREATE, "the protection domain belongs to another context");
        }
        if (type == SrqType.TM) {
            if (attributes.cq() == null || attributes.tmCap() == null) {
                throw Failures.invalid(CREATE, "a tag-matching SRQ needs a completion queue and tm_cap");
            }
            if (attributes.tmCap().maxNumTags() < 1 || attributes.tmCap().maxNumTags() > DeviceProfile.MAX_NUM_TAGS
                    || attributes.tmCap().maxOps() < 1 || attributes.tmCap().maxOps() > DeviceProfile.MAX_TM_OPS) {
                throw Failures.invalid(CREATE, "tm_cap " + attributes.tmCap() + " exceeds the device's TM caps");
            }
        }
    }

    @Override
    public Context context() {
        return context;
    }

    SoftContext softContext() {
        return context;
    }

    public SoftFabric fabric() {
        return fabric;
    }

    /** @return the domain of the access checks: the protection domain, or the PD of a parent domain */
    public SoftProtectionDomain softPd() {
        return pd.domain();
    }

    public SoftCompletionQueue softCq() {
        return cq;
    }

    @Override
    public SrqType type() {
        return type;
    }

    /** @return the XRC domain of an XRC queue, otherwise {@code null} */
    SoftXrcDomain xrcDomain() {
        return xrcd;
    }

    @Override
    public int srqNum() {
        ensureOpen("ibv_get_srq_num");
        if (xrcd == null) {
            throw Failures.unsupported("ibv_get_srq_num", "the soft device numbers only XRC shared receive queues");
        }
        return srqNum;
    }

    @Override
    public Object srqContext() {
        return srqContext;
    }

    @Override
    public EventAccount asyncEvents() {
        return asyncEvents;
    }

    public ReceiveQueue queue() {
        return queue;
    }

    ArrayDeque<QueuePairView> rnrWaiters() {
        return rnrWaiters;
    }

    public TagMatcher tagMatcher() {
        return tagMatcher;
    }

    /** Fires the limit event once when fewer requests than the armed limit remain; fabric lock held. */
    void consumed() {
        if (limit > 0 && queue.size() < limit) {
            limit = 0;
            context.events().post(AsyncEventType.SRQ_LIMIT_REACHED, this, 0);
        }
    }

    @Override
    public SrqAttributes query() {
        ensureOpen("ibv_query_srq");
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            return new SrqAttributes(queue.capacity(), queue.maxSge(), limit);
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    public void modify(SrqAttributes attributes, Set<SrqAttrMask> mask) {
        ensureOpen(MODIFY);
        Failures.required(MODIFY, attributes, "the attributes");
        Failures.required(MODIFY, mask, "the mask");
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            int newSize = mask.contains(SrqAttrMask.MAX_WR) ? attributes.maxWr() : queue.capacity();
            int newLimit = mask.contains(SrqAttrMask.LIMIT) ? attributes.srqLimit() : limit;
            if (newSize < 1 || newSize > DeviceProfile.MAX_SRQ_WR || newSize < queue.size()) {
                throw Failures.invalid(MODIFY, "max_wr " + newSize + " is not in [" + Math.max(1, queue.size())
                        + ", " + DeviceProfile.MAX_SRQ_WR + "]");
            }
            if (newLimit < 0 || newLimit > newSize) {
                throw Failures.invalid(MODIFY, "srq_limit " + newLimit + " exceeds max_wr " + newSize);
            }
            if (newSize != queue.capacity()) {
                queue.resize(newSize);
            }
            limit = newLimit;
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    public void armLimit(int newLimit) {
        modify(new SrqAttributes(0, 0, newLimit), Set.of(SrqAttrMask.LIMIT));
    }

    @Override
    public void postReceive(ReceiveRequest first) {
        ensureOpen(POST);
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            try {
                queue.post(POST, first);
            } finally {
                fabric.requester().wakeRnrWaiters(rnrWaiters);
            }
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    public void postOps(SrqOperation first) {
        ensureOpen("ibv_post_srq_ops");
        if (tagMatcher == null) {
            throw Failures.unsupported("ibv_post_srq_ops", "the shared receive queue is not a tag-matching SRQ",
                    first);
        }
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            tagMatcher.post(first);
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    void destroy() {
        asyncEvents.awaitAllAcknowledged(DESTROY);
        context.events().discard(this); // only once the destroy cannot fail: a refused destroy keeps its events
        if (xrcd != null) {
            forgetXrcNumber();
        }
    }

    /** No XRC_SEND request reaches the queue any more; the ones waiting for a receive fail now. */
    private void forgetXrcNumber() {
        ReentrantLock fabricLock = fabric.lock();
        fabricLock.lock();
        try {
            fabric.xrcSrqs().remove(srqNum);
            fabric.requester().wakeRnrWaiters(rnrWaiters);
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    void afterClose() {
        if (xrcd != null) {
            xrcd.release();
        }
        if (cq != null) {
            cq.release();
        }
        pd.release();
        context.release();
    }
}
