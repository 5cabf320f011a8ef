package org.verbs4j.tck;

import java.util.ArrayDeque;
import java.util.Deque;
import org.verbs4j.CompletionQueue;
import org.verbs4j.VerbsObject;

/**
 * The verbs objects a test created, closed after the test in reverse order of creation: children
 * before their parents. Objects the test closed itself are skipped, and completion events the test left
 * unacknowledged are acknowledged first, since closing a queue waits for them.
 */
final class Resources {

    private final Deque<AutoCloseable> created = new ArrayDeque<>();

    void add(AutoCloseable resource) {
        created.push(resource);
    }

    /**
     * Closes every object; the first failure is thrown after all were tried, with the others suppressed.
     */
    void closeAll() {
        RuntimeException failure = null;
        while (!created.isEmpty()) {
            try {
                close(created.pop());
            } catch (Exception e) {
                RuntimeException wrapped = e instanceof RuntimeException runtime ? runtime
                        : new IllegalStateException("closing a test object failed", e);
                if (failure == null) {
                    failure = wrapped;
                } else {
                    failure.addSuppressed(wrapped);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static void close(AutoCloseable resource) throws Exception {
        if (resource instanceof VerbsObject object && object.isClosed()) {
            return;
        }
        if (resource instanceof CompletionQueue cq && cq.unacknowledgedEvents() > 0) {
            cq.ackEvents(cq.unacknowledgedEvents());
        }
        resource.close();
    }
}
