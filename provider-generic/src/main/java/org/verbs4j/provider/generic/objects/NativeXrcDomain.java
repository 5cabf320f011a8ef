package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import org.verbs4j.Context;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.XrcDomain;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.BindingConstant;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * C {@code struct ibv_xrcd}, opened as the inline {@code ibv_open_xrcd} does, through
 * {@code verbs_context.open_xrcd}, with no file (fd -1, oflags O_CREAT: a domain of this process only), and
 * closed through {@code verbs_context.close_xrcd} as the inline {@code ibv_close_xrcd}. Its XRC SRQs and
 * XRC_RECV queue pairs keep it busy.
 */
@SuppressWarnings("restricted")
final class NativeXrcDomain extends NativeResource implements XrcDomain {

    private static final String OPEN = "ibv_open_xrcd";
    private static final String CLOSE = "ibv_close_xrcd";
    private static final FunctionDescriptor OPEN_XRCD = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor CLOSE_XRCD = FunctionDescriptor.of(JAVA_INT, ADDRESS);
    /** The {@code fd} that asks for a domain tied to no file. */
    private static final int NO_FILE = -1;

    private final NativeContext context;
    private final MethodHandle close;

    private NativeXrcDomain(NativeContext context, MemorySegment xrcd, MethodHandle close) {
        super(xrcd.reinterpret(context.abi.ibvXrcd.byteSize()), context, destroyer(close, xrcd.address()));
        this.context = context;
        this.close = close;
    }

    static NativeXrcDomain open(NativeContext context) {
        String unsupported = "the driver of " + context.device().name() + " offers no XRC domains (open_xrcd)";
        MemorySegment open = context.op(VerbsContextOp.OPEN_XRCD);
        MemorySegment closeOp = context.op(VerbsContextOp.CLOSE_XRCD);
        if (open.equals(MemorySegment.NULL) || closeOp.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(OPEN, unsupported);
        }
        StructLayout l = context.abi.ibvXrcdInitAttr;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = call.allocate(l);
            attr.set(JAVA_INT, Abi.offset(l, "comp_mask"), BindingConstant.IBV_XRCD_INIT_ATTR_FD.intValue()
                    | BindingConstant.IBV_XRCD_INIT_ATTR_OFLAGS.intValue());
            attr.set(JAVA_INT, Abi.offset(l, "fd"), NO_FILE);
            attr.set(JAVA_INT, Abi.offset(l, "oflags"), BindingConstant.O_CREAT.intValue());
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment xrcd = (MemorySegment) FunctionPointers.withErrno(open, OPEN_XRCD)
                    .invokeExact(errno, context.pointer(), attr);
            Native.checkCreated(xrcd, errno, OPEN, unsupported);
            return new NativeXrcDomain(context, xrcd, FunctionPointers.plain(closeOp, CLOSE_XRCD));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * @param object an XRC domain given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native XRC domain of that context
     */
    static NativeXrcDomain of(XrcDomain object, NativeContext context, String verb) {
        return owned(object, NativeXrcDomain.class, NativeXrcDomain::context, context, verb, "the XRC domain");
    }

    @Override
    protected String destroyVerb() {
        return CLOSE;
    }

    @Override
    protected void destroyNative() {
        Native.destroy(close, handle, CLOSE);
    }

    @Override
    public Context context() {
        return context;
    }
}
