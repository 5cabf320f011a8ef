package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.Context;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqAttrMask;
import org.verbs4j.SrqAttributes;
import org.verbs4j.SrqInitAttrMask;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOperation;
import org.verbs4j.SrqType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * C {@code struct ibv_srq}, created as the inline {@code ibv_create_srq_ex} does: {@code ibv_create_srq}
 * for a basic queue, {@code verbs_context.create_srq_ex} otherwise (tag matching; XRC, with its XRC domain
 * and completion queue, which it keeps busy). {@code ibv_post_srq_ops} goes through {@link SrqOpsPoster};
 * {@code ibv_get_srq_num} through {@code verbs_context.get_srq_num}.
 */
@SuppressWarnings("restricted")
final class NativeSharedReceiveQueue extends NativeResource implements SharedReceiveQueue {

    private static final String CREATE_VERB = "ibv_create_srq_ex";
    private static final String SRQ_NUM = "ibv_get_srq_num";
    private static final FunctionDescriptor CREATE = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor GET_SRQ_NUM = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);

    private final NativeContext context;
    private final SrqInitAttributes attributes;
    private final Parts parts;
    private final ReceivePoster receivePoster;
    private final SrqOpsPoster opsPoster;

    /** The objects a queue uses besides its protection domain. */
    private record Parts(NativeProtectionDomain pd, NativeCompletionQueue cq, NativeXrcDomain xrcd) {
    }

    private NativeSharedReceiveQueue(NativeContext context, MemorySegment srq, SrqInitAttributes attributes,
            Parts parts) {
        super(srq, parts.pd, context.asyncEvents.beforeDestroying(srq.address(),
                destroyer(context.ib.destroySrq, srq.address())));
        this.context = context;
        this.attributes = attributes;
        this.parts = parts;
        try {
            this.receivePoster = new ReceivePoster(context.abi, arena, context.contextOp("post_srq_recv"),
                    "ibv_post_srq_recv");
            this.opsPoster = new SrqOpsPoster(context.abi, arena, context.op(VerbsContextOp.POST_SRQ_OPS));
        } catch (RuntimeException e) {
            abandon();
            throw e;
        }
        if (parts.cq != null) {
            dependOn(parts.cq);
        }
        if (parts.xrcd != null) {
            dependOn(parts.xrcd);
        }
        context.srqs.put(srq.address(), this);
    }

    static NativeSharedReceiveQueue create(NativeContext context, SrqInitAttributes attributes) {
        Parts parts = validate(context, attributes);
        StructLayout l = context.abi.ibvSrqInitAttrEx;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            fill(attr, l, attributes, parts);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment srq;
            if (isBasic(attributes)) {
                srq = (MemorySegment) context.ib.createSrq.invokeExact(errno, parts.pd.pointer(), attr);
            } else {
                MemorySegment function = context.requireOp(VerbsContextOp.CREATE_SRQ_EX, CREATE_VERB);
                srq = (MemorySegment) FunctionPointers.withErrno(function, CREATE).invokeExact(errno,
                        context.pointer(), attr);
            }
            Native.checkPointer(srq, errno, CREATE_VERB);
            return new NativeSharedReceiveQueue(context, srq.reinterpret(context.abi.ibvSrq.byteSize()), attributes,
                    parts);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** The condition of the inline: comp_mask within TYPE|PD and the type BASIC. */
    private static boolean isBasic(SrqInitAttributes attributes) {
        return EnumSet.of(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD).containsAll(attributes.compMask())
                && attributes.srqType() == SrqType.BASIC;
    }

    /** Checks the objects of the attributes (before any native call) and returns them as native ones. */
    static Parts validate(NativeContext context, SrqInitAttributes attributes) {
        Args.required(CREATE_VERB, attributes, "the attributes");
        NativeProtectionDomain pd = NativeProtectionDomain.of(attributes.pd(), context, CREATE_VERB);
        NativeCompletionQueue cq = attributes.cq() == null ? null
                : NativeCompletionQueue.of(attributes.cq(), context, CREATE_VERB);
        boolean xrc = attributes.srqType() == SrqType.XRC;
        if (!xrc) {
            if (attributes.xrcDomain() != null) {
                throw new InvalidArgumentException(CREATE_VERB, "only an XRC SRQ has an XRC domain");
            }
            return new Parts(pd, cq, null);
        }
        NativeXrcDomain xrcd = NativeXrcDomain.of(attributes.xrcDomain(), context, CREATE_VERB);
        if (cq == null) {
            throw new InvalidArgumentException(CREATE_VERB,
                    "an XRC SRQ needs a completion queue (its XRC_RECV queue pairs have none)");
        }
        return new Parts(pd, cq, xrcd);
    }

    private static void fill(MemorySegment attr, StructLayout l, SrqInitAttributes a, Parts parts) {
        attr.set(JAVA_INT, Abi.offset(l, "attr", "max_wr"), a.attr().maxWr());
        attr.set(JAVA_INT, Abi.offset(l, "attr", "max_sge"), a.attr().maxSge());
        attr.set(JAVA_INT, Abi.offset(l, "attr", "srq_limit"), a.attr().srqLimit());
        attr.set(JAVA_INT, Abi.offset(l, "comp_mask"), (int) Flags.toBits(CREATE_VERB, a.compMask()));
        attr.set(JAVA_INT, Abi.offset(l, "srq_type"), (int) a.srqType().value());
        attr.set(ADDRESS, Abi.offset(l, "pd"), parts.pd.pointer());
        attr.set(ADDRESS, Abi.offset(l, "xrcd"), parts.xrcd == null ? MemorySegment.NULL : parts.xrcd.pointer());
        attr.set(ADDRESS, Abi.offset(l, "cq"), parts.cq == null ? MemorySegment.NULL : parts.cq.pointer());
        if (a.tmCap() != null) {
            attr.set(JAVA_INT, Abi.offset(l, "tm_cap", "max_num_tags"), a.tmCap().maxNumTags());
            attr.set(JAVA_INT, Abi.offset(l, "tm_cap", "max_ops"), a.tmCap().maxOps());
        }
    }

    /** @return the XRC domain of an XRC queue, otherwise {@code null} */
    NativeXrcDomain xrcDomain() {
        return parts.xrcd;
    }

    @Override
    protected String destroyVerb() {
        return "ibv_destroy_srq";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(context.ib.destroySrq, handle, "ibv_destroy_srq");
        context.srqs.remove(handle.address());
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public SrqType type() {
        return attributes.srqType();
    }

    @Override
    public Object srqContext() {
        return attributes.srqContext();
    }

    @Override
    public int srqNum() {
        enter(SRQ_NUM);
        try {
            String unsupported = "the driver of " + context.device().name() + " reports no SRQ numbers (get_srq_num)";
            MemorySegment function = context.op(VerbsContextOp.GET_SRQ_NUM);
            if (function.equals(MemorySegment.NULL)) {
                throw new UnsupportedVerbException(SRQ_NUM, unsupported);
            }
            try (Arena call = Arena.ofConfined()) {
                MemorySegment number = call.allocate(JAVA_INT);
                int rc = (int) FunctionPointers.critical(function, GET_SRQ_NUM).invokeExact(handle, number);
                if (Native.isUnsupported(rc)) {
                    throw new UnsupportedVerbException(SRQ_NUM, rc, unsupported, null);
                }
                Native.check(rc, SRQ_NUM);
                return number.get(JAVA_INT, 0);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public SrqAttributes query() {
        enter("ibv_query_srq");
        try {
            StructLayout l = context.abi.ibvSrqAttr;
            try (Arena call = Arena.ofConfined()) {
                MemorySegment attr = call.allocate(l);
                int rc = (int) context.ib.querySrq.invokeExact(handle, attr);
                Native.check(rc, "ibv_query_srq");
                return new SrqAttributes(attr.get(JAVA_INT, 0), attr.get(JAVA_INT, 4), attr.get(JAVA_INT, 8));
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public void modify(SrqAttributes attributes, Set<SrqAttrMask> mask) {
        enter("ibv_modify_srq");
        try {
            Args.required("ibv_modify_srq", attributes, "the attributes");
            Flags.toBits("ibv_modify_srq", mask);
            try (Arena call = Arena.ofConfined()) {
                MemorySegment attr = call.allocate(context.abi.ibvSrqAttr);
                attr.set(JAVA_INT, 0, attributes.maxWr());
                attr.set(JAVA_INT, 4, attributes.maxSge());
                attr.set(JAVA_INT, 8, attributes.srqLimit());
                int rc = (int) context.ib.modifySrq.invokeExact(handle, attr, (int) Flags.toBits("ibv_modify_srq", mask));
                Native.check(rc, "ibv_modify_srq");
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    @Override
    public void armLimit(int limit) {
        modify(new SrqAttributes(0, 0, limit), EnumSet.of(SrqAttrMask.LIMIT));
    }

    @Override
    public synchronized void postReceive(ReceiveRequest first) {
        enter("ibv_post_srq_recv");
        try {
            receivePoster.post(handle, first);
        } finally {
            leave();
        }
    }

    @Override
    public synchronized void postOps(SrqOperation first) {
        enter("ibv_post_srq_ops");
        try {
            opsPoster.post(handle, first);
        } finally {
            leave();
        }
    }
}
