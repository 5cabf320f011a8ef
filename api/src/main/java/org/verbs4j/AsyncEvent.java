package org.verbs4j;

/**
 * An asynchronous event of a device (C {@code struct ibv_async_event}).
 *
 * @param type the event type
 * @param element the object the event is about (a {@link CompletionQueue}, {@link QueuePair} or
 *     {@link SharedReceiveQueue}), or {@code null} for port and device events
 * @param portNum the port number for port events, otherwise 0
 */
public record AsyncEvent(AsyncEventType type, VerbsObject element, int portNum) {

    /** @return the completion queue the event is about, or {@code null} */
    public CompletionQueue cq() {
        return element instanceof CompletionQueue cq ? cq : null;
    }

    /** @return the queue pair the event is about, or {@code null} */
    public QueuePair qp() {
        return element instanceof QueuePair qp ? qp : null;
    }

    /** @return the shared receive queue the event is about, or {@code null} */
    public SharedReceiveQueue srq() {
        return element instanceof SharedReceiveQueue srq ? srq : null;
    }
}
