package org.verbs4j;

import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * Registered memory (C {@code struct ibv_mr}). The local key {@link #lkey()} names it in local
 * scatter/gather entries; the remote key {@link #rkey()} lets a peer reach it with RDMA
 * operations, as far as {@link #access()} allows. Closing it is C {@code ibv_dereg_mr}.
 */
public interface MemoryRegion extends VerbsObject {

    /** @return the protection domain of the region */
    ProtectionDomain protectionDomain();

    /**
     * @return the registered memory; {@link MemorySegment#NULL} for a region of no memory segment of the process
     *     (implicit on-demand paging, device memory, a dma-buf)
     */
    MemorySegment segment();

    /** @return the start address of the region (C {@code addr}) */
    long address();

    /** @return the length of the region in bytes (C {@code length}) */
    long length();

    /** @return the local key (C {@code lkey}) */
    int lkey();

    /** @return the remote key (C {@code rkey}) */
    int rkey();

    /** @return the access the region was registered with */
    Set<AccessFlag> access();
}
