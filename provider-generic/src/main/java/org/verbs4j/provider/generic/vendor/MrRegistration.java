package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Memory about to be registered ({@link DirectVerbs#registerMr}). The access bits have been checked (the
 * {@code IBV_ACCESS_*} rules of {@code ibv_reg_mr}), and the protection domain is held open for the call.
 *
 * @param pd the {@code struct ibv_pd *}
 * @param address the start of the region: its virtual address, or the {@code iova} of memory that has none in
 *     this process (a dmabuf)
 * @param length the length in bytes
 * @param access the {@code IBV_ACCESS_*} bits
 * @param call an arena for the hook's own arguments, closed when the hook returns
 * @param ibverbs the generic call that registers it ({@code ibv_reg_mr} for process memory), or one that
 *     refuses with {@link org.verbs4j.UnsupportedVerbException} where libibverbs has none
 */
public record MrRegistration(MemorySegment pd, long address, long length, int access, Arena call,
        NativeConstructor ibverbs) {

    /** @return the region registered by the generic path, without view */
    public CreatedMr generic() {
        return CreatedMr.of(ibverbs.create());
    }
}
