package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.verbs4j.Context;
import org.verbs4j.DeviceMemory;
import org.verbs4j.DmAttributes;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;

/**
 * C {@code struct ibv_dm}: {@code ibv_alloc_dm} / {@code ibv_free_dm}, both static inlines of {@code verbs.h}
 * that call {@code verbs_context.alloc_dm} and {@code free_dm}; the copies are the inlines
 * {@code ibv_memcpy_to_dm} and {@code ibv_memcpy_from_dm}, which call the function pointers of the
 * {@code ibv_dm} itself.
 */
@SuppressWarnings("restricted")
final class NativeDeviceMemory extends NativeResource implements DeviceMemory {

    private static final String ALLOC = "ibv_alloc_dm";
    private static final FunctionDescriptor ALLOC_DM = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);
    private static final FunctionDescriptor FREE_DM = FunctionDescriptor.of(JAVA_INT, ADDRESS);
    /** {@code int (*memcpy_to_dm)(struct ibv_dm *, uint64_t, const void *, size_t)}. */
    private static final FunctionDescriptor TO_DM =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
    /** {@code int (*memcpy_from_dm)(void *, struct ibv_dm *, uint64_t, size_t)}. */
    private static final FunctionDescriptor FROM_DM =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG);

    final NativeContext context;
    private final long length;
    private final MethodHandle free;

    private NativeDeviceMemory(NativeContext context, MemorySegment dm, long length, MethodHandle free) {
        super(dm.reinterpret(context.abi.ibvDm.byteSize()), context, destroyer(free, dm.address()));
        this.context = context;
        this.length = length;
        this.free = free;
    }

    static NativeDeviceMemory allocate(NativeContext context, DmAttributes attributes) {
        checkLength(attributes);
        MemorySegment alloc = context.op(VerbsContextOp.ALLOC_DM);
        MemorySegment freeOp = context.op(VerbsContextOp.FREE_DM);
        if (alloc.equals(MemorySegment.NULL) || freeOp.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(ALLOC, noDeviceMemory(context));
        }
        MethodHandle free = FunctionPointers.plain(freeOp, FREE_DM);
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment dm = (MemorySegment) FunctionPointers.withErrno(alloc, ALLOC_DM)
                    .invokeExact(errno, context.pointer(), attr(context, attributes, call));
            Native.checkCreated(dm, errno, ALLOC, noDeviceMemory(context));
            return Native.orDestroy(free, dm, "ibv_free_dm",
                    () -> new NativeDeviceMemory(context, dm, attributes.length(), free));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static void checkLength(DmAttributes attributes) {
        if (attributes == null || attributes.length() <= 0) {
            throw new InvalidArgumentException(ALLOC, "the length must be positive");
        }
        if (attributes.logAlignReq() < 0 || attributes.logAlignReq() >= Long.SIZE) {
            throw new InvalidArgumentException(ALLOC, "log_align_req must lie in [0, 63]");
        }
    }

    private static MemorySegment attr(NativeContext context, DmAttributes attributes, Arena call) {
        MemorySegment attr = call.allocate(context.abi.ibvAllocDmAttr);
        attr.set(JAVA_LONG, Abi.offset(context.abi.ibvAllocDmAttr, "length"), attributes.length());
        attr.set(JAVA_INT, Abi.offset(context.abi.ibvAllocDmAttr, "log_align_req"), attributes.logAlignReq());
        return attr;
    }

    private static String noDeviceMemory(NativeContext context) {
        return "the driver of " + context.device().name() + " offers no device memory (alloc_dm)";
    }

    /**
     * @param object a device memory given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native device memory of that context
     */
    static NativeDeviceMemory of(DeviceMemory object, NativeContext context, String verb) {
        return owned(object, NativeDeviceMemory.class, dm -> dm.context, context, verb, "the device memory");
    }

    @Override
    protected String destroyVerb() {
        return "ibv_free_dm";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(free, handle, "ibv_free_dm");
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public void copyTo(long dmOffset, MemorySegment source) {
        copy("ibv_memcpy_to_dm", "memcpy_to_dm", dmOffset, source, false);
    }

    @Override
    public void copyFrom(MemorySegment target, long dmOffset) {
        copy("ibv_memcpy_from_dm", "memcpy_from_dm", dmOffset, target, true);
    }

    private void copy(String verb, String member, long dmOffset, MemorySegment host, boolean intoHost) {
        enter(verb);
        try {
            checkRange(verb, dmOffset, host, intoHost);
            MemorySegment function = handle.get(ADDRESS, Abi.offset(context.abi.ibvDm, member));
            int rc = intoHost
                    ? (int) FunctionPointers.critical(function, FROM_DM).invokeExact(host, handle, dmOffset,
                            host.byteSize())
                    : (int) FunctionPointers.critical(function, TO_DM).invokeExact(handle, dmOffset, host,
                            host.byteSize());
            Native.check(rc, verb);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            leave();
        }
    }

    private void checkRange(String verb, long dmOffset, MemorySegment host, boolean intoHost) {
        if (host == null || !host.isNative()) {
            throw new InvalidArgumentException(verb, "the host memory must be a native segment");
        }
        if (intoHost && host.isReadOnly()) {
            throw new InvalidArgumentException(verb, "the host memory is read-only");
        }
        if (dmOffset < 0 || dmOffset > length || host.byteSize() > length - dmOffset) {
            throw new InvalidArgumentException(verb, "[" + dmOffset + ", " + dmOffset + " + " + host.byteSize()
                    + ") does not lie inside the device memory of " + length + " bytes");
        }
    }
}
