package org.verbs4j.provider.generic.binding;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.Context;
import org.verbs4j.Errno;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqAttrMask;
import org.verbs4j.SrqAttributes;
import org.verbs4j.SrqInitAttrMask;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOperation;
import org.verbs4j.SrqType;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;

/**
 * C {@code struct ibv_srq}, created as the inline {@code ibv_create_srq_ex} does: {@code ibv_create_srq}
 * for a basic queue, {@code verbs_context.create_srq_ex} otherwise. {@code ibv_post_srq_ops} goes through
 * {@code verbs_context.post_srq_ops} with {@code bad_op} pre-set to the first operation, since
 * libibverbs' dummy op returns EOPNOTSUPP without setting it.
 */
@SuppressWarnings("restricted")
final class NativeSharedReceiveQueue extends NativeResource implements SharedReceiveQueue {

    private static final FunctionDescriptor CREATE = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor POST_OPS = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    private final NativeContext context;
    private final SrqInitAttributes attributes;
    private final NativeCompletionQueue cq;
    private final ReceivePoster receivePoster;

    private NativeSharedReceiveQueue(NativeContext context, MemorySegment srq, SrqInitAttributes attributes,
            NativeProtectionDomain pd, NativeCompletionQueue cq) {
        super(srq, pd, destroyer(context.ib.destroySrq, srq.address()));
        this.context = context;
        this.attributes = attributes;
        this.cq = cq;
        try {
            this.receivePoster = new ReceivePoster(context.abi, arena, context.contextOp("post_srq_recv"),
                    "ibv_post_srq_recv");
        } catch (RuntimeException e) {
            abandon();
            throw e;
        }
        if (cq != null) {
            dependOn(cq);
        }
        context.srqs.put(srq.address(), this);
    }

    static NativeSharedReceiveQueue create(NativeContext context, SrqInitAttributes attributes) {
        if (attributes.xrcDomain() != null || attributes.srqType() == SrqType.XRC) {
            throw new UnsupportedVerbException("ibv_create_srq_ex", "the generic provider does not offer XRC");
        }
        NativeProtectionDomain pd = NativeProtectionDomain.of(attributes.pd(), context, "ibv_create_srq_ex");
        NativeCompletionQueue cq = attributes.cq() == null ? null : cq(attributes, context);
        StructLayout l = context.abi.ibvSrqInitAttrEx;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            fill(attr, l, attributes, pd, cq);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment srq;
            if (isBasic(attributes)) {
                srq = (MemorySegment) context.ib.createSrq.invokeExact(errno, pd.pointer(), attr);
            } else {
                MemorySegment function = context.requireOp(VerbsContextOp.CREATE_SRQ_EX, "ibv_create_srq_ex");
                srq = (MemorySegment) FunctionPointers.withErrno(function, CREATE).invokeExact(errno,
                        context.pointer(), attr);
            }
            Native.checkPointer(srq, errno, "ibv_create_srq_ex");
            return new NativeSharedReceiveQueue(context, srq.reinterpret(context.abi.ibvSrq.byteSize()), attributes,
                    pd, cq);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** The condition of the inline: comp_mask within TYPE|PD and the type BASIC. */
    private static boolean isBasic(SrqInitAttributes attributes) {
        return EnumSet.of(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD).containsAll(attributes.compMask())
                && attributes.srqType() == SrqType.BASIC;
    }

    private static NativeCompletionQueue cq(SrqInitAttributes attributes, NativeContext context) {
        if (attributes.cq() instanceof NativeCompletionQueue nativeCq && nativeCq.context() == context) {
            nativeCq.ensureOpen("ibv_create_srq_ex");
            return nativeCq;
        }
        throw new InvalidArgumentException("ibv_create_srq_ex", "the completion queue is not from this context");
    }

    private static void fill(MemorySegment attr, StructLayout l, SrqInitAttributes a, NativeProtectionDomain pd,
            NativeCompletionQueue cq) {
        attr.set(JAVA_INT, Abi.offset(l, "attr", "max_wr"), a.attr().maxWr());
        attr.set(JAVA_INT, Abi.offset(l, "attr", "max_sge"), a.attr().maxSge());
        attr.set(JAVA_INT, Abi.offset(l, "attr", "srq_limit"), a.attr().srqLimit());
        attr.set(JAVA_INT, Abi.offset(l, "comp_mask"), (int) Flags.toBits(a.compMask()));
        attr.set(JAVA_INT, Abi.offset(l, "srq_type"), (int) a.srqType().value());
        attr.set(ADDRESS, Abi.offset(l, "pd"), pd.pointer());
        attr.set(ADDRESS, Abi.offset(l, "cq"), cq == null ? MemorySegment.NULL : cq.pointer());
        if (a.tmCap() != null) {
            attr.set(JAVA_INT, Abi.offset(l, "tm_cap", "max_num_tags"), a.tmCap().maxNumTags());
            attr.set(JAVA_INT, Abi.offset(l, "tm_cap", "max_ops"), a.tmCap().maxOps());
        }
    }

    MemorySegment pointer() {
        return handle;
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
    public SrqAttributes query() {
        ensureOpen("ibv_query_srq");
        StructLayout l = context.abi.ibvSrqAttr;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            int rc = (int) context.ib.querySrq.invokeExact(handle, attr);
            Native.check(rc, "ibv_query_srq");
            return new SrqAttributes(attr.get(JAVA_INT, 0), attr.get(JAVA_INT, 4), attr.get(JAVA_INT, 8));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public void modify(SrqAttributes attributes, Set<SrqAttrMask> mask) {
        ensureOpen("ibv_modify_srq");
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(context.abi.ibvSrqAttr);
            attr.set(JAVA_INT, 0, attributes.maxWr());
            attr.set(JAVA_INT, 4, attributes.maxSge());
            attr.set(JAVA_INT, 8, attributes.srqLimit());
            int rc = (int) context.ib.modifySrq.invokeExact(handle, attr, (int) Flags.toBits(mask));
            Native.check(rc, "ibv_modify_srq");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public void armLimit(int limit) {
        modify(new SrqAttributes(0, 0, limit), EnumSet.of(SrqAttrMask.LIMIT));
    }

    @Override
    public synchronized void postReceive(ReceiveRequest first) {
        ensureOpen("ibv_post_srq_recv");
        receivePoster.post(handle, first);
    }

    @Override
    public synchronized void postOps(SrqOperation first) {
        ensureOpen("ibv_post_srq_ops");
        MemorySegment function = context.op(VerbsContextOp.POST_SRQ_OPS);
        if (function.equals(MemorySegment.NULL)) {
            throw VerbsException.of("ibv_post_srq_ops", Errno.EOPNOTSUPP.code(), "no post_srq_ops", first);
        }
        try (Arena call = Arena.ofConfined()) {
            OpsList ops = OpsList.write(context.abi, call, first);
            MemorySegment badOp = call.allocate(ADDRESS);
            badOp.set(ADDRESS, 0, ops.first());
            int rc = (int) FunctionPointers.critical(function, POST_OPS).invokeExact(handle, ops.first(), badOp);
            ops.readHandles(first);
            if (rc != 0) {
                throw VerbsException.of("ibv_post_srq_ops", rc, null, ops.failed(first, badOp.get(ADDRESS, 0)));
            }
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** A native {@code ibv_ops_wr} list and its SGEs. */
    private record OpsList(Abi abi, MemorySegment wrs, int count) {

        static OpsList write(Abi abi, Arena arena, SrqOperation first) {
            StructLayout l = abi.ibvOpsWr;
            int count = 0;
            for (SrqOperation op = first; op != null; op = op.next()) {
                count++;
            }
            MemorySegment wrs = arena.allocate(l, count);
            int i = 0;
            for (SrqOperation op = first; op != null; op = op.next(), i++) {
                writeOne(abi, arena, wrs.asSlice(i * l.byteSize(), l.byteSize()), op,
                        op.next() == null ? 0 : wrs.address() + (i + 1) * l.byteSize());
            }
            return new OpsList(abi, wrs, count);
        }

        private static void writeOne(Abi abi, Arena arena, MemorySegment wr, SrqOperation op, long next) {
            StructLayout l = abi.ibvOpsWr;
            wr.set(JAVA_LONG, Abi.offset(l, "wr_id"), op.wrId());
            wr.set(JAVA_LONG, Abi.offset(l, "next"), next);
            wr.set(JAVA_INT, Abi.offset(l, "opcode"), (int) op.opcode().value());
            wr.set(JAVA_INT, Abi.offset(l, "flags"), op.flags());
            wr.set(JAVA_INT, Abi.offset(l, "tm", "unexpected_cnt"), op.unexpectedCnt());
            wr.set(JAVA_INT, Abi.offset(l, "tm", "handle"), op.handle());
            wr.set(JAVA_LONG, Abi.offset(l, "tm", "add", "recv_wr_id"), op.recvWrId());
            ScatterGatherList sges = op.sgList();
            MemorySegment list = arena.allocate(abi.ibvSge, Math.max(1, sges.size()));
            for (int s = 0; s < sges.size(); s++) {
                list.set(JAVA_LONG, s * 16L, sges.address(s));
                list.set(JAVA_INT, s * 16L + 8, sges.length(s));
                list.set(JAVA_INT, s * 16L + 12, sges.lkey(s));
            }
            wr.set(ADDRESS, Abi.offset(l, "tm", "add", "sg_list"), sges.size() == 0 ? MemorySegment.NULL : list);
            wr.set(JAVA_INT, Abi.offset(l, "tm", "add", "num_sge"), sges.size());
            wr.set(JAVA_LONG, Abi.offset(l, "tm", "add", "tag"), op.tag());
            wr.set(JAVA_LONG, Abi.offset(l, "tm", "add", "mask"), op.mask());
        }

        MemorySegment first() {
            return wrs;
        }

        /** Copies {@code tm.handle}, the output of TAG_ADD, back into the operations. */
        void readHandles(SrqOperation first) {
            long size = abi.ibvOpsWr.byteSize();
            long handleOffset = Abi.offset(abi.ibvOpsWr, "tm", "handle");
            int i = 0;
            for (SrqOperation op = first; op != null; op = op.next(), i++) {
                op.handle(wrs.get(JAVA_INT, i * size + handleOffset));
            }
        }

        SrqOperation failed(SrqOperation first, MemorySegment bad) {
            if (bad.equals(MemorySegment.NULL)) {
                return null;
            }
            long index = (bad.address() - wrs.address()) / abi.ibvOpsWr.byteSize();
            SrqOperation op = first;
            for (long i = 0; i < index && op != null; i++) {
                op = op.next();
            }
            return op;
        }
    }
}
