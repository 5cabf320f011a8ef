package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.Context;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;

/** A protection domain: the objects of one domain work together, never with those of another. */
final class SoftProtectionDomain extends SoftObject implements ProtectionDomain {

    private final SoftContext context;

    SoftProtectionDomain(SoftContext context) {
        super("ibv_dealloc_pd", "protection domain");
        context.retain("ibv_alloc_pd");
        this.context = context;
    }

    @Override
    public Context context() {
        return context;
    }

    SoftContext softContext() {
        return context;
    }

    @Override
    public boolean isParentDomain() {
        return false;
    }

    @Override
    public MemoryRegion registerMemory(MemorySegment segment, Set<AccessFlag> access) {
        Objects.requireNonNull(segment, "segment");
        Objects.requireNonNull(access, "access");
        return new SoftMemoryRegion(this, segment, access);
    }

    @Override
    public MemoryWindow allocateMemoryWindow(MwType type) {
        Objects.requireNonNull(type, "type");
        return new SoftMemoryWindow(this, type);
    }

    @Override
    public AddressHandle createAddressHandle(AhAttributes attributes) {
        Objects.requireNonNull(attributes, "attributes");
        return new SoftAddressHandle(this, attributes);
    }

    @Override
    void destroy() {
        // Nothing to release: the children are gone.
    }

    @Override
    void afterClose() {
        context.release();
    }
}
