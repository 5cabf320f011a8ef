package org.verbs4j.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.verbs4j.CompletionQueue;
import org.verbs4j.WcStatus;

/**
 * The exactly-once account of a stress run: every work request gets a fresh wr_id before it is posted, is
 * marked refused if its post threw, and may complete once. A second completion of a wr_id, or a completion
 * of a request whose post was refused or that was never posted, is a defect; so is an accepted request of a
 * queue pair that stayed open and never completed.
 */
final class CompletionLedger {

    /** What happened to one wr_id. */
    private static final class Entry {
        final Object queue;
        volatile boolean refused;
        volatile int completions;
        volatile WcStatus firstStatus;

        Entry(Object queue) {
            this.queue = queue;
        }
    }

    private final AtomicLong nextWrId = new AtomicLong(1);
    private final Map<Long, Entry> entries = new ConcurrentHashMap<>();
    private final List<String> defects = java.util.Collections.synchronizedList(new ArrayList<>());

    /**
     * @param queue the queue pair (or shared receive queue) the request is posted to
     * @return the wr_id of a request about to be posted
     */
    long attempt(Object queue) {
        long wrId = nextWrId.getAndIncrement();
        entries.put(wrId, new Entry(queue));
        return wrId;
    }

    /** Marks the request {@code wrId} as refused by its post (nothing of it may complete). */
    void refused(long wrId) {
        entries.get(wrId).refused = true;
    }

    /** Records a completion read from {@code cq}. */
    void completed(CompletionQueue cq, long wrId, WcStatus status) {
        Entry entry = entries.get(wrId);
        if (entry == null) {
            defects.add("a completion (" + status + ") for wr_id " + wrId + ", which was never posted");
            return;
        }
        synchronized (entry) {
            entry.completions++;
            if (entry.completions == 1) {
                entry.firstStatus = status;
            } else {
                defects.add("wr_id " + wrId + " completed twice: " + entry.firstStatus + ", then " + status);
            }
        }
    }

    /** @return the accepted requests of {@code queue} that did not complete yet */
    List<Long> outstanding(Object queue) {
        return entries.entrySet().stream().filter(e -> e.getValue().queue == queue && !e.getValue().refused
                && e.getValue().completions == 0).map(Map.Entry::getKey).sorted().toList();
    }

    /** Adds the defects found once the run is over: completions of requests whose post was refused. */
    List<String> defects() {
        entries.forEach((wrId, entry) -> {
            if (entry.refused && entry.completions > 0) {
                defects.add("wr_id " + wrId + " completed (" + entry.firstStatus + ") though its post was refused");
            }
        });
        return List.copyOf(defects);
    }

    /** Records a defect found elsewhere (a lost completion). */
    void defect(String description) {
        defects.add(description);
    }

    /** @return how many requests were posted or attempted */
    long attempts() {
        return nextWrId.get() - 1;
    }
}
