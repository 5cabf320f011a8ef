package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import org.verbs4j.AccessFlag;

/**
 * A memory region as the engine sees it: the checks of its keys and its memory. Implemented by the soft region
 * alone.
 */
public interface MemoryRegionView {

    /** Whether the region was registered with {@code access}. */
    boolean allows(AccessFlag access);

    /** Whether {@code [address, address + length)} lies inside the region. */
    boolean covers(long address, long length);

    /**
     * Whether {@code lkey} is its key, it is usable, belongs to {@code pd}, grants LOCAL_WRITE if written, and
     * holds the range.
     */
    boolean grantsLocal(int lkey, ProtectionDomainView pd, boolean write, long address, long length);

    /** The memory the device copies through. */
    MemorySegment memory();

    /** Its R_Key. */
    int rkey();

    /** What to add to an address of the region to get the address in {@link #memory()}. */
    long shift();

    /** Its protection domain. */
    ProtectionDomainView softPd();

    /** Whether it is still registered and its memory still alive. */
    boolean usable();
}
