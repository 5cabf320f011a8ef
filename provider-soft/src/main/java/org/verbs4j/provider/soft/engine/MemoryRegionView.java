package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import org.verbs4j.AccessFlag;

/** A memory region as the engine sees it: the checks of its keys and its memory. Implemented by the soft region alone. */
public interface MemoryRegionView {

    /** Whether the region was registered with {@code access}. */
    boolean allows(AccessFlag access);

    /** Whether {@code [address, address + length)} lies inside the region. */
    boolean covers(long address, long length);

    /** Whether {@code lkey} names this region for a local access of {@code pd}'s queue pair. */
    boolean grantsLocal(int lkey, ProtectionDomainView pd, boolean write, long address, long length);

    /** The registered memory. */
    MemorySegment memory();

    /** Its R_Key. */
    int rkey();

    /** What to subtract from a virtual address to get the offset in {@link #memory()}. */
    long shift();

    /** Its protection domain. */
    ProtectionDomainView softPd();

    /** Whether it is still registered and its memory still alive. */
    boolean usable();
}
