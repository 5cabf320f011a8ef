package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AdviseMrAdvice;
import org.verbs4j.AdviseMrFlag;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.DeviceMemory;
import org.verbs4j.MemoryRegion;
import org.verbs4j.MemoryWindow;
import org.verbs4j.MwType;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.ScatterGatherList;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.provider.soft.engine.ProtectionDomainView;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * A protection domain: the objects of one domain work together, never with those of another. A parent
 * domain (no thread domain, no allocators) is an alias of its protection domain: the objects created with
 * it act on that domain ({@link #domain()}), which it keeps busy.
 */
public final class SoftProtectionDomain extends SoftObject implements ProtectionDomain, ProtectionDomainView {

    private final SoftContext context;
    private final SoftProtectionDomain protectionDomain;

    SoftProtectionDomain(SoftContext context) {
        this(context, null);
    }

    /**
     * @param context the context
     * @param protectionDomain the protection domain of a parent domain, {@code null} for a protection domain
     */
    SoftProtectionDomain(SoftContext context, SoftProtectionDomain protectionDomain) {
        super("ibv_dealloc_pd", protectionDomain == null ? "protection domain" : "parent domain",
                context.device().name());
        String verb = protectionDomain == null ? "ibv_alloc_pd" : "ibv_alloc_parent_domain";
        context.retain(verb);
        if (protectionDomain != null) {
            protectionDomain.retain(verb);
        }
        this.context = context;
        this.protectionDomain = protectionDomain;
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
        return protectionDomain != null;
    }

    /** @return the domain whose rules the objects created with this one follow: itself, or a parent's PD */
    SoftProtectionDomain domain() {
        return protectionDomain == null ? this : protectionDomain;
    }

    @Override
    public MemoryRegion registerMemory(MemorySegment segment, Set<AccessFlag> access) {
        Failures.required("ibv_reg_mr", segment, "the segment");
        Failures.required("ibv_reg_mr", access, "the access flags");
        return VerbsEvents.memoryRegistered(context.device().name(),
                () -> created(new SoftMemoryRegion(this, segment, access)));
    }

    @Override
    public MemoryRegion registerImplicitOnDemand(Set<AccessFlag> access) {
        ensureOpen("ibv_reg_mr");
        throw Failures.unsupported("ibv_reg_mr", OnDemandPaging.IMPLICIT);
    }

    @Override
    public void adviseMemory(AdviseMrAdvice advice, Set<AdviseMrFlag> flags, ScatterGatherList ranges) {
        ensureOpen("ibv_advise_mr");
        throw Failures.unsupported("ibv_advise_mr", OnDemandPaging.ADVISE);
    }

    @Override
    public MemoryRegion registerDeviceMemory(DeviceMemory memory, long dmOffset, long length,
            Set<AccessFlag> access) {
        String verb = "ibv_reg_dm_mr";
        ensureOpen(verb);
        Failures.required(verb, access, "the access flags");
        SoftDeviceMemory dm = context.own(verb, memory, SoftDeviceMemory.class, "the device memory");
        if (dm.context() != context) {
            throw Failures.invalid(verb, "the device memory belongs to another context");
        }
        return VerbsEvents.memoryRegistered(context.device().name(),
                () -> created(new SoftMemoryRegion(this, dm, dmOffset, length, access)));
    }

    @Override
    public MemoryRegion registerDmabuf(long offset, long length, long iova, int fd, Set<AccessFlag> access) {
        ensureOpen("ibv_reg_dmabuf_mr");
        throw Failures.unsupported("ibv_reg_dmabuf_mr", OnDemandPaging.DMABUF);
    }

    @Override
    public MemoryWindow allocateMemoryWindow(MwType type) {
        Failures.required("ibv_alloc_mw", type, "the window type");
        return created(new SoftMemoryWindow(this, type));
    }

    @Override
    public AddressHandle createAddressHandle(AhAttributes attributes) {
        Failures.required("ibv_create_ah", attributes, "the address attributes");
        return created(new SoftAddressHandle(this, attributes));
    }

    @Override
    public AddressHandle createAddressHandleFromCompletion(CompletionQueue cq, MemorySegment grh, int portNum) {
        String verb = "ibv_create_ah_from_wc";
        ensureOpen(verb);
        AhAttributes reply = ReplyAddress.of(context, verb, portNum, ReceivedRoute.of(verb, cq), grh);
        return new SoftAddressHandle(this, reply);
    }

    @Override
    void destroy() {
        // Nothing to release: the children are gone.
    }

    @Override
    void afterClose() {
        if (protectionDomain != null) {
            protectionDomain.release();
        }
        context.release();
    }
}
