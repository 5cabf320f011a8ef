package org.verbs4j.benchmarks.wire;

import java.time.Duration;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.WcStatus;

/**
 * The receiving side of the soft wire's message rate, in a thread of its own: keeps {@link SoftEnd#UD_RECEIVES}
 * receives posted on the UD queue pair, waits for a completion event (as the baseline's thread waits in
 * {@code receive}: neither spins while nothing comes), then re-arms the queue, drains it and posts the consumed
 * receives again in lists of {@link #LIST}. All receives land in the buffer's first bytes (40 of GRH and the
 * message), as perftest's do.
 */
final class UdReceiver implements Runnable {

    private static final int LIST = 64;
    private static final int SLOT_BYTES = 40 + WireRatio.MESSAGE_BYTES;
    private static final Duration WAIT = Duration.ofMillis(100);

    private final SoftEnd end;
    private final ReceiveRequest list;
    private volatile boolean closed;
    private volatile long received;
    private volatile long failed;
    private int consumed;

    UdReceiver(SoftEnd end) {
        this.end = end;
        this.list = receiveList(end);
        for (int i = 0; i < SoftEnd.UD_RECEIVES / LIST; i++) {
            end.ud.postReceive(list);
        }
    }

    private static ReceiveRequest receiveList(SoftEnd end) {
        ReceiveRequest first = null;
        for (int i = 0; i < LIST; i++) {
            ReceiveRequest request = new ReceiveRequest(1).next(first);
            request.sgList().add(end.buffer.address(), SLOT_BYTES, end.buffer.lkey());
            first = request;
        }
        return first;
    }

    /** @return the messages received so far */
    long received() {
        return received;
    }

    /** @return the receive completions with an error status so far */
    long failed() {
        return failed;
    }

    void close() {
        closed = true;
    }

    @Override
    public void run() {
        CompletionQueue cq = end.udCq;
        cq.requestNotification(false);
        drain(cq);
        while (!closed) {
            if (end.udEvents.getEvent(WAIT) != null) {
                cq.ackEvents(1);
                cq.requestNotification(false);
                drain(cq);
            }
        }
    }

    private void drain(CompletionQueue cq) {
        while (cq.startPoll()) {
            int count = 0;
            do {
                count++;
                if (cq.status() != WcStatus.SUCCESS) {
                    failed++;
                }
            } while (cq.nextPoll());
            cq.endPoll();
            repost(count);
        }
    }

    private void repost(int count) {
        received += count;
        consumed += count;
        while (consumed >= LIST) {
            end.ud.postReceive(list);
            consumed -= LIST;
        }
    }
}
