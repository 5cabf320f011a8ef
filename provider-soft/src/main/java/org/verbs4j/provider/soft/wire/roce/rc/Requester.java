package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.Opcode;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The sending half of an RC, UC or XRC (XRC_SEND) queue pair on the RoCE v2 wire, as rxe's requester and completer: it gives each
 * message its PSNs, segments it at the path MTU, keeps at most {@code max_rd_atomic} RDMA READs, atomics, FLUSHes
 * and ATOMIC WRITEs outstanding (rxe's requester counts READs and atomics only, but its responder takes a resource
 * for each of the four), and completes the work requests in order: on RC when acknowledged, on UC once sent. Like
 * rxe's requester it keeps sending while the send queue has posted requests and the window allows: at most
 * {@link #MAX_UNACKED_PSNS} PSNs unacknowledged, and a fenced request waits until the READs and atomics before it
 * completed.
 *
 * <p>On RC it goes back to the oldest unacknowledged PSN and resends from there when the local ACK timeout passes
 * without progress or a PSN sequence error NAK arrives (one go-back per stall until the timeout, as rxe), at most
 * {@code retry_cnt} times in a row, then completes {@link WcStatus#RETRY_EXC_ERR}; after an RNR NAK it waits the
 * timer the NAK names and resends, at most {@code rnr_retry} times (7: without limit), then completes
 * {@link WcStatus#RNR_RETRY_EXC_ERR}; a remote access, invalid request or remote operational NAK completes the
 * request with {@link WcStatus#REM_ACCESS_ERR}, {@link WcStatus#REM_INV_REQ_ERR} or {@link WcStatus#REM_OP_ERR}.
 * After an error the requester stops: the later requests complete {@link WcStatus#WR_FLUSH_ERR}.
 *
 * <p>Not thread-safe: the engine calls it from one thread at a time, with the time of a monotonic clock
 * ({@link System#nanoTime()}), and calls {@link #onTimer} at {@link #deadline()}. It allocates nothing after
 * construction.
 */
public final class Requester {

    /** rxe's RXE_MAX_UNACKED_PSNS: the RC window of PSNs sent and not acknowledged. */
    static final int MAX_UNACKED_PSNS = 128;

    private final RequesterConfig config;
    private final PacketSink sink;
    private final RequesterListener listener;
    private final SendQueue queue;
    private final RequestBuilder builder;
    private final ResponseReader responses;
    private final long timeoutNanos;
    private int psn;
    private int ackedPsn;
    private int readCredits;
    private int retriesLeft;
    private int rnrRetriesLeft;
    private boolean retryStarted;
    private long ackDeadline = Long.MAX_VALUE;
    private long rnrDeadline = Long.MAX_VALUE;
    private boolean failed;

    /**
     * @param config the queue pair's attributes
     * @param sink where the packets go
     * @param payloads where the messages' bytes come from
     * @param listener where READ data, atomic results and completions go
     */
    public Requester(RequesterConfig config, PacketSink sink, PayloadSource payloads, RequesterListener listener) {
        this.config = config;
        this.sink = sink;
        this.listener = listener;
        this.queue = new SendQueue(config.sendQueueDepth());
        this.builder = new RequestBuilder(config, payloads);
        this.responses = new ResponseReader(this, config.pathMtu(), listener);
        this.timeoutNanos = AckTimeout.nanos(config.timeout());
        this.psn = config.startPsn() & Bth.MASK_24;
        this.ackedPsn = psn;
        this.readCredits = config.maxReadAtomic();
        resetRetries();
    }

    /**
     * @return the free slot the next {@link #post} takes; describe the request in it
     * @throws IllegalStateException if the send queue is full
     */
    public SendWork nextSlot() {
        return queue.free();
    }

    /** @return whether the send queue has a free slot for {@link #nextSlot()} */
    public boolean hasRoom() {
        return queue.hasRoom();
    }

    /**
     * Posts the request described in {@link #nextSlot()} and sends what the window allows.
     *
     * @param now the time, in nanoseconds
     * @throws IllegalArgumentException if the transport cannot carry the operation, or the queue pair reads
     *     nothing (max_rd_atomic 0) and the request is a READ or an atomic
     */
    public void post(long now) {
        SendWork work = queue.free();
        if (!work.operation.runsOn(config.transport())) {
            throw new IllegalArgumentException("ibv_post_send: " + work.operation + " on " + config.transport());
        }
        if (work.operation.isReadOrAtomic() && config.maxReadAtomic() == 0) {
            throw new IllegalArgumentException("ibv_post_send: " + work.operation + " with max_rd_atomic 0");
        }
        work.started = false;
        queue.commit();
        progress(now);
    }

    /**
     * Handles an acknowledgement, a NAK, a READ response or an atomic acknowledgement of this queue pair.
     *
     * @param packet the packet, BTH at index 0 (a {@link org.verbs4j.provider.soft.wire.roce.RocePacket}'s buffer)
     * @param length its length, ICRC included
     * @param now the time, in nanoseconds
     */
    public void onResponse(ByteBuffer packet, int length, long now) {
        Opcode opcode = Opcode.of(Bth.opcode(packet, 0));
        if (failed || !config.transport().reliable() || opcode == null || !opcode.isResponse()
                || opcode.transport() != config.transport()) {
            return;
        }
        int responsePsn = Bth.psn(packet, 0);
        int before = ackedPsn;
        if (Psn.diff(responsePsn, psn) < 0) {
            responses.read(packet, length, opcode, responsePsn, now);
        }
        if (ackedPsn != before || !outstanding()) {
            armAckTimer(now);
        }
        progress(now);
    }

    /**
     * Resends what the ACK timeout or an RNR NAK's timer calls for, if it is due.
     *
     * @param now the time, in nanoseconds
     */
    public void onTimer(long now) {
        if (rnrDeadline <= now) {
            rnrDeadline = Long.MAX_VALUE;
            goBack();
        }
        if (ackDeadline <= now) {
            ackDeadline = Long.MAX_VALUE;
            if (outstanding()) {
                retry(true);
            }
        }
        progress(now);
    }

    /** @return when {@link #onTimer} is next due, or {@link Long#MAX_VALUE} */
    public long deadline() {
        return Math.min(ackDeadline, rnrDeadline);
    }

    /** @return whether an error stopped the requester */
    public boolean failed() {
        return failed;
    }

    /** @return the next PSN it will send */
    public int nextPsn() {
        return psn;
    }

    /** Sends the packets of the posted requests that the window, the initiator depth and the timers allow. */
    private void progress(long now) {
        if (failed) {
            flush();
            return;
        }
        boolean sent = false;
        while (rnrDeadline == Long.MAX_VALUE && queue.hasUnsent() && mayStart(queue.unsent()) && windowOpen()) {
            sendOne(queue.unsent());
            sent = true;
        }
        if (sent && config.transport().reliable()) {
            armAckTimer(now);
        }
    }

    private boolean mayStart(SendWork work) {
        if (work.started) {
            return true;
        }
        if (work.fenced && readCredits < config.maxReadAtomic()) {
            return false; // an earlier READ or atomic is outstanding
        }
        if (!work.operation.isReadOrAtomic()) {
            return true;
        }
        if (readCredits == 0) {
            return false;
        }
        readCredits--;
        work.holdsReadCredit = true;
        return true;
    }

    private boolean windowOpen() {
        return !config.transport().reliable() || Psn.diff(psn, ackedPsn) < MAX_UNACKED_PSNS;
    }

    private void sendOne(SendWork work) {
        if (!work.started) {
            work.started = true;
            work.firstPsn = psn;
            work.lastPsn = Psn.add(psn, work.packets(config.pathMtu()) - 1);
        }
        sink.send(builder.packet(), builder.build(work, psn));
        psn = work.operation.isSegmented() ? Psn.add(psn, 1) : Psn.add(work.lastPsn, 1);
        if (Psn.diff(psn, work.lastPsn) > 0) {
            queue.sent();
            if (config.transport() == Transport.UC) {
                ackedPsn = psn;
                completeHead(WcStatus.SUCCESS);
            }
        }
    }

    private boolean outstanding() {
        return Psn.diff(psn, ackedPsn) > 0;
    }

    private void armAckTimer(long now) {
        boolean waiting = outstanding() && timeoutNanos != AckTimeout.INFINITE && rnrDeadline == Long.MAX_VALUE;
        ackDeadline = waiting ? now + timeoutNanos : Long.MAX_VALUE;
    }

    // What the response reader calls.

    SendWork oldestStarted() {
        return queue.oldestStarted();
    }

    int ackedPsn() {
        return ackedPsn;
    }

    /** Everything before {@code next} is acknowledged. */
    void acknowledgedBefore(int next) {
        if (Psn.diff(next, ackedPsn) > 0) {
            ackedPsn = next;
        }
    }

    void resetRetries() {
        retriesLeft = config.retryCount();
        rnrRetriesLeft = config.rnrRetry();
        retryStarted = false;
    }

    void completeHead(WcStatus status) {
        SendWork work = queue.head();
        if (work.holdsReadCredit) {
            work.holdsReadCredit = false;
            readCredits++;
        }
        queue.retireHead();
        listener.complete(work.wrId, work.operation.completion(), status, work.length);
    }

    /** Goes back to the oldest unacknowledged PSN, or fails the oldest request when the retry budget is spent. */
    void retry(boolean timedOut) {
        if (retryStarted && !timedOut) {
            return;
        }
        if (retriesLeft == 0) {
            fail(WcStatus.RETRY_EXC_ERR);
            return;
        }
        retriesLeft--;
        retryStarted = true;
        goBack();
    }

    /** Waits the RNR NAK's timer, then resends from {@code nakPsn}; fails when the RNR budget is spent. */
    void receiverNotReady(int nakPsn, long delayNanos, long now) {
        if (rnrRetriesLeft == 0) {
            fail(WcStatus.RNR_RETRY_EXC_ERR);
            return;
        }
        if (rnrRetriesLeft != 7) {
            rnrRetriesLeft--;
        }
        acknowledgedBefore(nakPsn);
        rnrDeadline = now + delayNanos;
        ackDeadline = Long.MAX_VALUE;
    }

    private void goBack() {
        if (outstanding()) {
            psn = ackedPsn;
            queue.rewind();
        }
    }

    /** Completes the oldest request with an error and stops: the requester sends nothing more. */
    void fail(WcStatus status) {
        failed = true;
        ackDeadline = Long.MAX_VALUE;
        rnrDeadline = Long.MAX_VALUE;
        if (!queue.isEmpty()) {
            completeHead(status);
        }
        flush();
    }

    private void flush() {
        while (!queue.isEmpty()) {
            completeHead(WcStatus.WR_FLUSH_ERR);
        }
    }
}
