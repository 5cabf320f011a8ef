package org.verbs4j.provider.generic.objects;

import java.util.ArrayList;
import java.util.List;

/**
 * The objects a creation verb of the calling thread uses (the PD, CQs, SRQ, XRC domain or indirection table of
 * a new queue pair, the channel of a new CQ, ...): each is entered ({@link NativeResource#enter}) when the verb
 * checks it, and left when the verb ends, so that a close of one of them from another thread waits until the
 * new object holds it (and then fails with {@code BusyException}) instead of destroying it during the native
 * creation. Outside a creation an object is only checked to be open.
 */
final class UsedObjects {

    private static final ThreadLocal<List<NativeResource>> ENTERED = new ThreadLocal<>();

    private UsedObjects() {
    }

    /**
     * Starts the creation scope of the calling thread (scopes do not nest: a creation never starts another).
     *
     * @return whether this call started it and must end it with {@link #leaveAll}
     */
    static boolean begin() {
        if (ENTERED.get() != null) {
            return false;
        }
        ENTERED.set(new ArrayList<>(4));
        return true;
    }

    /**
     * Enters an object the current creation uses, or checks that it is open if no creation is under way.
     *
     * @param used the object
     * @param verb the creation verb, for the message
     * @throws org.verbs4j.ClosedObjectException if it is closed or being closed
     */
    static void enter(NativeResource used, String verb) {
        List<NativeResource> entered = ENTERED.get();
        if (entered == null) {
            used.ensureOpen(verb);
            return;
        }
        used.enter(verb);
        entered.add(used);
    }

    /** Leaves every object the creation entered and ends the scope. */
    static void leaveAll() {
        List<NativeResource> entered = ENTERED.get();
        ENTERED.remove();
        for (NativeResource used : entered) {
            used.leave();
        }
    }
}
