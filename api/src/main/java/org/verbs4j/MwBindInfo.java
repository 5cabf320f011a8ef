package org.verbs4j;

import java.util.Set;

/**
 * What a memory window bind grants (C {@code struct ibv_mw_bind_info}).
 *
 * @param memoryRegion the region the window lies in; it must have been registered with
 *     {@link AccessFlag#MW_BIND}
 * @param address the start address of the window
 * @param length the length of the window in bytes
 * @param access the remote access the window grants ({@link AccessFlag#REMOTE_READ},
 *     {@link AccessFlag#REMOTE_WRITE}, {@link AccessFlag#REMOTE_ATOMIC}, {@link AccessFlag#ZERO_BASED})
 */
public record MwBindInfo(MemoryRegion memoryRegion, long address, long length, Set<AccessFlag> access) {

    /** Copies the set. */
    public MwBindInfo {
        access = Set.copyOf(access);
    }
}
