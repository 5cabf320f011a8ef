package org.verbs4j;

import java.util.Objects;

/**
 * An asynchronous event of a device (C {@code struct ibv_async_event}).
 *
 * <p>Each instance is one event: equality is identity, so two events of the same type about the same
 * object stay distinct, and each is acknowledged exactly once with {@link Context#ackAsyncEvent}.
 */
public final class AsyncEvent {

    private final AsyncEventType type;
    private final VerbsObject element;
    private final int portNum;

    /**
     * @param type the event type
     * @param element the object the event is about (a {@link CompletionQueue}, {@link QueuePair} or
     *     {@link SharedReceiveQueue}), or {@code null} for port and device events
     * @param portNum the port number for port events, otherwise 0
     */
    public AsyncEvent(AsyncEventType type, VerbsObject element, int portNum) {
        this.type = Objects.requireNonNull(type, "type");
        this.element = element;
        this.portNum = portNum;
    }

    /** @return the event type (C {@code event_type}) */
    public AsyncEventType type() {
        return type;
    }

    /** @return the object the event is about (C {@code element}), or {@code null} for port and device events */
    public VerbsObject element() {
        return element;
    }

    /** @return the port number of a port event (C {@code element.port_num}), otherwise 0 */
    public int portNum() {
        return portNum;
    }

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

    @Override
    public String toString() {
        return "AsyncEvent[" + type + (element != null ? ", " + element : "") + (portNum != 0 ? ", port " + portNum : "")
                + "]";
    }
}
