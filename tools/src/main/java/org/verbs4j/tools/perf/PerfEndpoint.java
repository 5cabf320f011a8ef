package org.verbs4j.tools.perf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.EnumSet;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.Destination;
import org.verbs4j.QpAttrMask;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.UdParam;
import org.verbs4j.tools.connect.PeerException;
import org.verbs4j.tools.connect.QpResources;
import org.verbs4j.tools.connect.SoftPeers;

/**
 * One side of a perf test on the device: perftest's buffer layout (two areas of {@code max(size, cycle
 * buffer)} bytes: the first is sent from and read into, the second is the area the peer writes, reads or
 * sends into, whose address is advertised), its queue pair, and the posts and polls of the loops. The
 * data path (post, poll) allocates nothing; a failed completion or a silent peer stops the run with a
 * message.
 */
final class PerfEndpoint implements AutoCloseable {

    /** The room for the GRH in front of a UD receive. */
    static final int GRH_BYTES = 40;
    private static final long RECV_WRID = 1;
    private static final long SEND_WRID = 2;
    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.varHandle();
    private static final int POLLS_PER_CLOCK_CHECK = 1 << 12;
    private static final EnumSet<AccessFlag> BUFFER_ACCESS = EnumSet.of(AccessFlag.LOCAL_WRITE,
            AccessFlag.REMOTE_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_ATOMIC);

    private final PerfSettings settings;
    private final Context context;
    private final QpResources resources;
    private final CmId cmId;
    private final QueuePair qp;
    private final SendOps ops;
    private final ReceiveRequest receive = new ReceiveRequest(1);
    private final MemorySegment remoteArea;
    private final long areaBytes;
    private final int udRoom;
    private MemorySegment local;
    private int size;
    private int plainFlags;
    private int signaledFlags;
    private AddressHandle handle;
    private int udQpn;
    private int udQkey = ConnectRecipe.QKEY;
    private Destination announced;
    private PerftestKeys remote;
    private int events;

    /**
     * @param context the device
     * @param settings the run's settings
     * @param cycleBuffer the larger page size of the two sides
     * @param largest the largest message of the run ({@code -a}: of all its sizes)
     */
    PerfEndpoint(Context context, PerfSettings settings, int cycleBuffer, int largest) {
        this(context, settings, cycleBuffer, largest, null);
    }

    /**
     * perftest's {@code -R}: the queue pair is created on the connection manager's identifier (in INIT), on its
     * device, and the connection manager connects it.
     *
     * @param id the identifier, bound to a device
     * @param settings the run's settings
     * @param cycleBuffer the larger page size of the two sides
     * @param largest the largest message of the run
     * @return the endpoint
     */
    static PerfEndpoint on(CmId id, PerfSettings settings, int cycleBuffer, int largest) {
        return new PerfEndpoint(id.context().orElseThrow(), settings, cycleBuffer, largest, id);
    }

    private PerfEndpoint(Context context, PerfSettings settings, int cycleBuffer, int largest, CmId cmId) {
        this.settings = settings;
        this.cmId = cmId;
        this.context = context;
        this.udRoom = settings.connection() == QpType.UD ? GRH_BYTES : 0;
        this.areaBytes = roundUp(Math.max(largest + udRoom, cycleBuffer), 64);
        this.resources = QpResources.builder(context, settings.connection())
                .buffer(2 * areaBytes, BUFFER_ACCESS)
                .depths(settings.txDepth(), settings.rxDepth(), settings.txDepth() + settings.rxDepth())
                .maxInline(settings.inlineSize()).sendOps(sendOps(settings, cmId))
                .events(settings.events()).queuePairs(cmId == null ? 1 : 0).open();
        this.qp = cmId == null ? resources.qp() : createOn(cmId);
        this.ops = qp.sendOps();
        this.remoteArea = resources.buffer().asSlice(areaBytes, areaBytes);
        receive.wrId(RECV_WRID);
        messageSize(settings.size());
    }

    /** @return the test's verb, and SEND_WITH_IMM where the client's first datagram carries its QP number */
    private static EnumSet<SendOpsFlag> sendOps(PerfSettings settings, CmId cmId) {
        EnumSet<SendOpsFlag> ops = EnumSet.of(settings.test().verb().op());
        if (cmId != null && settings.repliesToDatagram()) {
            ops.add(SendOpsFlag.SEND_WITH_IMM);
        }
        return ops;
    }

    private QueuePair createOn(CmId id) {
        try {
            return id.createQueuePair(resources.initAttributes());
        } catch (RuntimeException failure) {
            resources.close();
            throw failure;
        }
    }

    /**
     * Sets the size of the messages posted from now on (and of the receives), as perftest's {@code -a}
     * does between sizes.
     *
     * @param bytes the message size, at most the largest given at creation
     */
    void messageSize(int bytes) {
        size = bytes;
        local = resources.buffer().asSlice(0, bytes);
        boolean inline = bytes <= settings.inlineSize() && !isRead();
        plainFlags = inline ? (int) SendFlag.INLINE.value() : 0;
        signaledFlags = plainFlags | (int) SendFlag.SIGNALED.value();
        receive.sgList().clear().add(resources.mr(), areaBytes, bytes + udRoom);
    }

    private boolean isRead() {
        return settings.test().verb() != PerfTest.Verb.SEND && settings.test().verb() != PerfTest.Verb.WRITE;
    }

    private static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }

    /**
     * Moves the queue pair to INIT with the verb's access (the connection manager did so for its own) and arms
     * the queue in event mode.
     *
     * @param recipe the connect recipe
     */
    void prepare(ConnectRecipe recipe) {
        if (cmId == null) {
            recipe.toInit(qp);
        }
        if (settings.events()) {
            resources.cq().requestNotification(false);
        }
    }

    /**
     * @param psn the starting PSN
     * @param outReads the reads and atomics this side accepts at once
     * @param gidIndex the GID index in use, negative for none
     * @return this side's keys
     */
    PerftestKeys keys(int psn, int outReads, int gidIndex) {
        Destination mine = Destination.of(context, settings.ibPort(), gidIndex, qp.qpNum(), psn);
        SoftPeers.announce(context, mine);
        announced = mine;
        return new PerftestKeys(mine.lid(), outReads, mine.qpn(), psn, resources.mr().rkey(),
                remoteArea.address(), mine.gid(), 0);
    }

    /**
     * perftest's {@code ctx_connect}: RTR, then RTS on the client or in a latency test, and an address handle
     * for UD where it sends; with {@code -R} the connection manager did that, and only the peer's keys are kept.
     */
    void connect(ConnectRecipe recipe, PerftestKeys mine, PerftestKeys peer) {
        remote = peer;
        if (cmId != null) {
            return;
        }
        Destination destination = new Destination(peer.lid(), peer.qpn(), peer.psn(), peer.gid());
        SoftPeers.check(context, destination);
        udQpn = peer.qpn();
        recipe.toRtr(qp, destination, mine.outReads());
        boolean sends = settings.isClient() || settings.test().isLatency();
        if (sends) {
            recipe.toRts(qp, mine.psn(), peer.outReads());
        }
        if (sends && settings.connection() == QpType.UD) {
            handle = recipe.addressHandle(resources.pd(), destination);
        }
    }

    /**
     * perftest's {@code rdma_cm_establish_ud_connection}: with {@code -R} over UD the client sends to what the
     * connection manager's ESTABLISHED event gave: an address handle of its address vector, its QP number and
     * Q_Key (not the exchanged keys' QP number nor the Q_Key of the other transports).
     *
     * @param peer the datagram parameters of the event
     */
    void sendTo(UdParam peer) {
        if (peer.ahAttr() == null) {
            throw new PeerException("rdma_cm: the ESTABLISHED event of a UD queue pair gave no address vector");
        }
        handle = resources.pd().createAddressHandle(peer.ahAttr());
        udQpn = peer.qpNum();
        udQkey = peer.qkey();
    }

    /**
     * perftest's {@code rdma_cm_request_ud_connection_parameters}: with {@code -R} over UD in a latency test the
     * server, which sends as well, learns the client's address from a first datagram; its receive is posted before
     * the server accepts.
     */
    void expectPeerDatagram() {
        ReceiveRequest first = new ReceiveRequest(1).wrId(RECV_WRID);
        first.sgList().add(resources.mr(), 0, GRH_BYTES + Integer.BYTES);
        qp.postReceive(first);
    }

    /**
     * perftest's {@code rdma_cm_initialize_ud_connection_parameters}: the client's first datagram gives the address
     * handle (from its completion and GRH) and, in its immediate data, the client's QP number; the Q_Key is this
     * queue pair's, which the connection manager set.
     *
     * @throws PeerException if it does not come within the timeout, or failed
     */
    void learnPeerFromDatagram() {
        CompletionQueue cq = resources.cq();
        pollWithin(cq, "the client's first datagram (its QP number)");
        try {
            if (cq.status() != WcStatus.SUCCESS || cq.wrId() != RECV_WRID) {
                throw new PeerException("rdma_cm: the client's first datagram failed: " + cq.status().cName());
            }
            handle = resources.pd().createAddressHandleFromCompletion(cq, resources.buffer().asSlice(0, GRH_BYTES),
                    cmId.portNum());
            udQpn = cq.readImmData();
        } finally {
            cq.endPoll();
        }
        udQkey = qp.query(EnumSet.of(QpAttrMask.QKEY)).qkey();
    }

    /**
     * perftest's {@code rdma_cm_send_ud_connection_parameters}: the client tells the server its QP number in the
     * immediate data of a first datagram, and waits until it is sent.
     *
     * @throws PeerException if it is not sent within the timeout, or failed
     */
    void sendQpNumber() {
        ops.start();
        ops.wrId(SEND_WRID).wrFlags((int) SendFlag.SIGNALED.value());
        ops.sendWithImm(qp.qpNum());
        ops.setUdAddr(handle, udQpn, udQkey);
        ops.setSge(resources.mr().lkey(), resources.buffer().address(), Integer.BYTES);
        ops.complete();
        CompletionQueue cq = resources.cq();
        pollWithin(cq, "the send of this side's QP number");
        WcStatus status = cq.status();
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw new PeerException("rdma_cm: the datagram with this side's QP number failed: " + status.cName());
        }
    }

    /** Busy-polls until a completion is there (its poll left open), as perftest does in these steps. */
    private void pollWithin(CompletionQueue cq, String what) {
        long start = System.nanoTime();
        int idle = 0;
        while (!cq.startPoll()) {
            if (++idle % POLLS_PER_CLOCK_CHECK == 0 && System.nanoTime() - start > settings.timeout().toNanos()) {
                throw new PeerException("rdma_cm: no completion of " + what + " within "
                        + settings.timeout().toSeconds() + " s");
            }
        }
    }

    /** @param count receives to post into the peer's area */
    void postReceives(int count) {
        for (int i = 0; i < count; i++) {
            qp.postReceive(receive);
        }
    }

    /**
     * Posts one request of the test's verb.
     *
     * @param signaled whether it completes with a completion
     */
    void post(boolean signaled) {
        ops.start();
        ops.wrId(SEND_WRID).wrFlags(signaled ? signaledFlags : plainFlags);
        switch (settings.test().verb()) {
            case SEND -> ops.send();
            case WRITE -> ops.rdmaWrite(remote.rkey(), remote.vaddr());
            case READ -> ops.rdmaRead(remote.rkey(), remote.vaddr());
            case ATOMIC -> ops.atomicFetchAdd(remote.rkey(), remote.vaddr(), 1);
        }
        if (handle != null) {
            ops.setUdAddr(handle, udQpn, udQkey);
        }
        if (plainFlags != 0) {
            ops.setInlineData(local);
        } else {
            ops.setSge(resources.mr().lkey(), local.address(), size);
        }
        ops.complete();
    }

    /**
     * Waits for the next completion, busy or on events.
     *
     * @return {@code true} for a receive, {@code false} for a send
     * @throws PerfFailure if it failed
     * @throws PeerException if none came within the timeout
     */
    boolean awaitCompletion() {
        CompletionQueue cq = resources.cq();
        long start = System.nanoTime();
        int idle = 0;
        while (!cq.startPoll()) {
            if (settings.events()) {
                awaitEvent();
            } else if (++idle % POLLS_PER_CLOCK_CHECK == 0 && System.nanoTime() - start > settings.timeout().toNanos()) {
                throw stalled();
            }
        }
        WcStatus status = cq.status();
        boolean isReceive = cq.wrId() == RECV_WRID;
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw new PerfFailure(String.format("Completion with error at %s: status %s (%d)",
                    isReceive ? "server" : "client", status.cName(), status.value()));
        }
        return isReceive;
    }

    /** What {@link #awaitCompletionUntil} found. */
    enum Completion { SEND, RECEIVE, NONE }

    /**
     * Waits for the next completion by polling, but not past {@code deadline} (perftest's duration mode stops
     * its polls when its time is up).
     *
     * @param deadline a {@link System#nanoTime()} value
     * @return the kind of completion, or {@link Completion#NONE} if the deadline came first
     * @throws PerfFailure if it failed
     */
    Completion awaitCompletionUntil(long deadline) {
        CompletionQueue cq = resources.cq();
        int idle = 0;
        while (!cq.startPoll()) {
            if (++idle % POLLS_PER_CLOCK_CHECK == 0 && System.nanoTime() - deadline >= 0) {
                return Completion.NONE;
            }
        }
        return takePolled(cq);
    }

    /**
     * Takes the next completion if one is there, without waiting (the loops over several queue pairs poll
     * each in turn).
     *
     * @return the kind of completion, or {@link Completion#NONE} if there was none
     * @throws PerfFailure if it failed
     */
    Completion pollCompletion() {
        CompletionQueue cq = resources.cq();
        return cq.startPoll() ? takePolled(cq) : Completion.NONE;
    }

    private static Completion takePolled(CompletionQueue cq) {
        WcStatus status = cq.status();
        boolean isReceive = cq.wrId() == RECV_WRID;
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw new PerfFailure(String.format("Completion with error at %s: status %s (%d)",
                    isReceive ? "server" : "client", status.cName(), status.value()));
        }
        return isReceive ? Completion.RECEIVE : Completion.SEND;
    }

    /**
     * Sleeps on this queue pair's completion channel for at most {@code wait}, and asks for the next event if one
     * came ({@code -e} over several queue pairs, each with a channel of its own: the loops sleep on each in turn).
     *
     * @param wait the longest sleep
     */
    void sleepOnEvent(Duration wait) {
        CompletionQueue notified = resources.channel().getEvent(wait);
        if (notified != null) {
            events++;
            notified.requestNotification(false);
        }
    }

    private void awaitEvent() {
        CompletionQueue notified = resources.channel().getEvent(settings.timeout());
        if (notified == null) {
            throw stalled();
        }
        events++;
        notified.requestNotification(false);
    }

    /** @return the failure of a peer that sent no completion within the timeout */
    PeerException stalled() {
        return new PeerException("no completion for " + settings.timeout().toSeconds() + " s: the peer stopped"
                + " answering");
    }

    /** Writes the byte the peer of {@code ib_write_lat} waits for at the end of the message. */
    void markLastByte(byte value) {
        local.set(ValueLayout.JAVA_BYTE, size - 1L, value);
    }

    /**
     * Spins until the peer's write has put {@code value} at the end of the message in this side's area.
     *
     * @throws PeerException if it does not come within the timeout
     */
    void awaitLastByte(byte value) {
        long start = System.nanoTime();
        int spins = 0;
        while ((byte) BYTE.getVolatile(remoteArea, size - 1L) != value) {
            if (++spins % POLLS_PER_CLOCK_CHECK == 0 && System.nanoTime() - start > settings.timeout().toNanos()) {
                throw stalled();
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Spins until the peer's write has put {@code value} at the end of the message, but not past
     * {@code deadline}.
     *
     * @param deadline a {@link System#nanoTime()} value
     * @return whether it came before the deadline
     */
    boolean awaitLastByteUntil(byte value, long deadline) {
        int spins = 0;
        while ((byte) BYTE.getVolatile(remoteArea, size - 1L) != value) {
            if (++spins % POLLS_PER_CLOCK_CHECK == 0 && System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** @return the queue pair's actual inline limit */
    int maxInline() {
        return qp.capabilities().maxInlineData();
    }

    @Override
    public void close() {
        if (announced != null) {
            SoftPeers.withdraw(announced);
        }
        if (events > 0) {
            resources.cq().ackEvents(events);
        }
        if (handle != null) {
            handle.close();
        }
        if (cmId != null) {
            cmId.destroyQueuePair();
        }
        resources.close();
    }
}
