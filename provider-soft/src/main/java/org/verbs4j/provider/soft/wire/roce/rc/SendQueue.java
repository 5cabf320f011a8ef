package org.verbs4j.provider.soft.wire.roce.rc;

/**
 * A requester's ring of work requests, oldest first: those completed leave at the head; {@code next} is the
 * oldest not yet wholly sent (going back for a retransmission moves it to the head); the tail takes new ones.
 */
final class SendQueue {

    private final SendWork[] slots;
    private long head;
    private long next;
    private long tail;

    SendQueue(int depth) {
        slots = new SendWork[depth];
        for (int i = 0; i < depth; i++) {
            slots[i] = new SendWork();
        }
    }

    boolean hasRoom() {
        return tail - head < slots.length;
    }

    SendWork free() {
        if (!hasRoom()) {
            throw new IllegalStateException("ibv_post_send: the send queue is full (" + slots.length + " requests)");
        }
        return at(tail);
    }

    void commit() {
        tail++;
    }

    boolean isEmpty() {
        return head == tail;
    }

    boolean hasUnsent() {
        return next < tail;
    }

    SendWork unsent() {
        return at(next);
    }

    void sent() {
        next++;
    }

    /** @return the oldest request if the requester started sending it, else null */
    SendWork oldestStarted() {
        return head < tail && at(head).started ? at(head) : null;
    }

    SendWork head() {
        return at(head);
    }

    void retireHead() {
        head++;
        next = Math.max(next, head);
    }

    void rewind() {
        next = head;
    }

    private SendWork at(long index) {
        return slots[(int) (index % slots.length)];
    }
}
