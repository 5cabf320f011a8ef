package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.soft.engine.DeviceMemory;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.MemoryKeys;
import org.verbs4j.provider.soft.engine.MemoryRegionView;
import org.verbs4j.provider.soft.engine.ProtectionDomainView;

/**
 * Registered memory. The device reaches it through its segment ({@link DeviceMemory}), from whichever thread
 * moves a request along, after checking the bounds, the access and that the region is registered and its
 * memory alive. Deregistration waits for the request that is executing (it takes the fabric lock), so no copy
 * touches the memory once {@code ibv_dereg_mr} has returned.
 */
public final class SoftMemoryRegion extends SoftObject implements MemoryRegion, MemoryRegionView {

    private static final String REG = "ibv_reg_mr";
    /** A thread that owns no arena: memory it may access is accessible from every thread. */
    private static final Thread NOT_AN_OWNER = Thread.ofPlatform().unstarted(() -> { });

    private final SoftProtectionDomain pd;
    /** The domain of the access checks ({@code pd.domain()}), kept here because every local access compares it. */
    private final SoftProtectionDomain domain;
    private final MemorySegment segment;
    /** The memory the device copies through: the segment, or a slice of device memory. */
    private final MemorySegment memory;
    /** The device memory of a zero-based region, or {@code null}. */
    private final SoftDeviceMemory deviceMemory;
    private final MemorySegment.Scope scope;
    private final long start;
    /** What turns an address of the region into an address in {@link #memory}, computed once. */
    private final long shift;
    private final long size;
    private final Set<AccessFlag> access;
    private final long accessBits;
    private final int key;
    private final boolean localWrite;
    /** Set under the fabric lock by deregistration: from then on no request executing uses the region. */
    private volatile boolean deregistered;
    /** The windows bound to the region; guarded by the fabric lock, under which windows bind and unbind. */
    private int boundWindows;

    SoftMemoryRegion(SoftProtectionDomain pd, MemorySegment segment, Set<AccessFlag> access) {
        this(pd, validated(segment, access), segment, segment.address(), null, access);
    }

    /** A zero-based region of device memory ({@code ibv_reg_dm_mr}): its addresses are offsets from its start. */
    SoftMemoryRegion(SoftProtectionDomain pd, SoftDeviceMemory dm, long dmOffset, long length,
            Set<AccessFlag> access) {
        this(pd, DeviceMemoryRegions.slice(dm, dmOffset, length, access), MemorySegment.NULL, 0, dm, access);
    }

    private SoftMemoryRegion(SoftProtectionDomain pd, MemorySegment memory, MemorySegment segment, long start,
            SoftDeviceMemory deviceMemory, Set<AccessFlag> access) {
        super("ibv_dereg_mr", "memory region", pd.softContext().device().name());
        retain(pd, deviceMemory);
        this.pd = pd;
        this.domain = pd.domain();
        this.segment = segment;
        this.memory = memory;
        this.deviceMemory = deviceMemory;
        this.scope = memory.scope();
        this.start = start;
        this.shift = memory.address() - start;
        this.size = memory.byteSize();
        this.access = Set.copyOf(access);
        this.accessBits = org.verbs4j.Flags.toBits(access);
        int index = pd.softContext().fabric().keys().add(this);
        if (index < 0) {
            afterClose();
            throw Failures.noMemory(REG, "no memory key left");
        }
        this.key = MemoryKeys.key(index, MemoryKeys.initialKeyByte(index));
        this.localWrite = access.contains(AccessFlag.LOCAL_WRITE);
    }

    /** Holds the domain and the device memory, or neither if one of them is closed. */
    private static void retain(SoftProtectionDomain pd, SoftDeviceMemory deviceMemory) {
        if (deviceMemory != null) {
            deviceMemory.retain("ibv_reg_dm_mr");
        }
        try {
            pd.retain(REG);
        } catch (RuntimeException closed) {
            if (deviceMemory != null) {
                deviceMemory.release();
            }
            throw closed;
        }
    }

    private static MemorySegment validated(MemorySegment segment, Set<AccessFlag> access) {
        validate(segment, access);
        return segment;
    }

    private static void validate(MemorySegment segment, Set<AccessFlag> access) {
        if (!segment.scope().isAlive()) {
            throw Failures.invalid(REG, "the segment's arena is closed");
        }
        if (!segment.isNative()) {
            throw Failures.invalid(REG, "only native memory can be registered (a heap segment has no address)");
        }
        if (!segment.isAccessibleBy(Thread.currentThread()) || !segment.isAccessibleBy(NOT_AN_OWNER)) {
            throw Failures.invalid(REG, "the segment's arena is confined to one thread, and the soft device "
                    + "reaches registered memory from whichever thread executes a request: register memory of a "
                    + "shared, automatic or global arena");
        }
        if ((access.contains(AccessFlag.REMOTE_WRITE) || access.contains(AccessFlag.REMOTE_ATOMIC))
                && !access.contains(AccessFlag.LOCAL_WRITE)) {
            throw Failures.invalid(REG, "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
        }
        if (access.contains(AccessFlag.ZERO_BASED)) {
            throw Failures.invalid(REG, "ZERO_BASED applies to memory windows, not to ibv_reg_mr");
        }
        if (access.contains(AccessFlag.ON_DEMAND)) {
            throw Failures.unsupported(REG, OnDemandPaging.REASON);
        }
        if (segment.isReadOnly() && access.contains(AccessFlag.LOCAL_WRITE)) {
            throw Failures.invalid(REG, "a read-only segment cannot be registered with LOCAL_WRITE");
        }
        if (segment.byteSize() > DeviceProfile.limits().maxMrSize()) {
            throw Failures.invalid(REG, "the segment is larger than max_mr_size");
        }
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    public SoftProtectionDomain softPd() {
        return domain;
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    /** @return the memory the device copies through (for a zero-based region, not at {@link #address()}) */
    public MemorySegment memory() {
        return memory;
    }

    /** @return what to add to an address of the region to get the address in {@link #memory()} */
    public long shift() {
        return shift;
    }

    @Override
    public long address() {
        return start;
    }

    @Override
    public long length() {
        return size;
    }

    @Override
    public int lkey() {
        return key;
    }

    @Override
    public int rkey() {
        return key;
    }

    @Override
    public Set<AccessFlag> access() {
        return access;
    }

    /**
     * @return whether the region can be used: not deregistered, and its memory still alive (an arena closed
     *     before deregistration makes every access a protection error instead of a wild write)
     */
    public boolean usable() {
        return !deregistered && scope.isAlive();
    }

    public boolean allows(AccessFlag flag) {
        return (accessBits & flag.value()) != 0;
    }

    /**
     * The rule of local access: {@code lkey} is this region's key, the region is usable and belongs to
     * {@code pd} (through a parent domain too), grants {@link AccessFlag#LOCAL_WRITE} if the memory is
     * written, and holds the range.
     *
     * @return whether the access is granted
     */
    public boolean grantsLocal(int lkey, ProtectionDomainView pd, boolean write, long address, long length) {
        return key == lkey && (localWrite || !write) && domain == pd && covers(address, length) && usable();
    }

    /** @return whether {@code [address, address + length)} lies inside the region */
    public boolean covers(long address, long length) {
        return length >= 0 && address - start >= 0 && address - start <= size - length
                && Long.compareUnsigned(address, start) >= 0;
    }

    /** Called with the fabric lock held. */
    void windowBound() {
        boundWindows++;
    }

    /** Called with the fabric lock held. */
    void windowUnbound() {
        boundWindows--;
    }

    /** Takes the fabric lock: waits for the request executing, and keeps bindings out while it decides. */
    @Override
    void destroy() {
        ReentrantLock fabricLock = pd.softContext().fabric().lock();
        fabricLock.lock();
        try {
            if (boundWindows > 0) {
                throw Failures.busy("ibv_dereg_mr", boundWindows + " memory window(s) are bound to the region");
            }
            deregistered = true;
            pd.softContext().fabric().keys().remove(MemoryKeys.index(key));
        } finally {
            fabricLock.unlock();
        }
    }

    @Override
    void afterClose() {
        if (deviceMemory != null) {
            deviceMemory.release();
        }
        pd.release();
    }
}
