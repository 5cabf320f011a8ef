package org.verbs4j.provider.generic.objects;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.provider.generic.raw.Abi;
import org.verbs4j.provider.generic.raw.Native;

/** C {@code struct ibv_mr}: {@code ibv_reg_mr} / {@code ibv_dereg_mr}. */
final class NativeMemoryRegion extends NativeResource implements MemoryRegion {

    private final NativeProtectionDomain pd;
    private final MemorySegment segment;
    private final Set<AccessFlag> access;
    private final int lkey;
    private final int rkey;

    NativeMemoryRegion(NativeProtectionDomain pd, MemorySegment mr, MemorySegment segment, EnumSet<AccessFlag> access) {
        super(mr, pd, destroyer(pd.context.ib.deregMr, mr.address()));
        this.pd = pd;
        this.segment = segment;
        this.access = Collections.unmodifiableSet(access);
        this.lkey = mr.get(JAVA_INT, Abi.offset(pd.context.abi.ibvMr, "lkey"));
        this.rkey = mr.get(JAVA_INT, Abi.offset(pd.context.abi.ibvMr, "rkey"));
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
        return segment.address();
    }

    @Override
    public long length() {
        return segment.byteSize();
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
