package org.verbs4j.tools.pingpong;

/** Where the ping-pong buffer lives and how it is registered, as the C tool's {@code -o}, {@code -O} and {@code -j}. */
enum BufferMemory {

    /** Host memory, registered pinned (no option). */
    PINNED,

    /** Host memory registered for on-demand paging ({@code -o}: {@code IBV_ACCESS_ON_DEMAND}). */
    ON_DEMAND,

    /**
     * Host memory reached through one implicit on-demand paging region of the whole address space ({@code -O}:
     * {@code ibv_reg_mr(pd, NULL, SIZE_MAX, IBV_ACCESS_ON_DEMAND)}).
     */
    IMPLICIT_ON_DEMAND,

    /**
     * Device memory ({@code -j}: {@code ibv_alloc_dm} and a zero-based {@code ibv_reg_dm_mr}), filled and read
     * with {@code ibv_memcpy_to_dm} and {@code ibv_memcpy_from_dm}.
     */
    DEVICE;

    /** @return whether the buffer is paged on demand ({@code use_odp} of the C tool) */
    boolean onDemand() {
        return this == ON_DEMAND || this == IMPLICIT_ON_DEMAND;
    }
}
