package org.verbs4j.provider.generic.objects;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/**
 * The native side of one {@link NativeResource}'s lifetime, kept apart from the Java object so that its
 * {@link java.lang.ref.Cleaner} action can outlive it: how to destroy the native object, the arena of its
 * native memory, the lifetimes it holds (its parent and the objects it uses, which must outlive it) and the
 * number of native objects that hold it and are not destroyed yet.
 *
 * <p>The native object is destroyed exactly once: by {@link #closed()} after {@code close()} destroyed it,
 * or, when the resource became {@link #unreachable()} without being closed, as soon as no native object
 * holds it any more, whether those were closed or cleaned, and in whatever order the Cleaner found them.
 * Destroying it frees its arena and lets go of what it holds, which may in turn destroy an unreachable
 * parent. A lifetime refers to other lifetimes only, never to Java objects of the API, so that a whole
 * leaked graph of objects can become unreachable together.
 */
final class NativeLifetime {

    /** Where a lifetime stands. */
    enum State {
        /** The native object exists and its Java object is reachable (or not yet found unreachable). */
        OPEN,
        /** The Java object is unreachable; the native object waits for the objects that hold it. */
        UNREACHABLE,
        /** The native object is destroyed and the arena closed. */
        DESTROYED
    }

    private final Runnable destroyer;
    private final Arena arena;
    private final List<NativeLifetime> held = new ArrayList<>(2);
    private int holders;
    private State state = State.OPEN;

    /**
     * @param destroyer how to destroy the native object if the resource is never closed; it must not refer
     *     to the resource and must not throw
     * @param arena the resource's arena, closed when the native object is destroyed
     * @param parent the lifetime of the object it was created from, or {@code null}
     */
    NativeLifetime(Runnable destroyer, Arena arena, NativeLifetime parent) {
        this.destroyer = destroyer;
        this.arena = arena;
        if (parent != null) {
            hold(parent);
        }
    }

    /**
     * Keeps another native object alive until this one is destroyed.
     *
     * @param other the lifetime of the object this one uses
     */
    void hold(NativeLifetime other) {
        other.addHolder();
        synchronized (this) {
            held.add(other);
        }
    }

    private synchronized void addHolder() {
        holders++;
    }

    /** @return how many native objects created from or using this one are not destroyed yet */
    synchronized int holders() {
        return holders;
    }

    /** @return where the lifetime stands */
    synchronized State state() {
        return state;
    }

    /** Records that {@code close()} destroyed the native object: frees the arena and lets go of the held. */
    void closed() {
        synchronized (this) {
            state = State.DESTROYED;
        }
        freeAndLetGo();
    }

    /**
     * The Cleaner action (also run by {@code close()} and {@code abandon()} when disarming it): if the
     * native object is still open it is destroyed now, or as soon as the last object holding it is.
     */
    void unreachable() {
        synchronized (this) {
            if (state != State.OPEN) {
                return;
            }
            state = State.UNREACHABLE;
        }
        destroyIfDue();
    }

    private void letGo() {
        synchronized (this) {
            holders--;
        }
        destroyIfDue();
    }

    private void destroyIfDue() {
        synchronized (this) {
            if (state != State.UNREACHABLE || holders > 0) {
                return;
            }
            state = State.DESTROYED;
        }
        try {
            destroyer.run();
        } finally {
            freeAndLetGo();
        }
    }

    private void freeAndLetGo() {
        arena.close();
        List<NativeLifetime> released;
        synchronized (this) {
            released = List.copyOf(held);
            held.clear();
        }
        for (NativeLifetime lifetime : released) {
            lifetime.letGo();
        }
    }
}
