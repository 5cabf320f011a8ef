package org.verbs4j.provider.soft;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The device memory of one context: {@link SoftDeviceMemory#MAX_DM_SIZE} bytes in all, which
 * {@code ibv_alloc_dm} takes from and {@code ibv_free_dm} gives back.
 */
final class DmBudget {

    private final AtomicLong inUse = new AtomicLong();

    /** @return whether {@code bytes} more fit; if so they are taken */
    boolean take(long bytes) {
        long now;
        do {
            now = inUse.get();
            if (bytes > SoftDeviceMemory.MAX_DM_SIZE - now) {
                return false;
            }
        } while (!inUse.compareAndSet(now, now + bytes));
        return true;
    }

    void giveBack(long bytes) {
        inUse.addAndGet(-bytes);
    }

    /** @return the bytes taken */
    long inUse() {
        return inUse.get();
    }
}
