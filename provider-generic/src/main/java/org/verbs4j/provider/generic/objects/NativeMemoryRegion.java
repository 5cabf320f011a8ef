package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.vendor.CreatedMr;

/**
 * C {@code struct ibv_mr}: {@code ibv_reg_mr} (or a vendor's registration, {@code DirectVerbs.registerMr}),
 * {@code ibv_reg_dm_mr} or {@code ibv_reg_dmabuf_mr} / {@code ibv_dereg_mr}. A region of a segment gives the
 * segment's address and size; a region of no segment (implicit on-demand paging, device memory, a dma-buf) has
 * the segment {@link MemorySegment#NULL} and the {@code addr} and {@code length} the device sees.
 */
@SuppressWarnings("restricted")
final class NativeMemoryRegion extends NativeResource implements MemoryRegion {

    private final NativeProtectionDomain pd;
    private final MemorySegment segment;
    private final long address;
    private final long length;
    private final Set<AccessFlag> access;
    private final int lkey;
    private final int rkey;
    private final Object vendorView;

    NativeMemoryRegion(NativeProtectionDomain pd, CreatedMr created, MemorySegment segment, long address,
            long length, EnumSet<AccessFlag> access) {
        this(pd, created.mr().reinterpret(pd.context.abi.ibvMr.byteSize()), segment, address, length, access,
                created);
    }

    /** A region of no segment, with the {@code addr} and {@code length} that libibverbs filled in. */
    static NativeMemoryRegion filledIn(NativeProtectionDomain pd, MemorySegment mr, EnumSet<AccessFlag> access) {
        MemorySegment filled = mr.reinterpret(pd.context.abi.ibvMr.byteSize());
        return new NativeMemoryRegion(pd, CreatedMr.of(mr), MemorySegment.NULL,
                filled.get(JAVA_LONG, Abi.offset(pd.context.abi.ibvMr, "addr")),
                filled.get(JAVA_LONG, Abi.offset(pd.context.abi.ibvMr, "length")), access);
    }

    private NativeMemoryRegion(NativeProtectionDomain pd, MemorySegment mr, MemorySegment segment, long address,
            long length, EnumSet<AccessFlag> access, CreatedMr created) {
        super(mr, pd, destroyer(pd.context.ib.deregMr, mr.address()));
        this.pd = pd;
        this.segment = segment;
        this.address = address;
        this.length = length;
        this.access = Collections.unmodifiableSet(access);
        this.lkey = mr.get(JAVA_INT, Abi.offset(pd.context.abi.ibvMr, "lkey"));
        this.rkey = mr.get(JAVA_INT, Abi.offset(pd.context.abi.ibvMr, "rkey"));
        this.vendorView = viewOf(created);
    }

    private Object viewOf(CreatedMr created) {
        try {
            return created.view().apply(this);
        } catch (RuntimeException | Error e) {
            abandon();
            throw e;
        }
    }

    @Override
    protected Object vendorView() {
        return vendorView;
    }

    @Override
    protected String destroyVerb() {
        return "ibv_dereg_mr";
    }

    @Override
    protected void destroyNative() {
        Native.destroy(pd.context.ib.deregMr, handle, "ibv_dereg_mr");
    }

    @Override
    public ProtectionDomain protectionDomain() {
        return pd;
    }

    @Override
    public MemorySegment segment() {
        return segment;
    }

    @Override
    public long address() {
        return address;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public int lkey() {
        return lkey;
    }

    @Override
    public int rkey() {
        return rkey;
    }

    @Override
    public Set<AccessFlag> access() {
        return access;
    }
}
