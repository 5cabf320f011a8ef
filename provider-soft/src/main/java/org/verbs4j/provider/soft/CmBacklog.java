package org.verbs4j.provider.soft;

import java.util.ArrayDeque;
import java.util.List;

/**
 * The backlog of a listener, as the kernel's ucma keeps it: at most {@code limit} connection requests wait
 * in the channel unread; a further request is held (the remote CM would retry it) until a read frees a place
 * or the response timeout ends it. Used under the connection manager's lock.
 */
final class CmBacklog {

    /** The kernel's largest backlog, taken for a backlog of 0 or less. */
    static final int MAX_BACKLOG = 1024;

    private final ArrayDeque<SoftCmId> held = new ArrayDeque<>();
    private int limit;
    private int unread;

    /** Sets the limit of {@code rdma_listen}: 0 or less, or more than the maximum, takes the maximum. */
    void limit(int requested) {
        limit = requested > 0 && requested < MAX_BACKLOG ? requested : MAX_BACKLOG;
    }

    /** @return whether a request may go to the channel now; if so it counts as unread */
    boolean admit() {
        if (unread < limit && held.isEmpty()) {
            unread++;
            return true;
        }
        return false;
    }

    void hold(SoftCmId client) {
        held.addLast(client);
    }

    /** @return whether {@code client} was still held (and is no longer) */
    boolean giveUp(SoftCmId client) {
        return held.remove(client);
    }

    /** A request was read from the channel. @return the held request that takes its place, or {@code null} */
    SoftCmId read() {
        unread = Math.max(0, unread - 1);
        if (unread < limit && !held.isEmpty()) {
            unread++;
            return held.removeFirst();
        }
        return null;
    }

    /** @return the held requests, which are no longer held */
    List<SoftCmId> drain() {
        List<SoftCmId> all = List.copyOf(held);
        held.clear();
        return all;
    }
}
