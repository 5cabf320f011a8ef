package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
import org.verbs4j.Context;
import org.verbs4j.CqCreateFlag;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Flags;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.TmInfo;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Completion;
import org.verbs4j.provider.soft.engine.CompletionQueueView;
import org.verbs4j.provider.soft.engine.CompletionRing;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.FieldHandles;
import org.verbs4j.provider.soft.engine.SendQueue;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * An extended completion queue. Producers (the engine, under the fabric lock) append entries
 * and publish them with a release store of {@link #published}; the poller reads them without the fabric
 * lock, so a poller spinning inside an open batch never blocks a producer. A batch belongs to one thread:
 * the thread that opened it is recorded with a compare-and-set, and a second thread that wants to poll
 * spins until the batch ends, as mlx5's CQ spinlock does; {@link CqCreateFlag#SINGLE_THREADED} queues skip
 * this. The consumed position is committed (a release store) as the poller moves past entries; a full
 * queue either overruns (entry dropped, CQ_ERR event, the producing queue pair goes to error) or, with
 * {@link CqCreateFlag#IGNORE_OVERRUN}, overwrites the oldest unread entries.
 */
public final class SoftCompletionQueue extends SoftObject
        implements org.verbs4j.CompletionQueue, EventSubject, CompletionQueueView {

    private static final String CREATE = "ibv_create_cq_ex";
    private static final String RESIZE = "ibv_resize_cq";
    private static final String DESTROY = "ibv_destroy_cq";
    private static final String START_POLL = "ibv_start_poll";
    private static final long CLOSE_PARK_NANOS = 100_000;
    private static final ValueLayout.OfLong GID_HALF =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int SPINS_BEFORE_YIELD = 100;
    private static final int NONE = -1;
    private static final VarHandle PUBLISHED = FieldHandles.of(MethodHandles.lookup(), "published", long.class);
    private static final VarHandle CONSUMED = FieldHandles.of(MethodHandles.lookup(), "consumed", long.class);
    private static final VarHandle POLLER = FieldHandles.of(MethodHandles.lookup(), "poller", Thread.class);
    private static final VarHandle RING = FieldHandles.of(MethodHandles.lookup(), "ring", CompletionRing.class);

    private final SoftContext context;
    private final Object cqContext;
    private final SoftCompletionChannel channel;
    private final SoftProtectionDomain parentDomain;
    private final int compVector;
    private final Set<CompletionField> wcFlags;
    private final long wcBits;
    private final boolean stampsTime;
    private final Set<ExtraCompletionField> extraFields;
    private final long extraBits;
    private final Set<CqCreateFlag> flags;
    private final boolean ignoreOverrun;
    private final boolean singleThreaded;
    private volatile CompletionRing ring;
    private final DeviceClock clock;
    private final ReentrantLock fabricLock;
    private final NotificationArm arm = new NotificationArm();
    private final EventAccount completionEvents = new EventAccount("completion");
    private final EventAccount asyncEvents = new EventAccount("asynchronous");

    private volatile long published;
    private volatile long consumed;
    /** Whether the queue overran (without IGNORE_OVERRUN); fabric lock held. */
    private boolean overrun;
    /** The producer's bound: the positions below it are known to be free; fabric lock held. */
    private long freeUntil;
    /** The thread whose batch is open (compare-and-set, released with a release store), or {@code null}. */
    private Thread poller;
    private long cursor;
    private boolean batchOpen;
    /** The ring of the open batch: a resize waits until no batch is open. */
    private CompletionRing batchRing;
    /** The index of the entry the batch points at, or {@link #NONE} after {@link #nextPoll} found none. */
    private int current = NONE;
    /**
     * The completion a producer fills between {@link #reserve} and {@link #publish}: one per queue, since nothing
     * else is appended in between (fabric lock held).
     */
    private final Completion staged = new Completion();

    SoftCompletionQueue(SoftContext context, CqInitAttributes attributes) {
        super(DESTROY, "completion queue", context.device().name());
        context.ensureOpen(CREATE);
        validate(context, attributes);
        this.context = context;
        this.cqContext = attributes.cqContext();
        this.channel = (SoftCompletionChannel) attributes.channel();
        this.compVector = attributes.compVector();
        this.wcFlags = Set.copyOf(attributes.wcFlags());
        this.wcBits = Flags.toBits(wcFlags);
        this.stampsTime = (wcBits & (CompletionField.COMPLETION_TIMESTAMP.value()
                | CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK.value())) != 0;
        this.extraFields = Set.copyOf(attributes.extraFields());
        this.extraBits = Flags.toBits(extraFields);
        this.flags = Set.copyOf(attributes.flags());
        this.ignoreOverrun = flags.contains(CqCreateFlag.IGNORE_OVERRUN);
        this.singleThreaded = flags.contains(CqCreateFlag.SINGLE_THREADED);
        this.ring = new CompletionRing(actualSize(attributes.cqe()), stampsTime);
        this.clock = context.fabric().clock();
        this.fabricLock = context.fabric().lock();
        this.parentDomain = (SoftProtectionDomain) attributes.parentDomain();
        context.retain(CREATE);
        if (channel != null) {
            channel.retain(CREATE);
        }
        if (parentDomain != null) {
            parentDomain.retain(CREATE);
        }
    }

    private static void validate(SoftContext context, CqInitAttributes attributes) {
        if (attributes.cqe() < 1 || attributes.cqe() > DeviceProfile.MAX_CQE) {
            throw Failures.invalid(CREATE, "cqe " + attributes.cqe() + " is not in [1, max_cqe "
                    + DeviceProfile.MAX_CQE + "]");
        }
        if (attributes.compVector() < 0 || attributes.compVector() >= context.numCompVectors()) {
            throw Failures.invalid(CREATE, "comp_vector " + attributes.compVector() + " is not below "
                    + context.numCompVectors());
        }
        EnumSet<CompletionField> unsupported = EnumSet.of(CompletionField.CVLAN, CompletionField.FLOW_TAG);
        unsupported.retainAll(attributes.wcFlags());
        if (!unsupported.isEmpty()) {
            throw Failures.unsupported(CREATE, "the soft device cannot provide " + unsupported);
        }
        ProtectionDomain parent = attributes.parentDomain();
        if (parent != null && (!(parent instanceof SoftProtectionDomain soft) || soft.softContext() != context
                || !soft.isParentDomain() || soft.isClosed())) {
            throw Failures.invalid(CREATE, "parent_domain must be an open parent domain of this context");
        }
        CompletionChannel channel = attributes.channel();
        if (channel != null && (!(channel instanceof SoftCompletionChannel soft) || soft.context() != context
                || soft.isClosed())) {
            throw Failures.invalid(CREATE, "the completion channel is closed or belongs to another context");
        }
    }

    /** @return the actual size: one less than a power of two, at least {@code requested} (as mlx5) */
    static int actualSize(int requested) {
        int size = Integer.highestOneBit(requested) * 2 - 1;
        return Math.min(Math.max(size, requested), DeviceProfile.MAX_CQE);
    }

    // ---- producer side (fabric lock held) ----

    /**
     * Reserves the entry of the next completion: the caller fills the completion returned and then publishes it
     * with {@link #publish}, before anything else is pushed to this queue.
     *
     * @return the completion to fill, or {@code null} if the queue overran and the completion is lost (the
     *     caller moves its queue pair to error); the CQ_ERR event is raised here
     */
    Completion reserve() {
        if (overrun || isClosed()) {
            return null;
        }
        CompletionRing entries = producerRing();
        long position = producerPosition();
        if (position >= freeUntil && !ignoreOverrun && position >= readFreeUntil(entries)) {
            overrun = true;
            context.events().post(AsyncEventType.CQ_ERR, this, 0);
            return null;
        }
        return staged;
    }

    /**
     * The producer's view of the ring and of the published position: plain reads are enough, because only
     * the producer changes them, as does {@link #resize}, both under the fabric lock.
     */
    private CompletionRing producerRing() {
        return (CompletionRing) RING.get(this);
    }

    private long producerPosition() {
        return (long) PUBLISHED.get(this);
    }

    /** Reads the consumed position again; @return the producer's new bound, {@link #freeUntil} */
    private long readFreeUntil(CompletionRing entries) {
        freeUntil = consumed + entries.capacity;
        return freeUntil;
    }

    /** @return the device clock for a completion's timestamp, if the queue reports one, otherwise 0 */
    private long stamp() {
        return stampsTime ? clock.ticks() : 0;
    }

    /**
     * Writes the completion {@link #reserve} returned, now filled (or another one), into the reserved entry,
     * publishes it and raises the notification it deserves.
     */
    void publish(Completion entry) {
        producerRing().put(producerPosition(), entry, stamp());
        publishRun(1, entry.solicited);
    }

    /**
     * The room of a run of entries that the engine fills ({@link #aheadReceive}) and then publishes at once
     * ({@link #publishRun}), nothing else being appended to this queue in between.
     *
     * @return how many entries can be appended now without overrunning; 0 if the queue overran or is
     *     closed, when {@link #reserve} decides what happens to the next completion
     */
    public int room() {
        if (overrun || isClosed()) {
            return 0;
        }
        CompletionRing entries = producerRing();
        return ignoreOverrun ? entries.capacity : (int) Math.max(0, readFreeUntil(entries) - producerPosition());
    }

    /**
     * Fills entry {@code index} of a run (below {@link #room}) with a successful receive completion without
     * immediate data, stamped with the device clock if asked.
     *
     * @param length the bytes received
     * @param sourceQp the sender's queue pair number
     * @param serviceLevel the service level of the sender's path
     * @param solicited whether the sender asked for a solicited event
     */
    @Override
    public void aheadReceive(int index, long wrId, int qpNum, long length, int sourceQp, int serviceLevel,
                             boolean solicited) {
        producerRing().putReceive(producerPosition() + index, wrId, qpNum, length, sourceQp, serviceLevel,
                solicited, stamp());
    }

    /**
     * Publishes the first {@code count} entries of a run, and raises the notification they deserve.
     *
     * @param solicited whether one of them may wake a solicited-only notification
     */
    public void publishRun(int count, boolean solicited) {
        PUBLISHED.setRelease(this, producerPosition() + count);
        if (channel != null) {
            notifyChannel(solicited);
        }
    }

    /**
     * Appends a copy of {@code completion}.
     *
     * @return {@code false} if the queue overran and the completion was lost (see {@link #reserve})
     */
    public boolean push(Completion completion) {
        if (reserve() == null) {
            return false;
        }
        publish(completion);
        return true;
    }

    /**
     * Raises a completion event if the queue is armed for this completion. The poller arms (a
     * compare-and-set) and then polls again; the producer publishes and then reads the arm: the full fence
     * keeps the two orders, so that one of them sees the other and no completion is left without an event.
     */
    private void notifyChannel(boolean solicited) {
        VarHandle.fullFence();
        if (arm.fire(solicited)) {
            channel.deliver(this);
        }
    }

    // ---- notification ----

    @Override
    public void requestNotification(boolean solicitedOnly) {
        ensureOpen("ibv_req_notify_cq");
        if (channel == null) {
            throw Failures.invalid("ibv_req_notify_cq", "the completion queue has no completion channel");
        }
        arm.request(solicitedOnly);
    }

    @Override
    public void ackEvents(int count) {
        ensureOpen("ibv_ack_cq_events");
        if (!completionEvents.acknowledge(count)) {
            throw Failures.invalid("ibv_ack_cq_events", "cannot acknowledge " + count + " event(s): "
                    + completionEvents.outstanding() + " are outstanding");
        }
    }

    @Override
    public int unacknowledgedEvents() {
        return completionEvents.outstanding();
    }

    EventAccount completionEvents() {
        return completionEvents;
    }

    @Override
    public EventAccount asyncEvents() {
        return asyncEvents;
    }

    // ---- polling ----

    @Override
    public boolean startPoll() {
        if (singleThreaded ? batchOpen : ownsBatch()) {
            throw Failures.invalid(START_POLL, "a batch is already open: call ibv_end_poll first");
        }
        claimPoller();
        if (isClosed()) { // checked as the poller: a close holds the poller until the queue is closed
            releasePoller();
            throw Failures.closed(START_POLL, "completion queue");
        }
        cursor = consumed;
        if (!available()) {
            releasePoller();
            return false;
        }
        batchOpen = true;
        batchRing = ring;
        reach();
        return true;
    }

    @Override
    public boolean nextPoll() {
        checkBatch("ibv_next_poll");
        if (current != NONE) {
            passCurrent();
        }
        if (!available()) {
            return false;
        }
        reach();
        return true;
    }

    /**
     * Points the batch at the entry of the cursor and frees the send queue slots it retires, as a CQE read on
     * hardware does: a request posted while the batch is still on that entry finds its slot (a pingpong's next
     * SEND after the SEND completion that came after its receive's).
     */
    private void reach() {
        current = batchRing.index(cursor);
        batchRing.retireSendSlots(current);
        recordIfError(current);
    }

    /** Records the JFR error completion event for an entry that is not SUCCESS, if a recording wants it. */
    private void recordIfError(int entry) {
        CompletionRing r = batchRing;
        if (r.vendorErr(entry) != 0 && VerbsEvents.errorCompletionsRecorded()) {
            VerbsEvents.errorCompletion(context.device().name(), r.status(entry), r.vendorErr(entry), r.qpNum(entry),
                    r.wrId(entry));
        }
    }

    /**
     * Ends the calling thread's batch. Without one (a stray {@code ibv_end_poll}, as pyverbs calls after a
     * {@code start_poll} that failed) it does nothing, unless the queue is closed.
     */
    @Override
    public void endPoll() {
        if (!batchOpen || !singleThreaded && !ownsBatch()) {
            ensureOpen("ibv_end_poll");
            return;
        }
        if (current != NONE) {
            passCurrent();
        }
        batchOpen = false;
        releasePoller();
    }

    /** @return whether the calling thread opened the batch (never for a single-threaded queue) */
    private boolean ownsBatch() {
        return poller == Thread.currentThread();
    }

    /** Makes the calling thread the poller, waiting while another thread's batch is open. */
    private void claimPoller() {
        if (singleThreaded) {
            return;
        }
        Thread self = Thread.currentThread();
        int spins = 0;
        while (!POLLER.compareAndSet(this, null, self)) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private void releasePoller() {
        if (!singleThreaded) {
            POLLER.setRelease(this, null);
        }
    }

    /** Moves past the current entry and commits the position. */
    private void passCurrent() {
        cursor++;
        CONSUMED.setRelease(this, cursor);
        current = NONE;
    }

    private boolean available() {
        long end = published;
        int capacity = ring.capacity;
        if (end - cursor > capacity) {
            cursor = end - capacity;
            CONSUMED.setRelease(this, cursor);
        }
        return cursor < end;
    }

    private void checkBatch(String verb) {
        if (!batchOpen || !singleThreaded && !ownsBatch()) {
            ensureOpen(verb);
            throw Failures.invalid(verb, "no batch is open: call ibv_start_poll first");
        }
    }

    /**
     * @return the index of the current entry of the calling thread's batch in {@link #batchRing} (a current
     *     entry means an open batch)
     */
    private int entry(String verb) {
        int entry = current;
        if (entry != NONE && (singleThreaded || ownsBatch())) {
            return entry;
        }
        checkBatch(verb);
        throw Failures.invalid(verb, "no completion is current: ibv_next_poll returned ENOENT");
    }

    private int entry(String verb, CompletionField field) {
        int entry = entry(verb);
        if ((wcBits & field.value()) == 0) {
            throw Failures.invalid(verb, field.cName() + " was not requested in wc_flags at creation");
        }
        return entry;
    }

    private int entry(String verb, ExtraCompletionField field) {
        int entry = entry(verb);
        if ((extraBits & field.value()) == 0) {
            throw Failures.invalid(verb, field.cName() + " was not requested at creation");
        }
        return entry;
    }

    @Override
    public long wrId() {
        int entry = entry("wr_id");
        return batchRing.wrId(entry);
    }

    @Override
    public WcStatus status() {
        int entry = entry("status");
        return batchRing.status(entry);
    }

    @Override
    public WcOpcode readOpcode() {
        int entry = entry("ibv_wc_read_opcode");
        return batchRing.opcode(entry);
    }

    @Override
    public int readVendorErr() {
        int entry = entry("ibv_wc_read_vendor_err");
        return batchRing.vendorErr(entry);
    }

    @Override
    public int readByteLen() {
        int entry = entry("ibv_wc_read_byte_len", CompletionField.BYTE_LEN);
        return batchRing.byteLen(entry);
    }

    @Override
    public int readImmData() {
        int entry = entry("ibv_wc_read_imm_data", CompletionField.IMM);
        return batchRing.immOrInvalidatedRkey(entry);
    }

    @Override
    public int readInvalidatedRkey() {
        int entry = entry("ibv_wc_read_invalidated_rkey", CompletionField.IMM);
        return batchRing.immOrInvalidatedRkey(entry);
    }

    @Override
    public int readQpNum() {
        int entry = entry("ibv_wc_read_qp_num", CompletionField.QP_NUM);
        return batchRing.qpNum(entry);
    }

    @Override
    public int readSrcQp() {
        int entry = entry("ibv_wc_read_src_qp", CompletionField.SRC_QP);
        return batchRing.srcQp(entry);
    }

    @Override
    public int readWcFlags() {
        int entry = entry("ibv_wc_read_wc_flags");
        return batchRing.wcFlags(entry);
    }

    @Override
    public int readPkeyIndex() {
        entry("ibv_wc_read_pkey_index");
        return 0;
    }

    @Override
    public int readSlid() {
        entry("ibv_wc_read_slid", CompletionField.SLID);
        return 0;
    }

    @Override
    public int readSl() {
        int entry = entry("ibv_wc_read_sl", CompletionField.SL);
        return batchRing.sl(entry);
    }

    @Override
    public int readDlidPathBits() {
        entry("ibv_wc_read_dlid_path_bits", CompletionField.DLID_PATH_BITS);
        return 0;
    }

    @Override
    public long readCompletionTs() {
        int entry = entry("ibv_wc_read_completion_ts", CompletionField.COMPLETION_TIMESTAMP);
        return batchRing.timestamp(entry);
    }

    @Override
    public long readCompletionWallclockNs() {
        int entry = entry("ibv_wc_read_completion_wallclock_ns", CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK);
        return clock.wallclockNanos(batchRing.timestamp(entry));
    }

    @Override
    public int readCvlan() {
        entry("ibv_wc_read_cvlan", CompletionField.CVLAN);
        return 0;
    }

    @Override
    public int readFlowTag() {
        entry("ibv_wc_read_flow_tag", CompletionField.FLOW_TAG);
        return 0;
    }

    @Override
    public void readTmInfo(TmInfo into) {
        int entry = entry("ibv_wc_read_tm_info", CompletionField.TM_INFO);
        into.set(batchRing.tmTag(entry), batchRing.tmPriv(entry));
    }

    @Override
    public boolean readSourceGid(MemorySegment into) {
        int entry = entry("efadv_wc_read_sgid", ExtraCompletionField.SOURCE_GID);
        if (into.byteSize() < 16) {
            throw Failures.invalid("efadv_wc_read_sgid", "the destination holds fewer than 16 bytes");
        }
        if (!batchRing.hasSourceGid(entry)) {
            return false;
        }
        into.set(GID_HALF, 0, batchRing.sourceGidHigh(entry));
        into.set(GID_HALF, 8, batchRing.sourceGidLow(entry));
        return true;
    }

    @Override
    public boolean readIsUnsolicited() {
        int entry = entry("efadv_wc_is_unsolicited", ExtraCompletionField.UNSOLICITED);
        return batchRing.unsolicited(entry);
    }

    // ---- resize ----

    @Override
    public void resize(int cqe) {
        ensureOpen(RESIZE);
        if (cqe < 1 || cqe > DeviceProfile.MAX_CQE) {
            throw Failures.invalid(RESIZE, "cqe " + cqe + " is not in [1, max_cqe " + DeviceProfile.MAX_CQE + "]");
        }
        if (singleThreaded) {
            resizeAsPoller(cqe);
            return;
        }
        if (ownsBatch()) {
            throw Failures.invalid(RESIZE, "a batch is open: call ibv_end_poll first");
        }
        claimPoller();
        try {
            ensureOpen(RESIZE); // again as the poller: a close holds the poller until the queue is closed
            resizeAsPoller(cqe);
        } finally {
            releasePoller();
        }
    }

    private void resizeAsPoller(int cqe) {
        if (batchOpen) {
            throw Failures.invalid(RESIZE, "a batch is open: call ibv_end_poll first");
        }
        fabricLock.lock();
        try {
            CompletionRing old = ring;
            long end = published;
            long start = Math.max(consumed, end - old.capacity);
            if (end - start > cqe) {
                throw Failures.invalid(RESIZE, "cqe " + cqe + " is below the " + (end - start)
                        + " completion(s) queued");
            }
            CompletionRing resized = new CompletionRing(actualSize(cqe), stampsTime);
            for (long position = start; position < end; position++) {
                resized.copy(position, old);
            }
            CONSUMED.setRelease(this, start);
            ring = resized;
            freeUntil = 0;
        } finally {
            fabricLock.unlock();
        }
    }

    // ---- attributes ----

    @Override
    public Context context() {
        return context;
    }

    SoftContext softContext() {
        return context;
    }

    @Override
    public int cqe() {
        return ring.capacity;
    }

    @Override
    public Object cqContext() {
        return cqContext;
    }

    @Override
    public Optional<CompletionChannel> channel() {
        return Optional.ofNullable(channel);
    }

    @Override
    public int compVector() {
        return compVector;
    }

    @Override
    public Set<CompletionField> wcFlags() {
        return wcFlags;
    }

    @Override
    public Set<ExtraCompletionField> extraFields() {
        return extraFields;
    }

    public boolean wants(ExtraCompletionField field) {
        return (extraBits & field.value()) != 0;
    }

    @Override
    public Set<CqCreateFlag> flags() {
        return flags;
    }

    // ---- lifetime ----

    @Override
    void destroy() {
        long deadline = EventAccount.destroyDeadline();
        claimPollerToClose(deadline);
        try {
            completionEvents.awaitAllAcknowledged(DESTROY, deadline);
            asyncEvents.awaitAllAcknowledged(DESTROY, deadline);
        } catch (RuntimeException refused) {
            releasePoller();
            throw refused;
        }
        context.events().discard(this); // only once the destroy cannot fail: a refused destroy keeps its events
        if (channel != null) {
            channel.discard(this);
        }
    }

    /**
     * Makes the closing thread the poller, so that no batch is open while the queue is destroyed: another
     * thread's open batch is waited for until {@code deadline}; the calling thread's own is refused at once.
     * The poller is released once the queue is closed ({@link #afterClose}), or when the destroy fails.
     */
    private void claimPollerToClose(long deadline) {
        if (singleThreaded ? batchOpen : ownsBatch()) {
            throw Failures.busy(DESTROY, "the calling thread's poll batch is open: call ibv_end_poll first");
        }
        if (singleThreaded) {
            return;
        }
        Thread self = Thread.currentThread();
        while (!POLLER.compareAndSet(this, null, self)) {
            if (System.nanoTime() - deadline >= 0) {
                throw Failures.busy(DESTROY, "another thread's poll batch is still open after "
                        + EventAccount.destroyTimeout() + " (property " + EventAccount.DESTROY_TIMEOUT_PROPERTY + ")");
            }
            LockSupport.parkNanos(CLOSE_PARK_NANOS);
        }
    }

    @Override
    void afterClose() {
        releasePoller();
        if (channel != null) {
            channel.release();
        }
        if (parentDomain != null) {
            parentDomain.release();
        }
        context.release();
    }
}
