package org.verbs4j;

import java.util.Objects;
import java.util.Set;

/**
 * What {@link WorkQueue#modify} changes (C {@code struct ibv_wq_attr}); its {@code attr_mask} follows
 * from which values are given.
 *
 * @param state the state to move to (C {@code wq_state}, mask {@code IBV_WQ_ATTR_STATE}), or {@code null}
 *     to keep it
 * @param currentState the state the caller assumes the queue is in (C {@code curr_wq_state}, mask
 *     {@code IBV_WQ_ATTR_CURR_STATE}), or {@code null}
 * @param flags the new values of the flags in {@code flagsMask} (C {@code flags})
 * @param flagsMask the flags to change (C {@code flags_mask}, mask {@code IBV_WQ_ATTR_FLAGS} when not
 *     empty); every flag of {@code flags} must be in it
 */
public record WqAttributes(WqState state, WqState currentState, Set<WqFlag> flags, Set<WqFlag> flagsMask) {

    /**
     * Copies the sets.
     *
     * @throws IllegalArgumentException if a flag of {@code flags} is not in {@code flagsMask}
     */
    public WqAttributes {
        flags = Set.copyOf(Objects.requireNonNull(flags, "flags"));
        flagsMask = Set.copyOf(Objects.requireNonNull(flagsMask, "flagsMask"));
        if (!flagsMask.containsAll(flags)) {
            throw new IllegalArgumentException("flags " + flags + " are not all in flagsMask " + flagsMask);
        }
    }

    /**
     * @param state the state to move to
     * @return attributes that change only the state
     */
    public static WqAttributes state(WqState state) {
        return new WqAttributes(Objects.requireNonNull(state, "state"), null, Set.of(), Set.of());
    }
}
