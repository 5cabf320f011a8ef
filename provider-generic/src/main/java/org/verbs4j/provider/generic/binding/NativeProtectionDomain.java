package org.verbs4j.provider.generic.binding;


import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.Context;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;

/** C {@code struct ibv_pd}: {@code ibv_alloc_pd} / {@code ibv_dealloc_pd}. */
@SuppressWarnings("restricted")
final class NativeProtectionDomain extends NativeResource implements ProtectionDomain {

    final NativeContext context;

    private NativeProtectionDomain(NativeContext context, MemorySegment pd) {
        super(pd.reinterpret(context.abi.ibvPd.byteSize()), context, destroyer(context.ib.deallocPd, pd.address()));
        this.context = context;
    }

    static NativeProtectionDomain allocate(NativeContext context) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment pd = (MemorySegment) context.ib.allocPd.invokeExact(errno, context.pointer());
            return new NativeProtectionDomain(context, Native.checkPointer(pd, errno, "ibv_alloc_pd"));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * @param object a protection domain given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native protection domain of that context
     */
    static NativeProtectionDomain of(ProtectionDomain object, NativeContext context, String verb) {
        if (object instanceof NativeProtectionDomain pd && pd.context == context) {
            pd.ensureOpen(verb);
            return pd;
        }
        throw new InvalidArgumentException(verb, "the protection domain is not from this context");
    }

    MemorySegment pointer() {
        return handle;
    }

    @Override
    protected String destroyVerb() {
        return "ibv_dealloc_pd";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(context.ib.deallocPd, handle, "ibv_dealloc_pd");
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public boolean isParentDomain() {
        return false;
    }

    @Override
    public MemoryRegion registerMemory(MemorySegment segment, Set<AccessFlag> access) {
        ensureOpen("ibv_reg_mr");
        checkAccess(access);
        if (!segment.isNative()) {
            throw new InvalidArgumentException("ibv_reg_mr", "only native (off-heap) memory can be registered");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment mr = (MemorySegment) context.ib.regMr.invokeExact(errno, handle, segment,
                    segment.byteSize(), (int) Flags.toBits(access));
            Native.checkPointer(mr, errno, "ibv_reg_mr");
            return new NativeMemoryRegion(this, mr.reinterpret(context.abi.ibvMr.byteSize()), segment,
                    EnumSet.copyOf(access.isEmpty() ? EnumSet.noneOf(AccessFlag.class) : access));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    private static void checkAccess(Set<AccessFlag> access) {
        boolean remoteWriteOrAtomic = access.contains(AccessFlag.REMOTE_WRITE)
                || access.contains(AccessFlag.REMOTE_ATOMIC);
        if (remoteWriteOrAtomic && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw new InvalidArgumentException("ibv_reg_mr", "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
    }

    @Override
    public MemoryWindow allocateMemoryWindow(MwType type) {
        ensureOpen("ibv_alloc_mw");
        return NativeMemoryWindow.allocate(this, type);
    }

    @Override
    public AddressHandle createAddressHandle(AhAttributes attributes) {
        ensureOpen("ibv_create_ah");
        return NativeAddressHandle.create(this, attributes);
    }


}
