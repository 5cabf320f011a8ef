package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;


import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqCreateFlag;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.TmInfo;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.PlainMemory;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.provider.generic.raw.CqAttrs;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.generic.vendor.ExtraReader;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * C {@code struct ibv_cq_ex}, created through {@code verbs_context.create_cq_ex} as the inline
 * {@code ibv_create_cq_ex} does. Polling (the queue's own function pointers) and {@code ibv_req_notify_cq}
 * (the context's {@code req_notify_cq} slot, called once per turn of an event loop) use critical downcall
 * handles and allocate nothing; their pointer arguments are passed as plain addresses, so that no
 * memory-segment liveness check runs per call ({@link #ensureOpen} guards the queue once). A
 * {@code read_*} pointer is called only if its field was requested at creation (other pointers may be
 * NULL); misuse throws before any native call. The data
 * path calls the queue's function pointers through {@code static final} address-taking handles
 * ({@link FunctionPointers#criticalInvoker}), which the JIT inlines.
 */
@SuppressWarnings("restricted")
final class NativeCompletionQueue extends NativeResource implements CompletionQueue {

    private static final FunctionDescriptor CREATE = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final VarHandle POLLER = pollerHandle();
    /** The owner of {@link #poller} while a close holds the queue. */
    private static final Object CLOSED = new Object();
    /** How often a thread waiting for another thread's batch spins before it yields. */
    private static final int SPINS_BEFORE_YIELD = 100;
    /** A pointer argument passed as its 64-bit address: the same register on the LP64 ABIs supported. */
    private static final java.lang.foreign.ValueLayout.OfLong PTR = JAVA_LONG;
    private static final FunctionDescriptor PTR_INT = FunctionDescriptor.of(JAVA_INT, PTR);
    private static final FunctionDescriptor PTR_PTR_INT = FunctionDescriptor.of(JAVA_INT, PTR, PTR);
    private static final FunctionDescriptor PTR_VOID = FunctionDescriptor.ofVoid(PTR);
    private static final FunctionDescriptor PTR_PTR_VOID = FunctionDescriptor.ofVoid(PTR, PTR);
    private static final FunctionDescriptor PTR_U8 = FunctionDescriptor.of(JAVA_BYTE, PTR);
    private static final FunctionDescriptor PTR_U16 = FunctionDescriptor.of(JAVA_SHORT, PTR);
    private static final FunctionDescriptor PTR_U64 = FunctionDescriptor.of(JAVA_LONG, PTR);
    private static final FunctionDescriptor PTR_INT_INT = FunctionDescriptor.of(JAVA_INT, PTR, JAVA_INT);
    private static final MethodHandle CALL_PTR_PTR_INT = FunctionPointers.criticalInvoker(PTR_PTR_INT);
    private static final MethodHandle CALL_PTR_INT = FunctionPointers.criticalInvoker(PTR_INT);
    private static final MethodHandle CALL_PTR_VOID = FunctionPointers.criticalInvoker(PTR_VOID);
    private static final MethodHandle CALL_PTR_U8 = FunctionPointers.criticalInvoker(PTR_U8);
    private static final MethodHandle CALL_PTR_U16 = FunctionPointers.criticalInvoker(PTR_U16);
    private static final MethodHandle CALL_PTR_U64 = FunctionPointers.criticalInvoker(PTR_U64);
    private static final MethodHandle CALL_PTR_PTR_VOID = FunctionPointers.criticalInvoker(PTR_PTR_VOID);
    /** {@code int (*req_notify_cq)(struct ibv_cq *, int solicited_only)}, called once per turn of an event loop. */
    private static final MethodHandle CALL_PTR_INT_INT = FunctionPointers.criticalInvoker(PTR_INT_INT);
    private static final int ENOENT = 2;
    private static final int IBV_WC_SUCCESS = 0;
    private static final int GID_BYTES = 16;
    private static final String RESIZE = "ibv_resize_cq";
    private static final long SUPPORTED_WC_FLAGS = 0xfff;
    private static final java.util.List<String> MANDATORY = java.util.List.of("start_poll", "next_poll", "end_poll",
            "read_opcode", "read_vendor_err", "read_wc_flags");

    private final NativeContext context;
    private final CqInitAttributes attributes;
    private final NativeCompletionChannel channel;
    private volatile int cqe;
    /** The addresses of {@code ibv_cq_ex.status} and {@code wr_id}, read in a poll batch (which holds the queue). */
    private final long statusAddress;
    private final long wrIdAddress;
    private final long address;
    private final long pollAttrAddress;
    private final MemorySegment pollAttr;
    private final MemorySegment tmInfo;
    private final long tmTagOffset;
    private final long tmPrivOffset;
    private final NativeProtectionDomain parentDomain;
    private final MemorySegment startPoll;
    private final MemorySegment nextPoll;
    private final MemorySegment endPoll;
    private final MemorySegment readOpcode;
    private final MemorySegment readVendorErr;
    private final MemorySegment readWcFlags;
    private final MemorySegment notify;
    /** The readers of the requested fields, indexed by {@link CompletionField#ordinal()}; null where none. */
    private final MemorySegment[] readers;
    /** The vendor's reader of the source GID and its argument, or {@code null} if not requested. */
    private final ExtraReader sourceGid;
    /** The vendor's reader of the unsolicited flag and its argument, or {@code null} if not requested. */
    private final ExtraReader unsolicited;
    /** Where the source GID reader writes, copied to the caller's memory (which may be on the heap). */
    private final MemorySegment gid;
    private final Object vendorView;
    private final AtomicInteger unacknowledged;
    /**
     * The thread whose batch is open (compare-and-set, released with a release store), {@link #CLOSED} once a
     * close holds the queue, or {@code null}: another thread that starts a batch waits in Java until it ends,
     * and never enters the driver's {@code start_poll} meanwhile, which may spin on the CQ's lock inside a
     * critical call; a close waits for the batch the same way (the close protocol of {@link NativeResource}),
     * so that no batch reads a destroyed queue.
     */
    @SuppressWarnings("unused") // read and written through POLLER
    private Object poller;
    /** Written by the thread whose batch is open. */
    private boolean current;

    private NativeCompletionQueue(NativeContext context, MemorySegment cq, CqInitAttributes attributes,
            Parts parts, CreatedCq created) {
        AtomicInteger events = new AtomicInteger();
        super(cq, context, context.asyncEvents.beforeDestroying(cq.address(),
                safetyNet(context.ib.ackCqEvents, context.ib.destroyCq, cq.address(), events)));
        this.unacknowledged = events;
        StructLayout l = context.abi.ibvCqEx;
        this.context = context;
        this.attributes = attributes;
        this.channel = parts.channel;
        this.parentDomain = parts.parentDomain;
        this.cqe = cq.get(JAVA_INT, Abi.offset(l, "cqe"));
        this.statusAddress = cq.address() + Abi.offset(l, "status");
        this.wrIdAddress = cq.address() + Abi.offset(l, "wr_id");
        this.address = cq.address();
        this.pollAttr = arena.allocate(context.abi.ibvPollCqAttr);
        this.pollAttrAddress = pollAttr.address();
        this.tmInfo = arena.allocate(context.abi.ibvWcTmInfo);
        this.tmTagOffset = Abi.offset(context.abi.ibvWcTmInfo, "tag");
        this.tmPrivOffset = Abi.offset(context.abi.ibvWcTmInfo, "priv");
        this.startPoll = function("start_poll");
        this.nextPoll = function("next_poll");
        this.endPoll = function("end_poll");
        this.readOpcode = function("read_opcode");
        this.readVendorErr = function("read_vendor_err");
        this.readWcFlags = function("read_wc_flags");
        this.readers = readers(attributes.wcFlags());
        this.gid = arena.allocate(GID_BYTES, 8);
        this.sourceGid = created.extraReaders().get(ExtraCompletionField.SOURCE_GID);
        this.unsolicited = created.extraReaders().get(ExtraCompletionField.UNSOLICITED);
        MemorySegment notifyOp = context.contextOp("req_notify_cq");
        this.notify = notifyOp.equals(MemorySegment.NULL) ? null : notifyOp;
        if (channel != null) {
            dependOn(channel);
        }
        if (parentDomain != null) {
            dependOn(parentDomain);
        }
        context.cqs.put(cq.address(), this);
        this.vendorView = viewOf(created);
    }

    /** @return the vendor's view of this queue; if making it fails, the queue is destroyed */
    private Object viewOf(CreatedCq created) {
        try {
            return created.view().apply(this);
        } catch (RuntimeException | Error e) {
            context.cqs.remove(handle.address());
            abandon();
            throw e;
        }
    }

    /**
     * The Cleaner action of a queue: acknowledges the completion events still outstanding, then destroys the
     * queue, so that {@code ibv_destroy_cq} (which waits until every reported event is acknowledged) cannot
     * block the shared Cleaner thread. It holds the counter of outstanding events, never the queue. The
     * queue's asynchronous events (CQ_ERR) are acknowledged before it by
     * {@link PendingAsyncEvents#beforeDestroying}.
     *
     * @param ack {@code void ibv_ack_cq_events(struct ibv_cq *, unsigned int)}
     * @param destroy {@code int ibv_destroy_cq(struct ibv_cq *)}
     * @param address the queue
     * @param unacknowledged the events received and not acknowledged yet
     * @return the action
     */
    static Runnable safetyNet(MethodHandle ack, MethodHandle destroy, long address, AtomicInteger unacknowledged) {
        Runnable destroyQueue = destroyer(destroy, address);
        return () -> {
            int outstanding = unacknowledged.getAndSet(0);
            if (outstanding > 0) {
                try {
                    ack.invokeExact(MemorySegment.ofAddress(address), outstanding);
                } catch (Throwable ignored) {
                    // Safety net only: nothing can be reported from a Cleaner thread.
                }
            }
            destroyQueue.run();
        };
    }

    /** The objects a queue uses: its completion channel and its parent domain, each optional. */
    private record Parts(NativeCompletionChannel channel, NativeProtectionDomain parentDomain) {
    }

    static NativeCompletionQueue create(NativeContext context, CqInitAttributes attributes) {
        Parts parts = validate(context, attributes);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(context.abi.ibvCqInitAttrEx);
            CqAttrs.write(context.abi, attr, attributes, pointer(parts.channel), pointer(parts.parentDomain));
            CqCreation creation = new CqCreation(context.pointer(), attr, attributes, call,
                    () -> createCqEx(context, attr, call));
            CreatedCq created = context.directVerbs().createCq(creation);
            MemorySegment cq = created.cq().reinterpret(context.abi.ibvCqEx.byteSize());
            requireIterator(context, cq);
            requireExtraReaders(context, cq, attributes, created);
            return new NativeCompletionQueue(context, cq, attributes, parts, created);
        }
    }

    /** The generic creation: {@code verbs_context.create_cq_ex}, as the inline {@code ibv_create_cq_ex}. */
    private static MemorySegment createCqEx(NativeContext context, MemorySegment attr, Arena call) {
        MemorySegment function = context.requireOp(VerbsContextOp.CREATE_CQ_EX, "ibv_create_cq_ex");
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment cq = (MemorySegment) FunctionPointers.withErrno(function, CREATE)
                    .invokeExact(errno, context.pointer(), attr);
            return Native.checkPointer(cq, errno, "ibv_create_cq_ex");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static MemorySegment pointer(NativeResource resource) {
        return resource == null ? MemorySegment.NULL : resource.pointer();
    }

    /** Destroys the queue and fails if the provider did not set a pointer the poll iterator always needs. */
    private static void requireIterator(NativeContext context, MemorySegment cq) {
        for (String member : MANDATORY) {
            if (cq.get(ADDRESS, Abi.offset(context.abi.ibvCqEx, member)).equals(MemorySegment.NULL)) {
                Native.destroy(context.ib.destroyCq, cq, "ibv_destroy_cq");
                throw new UnsupportedVerbException("ibv_create_cq_ex", "the provider set no " + member);
            }
        }
    }

    /** Destroys the queue and fails if the vendor gave no reader for a requested extra field. */
    private static void requireExtraReaders(NativeContext context, MemorySegment cq, CqInitAttributes attributes,
            CreatedCq created) {
        for (ExtraCompletionField field : attributes.extraFields()) {
            if (!created.extraReaders().containsKey(field)) {
                Native.destroy(context.ib.destroyCq, cq, "ibv_destroy_cq");
                throw new UnsupportedVerbException("ibv_create_cq_ex", context.directVerbs()
                        + " created the queue without a reader of " + field.cName());
            }
        }
    }

    static Parts validate(NativeContext context, CqInitAttributes attributes) {
        Args.required("ibv_create_cq_ex", attributes, "the attributes");
        for (ExtraCompletionField field : attributes.extraFields()) {
            context.capabilities().require(capability(field), "ibv_create_cq_ex");
        }
        if ((Flags.toBits("ibv_create_cq_ex", attributes.wcFlags()) & ~SUPPORTED_WC_FLAGS) != 0) {
            throw new UnsupportedVerbException("ibv_create_cq_ex", "unknown wc_flags");
        }
        return new Parts(channel(context, attributes), parentDomain(context, attributes));
    }

    /** @return the capability a device offers when its provider can read an extra field */
    static Capability capability(ExtraCompletionField field) {
        return switch (field) {
            case SOURCE_GID -> Capability.CQ_SOURCE_GID;
            case UNSOLICITED -> Capability.CQ_UNSOLICITED;
        };
    }

    /** The parent domain of {@code parent_domain} (comp_mask PD): one of this context, never a plain PD. */
    private static NativeProtectionDomain parentDomain(NativeContext context, CqInitAttributes attributes) {
        if (attributes.parentDomain() == null) {
            return null;
        }
        NativeProtectionDomain domain = NativeProtectionDomain.of(attributes.parentDomain(), context,
                "ibv_create_cq_ex");
        if (!domain.isParentDomain()) {
            throw new InvalidArgumentException("ibv_create_cq_ex",
                    "parent_domain must be a parent domain (ibv_alloc_parent_domain), not a protection domain");
        }
        return domain;
    }

    private static NativeCompletionChannel channel(NativeContext context, CqInitAttributes attributes) {
        CompletionChannel channel = attributes.channel();
        if (channel == null) {
            return null;
        }
        if (!(channel instanceof NativeCompletionChannel nativeChannel) || nativeChannel.nativeContext() != context) {
            throw new InvalidArgumentException("ibv_create_cq_ex", "the channel is not from this context");
        }
        UsedObjects.enter(nativeChannel, "ibv_create_cq_ex");
        return nativeChannel;
    }

    /**
     * @param object a completion queue given to this provider, possibly {@code null}
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native completion queue of that context
     * @throws InvalidArgumentException if it is missing, of another provider or of another context
     */
    static NativeCompletionQueue of(CompletionQueue object, NativeContext context, String verb) {
        return owned(object, NativeCompletionQueue.class, NativeCompletionQueue::context, context, verb,
                "the completion queue");
    }

    /** @return the function pointer of a member, or {@code null} if the provider left it NULL */
    private MemorySegment function(String member) {
        MemorySegment function = handle.get(ADDRESS, Abi.offset(context.abi.ibvCqEx, member));
        return function.equals(MemorySegment.NULL) ? null : function;
    }

    private MemorySegment[] readers(Set<CompletionField> requested) {
        MemorySegment[] byField = new MemorySegment[CompletionField.values().length];
        for (CompletionField field : requested) {
            byField[field.ordinal()] = function(member(field));
        }
        return byField;
    }

    private static String member(CompletionField field) {
        return switch (field) {
            case BYTE_LEN -> "read_byte_len";
            case IMM -> "read_imm_data";
            case QP_NUM -> "read_qp_num";
            case SRC_QP -> "read_src_qp";
            case SLID -> "read_slid";
            case SL -> "read_sl";
            case DLID_PATH_BITS -> "read_dlid_path_bits";
            case COMPLETION_TIMESTAMP -> "read_completion_ts";
            case CVLAN -> "read_cvlan";
            case FLOW_TAG -> "read_flow_tag";
            case TM_INFO -> "read_tm_info";
            case COMPLETION_TIMESTAMP_WALLCLOCK -> "read_completion_wallclock_ns";
        };
    }

    void eventReceived() {
        unacknowledged.incrementAndGet();
    }

    @Override
    protected String destroyVerb() {
        return "ibv_destroy_cq";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(context.ib.destroyCq, handle, "ibv_destroy_cq");
        context.cqs.remove(handle.address());
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public int cqe() {
        return cqe;
    }

    /**
     * Calls the exported {@code ibv_resize_cq} (an {@code ibv_cq_ex} begins with its {@code ibv_cq}) and
     * reads the new actual size back from {@code ibv_cq.cqe}.
     */
    @Override
    public void resize(int cqe) {
        ensureOpen(RESIZE);
        context.capabilities().require(Capability.CQ_RESIZE, RESIZE);
        if (ownsBatch()) {
            throw new InvalidArgumentException(RESIZE, "a batch is open; call endPoll first");
        }
        int max = context.queryDevice().limits().maxCqe();
        if (cqe < 1 || cqe > max) {
            throw new InvalidArgumentException(RESIZE, "cqe " + cqe + " is not in [1, max_cqe " + max + "]");
        }
        claimPoller(RESIZE); // waits for another thread's batch, as the soft device does
        int rc;
        try {
            rc = (int) context.ib.resizeCq.invokeExact(handle, cqe);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            releasePoller();
        }
        Native.check(rc, RESIZE);
        this.cqe = handle.get(JAVA_INT, Abi.offset(context.abi.ibvCqEx, "cqe"));
    }

    @Override
    public Object cqContext() {
        return attributes.cqContext();
    }

    @Override
    public Optional<CompletionChannel> channel() {
        return Optional.ofNullable(channel);
    }

    @Override
    public int compVector() {
        return attributes.compVector();
    }

    @Override
    public Set<CompletionField> wcFlags() {
        return attributes.wcFlags();
    }

    @Override
    public Set<ExtraCompletionField> extraFields() {
        return attributes.extraFields();
    }

    @Override
    public Set<CqCreateFlag> flags() {
        return attributes.flags();
    }

    @Override
    public void requestNotification(boolean solicitedOnly) {
        ensureOpen("ibv_req_notify_cq");
        if (channel == null) {
            throw new InvalidArgumentException("ibv_req_notify_cq", "the completion queue has no channel");
        }
        if (notify == null) {
            throw new UnsupportedVerbException("ibv_req_notify_cq", "the provider has no req_notify_cq");
        }
        enter("ibv_req_notify_cq");
        int rc;
        try {
            rc = (int) CALL_PTR_INT_INT.invokeExact(notify, address, solicitedOnly ? 1 : 0);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            leave();
        }
        Native.check(rc, "ibv_req_notify_cq");
    }

    /**
     * Acknowledges events without entering the queue: a close may be waiting inside {@code ibv_destroy_cq} for
     * exactly this acknowledgement (it waits until every event read is acknowledged, under the CQ's mutex), so
     * the events claimed here keep the queue from being freed until they are acknowledged; an
     * acknowledgement of none calls nothing native.
     */
    @Override
    public void ackEvents(int count) {
        ensureOpen("ibv_ack_cq_events");
        claimUnacknowledged(count);
        if (count == 0) {
            return;
        }
        try {
            context.ib.ackCqEvents.invokeExact(handle, count);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** Takes {@code count} events off the outstanding count atomically, so that concurrent acks never over-ack. */
    private void claimUnacknowledged(int count) {
        int outstanding;
        do {
            outstanding = unacknowledged.get();
            if (count < 0 || count > outstanding) {
                ensureOpen("ibv_ack_cq_events"); // a close that returned had every event acknowledged
                throw new InvalidArgumentException("ibv_ack_cq_events",
                        "cannot acknowledge " + count + " events, " + outstanding + " are outstanding");
            }
        } while (!unacknowledged.compareAndSet(outstanding, outstanding - count));
    }

    @Override
    public int unacknowledgedEvents() {
        return unacknowledged.get();
    }

    @Override
    public boolean startPoll() {
        ensureOpen("ibv_start_poll");
        if (ownsBatch()) {
            throw new InvalidArgumentException("ibv_start_poll", "a batch is already open; call endPoll first");
        }
        claimPoller("ibv_start_poll");
        int rc;
        try {
            rc = (int) CALL_PTR_PTR_INT.invokeExact(startPoll, address, pollAttrAddress);
        } catch (Throwable t) {
            releasePoller();
            throw Native.rethrow(t);
        }
        if (rc != 0) {
            releasePoller();
            if (rc == ENOENT) {
                return false;
            }
            Native.check(rc, "ibv_start_poll");
        }
        current = true;
        recordIfError();
        return true;
    }

    private static VarHandle pollerHandle() {
        try {
            return MethodHandles.lookup().findVarHandle(NativeCompletionQueue.class, "poller", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** @return whether the calling thread has a batch open */
    private boolean ownsBatch() {
        return POLLER.get(this) == Thread.currentThread();
    }

    /**
     * Makes the calling thread the poller, waiting in Java while another thread's batch is open.
     *
     * @throws ClosedObjectException if a close holds the queue or is under way
     */
    private void claimPoller(String verb) {
        Thread self = Thread.currentThread();
        for (int spins = 0; !POLLER.compareAndSet(this, null, self); spins++) {
            if (POLLER.getVolatile(this) == CLOSED) {
                throw new ClosedObjectException(verb, "the completion queue is closed or being closed");
            }
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        if (closing()) { // a close waits for the poller: let it in rather than take the queue again
            releasePoller();
            throw new ClosedObjectException(verb, "the completion queue is being closed");
        }
    }

    private void releasePoller() {
        POLLER.setRelease(this, null);
    }

    @Override
    protected void refuseOwnBatch() {
        if (ownsBatch()) {
            throw new BusyException(destroyVerb(), "a poll batch of this thread is open; call endPoll first");
        }
    }

    /** Takes the poller for the close, after another thread's open batch has ended. */
    @Override
    protected void excludeOthers(long deadline) {
        for (int spins = 0; !POLLER.compareAndSet(this, null, CLOSED); spins++) {
            if (!CloseWait.pause(spins, deadline)) {
                throw new BusyException(destroyVerb(), "another thread's poll batch is still open after "
                        + CloseWait.timeout().toMillis() + " ms");
            }
        }
    }

    @Override
    protected void readmitOthers() {
        POLLER.compareAndSet(this, CLOSED, null);
    }

    @Override
    public boolean nextPoll() {
        requireBatch("ibv_next_poll");
        int rc;
        try {
            rc = (int) CALL_PTR_INT.invokeExact(nextPoll, address);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        current = rc == 0;
        if (rc != 0 && rc != ENOENT) {
            Native.check(rc, "ibv_next_poll");
        }
        if (current) {
            recordIfError();
        }
        return current;
    }

    /** Records the JFR error completion event if the current completion is not SUCCESS and a recording wants it. */
    private void recordIfError() {
        int status = PlainMemory.getInt(statusAddress);
        if (status != IBV_WC_SUCCESS && VerbsEvents.errorCompletionsRecorded()) {
            MemorySegment qpNumReader = readers[CompletionField.QP_NUM.ordinal()];
            VerbsEvents.errorCompletion(deviceName(), WcStatus.fromValue(status), readVendorErr(),
                    qpNumReader == null ? -1 : readQpNum(), PlainMemory.getLong(wrIdAddress));
        }
    }

    /**
     * Ends the calling thread's batch; without one (pyverbs calls {@code end_poll} after a {@code start_poll}
     * that found nothing) it does nothing and calls nothing native, as the driver's {@code end_poll} would
     * unlock a lock it does not hold.
     */
    @Override
    public void endPoll() {
        if (!ownsBatch()) {
            ensureOpen("ibv_end_poll");
            return;
        }
        current = false;
        try {
            CALL_PTR_VOID.invokeExact(endPoll, address);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            releasePoller();
        }
    }

    /** The queue cannot be closed while this thread's batch is open, so only a missing batch checks that. */
    private void requireBatch(String verb) {
        if (!ownsBatch()) {
            ensureOpen(verb);
            throw new InvalidArgumentException(verb, "no batch of this thread is open; call startPoll first");
        }
    }

    private void requireCurrent(String verb) {
        requireBatch(verb);
        if (!current) {
            throw new InvalidArgumentException(verb, "no completion is current");
        }
    }

    private MemorySegment reader(CompletionField field, String verb) {
        MemorySegment reader = readers[field.ordinal()];
        if (reader == null) {
            ensureOpen(verb);
            throw new InvalidArgumentException(verb, field + " was not requested when the queue was created"
                    + (attributes.wcFlags().contains(field) ? " (the provider set no reader)" : ""));
        }
        requireCurrent(verb);
        return reader;
    }

    private int readInt(CompletionField field, String verb) {
        MemorySegment reader = reader(field, verb);
        try {
            return (int) CALL_PTR_INT.invokeExact(reader, address);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Calls a 32-bit reader of every queue (opcode, vendor error, flags) through the handle of a 64-bit return
     * and keeps the low half, which is the value (the ABIs leave the upper half unspecified): FFM shares one
     * downcall stub, and its one indirect call, among the handles of a C signature, and a loop that calls several
     * readers and {@code next_poll} in turn through one stub mispredicts its target; these readers get a stub
     * apart from {@code next_poll}'s and the optional readers'.
     */
    private int readAlways(MemorySegment reader, String verb) {
        requireCurrent(verb);
        try {
            return (int) (long) CALL_PTR_U64.invokeExact(reader, address);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public long wrId() {
        requireCurrent("wr_id");
        return PlainMemory.getLong(wrIdAddress);
    }

    @Override
    public WcStatus status() {
        requireCurrent("status");
        return WcStatus.fromValue(PlainMemory.getInt(statusAddress));
    }

    @Override
    public WcOpcode readOpcode() {
        return WcOpcode.fromValue(readAlways(readOpcode, "ibv_wc_read_opcode"));
    }

    @Override
    public int readVendorErr() {
        return readAlways(readVendorErr, "ibv_wc_read_vendor_err");
    }

    @Override
    public int readByteLen() {
        return readInt(CompletionField.BYTE_LEN, "ibv_wc_read_byte_len");
    }

    @Override
    public int readImmData() {
        return Integer.reverseBytes(readInt(CompletionField.IMM, "ibv_wc_read_imm_data"));
    }

    @Override
    public int readInvalidatedRkey() {
        return readInt(CompletionField.IMM, "ibv_wc_read_invalidated_rkey");
    }

    @Override
    public int readQpNum() {
        return readInt(CompletionField.QP_NUM, "ibv_wc_read_qp_num");
    }

    @Override
    public int readSrcQp() {
        return readInt(CompletionField.SRC_QP, "ibv_wc_read_src_qp");
    }

    @Override
    public int readWcFlags() {
        return readAlways(readWcFlags, "ibv_wc_read_wc_flags");
    }

    @Override
    public int readPkeyIndex() {
        throw new UnsupportedVerbException("ibv_wc_read_pkey_index", "rdma-core has no such reader");
    }

    @Override
    public int readSlid() {
        return readInt(CompletionField.SLID, "ibv_wc_read_slid");
    }

    @Override
    public int readSl() {
        MemorySegment reader = reader(CompletionField.SL, "ibv_wc_read_sl");
        try {
            return Byte.toUnsignedInt((byte) CALL_PTR_U8.invokeExact(reader, address));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public int readDlidPathBits() {
        MemorySegment reader = reader(CompletionField.DLID_PATH_BITS, "ibv_wc_read_dlid_path_bits");
        try {
            return Byte.toUnsignedInt((byte) CALL_PTR_U8.invokeExact(reader, address));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public long readCompletionTs() {
        return readLong(CompletionField.COMPLETION_TIMESTAMP, "ibv_wc_read_completion_ts");
    }

    @Override
    public long readCompletionWallclockNs() {
        return readLong(CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK, "ibv_wc_read_completion_wallclock_ns");
    }

    private long readLong(CompletionField field, String verb) {
        MemorySegment reader = reader(field, verb);
        try {
            return (long) CALL_PTR_U64.invokeExact(reader, address);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public int readCvlan() {
        MemorySegment reader = reader(CompletionField.CVLAN, "ibv_wc_read_cvlan");
        try {
            return Short.toUnsignedInt((short) CALL_PTR_U16.invokeExact(reader, address));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public int readFlowTag() {
        return readInt(CompletionField.FLOW_TAG, "ibv_wc_read_flow_tag");
    }

    @Override
    public void readTmInfo(TmInfo into) {
        MemorySegment reader = reader(CompletionField.TM_INFO, "ibv_wc_read_tm_info");
        Args.required("ibv_wc_read_tm_info", into, "the TM information to fill");
        try {
            CALL_PTR_PTR_VOID.invokeExact(reader, address, tmInfo.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        into.set(tmInfo.get(JAVA_LONG, tmTagOffset), tmInfo.get(JAVA_INT, tmPrivOffset));
    }

    @Override
    public boolean readSourceGid(MemorySegment into) {
        ExtraReader reader = extraReader(sourceGid, ExtraCompletionField.SOURCE_GID, "wc_read_sgid");
        if (into == null || into.byteSize() < GID_BYTES) {
            throw new InvalidArgumentException(reader.verb(), "the GID needs " + GID_BYTES + " bytes of memory");
        }
        if (readOpcode() != WcOpcode.RECV) {
            return false;
        }
        int rc;
        try {
            rc = (int) CALL_PTR_PTR_INT.invokeExact(reader.function(), reader.self().address(), gid.address());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        if (rc == -ENOENT) {
            return false;
        }
        Native.check(rc, reader.verb());
        MemorySegment.copy(gid, 0, into, 0, GID_BYTES);
        return true;
    }

    @Override
    public boolean readIsUnsolicited() {
        ExtraReader reader = extraReader(unsolicited, ExtraCompletionField.UNSOLICITED, "wc_is_unsolicited");
        try {
            return (byte) CALL_PTR_U8.invokeExact(reader.function(), reader.self().address()) != 0;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** @return the reader of an extra field, if it was requested and a completion is current */
    private ExtraReader extraReader(ExtraReader reader, ExtraCompletionField field, String member) {
        ensureOpen(member);
        if (reader == null) {
            throw new InvalidArgumentException(member, field.cName() + " was not requested when the queue was created");
        }
        requireCurrent(reader.verb());
        return reader;
    }

    @Override
    protected Object vendorView() {
        return vendorView;
    }
}
