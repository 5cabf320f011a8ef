package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;

/**
 * One connection's side of the IB CM protocol (IBTA 12.9), as Linux's kernel CM plays it over RoCE: active
 * (REQ, then REP and RTU), passive (REQ received, REP, then RTU), rejects, disconnection (DREQ, DREP) and a time
 * wait. Messages not answered within their time are sent again, as Linux's CM times them: the active side
 * waits {@link CmTimeouts#requestNanos()} and sends again up to the max CM retries of its REQ, the passive side
 * waits the local CM response time of the peer's REQ ({@link CmTimeouts#replyNanos}) within the REQ's max CM
 * retries; an MRA buys the peer more time ({@link CmTimeouts#mraNanos}). Spent retries end the connection without
 * a message (UNREACHABLE). {@link #destroy} sends what {@code cm_destroy_id} sends. Duplicates are answered as the
 * kernel answers them: a REP again with the RTU, a DREQ in time wait with the DREP, a REQ with the MRA sent or
 * prepared for it ({@link #acknowledge}, {@link #prepareMra}) or in time wait with a REJ (stale connection); other
 * duplicates are dropped.
 *
 * <p>The connection reads no clock: every call takes the time ({@link System#nanoTime()}), and its owner calls
 * {@link #onTimer} at {@link #deadline()}. It is single-threaded: its owner serializes the calls. Events go to
 * the {@link CmListener} during the call that caused them.
 */
public final class CmConnection {

    private final int localCommId;
    private final byte[] localGid;
    private final byte[] remoteGid;
    private final long caGuid;
    private final CmTimeouts timeouts;
    private final MadSink sink;
    private final CmListener listener;
    private final ByteBuffer out = ByteBuffer.allocate(Mad.BYTES);
    private final Retransmission timer = new Retransmission();
    private CmState state = CmState.IDLE;
    private long transactionId;
    private long serviceId;
    private int remoteCommId;
    private long answerNanos;
    private int maxRetries;
    private long remoteCaGuid;
    private QueuePairInfo local;
    private QueuePairInfo remote;
    private byte[] localPrivateData = new byte[0];
    private byte[] remotePrivateData = new byte[0];
    private int rejectReason;
    private int sidrStatus;
    private int remoteQKey;
    private int mraServiceTimeout;
    private int flowLabel;

    /**
     * @param localCommId this side's communication ID, unique among the port's connections
     * @param localGid this port's GID (16 bytes)
     * @param remoteGid the peer port's GID (16 bytes)
     * @param caGuid this side's CA GUID
     * @param timeouts the times
     * @param sink sends the MADs
     * @param listener hears the events
     */
    public CmConnection(int localCommId, byte[] localGid, byte[] remoteGid, long caGuid, CmTimeouts timeouts,
            MadSink sink, CmListener listener) {
        this.localCommId = localCommId;
        this.localGid = localGid.clone();
        this.remoteGid = remoteGid.clone();
        this.caGuid = caGuid;
        this.timeouts = timeouts;
        this.sink = sink;
        this.listener = listener;
        this.transactionId = Integer.toUnsignedLong(localCommId);
    }

    /**
     * Active side: sends the REQ.
     *
     * @param service the service ID (rdma_cm: {@link ServiceId#of})
     * @param queuePair this side's queue pair
     * @param privateData at most {@link CmReq#PRIVATE_DATA_BYTES} bytes (rdma_cm: its {@link CmaHeader} first)
     * @param now the time
     * @throws IllegalStateException if the connection is not idle
     * @throws IllegalArgumentException if the private data is too long
     */
    public void connect(long service, QueuePairInfo queuePair, byte[] privateData, long now) {
        requireState("connect", CmState.IDLE);
        this.localPrivateData = checked("connect", privateData, CmReq.PRIVATE_DATA_BYTES);
        this.serviceId = service;
        this.local = queuePair;
        this.answerNanos = timeouts.requestNanos();
        this.maxRetries = timeouts.maxCmRetries();
        OutgoingMads.req(out, this, timeouts);
        send();
        state = CmState.REQ_SENT;
        timer.start(now, answerNanos, maxRetries);
    }

    /**
     * Active side, before {@link #connect}: the flow label of the path the REQ carries (rdma_cm over RoCE v2:
     * {@link CmaHeader#roceFlowLabel}); 0 without.
     *
     * @param label the 20-bit flow label
     */
    public void pathFlowLabel(int label) {
        this.flowLabel = label;
    }

    /**
     * Active side of a UD service: sends the SIDR_REQ, again after the response timeout (rdma_cm: 2^(timeout − 8) ms,
     * without packet lives) up to the max CM retries, as {@code ib_send_cm_sidr_req} with rdma_cm's parameters.
     *
     * @param service the service ID (rdma_cm: {@link ServiceId#of} of {@link ServiceId#PORT_SPACE_UDP})
     * @param privateData at most {@link CmSidrReq#PRIVATE_DATA_BYTES} bytes (rdma_cm: its {@link CmaHeader} first)
     * @param now the time
     * @throws IllegalStateException if the connection is not idle
     * @throws IllegalArgumentException if the private data is too long
     */
    public void resolve(long service, byte[] privateData, long now) {
        requireState("resolve", CmState.IDLE);
        this.localPrivateData = checked("resolve", privateData, CmSidrReq.PRIVATE_DATA_BYTES);
        this.serviceId = service;
        this.answerNanos = CmTimeouts.nanos(timeouts.cmResponseTimeout());
        this.maxRetries = timeouts.maxCmRetries();
        OutgoingMads.sidrReq(out, this);
        send();
        state = CmState.SIDR_REQ_SENT;
        timer.start(now, answerNanos, maxRetries);
    }

    /**
     * Passive side of a UD service: answers the SIDR_REQ with a SIDR_REP; the connection is then closed.
     *
     * @param status {@link CmSidrRep#SUCCESS}, or why not ({@link CmSidrRep#REJECT}, ...)
     * @param qpn the service's UD queue pair (0 unless successful)
     * @param qKey its Q_Key (0 unless successful)
     * @param privateData at most {@link CmSidrRep#PRIVATE_DATA_BYTES} bytes
     * @throws IllegalStateException if no SIDR_REQ waits for an answer
     * @throws IllegalArgumentException if the private data is too long
     */
    public void answer(int status, int qpn, int qKey, byte[] privateData) {
        requireState("answer", CmState.SIDR_REQ_RCVD);
        byte[] data = checked("answer", privateData, CmSidrRep.PRIVATE_DATA_BYTES);
        OutgoingMads.sidrRep(out, this, status, qpn, qKey, data);
        send();
        state = CmState.CLOSED;
    }

    /**
     * Passive side: tells the peer with an MRA that the REP will take longer, so that it stops sending the REQ
     * again and waits up to the service timeout. A repeated REQ is then answered with the MRA again.
     *
     * @param serviceTimeout the exponent of the wait (4.096 µs × 2^value; rdma_cm's MRA: 24, about 68 s)
     * @throws IllegalStateException if no REQ waits for an answer, or an MRA went out already
     */
    public void acknowledge(int serviceTimeout) {
        requireState("acknowledge", CmState.REQ_RCVD);
        this.mraServiceTimeout = serviceTimeout;
        OutgoingMads.mra(out, this, CmMra.REQ, serviceTimeout);
        send();
        state = CmState.MRA_REQ_SENT;
    }

    /**
     * Passive side, as rdma_cm once its consumer has the REQ ({@code ib_prepare_cm_mra}): sends nothing now, but
     * from now on answers a repeated REQ with an MRA of {@code serviceTimeout}, so that a peer whose REQ timed out
     * waits that long for the REP instead of spending its retries.
     *
     * @param serviceTimeout the exponent of the wait ({@link CmMra#RDMA_CM_SERVICE_TIMEOUT} for rdma_cm)
     * @throws IllegalStateException if no REQ waits for an answer, or an MRA is prepared or sent already
     */
    public void prepareMra(int serviceTimeout) {
        requireState("prepareMra", CmState.REQ_RCVD);
        this.mraServiceTimeout = serviceTimeout;
        state = CmState.MRA_REQ_SENT;
    }

    /**
     * Passive side: answers the REQ with a REP.
     *
     * @param queuePair this side's queue pair (retry count and path MTU are not sent)
     * @param privateData at most {@link CmRep#PRIVATE_DATA_BYTES} bytes
     * @param now the time
     * @throws IllegalStateException if no REQ waits for an answer
     * @throws IllegalArgumentException if the private data is too long
     */
    public void accept(QueuePairInfo queuePair, byte[] privateData, long now) {
        requireAnswerable("accept");
        this.localPrivateData = checked("accept", privateData, CmRep.PRIVATE_DATA_BYTES);
        this.local = queuePair;
        OutgoingMads.rep(out, this);
        send();
        state = CmState.REP_SENT;
        timer.start(now, answerNanos, maxRetries);
    }

    /**
     * Passive side: answers the REQ with a REJ; the connection is then closed.
     *
     * @param reason the reason (rdma_cm's consumer: {@link RejectReason#CONSUMER_DEFINED})
     * @param privateData at most {@link CmRej#PRIVATE_DATA_BYTES} bytes
     * @throws IllegalStateException if no REQ waits for an answer
     * @throws IllegalArgumentException if the private data is too long
     */
    public void reject(RejectReason reason, byte[] privateData) {
        requireAnswerable("reject");
        byte[] data = checked("reject", privateData, CmRej.PRIVATE_DATA_BYTES);
        OutgoingMads.rej(out, this, rejectedMessage(), reason, data);
        send();
        state = CmState.CLOSED;
    }

    /**
     * Passive side: forgets the REQ without answering it, as Linux's CM does when its consumer has no room for it
     * ({@code cm_destroy_id} with {@code -ENOMEM}): the peer's next retransmission of the REQ is a new request.
     *
     * @throws IllegalStateException if no REQ waits for an answer
     */
    public void drop() {
        requireState("drop", CmState.REQ_RCVD);
        state = CmState.CLOSED;
    }

    /**
     * The consumer destroys its side: sends what Linux's {@code cm_destroy_id} sends in the state the connection is
     * in, and hears no more events. An unanswered REQ: a REJ with reason TIMEOUT and this CA's GUID as its ARI; a
     * REQ received, a REP sent or an MRA sent: a REJ (consumer defined); established: a DREQ, then the time wait
     * (its retransmissions stop); a DREQ sent: the time wait at once. Nothing otherwise.
     *
     * @param now the time
     */
    public void destroy(long now) {
        switch (state) {
            case REQ_SENT, MRA_REQ_RCVD -> rejectAndClose(RejectReason.TIMEOUT);
            case REQ_RCVD, MRA_REQ_SENT, REP_SENT, MRA_REP_RCVD -> rejectAndClose(RejectReason.CONSUMER_DEFINED);
            case ESTABLISHED -> {
                disconnect(now);
                enterTimeWait(now, false);
            }
            case DREQ_SENT -> enterTimeWait(now, false);
            case SIDR_REQ_SENT -> {
                timer.stop();
                state = CmState.CLOSED;
            }
            case SIDR_REQ_RCVD -> answer(CmSidrRep.REJECT, 0, 0, new byte[0]);
            default -> {
                // nothing to send
            }
        }
    }

    private void rejectAndClose(RejectReason reason) {
        OutgoingMads.rej(out, this, rejectedMessage(), reason, new byte[0]);
        send();
        timer.stop();
        state = CmState.CLOSED;
    }

    /** @return which message a REJ sent now rejects, as {@code cm_format_rej} tells by the state */
    private int rejectedMessage() {
        return state == CmState.REQ_RCVD || state == CmState.MRA_REQ_SENT ? CmRej.REQ : CmRej.OTHER;
    }

    /**
     * Sends the DREQ of an established connection.
     *
     * @param now the time
     * @throws IllegalStateException if the connection is not established
     */
    public void disconnect(long now) {
        requireState("disconnect", CmState.ESTABLISHED);
        OutgoingMads.dreq(out, this);
        send();
        state = CmState.DREQ_SENT;
        timer.start(now, answerNanos, maxRetries);
    }

    /**
     * Takes a CM MAD of this connection (its {@link CmMessage#remoteCommId} is this side's, or a REQ that made
     * or repeats it).
     *
     * @param b the packet
     * @param at the index of the MAD, a CM Send ({@link Mad#isCmSend})
     * @param now the time
     */
    public void onMad(ByteBuffer b, int at, long now) {
        CmAttribute attribute = CmAttribute.of(Mad.attributeId(b, at));
        if (attribute == null) {
            return;
        }
        switch (attribute) {
            case REQ -> onReq(b, at);
            case MRA -> onMra(b, at, now);
            case REJ -> onRej(b, at);
            case REP -> onRep(b, at);
            case RTU -> onRtu();
            case DREQ -> onDreq(b, at, now);
            case DREP -> onDrep(now);
            case SIDR_REQ -> onSidrReq(b, at);
            case SIDR_REP -> onSidrRep(b, at);
        }
    }

    /**
     * Sends again what waits for an answer, gives up once the retries are spent, or ends the time wait.
     *
     * @param now the time; nothing happens before {@link #deadline()}
     */
    public void onTimer(long now) {
        if (!timer.due(now)) {
            return;
        }
        if (state == CmState.TIMEWAIT) {
            close(CmEvent.TIMEWAIT_EXIT);
        } else if (timer.retry(now)) {
            resend();
        } else {
            giveUp(now);
        }
    }

    /** @return when {@link #onTimer} must be called next, {@link Long#MAX_VALUE} if never */
    public long deadline() {
        return timer.deadline();
    }

    private void onReq(ByteBuffer b, int at) {
        if (state == CmState.TIMEWAIT) {
            OutgoingMads.rej(out, this, CmRej.OTHER, RejectReason.STALE_CONNECTION, new byte[0]);
            send();
        } else if (state == CmState.MRA_REQ_SENT) {
            OutgoingMads.mra(out, this, CmMra.REQ, mraServiceTimeout);
            send();
        }
        if (state != CmState.IDLE) {
            return;
        }
        transactionId = Mad.transactionId(b, at);
        remoteCommId = CmReq.localCommId(b, at);
        serviceId = CmReq.serviceId(b, at);
        remoteCaGuid = CmReq.localCaGuid(b, at);
        answerNanos = CmTimeouts.replyNanos(CmReq.localCmResponseTimeout(b, at));
        maxRetries = CmReq.maxCmRetries(b, at);
        remote = IncomingMads.requester(b, at);
        remotePrivateData = IncomingMads.copy(b, CmReq.privateData(at), CmReq.PRIVATE_DATA_BYTES);
        state = CmState.REQ_RCVD;
        listener.onEvent(this, CmEvent.CONNECT_REQUEST);
    }

    private void onSidrReq(ByteBuffer b, int at) {
        if (state != CmState.IDLE) {
            return;
        }
        transactionId = Mad.transactionId(b, at);
        remoteCommId = CmSidrReq.requestId(b, at);
        serviceId = CmSidrReq.serviceId(b, at);
        remotePrivateData = IncomingMads.copy(b, CmSidrReq.privateData(at), CmSidrReq.PRIVATE_DATA_BYTES);
        state = CmState.SIDR_REQ_RCVD;
        listener.onEvent(this, CmEvent.CONNECT_REQUEST);
    }

    private void onSidrRep(ByteBuffer b, int at) {
        if (state != CmState.SIDR_REQ_SENT) {
            return;
        }
        sidrStatus = CmSidrRep.status(b, at);
        remote = new QueuePairInfo(CmSidrRep.qpn(b, at), 0, 0, 0, 0, 0, 0);
        remoteQKey = CmSidrRep.qKey(b, at);
        remotePrivateData = IncomingMads.copy(b, CmSidrRep.privateData(at), CmSidrRep.PRIVATE_DATA_BYTES);
        close(CmEvent.SIDR_REPLY);
    }

    private void onMra(ByteBuffer b, int at, long now) {
        int message = CmMra.messageMraed(b, at);
        long wait = timeouts.mraNanos(CmMra.serviceTimeout(b, at));
        if (state == CmState.REQ_SENT && message == CmMra.REQ) {
            state = CmState.MRA_REQ_RCVD;
            timer.extend(now, wait);
        } else if (state == CmState.REP_SENT && message == CmMra.REP) {
            state = CmState.MRA_REP_RCVD;
            timer.extend(now, wait);
        }
    }

    private void onRej(ByteBuffer b, int at) {
        if (!awaitsAnswer() && state != CmState.REQ_RCVD && state != CmState.MRA_REQ_SENT) {
            return;
        }
        rejectReason = CmRej.reason(b, at);
        remotePrivateData = IncomingMads.copy(b, CmRej.privateData(at), CmRej.PRIVATE_DATA_BYTES);
        close(CmEvent.REJECTED);
    }

    private void onRep(ByteBuffer b, int at) {
        if (state == CmState.ESTABLISHED) {
            OutgoingMads.rtu(out, this);
            send();
        }
        if (state != CmState.REQ_SENT && state != CmState.MRA_REQ_RCVD) {
            return;
        }
        remoteCommId = CmMessage.localCommId(b, at);
        remote = IncomingMads.replier(b, at);
        remotePrivateData = IncomingMads.copy(b, CmRep.privateData(at), CmRep.PRIVATE_DATA_BYTES);
        OutgoingMads.rtu(out, this);
        send();
        establish();
    }

    private void onRtu() {
        if (state == CmState.REP_SENT || state == CmState.MRA_REP_RCVD) {
            establish();
        }
    }

    private void onDreq(ByteBuffer b, int at, long now) {
        if (local == null || CmDreq.remoteQpn(b, at) != local.qpn()) {
            return;
        }
        boolean live = state == CmState.ESTABLISHED || state == CmState.DREQ_SENT || state == CmState.REP_SENT
                || state == CmState.MRA_REP_RCVD;
        if (live || state == CmState.TIMEWAIT) {
            OutgoingMads.drep(out, this, Mad.transactionId(b, at));
            send();
        }
        if (live) {
            remotePrivateData = IncomingMads.copy(b, CmDreq.privateData(at), CmDreq.PRIVATE_DATA_BYTES);
            enterTimeWait(now, true);
        }
    }

    private void onDrep(long now) {
        if (state == CmState.DREQ_SENT) {
            enterTimeWait(now, true);
        }
    }

    private void establish() {
        timer.stop();
        state = CmState.ESTABLISHED;
        listener.onEvent(this, CmEvent.ESTABLISHED);
    }

    private void enterTimeWait(long now, boolean tell) {
        state = CmState.TIMEWAIT;
        timer.start(now, timeouts.timeWaitNanos(), 0);
        if (tell) {
            listener.onEvent(this, CmEvent.DISCONNECTED);
        }
    }

    /** Spent retries: as {@code cm_process_send_error}, nothing is sent (the peer's own timers end its side). */
    private void giveUp(long now) {
        if (state == CmState.DREQ_SENT) {
            enterTimeWait(now, true);
            return;
        }
        close(CmEvent.UNREACHABLE);
    }

    private void resend() {
        switch (state) {
            case REQ_SENT, MRA_REQ_RCVD -> OutgoingMads.req(out, this, timeouts);
            case REP_SENT, MRA_REP_RCVD -> OutgoingMads.rep(out, this);
            case SIDR_REQ_SENT -> OutgoingMads.sidrReq(out, this);
            default -> OutgoingMads.dreq(out, this);
        }
        send();
    }

    private void close(CmEvent event) {
        timer.stop();
        state = CmState.CLOSED;
        listener.onEvent(this, event);
    }

    private boolean awaitsAnswer() {
        return state == CmState.REQ_SENT || state == CmState.MRA_REQ_RCVD || state == CmState.REP_SENT
                || state == CmState.MRA_REP_RCVD;
    }

    private void send() {
        sink.send(out, remoteGid);
    }

    private void requireState(String verb, CmState required) {
        if (state != required) {
            throw new IllegalStateException(verb + ": the connection is " + state + ", not " + required);
        }
    }

    private void requireAnswerable(String verb) {
        if (state != CmState.REQ_RCVD && state != CmState.MRA_REQ_SENT) {
            throw new IllegalStateException(verb + ": the connection is " + state + ", not REQ_RCVD or MRA_REQ_SENT");
        }
    }

    private static byte[] checked(String verb, byte[] privateData, int max) {
        if (privateData.length > max) {
            throw new IllegalArgumentException(verb + ": " + privateData.length
                    + " bytes of private data, more than the message's " + max);
        }
        return privateData.clone();
    }

    /** @return the state */
    public CmState state() {
        return state;
    }

    /** @return this side's communication ID */
    public int localCommId() {
        return localCommId;
    }

    /** @return the peer's communication ID, 0 until its REQ or REP arrived */
    public int remoteCommId() {
        return remoteCommId;
    }

    /** @return the service ID of the REQ */
    public long serviceId() {
        return serviceId;
    }

    /** @return this side's queue pair, null before connect or accept */
    public QueuePairInfo local() {
        return local;
    }

    /** @return the peer's queue pair from its REQ or REP, null before */
    public QueuePairInfo remote() {
        return remote;
    }

    /** @return a copy of the private data of the last REQ, REP, REJ or DREQ the peer sent, whole (zero-padded) */
    public byte[] remotePrivateData() {
        return remotePrivateData.clone();
    }

    /** @return the reason code of the peer's REJ, 0 if none */
    public int rejectReason() {
        return rejectReason;
    }

    /** @return the status of the SIDR_REP ({@link CmSidrRep#SUCCESS}, ...), 0 before it */
    public int sidrStatus() {
        return sidrStatus;
    }

    /** @return the Q_Key of the service's queue pair from a successful SIDR_REP, 0 before */
    public int remoteQKey() {
        return remoteQKey;
    }

    /** @return the peer's CA GUID from its REQ, 0 on the active side */
    public long remoteCaGuid() {
        return remoteCaGuid;
    }

    /** @return the peer port's GID */
    public byte[] remoteGid() {
        return remoteGid.clone();
    }

    long transactionId() {
        return transactionId;
    }

    byte[] localGid() {
        return localGid;
    }

    long caGuid() {
        return caGuid;
    }

    int flowLabel() {
        return flowLabel;
    }

    byte[] localPrivateData() {
        return localPrivateData;
    }
}
