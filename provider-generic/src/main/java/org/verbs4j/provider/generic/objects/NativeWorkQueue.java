package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.Context;
import org.verbs4j.Flags;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqAttributes;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.WqState;
import org.verbs4j.WqType;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.BindingConstant;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.PosixSync;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * C {@code struct ibv_wq}, created as the inline {@code ibv_create_wq} does, through
 * {@code verbs_context.create_wq} (then {@code wq_context}, {@code events_completed}, the mutex and the
 * condition initialised as the inline does), modified through {@code modify_wq} and destroyed through
 * {@code destroy_wq}. {@code ibv_post_wq_recv} calls the queue's own {@code post_recv} pointer through a
 * {@link ReceivePoster}. It keeps its protection domain (its parent) and its completion queue busy.
 */
@SuppressWarnings("restricted")
final class NativeWorkQueue extends NativeResource implements WorkQueue {

    static final String CREATE = "ibv_create_wq";
    private static final String MODIFY = "ibv_modify_wq";
    private static final String DESTROY = "ibv_destroy_wq";
    private static final String POST = "ibv_post_wq_recv";
    private static final FunctionDescriptor CREATE_WQ = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor MODIFY_WQ = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
    private static final FunctionDescriptor DESTROY_WQ = FunctionDescriptor.of(JAVA_INT, ADDRESS);

    private final NativeContext context;
    private final WqInitAttributes attributes;
    private final MethodHandle destroy;
    private final int number;
    private final long stateOffset;
    private final ReceivePoster receivePoster;

    private NativeWorkQueue(NativeContext context, MemorySegment wq, WqInitAttributes attributes,
            NativeProtectionDomain pd, NativeCompletionQueue cq, MethodHandle destroy) {
        super(wq, pd, context.asyncEvents.beforeDestroying(wq.address(), destroyer(destroy, wq.address())));
        this.context = context;
        this.attributes = attributes;
        this.destroy = destroy;
        StructLayout l = context.abi.ibvWq;
        try {
            this.number = wq.get(JAVA_INT, Abi.offset(l, "wq_num"));
            this.stateOffset = Abi.offset(l, "state");
            this.receivePoster = new ReceivePoster(context.abi, arena, wq.get(ADDRESS, Abi.offset(l, "post_recv")),
                    POST);
        } catch (RuntimeException e) {
            abandon();
            throw e;
        }
        dependOn(cq);
        context.wqs.put(wq.address(), this);
    }

    static NativeWorkQueue create(NativeContext context, WqInitAttributes attributes) {
        Args.required(CREATE, attributes, "the attributes");
        NativeProtectionDomain pd = NativeProtectionDomain.of(attributes.pd(), context, CREATE);
        NativeCompletionQueue cq = NativeCompletionQueue.of(attributes.cq(), context, CREATE);
        String unsupported = "the driver of " + context.device().name() + " offers no work queues (create_wq)";
        MemorySegment create = context.op(VerbsContextOp.CREATE_WQ);
        MemorySegment destroyOp = context.op(VerbsContextOp.DESTROY_WQ);
        if (create.equals(MemorySegment.NULL) || destroyOp.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(CREATE, unsupported);
        }
        // Built before the queue exists: if this fails, there is nothing to destroy.
        MethodHandle destroy = FunctionPointers.plain(destroyOp, DESTROY_WQ);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = initAttr(call, context.abi.ibvWqInitAttr, attributes, pd, cq);
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment created = (MemorySegment) FunctionPointers.withErrno(create, CREATE_WQ)
                    .invokeExact(errno, context.pointer(), attr);
            Native.checkCreated(created, errno, CREATE, unsupported);
            MemorySegment wq = Native.orDestroy(destroy, created, DESTROY,
                    () -> initAsTheInline(context.abi.ibvWq, created.reinterpret(context.abi.ibvWq.byteSize())));
            return new NativeWorkQueue(context, wq, attributes, pd, cq, destroy);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static MemorySegment initAttr(Arena call, StructLayout l, WqInitAttributes a, NativeProtectionDomain pd,
            NativeCompletionQueue cq) {
        MemorySegment attr = call.allocate(l);
        attr.set(JAVA_INT, Abi.offset(l, "wq_type"), (int) a.wqType().value());
        attr.set(JAVA_INT, Abi.offset(l, "max_wr"), a.maxWr());
        attr.set(JAVA_INT, Abi.offset(l, "max_sge"), a.maxSge());
        attr.set(ADDRESS, Abi.offset(l, "pd"), pd.pointer());
        attr.set(ADDRESS, Abi.offset(l, "cq"), cq.pointer());
        return attr;
    }

    /**
     * What the inline {@code ibv_create_wq} does to a new queue: no wq_context, no events, mutex and cond.
     *
     * @return {@code wq}
     */
    private static MemorySegment initAsTheInline(StructLayout l, MemorySegment wq) {
        wq.set(ADDRESS, Abi.offset(l, "wq_context"), MemorySegment.NULL);
        wq.set(JAVA_INT, Abi.offset(l, "events_completed"), 0);
        PosixSync.init(member(wq, l, "mutex"), member(wq, l, "cond"), CREATE);
        return wq;
    }

    private static MemorySegment member(MemorySegment struct, StructLayout l, String name) {
        return struct.asSlice(Abi.offset(l, name), l.select(groupElement(name)).byteSize());
    }

    /**
     * @param object a work queue given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native work queue of that context
     */
    static NativeWorkQueue of(WorkQueue object, NativeContext context, String verb) {
        return owned(object, NativeWorkQueue.class, NativeWorkQueue::context, context, verb, "a work queue");
    }

    @Override
    protected String destroyVerb() {
        return DESTROY;
    }

    @Override
    protected void destroyNative() {
        Native.destroy(destroy, handle, DESTROY);
        context.wqs.remove(handle.address());
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public WqType type() {
        return attributes.wqType();
    }

    @Override
    public Object wqContext() {
        return attributes.wqContext();
    }

    @Override
    public int number() {
        return number;
    }

    @Override
    public WqState state() {
        enter("ibv_wq.state");
        try {
            return WqState.fromValue(handle.get(JAVA_INT, stateOffset));
        } finally {
            leave();
        }
    }

    @Override
    public synchronized void modify(WqAttributes attributes) {
        enter(MODIFY);
        try {
            Args.required(MODIFY, attributes, "the attributes");
            String unsupported = "the driver of " + context.device().name() + " cannot modify work queues (modify_wq)";
            MemorySegment function = context.op(VerbsContextOp.MODIFY_WQ);
            if (function.equals(MemorySegment.NULL)) {
                throw new UnsupportedVerbException(MODIFY, unsupported);
            }
            try (Arena call = Arena.ofConfined()) {
                MemorySegment attr = wqAttr(call, context.abi.ibvWqAttr, attributes);
                int rc = (int) FunctionPointers.plain(function, MODIFY_WQ).invokeExact(handle, attr);
                if (Native.isUnsupported(rc)) {
                    throw new UnsupportedVerbException(MODIFY, rc, unsupported, null);
                }
                Native.check(rc, MODIFY);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        } finally {
            leave();
        }
    }

    private static MemorySegment wqAttr(Arena call, StructLayout l, WqAttributes a) {
        MemorySegment attr = call.allocate(l);
        int mask = 0;
        if (a.state() != null) {
            mask |= BindingConstant.IBV_WQ_ATTR_STATE.intValue();
            attr.set(JAVA_INT, Abi.offset(l, "wq_state"), (int) a.state().value());
        }
        if (a.currentState() != null) {
            mask |= BindingConstant.IBV_WQ_ATTR_CURR_STATE.intValue();
            attr.set(JAVA_INT, Abi.offset(l, "curr_wq_state"), (int) a.currentState().value());
        }
        if (!a.flagsMask().isEmpty()) {
            mask |= BindingConstant.IBV_WQ_ATTR_FLAGS.intValue();
            attr.set(JAVA_INT, Abi.offset(l, "flags"), (int) Flags.toBits("ibv_modify_wq", a.flags()));
            attr.set(JAVA_INT, Abi.offset(l, "flags_mask"), (int) Flags.toBits("ibv_modify_wq", a.flagsMask()));
        }
        attr.set(JAVA_INT, Abi.offset(l, "attr_mask"), mask);
        return attr;
    }

    @Override
    public synchronized void postReceive(ReceiveRequest first) {
        enter(POST);
        try {
            receivePoster.post(handle, first);
        } finally {
            leave();
        }
    }
}
