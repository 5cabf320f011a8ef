package org.verbs4j.provider.soft;

import org.verbs4j.VerbsObject;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * The lifetime rules every soft verbs object shares: closed exactly once, no verb after close, and
 * no close while children (objects that reference this one) are alive.
 */
abstract class SoftObject implements VerbsObject {

    private final String destroyVerb;
    private final String kind;
    private final String device;
    private volatile boolean closed;
    private int users;

    /**
     * @param destroyVerb the verb that destroys it, for example {@code "ibv_destroy_qp"}
     * @param kind what it is, for example {@code "queue pair"}
     * @param device the name of its device, or an empty string if it belongs to none
     */
    SoftObject(String destroyVerb, String kind, String device) {
        this.destroyVerb = destroyVerb;
        this.kind = kind;
        this.device = device;
    }

    /** Records that {@code object} was created (a JFR event); @return it */
    static <T extends SoftObject> T created(T object) {
        SoftObject created = object;
        VerbsEvents.objectCreated(created.device, created.kind);
        return object;
    }

    /** @return what it is, for example {@code "queue pair"} */
    final String kind() {
        return kind;
    }

    @Override
    public final void close() {
        synchronized (this) {
            if (closed) {
                throw Failures.closed(destroyVerb, kind);
            }
            if (users > 0) {
                throw Failures.busy(destroyVerb, kind + " is still used by " + users + " object(s)");
            }
            destroy();
            closed = true;
        }
        VerbsEvents.objectDestroyed(device, kind);
        afterClose();
    }

    /** Refuses a null type with {@code EINVAL}, then unwraps as the api does. */
    @Override
    public <T> T unwrap(Class<T> type) {
        return VerbsObject.super.unwrap(Failures.required("unwrap", type, "the type"));
    }

    @Override
    public final boolean isClosed() {
        return closed;
    }

    /** Throws {@link org.verbs4j.ClosedObjectException} naming {@code verb} if the object is closed. */
    final void ensureOpen(String verb) {
        if (closed) {
            throw Failures.closed(verb, kind);
        }
    }

    /** Records a child; fails if this object is closed. */
    final synchronized void retain(String verb) {
        ensureOpen(verb);
        users++;
    }

    /** Forgets a child that was closed. */
    final synchronized void release() {
        users--;
    }

    /**
     * Releases the object's resources; called with the object locked, before it is marked closed. It may
     * throw to refuse the close, leaving the object usable.
     */
    abstract void destroy();

    /** Runs after the object is marked closed, outside its lock: releases the parents. */
    abstract void afterClose();
}
