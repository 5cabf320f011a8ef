package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AsyncEventType;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionField;
import org.verbs4j.Context;
import org.verbs4j.CqCreateFlag;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.Flags;
import org.verbs4j.TmInfo;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * An extended completion queue. Producers (the engine, under the fabric's wire lock) append entries
 * and publish them with a volatile write of {@link #published}; the poller reads them without the wire
 * lock, so a poller spinning inside an open batch never blocks a producer. A batch belongs to one thread
 * (a consumer lock, skipped for {@link CqCreateFlag#SINGLE_THREADED} queues). The consumed position is
 * committed as the poller moves past entries; a full queue either overruns (entry dropped, CQ_ERR event,
 * the producing queue pair goes to error) or, with {@link CqCreateFlag#IGNORE_OVERRUN}, overwrites the
 * oldest unread entries.
 */
final class SoftCompletionQueue extends SoftObject implements org.verbs4j.CompletionQueue, EventSubject {

    private static final String CREATE = "ibv_create_cq_ex";
    private static final String RESIZE = "ibv_resize_cq";
    private static final String DESTROY = "ibv_destroy_cq";
    private static final ValueLayout.OfLong GID_HALF =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final SoftContext context;
    private final Object cqContext;
    private final SoftCompletionChannel channel;
    private final int compVector;
    private final Set<CompletionField> wcFlags;
    private final long wcBits;
    private final boolean stampsTime;
    private final Set<ExtraCompletionField> extraFields;
    private final long extraBits;
    private final Set<CqCreateFlag> flags;
    private final boolean ignoreOverrun;
    private final ReentrantLock consumer;
    private volatile CompletionRing ring;
    private final DeviceClock clock;
    private final ReentrantLock wire;
    private final NotificationArm arm = new NotificationArm();
    private final EventAccount completionEvents = new EventAccount("completion");
    private final EventAccount asyncEvents = new EventAccount("asynchronous");

    private volatile long published;
    private volatile long consumed;
    private volatile boolean overrun;
    private long cursor;
    private boolean batchOpen;
    private int current;

    SoftCompletionQueue(SoftContext context, CqInitAttributes attributes) {
        super(DESTROY, "completion queue");
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
        this.consumer = flags.contains(CqCreateFlag.SINGLE_THREADED) ? null : new ReentrantLock();
        this.ring = new CompletionRing(actualSize(attributes.cqe()));
        this.clock = context.fabric().clock();
        this.wire = context.fabric().wire();
        context.retain(CREATE);
        if (channel != null) {
            channel.retain(CREATE);
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
        if (attributes.parentDomain() != null) {
            throw Failures.unsupported(CREATE, "the soft device has no parent domains");
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

    // ---- producer side (wire lock held) ----

    /**
     * Appends a completion and raises the notification it deserves.
     *
     * @return {@code false} if the queue overran and the completion was lost (the caller moves its queue
     *     pair to error); the CQ_ERR event is raised here
     */
    boolean push(Completion completion) {
        if (overrun || isClosed()) {
            return false;
        }
        long position = published;
        if (position - consumed >= ring.capacity && !ignoreOverrun) {
            overrun = true;
            context.events().post(AsyncEventType.CQ_ERR, this, 0);
            return false;
        }
        ring.write(position, completion, stampsTime ? clock.ticks() : 0);
        published = position + 1;
        if (arm.fire(completion.solicited) && channel != null) {
            channel.deliver(this);
        }
        return true;
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
        ensureOpen("ibv_start_poll");
        if (consumer != null) {
            if (consumer.isHeldByCurrentThread()) {
                throw Failures.invalid("ibv_start_poll", "a batch is already open: call ibv_end_poll first");
            }
            consumer.lock();
        } else if (batchOpen) {
            throw Failures.invalid("ibv_start_poll", "a batch is already open: call ibv_end_poll first");
        }
        cursor = consumed;
        if (!available()) {
            if (consumer != null) {
                consumer.unlock();
            }
            return false;
        }
        batchOpen = true;
        current = ring.slot(cursor);
        return true;
    }

    @Override
    public boolean nextPoll() {
        checkBatch("ibv_next_poll");
        if (current >= 0) {
            release(cursor);
            cursor++;
            consumed = cursor;
            current = -1;
        }
        if (!available()) {
            return false;
        }
        current = ring.slot(cursor);
        return true;
    }

    @Override
    public void endPoll() {
        if (!batchOpen || (consumer != null && !consumer.isHeldByCurrentThread())) {
            return;
        }
        if (current >= 0) {
            release(cursor);
            cursor++;
            consumed = cursor;
        }
        current = -1;
        batchOpen = false;
        if (consumer != null) {
            consumer.unlock();
        }
    }

    private boolean available() {
        long end = published;
        if (end - cursor > ring.capacity) {
            cursor = end - ring.capacity;
            consumed = cursor;
        }
        return cursor < end;
    }

    private void release(long position) {
        int slot = ring.slot(position);
        SendQueue queue = ring.sendQueue[slot];
        if (queue != null) {
            queue.retire(ring.sendPosition[slot]);
            ring.sendQueue[slot] = null;
        }
    }

    private void checkBatch(String verb) {
        if (!batchOpen || (consumer != null && !consumer.isHeldByCurrentThread())) {
            throw Failures.invalid(verb, "no batch is open: call ibv_start_poll first");
        }
    }

    private int entry(String verb) {
        checkBatch(verb);
        if (current < 0) {
            throw Failures.invalid(verb, "no completion is current: ibv_next_poll returned ENOENT");
        }
        return current;
    }

    private int entry(String verb, CompletionField field) {
        int slot = entry(verb);
        if ((wcBits & field.value()) == 0) {
            throw Failures.invalid(verb, field.cName() + " was not requested in wc_flags at creation");
        }
        return slot;
    }

    private int entry(String verb, ExtraCompletionField field) {
        int slot = entry(verb);
        if ((extraBits & field.value()) == 0) {
            throw Failures.invalid(verb, field.cName() + " was not requested at creation");
        }
        return slot;
    }

    @Override
    public long wrId() {
        return ring.wrId[entry("wr_id")];
    }

    @Override
    public WcStatus status() {
        return ring.status[entry("status")];
    }

    @Override
    public WcOpcode readOpcode() {
        return ring.opcode[entry("ibv_wc_read_opcode")];
    }

    @Override
    public int readVendorErr() {
        return ring.vendorErr[entry("ibv_wc_read_vendor_err")];
    }

    @Override
    public int readByteLen() {
        return ring.byteLen[entry("ibv_wc_read_byte_len", CompletionField.BYTE_LEN)];
    }

    @Override
    public int readImmData() {
        return ring.imm[entry("ibv_wc_read_imm_data", CompletionField.IMM)];
    }

    @Override
    public int readInvalidatedRkey() {
        return ring.imm[entry("ibv_wc_read_invalidated_rkey", CompletionField.IMM)];
    }

    @Override
    public int readQpNum() {
        return ring.qpNum[entry("ibv_wc_read_qp_num", CompletionField.QP_NUM)];
    }

    @Override
    public int readSrcQp() {
        return ring.srcQp[entry("ibv_wc_read_src_qp", CompletionField.SRC_QP)];
    }

    @Override
    public int readWcFlags() {
        return ring.wcFlags[entry("ibv_wc_read_wc_flags")];
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
        return ring.sl[entry("ibv_wc_read_sl", CompletionField.SL)];
    }

    @Override
    public int readDlidPathBits() {
        entry("ibv_wc_read_dlid_path_bits", CompletionField.DLID_PATH_BITS);
        return 0;
    }

    @Override
    public long readCompletionTs() {
        return ring.timestamp[entry("ibv_wc_read_completion_ts", CompletionField.COMPLETION_TIMESTAMP)];
    }

    @Override
    public long readCompletionWallclockNs() {
        int slot = entry("ibv_wc_read_completion_wallclock_ns", CompletionField.COMPLETION_TIMESTAMP_WALLCLOCK);
        return clock.wallclockNanos(ring.timestamp[slot]);
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
        int slot = entry("ibv_wc_read_tm_info", CompletionField.TM_INFO);
        into.set(ring.tmTag[slot], ring.tmPriv[slot]);
    }

    @Override
    public boolean readSourceGid(MemorySegment into) {
        int slot = entry("efadv_wc_read_sgid", ExtraCompletionField.SOURCE_GID);
        if (into.byteSize() < 16) {
            throw Failures.invalid("efadv_wc_read_sgid", "the destination holds fewer than 16 bytes");
        }
        if (!ring.hasSourceGid[slot]) {
            return false;
        }
        into.set(GID_HALF, 0, ring.sourceGidHigh[slot]);
        into.set(GID_HALF, 8, ring.sourceGidLow[slot]);
        return true;
    }

    @Override
    public boolean readIsUnsolicited() {
        return ring.unsolicited[entry("efadv_wc_is_unsolicited", ExtraCompletionField.UNSOLICITED)];
    }

    // ---- resize ----

    @Override
    public void resize(int cqe) {
        ensureOpen(RESIZE);
        if (cqe < 1 || cqe > DeviceProfile.MAX_CQE) {
            throw Failures.invalid(RESIZE, "cqe " + cqe + " is not in [1, max_cqe " + DeviceProfile.MAX_CQE + "]");
        }
        if (consumer == null) {
            resizeHoldingConsumer(cqe);
            return;
        }
        if (consumer.isHeldByCurrentThread()) {
            throw Failures.invalid(RESIZE, "a batch is open: call ibv_end_poll first");
        }
        consumer.lock();
        try {
            resizeHoldingConsumer(cqe);
        } finally {
            consumer.unlock();
        }
    }

    private void resizeHoldingConsumer(int cqe) {
        if (batchOpen) {
            throw Failures.invalid(RESIZE, "a batch is open: call ibv_end_poll first");
        }
        wire.lock();
        try {
            CompletionRing old = ring;
            long end = published;
            long start = Math.max(consumed, end - old.capacity);
            if (end - start > cqe) {
                throw Failures.invalid(RESIZE, "cqe " + cqe + " is below the " + (end - start)
                        + " completion(s) queued");
            }
            CompletionRing resized = new CompletionRing(actualSize(cqe));
            for (long position = start; position < end; position++) {
                resized.copy(position, old);
            }
            consumed = start;
            ring = resized;
        } finally {
            wire.unlock();
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

    boolean wants(ExtraCompletionField field) {
        return (extraBits & field.value()) != 0;
    }

    @Override
    public Set<CqCreateFlag> flags() {
        return flags;
    }

    // ---- lifetime ----

    @Override
    void destroy() {
        completionEvents.awaitAllAcknowledged(DESTROY);
        context.events().discard(this);
        asyncEvents.awaitAllAcknowledged(DESTROY);
        if (channel != null) {
            channel.discard(this);
        }
    }

    @Override
    void afterClose() {
        if (channel != null) {
            channel.release();
        }
        context.release();
    }
}
