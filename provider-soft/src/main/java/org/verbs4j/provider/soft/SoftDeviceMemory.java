package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.Context;
import org.verbs4j.DmAttributes;
import org.verbs4j.provider.soft.engine.Failures;

/**
 * Device memory ({@code ibv_alloc_dm}): a native buffer the device owns, which the host reaches only by the
 * copies of {@code ibv_memcpy_to_dm} and {@code ibv_memcpy_from_dm}, and RDMA through zero-based memory regions
 * ({@code ibv_reg_dm_mr}). A context has {@link #MAX_DM_SIZE} bytes of it ({@code max_dm_size}).
 */
final class SoftDeviceMemory extends SoftObject implements org.verbs4j.DeviceMemory {

    /** {@code max_dm_size}: the device memory of one context, in bytes. */
    static final long MAX_DM_SIZE = 1L << 20;
    /** The largest {@code log_align_req}: a page. */
    static final int MAX_LOG_ALIGN = 12;
    private static final String ALLOC = "ibv_alloc_dm";

    private final SoftContext context;
    private final MemorySegment buffer;

    SoftDeviceMemory(SoftContext context, DmAttributes attributes) {
        super("ibv_free_dm", "device memory", context.device().name());
        check(attributes);
        context.retain(ALLOC);
        if (!context.dmBudget().take(attributes.length())) {
            context.release();
            throw Failures.noMemory(ALLOC, "the device has no free device memory left for " + attributes.length()
                    + " bytes (max_dm_size " + MAX_DM_SIZE + ", " + context.dmBudget().inUse() + " in use)");
        }
        this.context = context;
        this.buffer = Arena.ofAuto().allocate(attributes.length(), Math.max(Long.BYTES, 1L << attributes.logAlignReq()));
    }

    private static void check(DmAttributes attributes) {
        Failures.required(ALLOC, attributes, "the attributes");
        if (attributes.length() <= 0) {
            throw Failures.invalid(ALLOC, "the length must be positive");
        }
        if (attributes.logAlignReq() < 0 || attributes.logAlignReq() > MAX_LOG_ALIGN) {
            throw Failures.invalid(ALLOC, "the soft device aligns device memory to at most 2^" + MAX_LOG_ALIGN
                    + " bytes (log_align_req " + attributes.logAlignReq() + ")");
        }
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public long length() {
        return buffer.byteSize();
    }

    /** @return the buffer, which the regions of this memory are slices of */
    MemorySegment buffer() {
        return buffer;
    }

    @Override
    public void copyTo(long dmOffset, MemorySegment source) {
        checkCopy("ibv_memcpy_to_dm", dmOffset, source);
        MemorySegment.copy(source, 0, buffer, dmOffset, source.byteSize());
    }

    @Override
    public void copyFrom(MemorySegment target, long dmOffset) {
        checkCopy("ibv_memcpy_from_dm", dmOffset, target);
        if (target.isReadOnly()) {
            throw Failures.invalid("ibv_memcpy_from_dm", "the host memory is read-only");
        }
        MemorySegment.copy(buffer, dmOffset, target, 0, target.byteSize());
    }

    private void checkCopy(String verb, long dmOffset, MemorySegment host) {
        ensureOpen(verb);
        Failures.required(verb, host, "the host memory");
        if (!host.scope().isAlive()) {
            throw Failures.invalid(verb, "the host memory's arena is closed");
        }
        if (dmOffset < 0 || dmOffset > length() || host.byteSize() > length() - dmOffset) {
            throw Failures.invalid(verb, "[" + dmOffset + ", " + dmOffset + " + " + host.byteSize()
                    + ") does not lie inside the device memory of " + length() + " bytes");
        }
    }

    @Override
    void destroy() {
        // Nothing to release before close: the regions are gone.
    }

    @Override
    void afterClose() {
        context.dmBudget().giveBack(length());
        context.release();
    }
}
