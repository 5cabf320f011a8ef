package org.verbs4j.provider.generic.objects;

import org.verbs4j.provider.generic.raw.Args;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.time.Duration;
import java.util.function.Function;
import org.verbs4j.BusyException;
import org.verbs4j.ClosedObjectException;
import org.verbs4j.Context;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.VerbsException;
import org.verbs4j.VerbsObject;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Poll;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The lifetime of one native verbs object: its handle, the arena that owns its Java-side native memory,
 * and its {@link NativeLifetime}, which counts the native objects created from it or using it.
 * {@link #close()} destroys the native object exactly once, fails with {@link BusyException} (EBUSY, as
 * rdma-core) while such objects are alive, and only then closes the arena and releases the parent. A
 * {@link Cleaner} destroys objects that become unreachable without being closed, children before
 * parents: a safety net, never the normal path.
 *
 * <p>Closed objects: every verb, and every accessor that reads the native object (a queue's
 * {@code state}, a context's {@code num_comp_vectors}), calls {@link #ensureOpen} and throws
 * {@link ClosedObjectException}; an accessor of a value the Java object holds (a queue's number, a key, a
 * type, the attributes given at creation, the parent) reads it without a check, also after close, as in
 * the soft provider. The TCK checks the verbs of closed objects, not such accessors.
 *
 * <p>Concurrent close: a verb that calls native code with this object runs between {@link #enter} and
 * {@link #leave} (an open batch from its start to its end). {@code close()} first marks the object as closing,
 * after which {@link #enter} fails with {@link ClosedObjectException}, then waits for the threads inside to
 * leave, at most {@link CloseWait#timeout()}, else it fails with {@link BusyException} and the object stays
 * open; only then is the native object destroyed, so that no thread touches freed memory.
 */
abstract class NativeResource implements VerbsObject, NativeHandle {

    private static final Cleaner CLEANER = Cleaner.create();
    /** The bit of {@link #users} that marks a close under way (or done): the count is negative then. */
    private static final int CLOSING = Integer.MIN_VALUE;
    private static final VarHandle USERS = usersHandle();
    /** How long an event wait polls before it looks whether the object was closed. */
    private static final Duration WAIT_SLICE = Duration.ofMillis(200);
    private static final int EINTR = 4;

    /** The native handle (for example {@code struct ibv_pd *}), reinterpreted to its struct size. */
    protected final MemorySegment handle;
    /** Native memory owned by this object, freed when it is closed. */
    protected final Arena arena = Arena.ofShared();
    private final NativeLifetime lifetime;
    private final Cleaner.Cleanable cleanable;
    /** The name of the device, for the JFR events; a context overrides {@link #deviceName()}. */
    private final String deviceName;
    private volatile boolean closed;
    /** The threads inside a verb of this object (and the open batches), with the {@link #CLOSING} bit. */
    @SuppressWarnings("unused") // read and written through USERS
    private volatile int users;

    /**
     * @param handle the native object
     * @param parent the object it was created from, or {@code null} for a context
     * @param destroyer how to destroy the native object if it is never closed; it must not refer to this
     *     object (see {@link #destroyer})
     */
    protected NativeResource(MemorySegment handle, NativeResource parent, Runnable destroyer) {
        this.handle = handle;
        this.lifetime = new NativeLifetime(destroyer, arena, parent == null ? null : parent.lifetime);
        NativeLifetime cleanup = lifetime;
        this.cleanable = CLEANER.register(this, cleanup::unreachable);
        this.deviceName = parent == null ? "" : parent.deviceName();
        if (parent != null) {
            recordCreated();
        }
    }

    /** Records that this object was created (a JFR event); a context calls it at the end of its constructor. */
    protected final void recordCreated() {
        VerbsEvents.objectCreated(deviceName(), ObjectKind.of(getClass()));
    }

    /** @return the name of the device this object belongs to */
    protected String deviceName() {
        return deviceName;
    }

    /** @return the native handle, to pass to the verbs that take this object */
    @Override
    public final MemorySegment pointer() {
        return handle;
    }

    /** @return the vendor's view of this object ({@code DirectVerbs}), or {@code null} if it has none */
    protected Object vendorView() {
        return null;
    }

    /** Returns the vendor's view of this object if it is a {@code type}, else this object as the default does. */
    @Override
    public final <T> T unwrap(Class<T> type) {
        Args.required("unwrap", type, "the type");
        Object view = vendorView();
        if (type.isInstance(view)) {
            return type.cast(view);
        }
        return VerbsObject.super.unwrap(type);
    }

    /** @return the C name of the verb that destroys this object, for messages */
    protected abstract String destroyVerb();

    /** Destroys the native object; throws a {@link org.verbs4j.VerbsException} if C reports an error. */
    protected abstract void destroyNative();

    @Override
    public final synchronized void close() {
        if (closed) {
            throw new ClosedObjectException(destroyVerb(), "already closed");
        }
        refuseHeld();
        refuseOwnBatch();
        USERS.getAndAdd(this, CLOSING);
        try {
            long deadline = CloseWait.deadline();
            awaitUsersLeft(deadline);
            excludeOthers(deadline);
            refuseHeld(); // a creation that used this object and has just ended holds it now
            destroyNative();
        } catch (RuntimeException | Error e) {
            readmitOthers();
            USERS.getAndAdd(this, CLOSING); // clears the bit again: the object stays open
            throw e;
        }
        closed = true;
        lifetime.closed();
        cleanable.clean();
        VerbsEvents.objectDestroyed(deviceName(), ObjectKind.of(getClass()));
    }

    private void refuseHeld() {
        int live = lifetime.holders();
        if (live > 0) {
            throw new BusyException(destroyVerb(), live + " object(s) created from it are still alive");
        }
    }

    private void awaitUsersLeft(long deadline) {
        for (int spins = 0; ((int) USERS.getVolatile(this) & ~CLOSING) != 0; spins++) {
            if (!CloseWait.pause(spins, deadline)) {
                throw new BusyException(destroyVerb(), "another thread is still inside a verb of it after "
                        + CloseWait.timeout().toMillis() + " ms");
            }
        }
    }

    /**
     * Fails at once if the calling thread itself has a batch of this object open, which it cannot end while it
     * waits in {@code close()}; by default nothing.
     *
     * @throws BusyException if it has
     */
    protected void refuseOwnBatch() {
    }

    /**
     * Keeps other threads out of the verbs that a subclass guards by its own means rather than {@link #enter}
     * (a CQ's poll batch), waiting for them until the deadline; by default nothing.
     *
     * @param deadline the {@link System#nanoTime()} after which it fails
     * @throws BusyException if another thread is still inside then
     */
    protected void excludeOthers(long deadline) {
    }

    /** Undoes {@link #excludeOthers} after a close that failed; by default nothing. */
    protected void readmitOthers() {
    }

    /**
     * Enters a verb that calls native code with this object; {@link #leave()} must follow, in a
     * {@code finally}. A close waits until every thread that entered has left.
     *
     * @param verb the verb, for the message
     * @throws ClosedObjectException if the object is closed or being closed
     */
    protected final void enter(String verb) {
        if ((int) USERS.getAndAdd(this, 1) < 0) {
            refuseEntry(verb);
        }
    }

    /** Undoes an {@link #enter} that found a close under way (apart, so that {@code enter} stays small to inline). */
    private void refuseEntry(String verb) {
        USERS.getAndAdd(this, -1);
        throw new ClosedObjectException(verb, getClass().getSimpleName() + " is closed or being closed");
    }

    /** Leaves a verb entered with {@link #enter}. */
    protected final void leave() {
        USERS.getAndAdd(this, -1);
    }

    /** {@link #enter} for a vendor's verb. */
    @Override
    public final void enterCall(String verb) {
        enter(verb);
    }

    /** {@link #leave} for a vendor's verb. */
    @Override
    public final void leaveCall() {
        leave();
    }

    /**
     * Waits until an event file descriptor of this object is readable, in slices of {@link #WAIT_SLICE}, so that
     * a close of the object ends the wait (its descriptor is closed, and its number may be reused) instead of
     * leaving the thread waiting on a descriptor that is no longer the object's. The wait holds nothing: a
     * close never waits for it.
     *
     * @param ib the library
     * @param fd the descriptor
     * @param timeout how long to wait; zero means do not wait, {@code null} means until it is readable
     * @param verb the verb waiting, for messages
     * @return whether the descriptor is readable
     * @throws ClosedObjectException if the object is closed or being closed meanwhile
     * @throws org.verbs4j.VerbsException with errno {@code EINTR} if the thread is interrupted while it waits
     */
    protected final boolean awaitReadable(Ibverbs ib, int fd, Duration timeout, String verb) {
        long deadline = timeout == null ? 0 : System.nanoTime() + Args.nanos(timeout);
        while (true) {
            long left = timeout == null ? WAIT_SLICE.toNanos() : deadline - System.nanoTime();
            if (Poll.readable(ib, fd, Duration.ofNanos(Math.clamp(left, 0, WAIT_SLICE.toNanos())), verb)) {
                return true;
            }
            if (closing()) {
                throw new ClosedObjectException(verb, getClass().getSimpleName() + " was closed while it waited");
            }
            if (timeout != null && deadline - System.nanoTime() <= 0) {
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                throw VerbsException.of(verb, EINTR, "interrupted while waiting");
            }
        }
    }

    /** @return whether a close is under way or done (a volatile read, for verbs guarded otherwise) */
    protected final boolean closing() {
        return (int) USERS.getVolatile(this) < 0;
    }

    private static VarHandle usersHandle() {
        try {
            return MethodHandles.lookup().findVarHandle(NativeResource.class, "users", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Undoes the construction of an object whose subclass constructor fails after the native object was
     * created: destroys the native object now (once), frees its memory and releases the parent, so that a
     * failed creation neither leaks nor keeps the parent busy. The subclass rethrows the failure after it.
     */
    protected final void abandon() {
        USERS.getAndAdd(this, CLOSING);
        closed = true;
        cleanable.clean();
    }

    @Override
    public final boolean isClosed() {
        return closed;
    }

    /**
     * @param verb the verb about to be called
     * @throws ClosedObjectException if the object is closed
     */
    protected final void ensureOpen(String verb) {
        if (closed) {
            throw new ClosedObjectException(verb, getClass().getSimpleName() + " is closed");
        }
    }

    /**
     * Registers that this object uses another one (for example a queue pair its completion queues): the
     * other stays busy ({@link BusyException} on close) until this object is destroyed, and the safety net
     * destroys this object first.
     *
     * @param used the object this one uses
     */
    protected final void dependOn(NativeResource used) {
        lifetime.hold(used.lifetime);
    }

    /**
     * Checks that an object given to this provider is one of its own objects of a type, belongs to a
     * context and is open.
     *
     * @param object the object given, possibly {@code null}
     * @param type the native class it must have
     * @param contextOf the context of such an object
     * @param context the context it must belong to
     * @param verb the verb, for messages
     * @param what how messages name it, for example "the protection domain"
     * @return the object as that native class
     * @throws InvalidArgumentException if it is missing, of another provider or of another context
     */
    static <T extends NativeResource> T owned(Object object, Class<T> type, Function<? super T, Context> contextOf,
            NativeContext context, String verb, String what) {
        if (type.isInstance(object) && contextOf.apply(type.cast(object)) == context) {
            T resource = type.cast(object);
            UsedObjects.enter(resource, verb);
            return resource;
        }
        throw new InvalidArgumentException(verb, what + (object == null ? " is missing" : " is not from this context"));
    }

    /** @return the native side of this object's lifetime */
    final NativeLifetime lifetime() {
        return lifetime;
    }

    /**
     * A Cleaner action that calls a one-argument destroy function once.
     *
     * @param destroy the downcall handle, {@code int (*)(void *)}
     * @param address the native object
     * @return the action; it must not reference the Java object
     */
    protected static Runnable destroyer(java.lang.invoke.MethodHandle destroy, long address) {
        return new Destroyer(destroy, address);
    }

    private record Destroyer(java.lang.invoke.MethodHandle destroy, long address) implements Runnable {
        @Override
        public void run() {
            try {
                int ignored = (int) destroy.invokeExact(MemorySegment.ofAddress(address));
            } catch (Throwable ignored) {
                // Safety net only: nothing can be reported from a Cleaner thread.
            }
        }
    }
}
