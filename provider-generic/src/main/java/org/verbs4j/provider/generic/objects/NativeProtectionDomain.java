package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AdviseMrAdvice;
import org.verbs4j.AdviseMrFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.DeviceMemory;
import org.verbs4j.Flags;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.ErrnoCapture;
import org.verbs4j.provider.generic.raw.FunctionPointers;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.raw.VerbsContextOp;
import org.verbs4j.provider.generic.vendor.CreatedMr;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.provider.generic.vendor.VendorRegistrar;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * C {@code struct ibv_pd}: a protection domain ({@code ibv_alloc_pd}) or a parent domain
 * ({@code ibv_alloc_parent_domain} through {@code verbs_context.alloc_parent_domain}, with no thread domain
 * and no allocators), both deallocated with {@code ibv_dealloc_pd}. A parent domain keeps its protection
 * domain busy; the objects created with it act on that protection domain.
 */
@SuppressWarnings("restricted")
final class NativeProtectionDomain extends NativeResource implements ProtectionDomain, VendorRegistrar {

    private static final String ALLOC_PARENT = "ibv_alloc_parent_domain";
    private static final FunctionDescriptor ALLOC_PARENT_DOMAIN = FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS);

    final NativeContext context;
    private final boolean parentDomain;

    private NativeProtectionDomain(NativeContext context, MemorySegment pd, NativeResource parent,
            boolean parentDomain) {
        super(pd.reinterpret(context.abi.ibvPd.byteSize()), parent, destroyer(context.ib.deallocPd, pd.address()));
        this.context = context;
        this.parentDomain = parentDomain;
    }

    static NativeProtectionDomain allocate(NativeContext context) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment pd = (MemorySegment) context.ib.allocPd.invokeExact(errno, context.pointer());
            return new NativeProtectionDomain(context, Native.checkPointer(pd, errno, "ibv_alloc_pd"), context, false);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * @param context the context
     * @param pd the protection domain of the parent domain; it stays busy until the parent domain is closed
     * @return a new parent domain
     */
    static NativeProtectionDomain allocateParent(NativeContext context, NativeProtectionDomain pd) {
        if (pd.parentDomain) {
            throw new InvalidArgumentException(ALLOC_PARENT, "the protection domain is itself a parent domain");
        }
        MemorySegment function = context.op(VerbsContextOp.ALLOC_PARENT_DOMAIN);
        if (function.equals(MemorySegment.NULL)) {
            throw new UnsupportedVerbException(ALLOC_PARENT, noParentDomains(context));
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment errno = ErrnoCapture.allocate(call);
            MemorySegment parent = callAllocParent(context, function, pd.pointer(), call, errno);
            Native.checkCreated(parent, errno, ALLOC_PARENT, noParentDomains(context));
            return new NativeProtectionDomain(context, parent, pd, true);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Whether the device really allocates parent domains: allocates a protection domain and a parent domain
     * of it, and deallocates both (a parent domain is a user-space object on every driver that has one, so
     * this costs one {@code ibv_alloc_pd} and one {@code ibv_dealloc_pd}).
     *
     * @param context a context being opened
     * @return whether the parent domain was allocated; {@code false} also if the probe's protection domain
     *     could not be allocated
     */
    static boolean probeParentDomains(NativeContext context) {
        MemorySegment function = context.op(VerbsContextOp.ALLOC_PARENT_DOMAIN);
        if (function.equals(MemorySegment.NULL)) {
            return false;
        }
        NativeProtectionDomain pd;
        try {
            pd = allocate(context);
        } catch (VerbsException e) {
            return false;
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment parent = callAllocParent(context, function, pd.pointer(), call,
                    ErrnoCapture.allocate(call));
            if (parent.equals(MemorySegment.NULL)) {
                return false;
            }
            Native.destroy(context.ib.deallocPd, parent, "ibv_dealloc_pd");
            return true;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        } finally {
            pd.close();
        }
    }

    /** Calls {@code alloc_parent_domain} with {@code {pd, td NULL, comp_mask 0}}. */
    private static MemorySegment callAllocParent(NativeContext context, MemorySegment function, MemorySegment pd,
            Arena call, MemorySegment errno) throws Throwable {
        StructLayout l = context.abi.ibvParentDomainInitAttr;
        MemorySegment attr = call.allocate(l);
        attr.set(ADDRESS, Abi.offset(l, "pd"), pd);
        return (MemorySegment) FunctionPointers.withErrno(function, ALLOC_PARENT_DOMAIN)
                .invokeExact(errno, context.pointer(), attr);
    }

    private static String noParentDomains(NativeContext context) {
        return "the driver of " + context.device().name() + " offers no parent domains (alloc_parent_domain)";
    }

    /**
     * @param object a protection domain given to this provider
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @return it as a native protection domain of that context
     */
    static NativeProtectionDomain of(ProtectionDomain object, NativeContext context, String verb) {
        return owned(object, NativeProtectionDomain.class, pd -> pd.context, context, verb, "the protection domain");
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
        return parentDomain;
    }

    @Override
    public MemoryRegion registerMemory(MemorySegment segment, Set<AccessFlag> access) {
        return VerbsEvents.memoryRegistered(deviceName(), () -> register(segment, access));
    }

    private MemoryRegion register(MemorySegment segment, Set<AccessFlag> access) {
        enter("ibv_reg_mr");
        try {
            Args.required("ibv_reg_mr", segment, "the segment");
            checkAccess(access, "ibv_reg_mr");
            if (!segment.isNative()) {
                throw new InvalidArgumentException("ibv_reg_mr", "only native (off-heap) memory can be registered");
            }
            if (!segment.scope().isAlive()) {
                throw new InvalidArgumentException("ibv_reg_mr", "the segment's arena is closed");
            }
            try (Arena call = Arena.ofConfined()) {
                int bits = (int) Flags.toBits("ibv_reg_mr", access);
                CreatedMr created = context.directVerbs().registerMr(new MrRegistration(handle, segment.address(),
                        segment.byteSize(), bits, call, () -> regMr(segment, bits, call)));
                return new NativeMemoryRegion(this, created, segment, segment.address(), segment.byteSize(),
                        accessSet(access));
            }
        } finally {
            leave();
        }
    }

    /** The generic registration: {@code ibv_reg_mr}. */
    private MemorySegment regMr(MemorySegment segment, int bits, Arena call) {
        MemorySegment errno = ErrnoCapture.allocate(call);
        try {
            MemorySegment mr;
            try {
                mr = (MemorySegment) context.ib.regMr.invokeExact(errno, handle, segment, segment.byteSize(), bits);
            } catch (IllegalStateException | WrongThreadException unusable) {
                // the segment's arena closed after the check above, or it is confined to another thread
                throw new InvalidArgumentException("ibv_reg_mr", "the segment cannot be passed: "
                        + unusable.getMessage());
            }
            return Native.checkPointer(mr, errno, "ibv_reg_mr");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    @Override
    public MemoryRegion registerVendorMemory(String verb, long address, long length, Set<AccessFlag> access) {
        enter(verb);
        try {
            return VendorRegistration.register(this, verb, address, length, access);
        } finally {
            leave();
        }
    }

    @Override
    public MemoryRegion registerImplicitOnDemand(Set<AccessFlag> access) {
        return VerbsEvents.memoryRegistered(deviceName(), () -> inVerb("ibv_reg_mr",
                () -> MemoryRegistrations.implicitOnDemand(this, Args.required("ibv_reg_mr", access, "the access"))));
    }

    @Override
    public void adviseMemory(AdviseMrAdvice advice, Set<AdviseMrFlag> flags, ScatterGatherList ranges) {
        inVerb("ibv_advise_mr", () -> {
            MemoryAdvice.advise(this, advice, Args.required("ibv_advise_mr", flags, "the flags"), ranges);
            return null;
        });
    }

    @Override
    public MemoryRegion registerDeviceMemory(DeviceMemory memory, long dmOffset, long length,
            Set<AccessFlag> access) {
        return VerbsEvents.memoryRegistered(deviceName(), () -> inVerb("ibv_reg_dm_mr", () -> {
            boolean scope = UsedObjects.begin();
            try {
                return MemoryRegistrations.deviceMemory(this, NativeDeviceMemory.of(memory, context, "ibv_reg_dm_mr"),
                        dmOffset, length, Args.required("ibv_reg_dm_mr", access, "the access"));
            } finally {
                if (scope) {
                    UsedObjects.leaveAll();
                }
            }
        }));
    }

    @Override
    public MemoryRegion registerDmabuf(long offset, long length, long iova, int fd, Set<AccessFlag> access) {
        return VerbsEvents.memoryRegistered(deviceName(), () -> inVerb("ibv_reg_dmabuf_mr",
                () -> MemoryRegistrations.dmabuf(this, offset, length, iova, fd,
                        Args.required("ibv_reg_dmabuf_mr", access, "the access"))));
    }

    /** Runs a verb of this domain between {@link #enter} and {@link #leave}. */
    private <T> T inVerb(String verb, java.util.function.Supplier<T> steps) {
        enter(verb);
        try {
            return steps.get();
        } finally {
            leave();
        }
    }

    static EnumSet<AccessFlag> accessSet(Set<AccessFlag> access) {
        return EnumSet.copyOf(access.isEmpty() ? EnumSet.noneOf(AccessFlag.class) : access);
    }

    static void checkAccess(Set<AccessFlag> access, String verb) {
        Flags.toBits(verb, access);
        boolean remoteWriteOrAtomic = access.contains(AccessFlag.REMOTE_WRITE)
                || access.contains(AccessFlag.REMOTE_ATOMIC);
        if (remoteWriteOrAtomic && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw new InvalidArgumentException(verb, "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
    }

    @Override
    public MemoryWindow allocateMemoryWindow(MwType type) {
        enter("ibv_alloc_mw");
        try {
            return NativeMemoryWindow.allocate(this, Args.required("ibv_alloc_mw", type, "the type"));
        } finally {
            leave();
        }
    }

    @Override
    public AddressHandle createAddressHandle(AhAttributes attributes) {
        enter("ibv_create_ah");
        try {
            return NativeAddressHandle.create(this, attributes);
        } finally {
            leave();
        }
    }

    @Override
    public AddressHandle createAddressHandleFromCompletion(CompletionQueue cq, MemorySegment grh, int portNum) {
        enter("ibv_create_ah_from_wc");
        try {
            return NativeAddressHandle.createFromCompletion(this, cq, grh, portNum);
        } finally {
            leave();
        }
    }


}
