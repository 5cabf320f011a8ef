package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.verbs4j.BusyException;
import org.verbs4j.Capability;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.Flags;
import org.verbs4j.Gid;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttrMask;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.QpAttrs;
import org.verbs4j.provider.generic.raw.RssConf;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * C {@code struct ibv_qp} / {@code struct ibv_qp_ex}, created as the inline {@code ibv_create_qp_ex}
 * does: {@code ibv_create_qp} when the comp_mask is exactly PD, {@code verbs_context.create_qp_ex}
 * otherwise. An XRC_SEND queue pair has a protection domain and a send CQ only; an XRC_RECV queue pair has
 * only its XRC domain (comp_mask XRCD), which it keeps busy, and neither posts nor receives itself.
 */
@SuppressWarnings("restricted")
final class NativeQueuePair extends NativeResource implements QueuePair {

    private static final FunctionDescriptor CREATE = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final String CREATE_VERB = "ibv_create_qp_ex";
    private static final Set<QpInitAttrMask> OFFERED = EnumSet.of(QpInitAttrMask.PD, QpInitAttrMask.XRCD,
            QpInitAttrMask.CREATE_FLAGS, QpInitAttrMask.MAX_TSO_HEADER, QpInitAttrMask.SEND_OPS_FLAGS,
            QpInitAttrMask.IND_TABLE, QpInitAttrMask.RX_HASH);

    private final NativeContext context;
    private final QpInitAttributes attributes;
    private final NativeProtectionDomain pd;
    private final NativeCompletionQueue sendCq;
    private final NativeCompletionQueue recvCq;
    private final NativeSharedReceiveQueue srq;
    private final QpCapabilities capabilities;
    private final int qpNum;
    private final long stateOffset;
    private final ReceivePoster receivePoster;
    private final NativeSendOps sendOps;
    private final Object vendorView;

    private NativeQueuePair(NativeContext context, MemorySegment qp, QpInitAttributes attributes, Parts parts,
            QpCapabilities capabilities, CreatedQp created) {
        super(qp, parts.pd != null ? parts.pd : parts.xrcd,
                context.asyncEvents.beforeDestroying(qp.address(), destroyer(context.ib.destroyQp, qp.address())));
        this.context = context;
        this.attributes = attributes;
        this.pd = parts.pd;
        this.sendCq = parts.sendCq;
        this.recvCq = parts.recvCq;
        this.srq = parts.srq;
        this.capabilities = capabilities;
        StructLayout l = context.abi.ibvQpEx;
        this.qpNum = qp.get(JAVA_INT, Abi.offset(l, "qp_base", "qp_num"));
        this.stateOffset = Abi.offset(l, "qp_base", "state");
        ReceivePoster poster;
        NativeSendOps ops;
        Object view;
        try {
            poster = new ReceivePoster(context.abi, arena, context.contextOp("post_recv"), "ibv_post_recv");
            ops = attributes.sendOpsFlags().isEmpty() ? null : NativeSendOps.of(this, context, qp);
            this.receivePoster = poster;
            this.sendOps = ops;
            view = created.view().apply(this);
        } catch (RuntimeException | Error e) {
            abandon();
            throw e;
        }
        this.vendorView = view;
        for (NativeResource used : new NativeResource[] {sendCq, recvCq, srq, parts.table}) {
            if (used != null) {
                dependOn(used);
            }
        }
        context.qps.put(qp.address(), this);
    }

    /**
     * The objects a queue pair uses; what its type has not is {@code null}: an XRC_SEND queue pair has no
     * receive CQ, an XRC_RECV queue pair only an XRC domain.
     */
    private record Parts(NativeProtectionDomain pd, NativeCompletionQueue sendCq, NativeCompletionQueue recvCq,
            NativeSharedReceiveQueue srq, NativeXrcDomain xrcd, NativeIndirectionTable table) {
    }

    static NativeQueuePair create(NativeContext context, QpInitAttributes attributes) {
        Parts parts = validate(context, attributes);
        StructLayout l = context.abi.ibvQpInitAttrEx;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            fill(attr, l, attributes, parts);
            RssConf.fill(call, attr, l, attributes.rxHashConf(), parts.table == null ? null : parts.table.pointer());
            QpCreation creation = new QpCreation(context.pointer(), attr, attributes, call,
                    () -> createQpEx(context, attributes, parts, attr, call));
            CreatedQp created = context.directVerbs().createQp(creation);
            QpCapabilities actual = QpAttrs.readCap(attr, Abi.offset(l, "cap"));
            return new NativeQueuePair(context, created.qp().reinterpret(context.abi.ibvQpEx.byteSize()),
                    attributes, parts, actual, created);
        }
    }

    /**
     * The generic creation, as the inline {@code ibv_create_qp_ex}: {@code ibv_create_qp} when the comp_mask is
     * exactly PD, {@code verbs_context.create_qp_ex} otherwise.
     */
    private static MemorySegment createQpEx(NativeContext context, QpInitAttributes attributes, Parts parts,
            MemorySegment attr, Arena call) {
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment qp;
            if (attributes.compMask().equals(EnumSet.of(QpInitAttrMask.PD))) {
                qp = (MemorySegment) context.ib.createQp.invokeExact(errno, parts.pd.pointer(), attr);
            } else {
                MemorySegment function = context.requireOp(VerbsContextOp.CREATE_QP_EX, "ibv_create_qp_ex");
                qp = (MemorySegment) FunctionPointers.withErrno(function, CREATE).invokeExact(errno,
                        context.pointer(), attr);
            }
            return Native.checkPointer(qp, errno, "ibv_create_qp_ex");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    static Parts validate(NativeContext context, QpInitAttributes a) {
        Args.required(CREATE_VERB, a, "the attributes");
        Flags.toBits(CREATE_VERB, a.compMask());
        Set<QpInitAttrMask> unoffered = EnumSet.copyOf(a.compMask());
        unoffered.removeAll(OFFERED);
        if (!unoffered.isEmpty()) {
            throw new UnsupportedVerbException(CREATE_VERB, "the generic provider does not offer " + unoffered);
        }
        if (a.cap() == null || a.qpType() == null) {
            throw new InvalidArgumentException(CREATE_VERB, "cap and qp_type are required");
        }
        if (a.sendOpsFlags().contains(SendOpsFlag.FLUSH) && !NativeSendOps.hasWrFlush(context.ib.release())) {
            throw new UnsupportedVerbException(CREATE_VERB, "IBV_QP_EX_WITH_FLUSH needs rdma-core "
                    + NativeSendOps.WR_FLUSH_SINCE + " or later (ibv_qp_ex.wr_flush); the loaded release is "
                    + (context.ib.release() == 0 ? "unknown" : context.ib.release()));
        }
        if (a.unsolicitedWriteRecv()) {
            context.capabilities().require(Capability.QP_UNSOLICITED_WRITE_RECV, CREATE_VERB);
        }
        if (a.indirectionTable() != null || a.rxHashConf() != null) {
            return rssParts(context, a);
        }
        return switch (a.qpType()) {
            case XRC_SEND -> xrcSendParts(context, a);
            case XRC_RECV -> xrcRecvParts(context, a);
            default -> {
                if (a.xrcDomain() != null) {
                    throw new InvalidArgumentException(CREATE_VERB, "only an XRC_RECV queue pair has an XRC domain");
                }
                yield new Parts(NativeProtectionDomain.of(a.pd(), context, CREATE_VERB),
                        NativeCompletionQueue.of(a.sendCq(), context, CREATE_VERB),
                        NativeCompletionQueue.of(a.recvCq(), context, CREATE_VERB), srq(a.srq(), context), null,
                        null);
            }
        };
    }

    /** XRC_SEND: a protection domain and a send CQ; no receive CQ, SRQ or XRC domain. */
    private static Parts xrcSendParts(NativeContext context, QpInitAttributes a) {
        context.capabilities().require(Capability.XRC, CREATE_VERB);
        if (a.recvCq() != null || a.srq() != null || a.xrcDomain() != null) {
            throw new InvalidArgumentException(CREATE_VERB,
                    "an XRC_SEND queue pair has no receive CQ, SRQ or XRC domain (QpInitAttributes.xrcSend)");
        }
        return new Parts(NativeProtectionDomain.of(a.pd(), context, CREATE_VERB),
                NativeCompletionQueue.of(a.sendCq(), context, CREATE_VERB), null, null, null, null);
    }

    /** XRC_RECV: its XRC domain only (comp_mask XRCD), and no send operations. */
    private static Parts xrcRecvParts(NativeContext context, QpInitAttributes a) {
        context.capabilities().require(Capability.XRC, CREATE_VERB);
        if (a.pd() != null || a.sendCq() != null || a.recvCq() != null || a.srq() != null
                || !a.sendOpsFlags().isEmpty()) {
            throw new InvalidArgumentException(CREATE_VERB, "an XRC_RECV queue pair has only an XRC domain: no "
                    + "protection domain, CQs, SRQ or send operations (QpInitAttributes.xrcRecv)");
        }
        return new Parts(null, null, null, null, NativeXrcDomain.of(a.xrcDomain(), context, CREATE_VERB), null);
    }

    /**
     * An RX hash (RSS) queue pair: a protection domain, an indirection table and an RX hash configuration
     * (comp_mask PD | IND_TABLE | RX_HASH), no CQs, SRQ or XRC domain; it keeps the table busy.
     */
    private static Parts rssParts(NativeContext context, QpInitAttributes a) {
        context.capabilities().require(Capability.RX_HASH, CREATE_VERB);
        if (a.indirectionTable() == null || a.rxHashConf() == null || a.sendCq() != null || a.recvCq() != null
                || a.srq() != null || a.xrcDomain() != null) {
            throw new InvalidArgumentException(CREATE_VERB, "an RSS queue pair has an indirection table and an RX "
                    + "hash configuration, and no CQs, SRQ or XRC domain (QpInitAttributes.rss)");
        }
        return new Parts(NativeProtectionDomain.of(a.pd(), context, CREATE_VERB), null, null, null, null,
                NativeIndirectionTable.of(a.indirectionTable(), context, CREATE_VERB));
    }

    private static NativeSharedReceiveQueue srq(SharedReceiveQueue srq, NativeContext context) {
        if (srq == null) {
            return null;
        }
        if (srq instanceof NativeSharedReceiveQueue nativeSrq && nativeSrq.context() == context) {
            UsedObjects.enter(nativeSrq, CREATE_VERB);
            return nativeSrq;
        }
        throw new InvalidArgumentException(CREATE_VERB, "the shared receive queue is not from this context");
    }

    private static void fill(MemorySegment attr, StructLayout l, QpInitAttributes a, Parts parts) {
        attr.set(ADDRESS, Abi.offset(l, "send_cq"), pointer(parts.sendCq));
        attr.set(ADDRESS, Abi.offset(l, "recv_cq"), pointer(parts.recvCq));
        attr.set(ADDRESS, Abi.offset(l, "srq"), parts.srq == null ? MemorySegment.NULL : parts.srq.pointer());
        QpAttrs.writeCap(attr, Abi.offset(l, "cap"), null, a.cap());
        attr.set(JAVA_INT, Abi.offset(l, "qp_type"), (int) a.qpType().value());
        attr.set(JAVA_INT, Abi.offset(l, "sq_sig_all"), a.sqSigAll() ? 1 : 0);
        attr.set(JAVA_INT, Abi.offset(l, "comp_mask"), (int) Flags.toBits(CREATE_VERB, a.compMask()));
        attr.set(ADDRESS, Abi.offset(l, "pd"), parts.pd == null ? MemorySegment.NULL : parts.pd.pointer());
        attr.set(ADDRESS, Abi.offset(l, "xrcd"), parts.xrcd == null ? MemorySegment.NULL : parts.xrcd.pointer());
        attr.set(JAVA_INT, Abi.offset(l, "create_flags"), (int) Flags.toBits(CREATE_VERB, a.createFlags()));
        attr.set(java.lang.foreign.ValueLayout.JAVA_SHORT, Abi.offset(l, "max_tso_header"), (short) a.maxTsoHeader());
        attr.set(JAVA_LONG, Abi.offset(l, "send_ops_flags"), Flags.toBits(CREATE_VERB, a.sendOpsFlags()));
    }

    private static MemorySegment pointer(NativeCompletionQueue cq) {
        return cq == null ? MemorySegment.NULL : cq.pointer();
    }

    @Override
    protected String destroyVerb() {
        return "ibv_destroy_qp";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(context.ib.destroyQp, handle, "ibv_destroy_qp");
        context.qps.remove(handle.address());
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public int qpNum() {
        return qpNum;
    }

    @Override
    public QpType type() {
        return attributes.qpType();
    }

    @Override
    public Object qpContext() {
        return attributes.qpContext();
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    @Override
    public CompletionQueue sendCq() {
        return sendCq;
    }

    @Override
    public CompletionQueue recvCq() {
        return recvCq;
    }

    @Override
    public Optional<SharedReceiveQueue> srq() {
        return Optional.ofNullable(srq);
    }

    @Override
    public QpCapabilities capabilities() {
        return capabilities;
    }

    @Override
    public QpState state() {
        enter("ibv_qp.state");
        try {
            return currentState();
        } finally {
            leave();
        }
    }

    private QpState currentState() {
        return QpState.fromValue(handle.get(JAVA_INT, stateOffset));
    }

    @Override
    public void modify(QpAttributes attributes) {
        enter("ibv_modify_qp");
        try {
            Args.required("ibv_modify_qp", attributes, "the attributes");
            int mask = (int) Flags.toBits("ibv_modify_qp", attributes.mask());
            try (Arena call = Arena.ofConfined()) {
                MemorySegment attr = call.allocate(context.abi.ibvQpAttr);
                QpAttrs.write(context.abi, attr, attributes);
                QpState current = currentState();
                int rc = (int) context.ib.modifyQp.invokeExact(handle, attr, mask);
                if (rc != 0) {
                    throw RefusedModify.of(Math.abs(rc), type(), current, attributes.mask(), attributes.qpState());
                }
                if (attributes.mask().contains(QpAttrMask.STATE)) {
                    VerbsEvents.qpStateChanged(deviceName(), qpNum(), current, attributes.qpState());
                }
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public QpAttributes query(Set<QpAttrMask> mask) {
        enter("ibv_query_qp");
        try {
            try (Arena call = Arena.ofConfined()) {
                MemorySegment attr = call.allocate(context.abi.ibvQpAttr);
                MemorySegment init = call.allocate(context.abi.ibvQpInitAttrEx);
                int rc = (int) context.ib.queryQp.invokeExact(handle, attr, (int) Flags.toBits("ibv_query_qp", mask), init);
                Native.check(rc, "ibv_query_qp");
                return QpAttrs.read(context.abi, attr);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public synchronized void postReceive(ReceiveRequest first) {
        enter("ibv_post_recv");
        try {
            if (attributes.qpType() == QpType.XRC_SEND || attributes.qpType() == QpType.XRC_RECV) {
                throw new InvalidArgumentException("ibv_post_recv", "an " + attributes.qpType()
                        + " queue pair has no receive queue (an XRC SRQ receives for it)");
            }
            if (attributes.indirectionTable() != null) {
                throw new InvalidArgumentException("ibv_post_recv",
                        "an RSS queue pair has no receive queue (the work queues of its indirection table receive)");
            }
            receivePoster.post(handle, first);
        } finally {
            leave();
        }
    }

    @Override
    public SendOps sendOps() {
        ensureOpen("ibv_qp_to_qp_ex");
        if (sendOps == null) {
            throw new UnsupportedVerbException("ibv_qp_to_qp_ex", "the queue pair was created without send-ops flags");
        }
        return sendOps;
    }

    @Override
    protected void refuseOwnBatch() {
        if (sendOps != null && sendOps.heldBy(Thread.currentThread())) {
            throw new BusyException(destroyVerb(), "a send batch of this thread is open; call complete or abort first");
        }
    }

    /** Waits for another thread's open send batch to end, and keeps new ones out. */
    @Override
    protected void excludeOthers(long deadline) {
        if (sendOps != null) {
            sendOps.exclude(deadline, destroyVerb());
        }
    }

    @Override
    protected void readmitOthers() {
        if (sendOps != null) {
            sendOps.readmit();
        }
    }

    @Override
    protected Object vendorView() {
        return vendorView;
    }

    /** @return the send-ops flags requested at creation */
    Set<SendOpsFlag> sendOpsFlags() {
        return attributes.sendOpsFlags();
    }

    @Override
    public void attachMulticast(Gid gid, int lid) {
        multicast(context.ib.attachMcast, "ibv_attach_mcast", gid, lid);
    }

    @Override
    public void detachMulticast(Gid gid, int lid) {
        multicast(context.ib.detachMcast, "ibv_detach_mcast", gid, lid);
    }

    private void multicast(java.lang.invoke.MethodHandle function, String verb, Gid gid, int lid) {
        enter(verb);
        try {
            try (Arena call = Arena.ofConfined()) {
                Args.required(verb, gid, "the GID");
                MemorySegment raw = call.allocate(16, 8);
                gid.write(raw, 0);
                int rc = (int) function.invokeExact(handle, raw, (short) lid);
                Native.check(rc, verb);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }
}
