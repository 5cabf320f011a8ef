package org.verbs4j.provider.soft.wire.roce;

import java.util.concurrent.atomic.AtomicLongArray;

/** How many received datagrams were dropped, by reason; counted by the receiving thread, read by any. */
public final class DropCounters {

    private final AtomicLongArray counts = new AtomicLongArray(DropReason.values().length);

    void add(DropReason reason) {
        counts.incrementAndGet(reason.ordinal());
    }

    /**
     * @param reason a reason
     * @return the datagrams dropped for it
     */
    public long count(DropReason reason) {
        return counts.get(reason.ordinal());
    }

    /** @return the datagrams dropped for any reason */
    public long total() {
        long total = 0;
        for (int i = 0; i < counts.length(); i++) {
            total += counts.get(i);
        }
        return total;
    }
}
