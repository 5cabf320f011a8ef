package org.verbs4j.provider.soft.engine;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The fabric lock, under which work requests execute. What it guards takes microseconds (a batch of requests, a list of
 * receives), so a thread that finds it held spins a little, watching it without writing, before it parks
 * as a {@link ReentrantLock} does: two threads that take turns (a sender and a receiver) then rarely pay for
 * parking and waking.
 */
public final class FabricLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;
    /** About ten microseconds of {@link Thread#onSpinWait()}. */
    private static final int SPINS = 1000;

    @Override
    public void lock() {
        if (tryLock()) {
            return;
        }
        for (int spin = 0; spin < SPINS; spin++) {
            Thread.onSpinWait();
            if (!isLocked() && tryLock()) {
                return;
            }
        }
        super.lock();
    }
}
