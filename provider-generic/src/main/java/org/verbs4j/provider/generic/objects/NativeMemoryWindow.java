package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;

/**
 * C {@code struct ibv_mw}: the inlines {@code ibv_alloc_mw} and {@code ibv_dealloc_mw}, which call the
 * {@code alloc_mw} and {@code dealloc_mw} slots of {@code ibv_context_ops}. {@link #rkey()} is the
 * allocation's rkey, then the rkey of the last bind posted with {@code ibv_wr_complete}.
 */
@SuppressWarnings("restricted")
final class NativeMemoryWindow extends NativeResource implements MemoryWindow {

    private static final FunctionDescriptor ALLOC = FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor DEALLOC = FunctionDescriptor.of(JAVA_INT, ADDRESS);

    private final NativeProtectionDomain pd;
    private final MwType type;
    private final MethodHandle dealloc;
    private volatile int rkey;

    private NativeMemoryWindow(NativeProtectionDomain pd, MemorySegment mw, MwType type, MethodHandle dealloc) {
        super(mw, pd, destroyer(dealloc, mw.address()));
        this.pd = pd;
        this.type = type;
        this.dealloc = dealloc;
        this.rkey = mw.get(JAVA_INT, Abi.offset(pd.context.abi.ibvMw, "rkey"));
    }

    static NativeMemoryWindow allocate(NativeProtectionDomain pd, MwType type) {
        NativeContext context = pd.context;
        MemorySegment alloc = context.contextOp("alloc_mw");
        MemorySegment deallocOp = context.contextOp("dealloc_mw");
        if (alloc.equals(MemorySegment.NULL) || deallocOp.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException("ibv_alloc_mw", "the provider has no alloc_mw");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment mw = (MemorySegment) FunctionPointers.withErrno(alloc, ALLOC).invokeExact(errno,
                    pd.pointer(), (int) type.value());
            Native.checkPointer(mw, errno, "ibv_alloc_mw");
            return new NativeMemoryWindow(pd, mw.reinterpret(context.abi.ibvMw.byteSize()), type,
                    FunctionPointers.plain(deallocOp, DEALLOC));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    protected String destroyVerb() {
        return "ibv_dealloc_mw";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(dealloc, handle, "ibv_dealloc_mw");
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    @Override
    public MwType type() {
        return type;
    }

    /**
     * Records the rkey of a bind that was posted successfully: with the {@code ibv_wr_bind_mw} API the
     * application owns the new rkey, and providers such as rxe do not update {@code ibv_mw.rkey}.
     */
    void bound(int newRkey) {
        this.rkey = newRkey;
    }

    @Override
    public int rkey() {
        return rkey;
    }
}
