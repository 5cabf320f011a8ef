package org.verbs4j.tools.pingpong;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Context;
import org.verbs4j.Destination;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;
import org.verbs4j.tools.connect.PeerException;
import org.verbs4j.tools.connect.Psn;
import org.verbs4j.tools.connect.QpResources;
import org.verbs4j.tools.connect.SoftPeers;

/**
 * One side of a ping-pong: its queue pairs, buffer and the loop of the C examples. Each side sends again
 * only when its previous send completed and a message arrived, and posts no more sends than the iterations (the C
 * examples count completed sends, so their srq client may post a few more with several queue pairs, which fail once
 * the server has gone); receives are posted {@code rx_depth} at a time and topped up when they run low.
 * {@code wr_id} is 1 for receives and 2 for sends, as in C.
 */
final class PingPongEndpoint implements AutoCloseable {

    static final long RECV_WRID = 1;
    static final long SEND_WRID = 2;
    private static final int PAGE = 4096;
    private static final int POLLS_PER_CLOCK_CHECK = 1 << 12;

    private final PingPongSettings settings;
    private final Context context;
    private final QpResources resources;
    private final PingPongMemory memory;
    private final ConnectRecipe recipe;
    private final List<QueuePair> queuePairs;
    private final List<Destination> local = new ArrayList<>();
    private final ReceiveRequest receive = new ReceiveRequest(1);
    private final AddressHandle[] handles;
    private final int[] remoteQpns;
    private final int[] pending;
    private final MemorySegment message;
    private final int sendFlags;
    private final ReceiveTimestamps timestamps;
    private int events;
    private int posted;
    private int received;
    private int sent;
    /** Sends posted: at most the iterations, so that no message outlives the peer's last receive. */
    private int sendsPosted;

    PingPongEndpoint(Context context, QpResources resources, PingPongMemory memory, ConnectRecipe recipe,
            PingPongSettings settings) {
        this.settings = settings;
        this.timestamps = settings.timestamps()
                ? new ReceiveTimestamps(context.queryDevice().completionTimestampMask()) : null;
        this.context = context;
        this.resources = resources;
        this.memory = memory;
        this.recipe = recipe;
        this.queuePairs = resources.queuePairs();
        this.handles = new AddressHandle[queuePairs.size()];
        this.remoteQpns = new int[queuePairs.size()];
        this.pending = new int[queuePairs.size()];
        this.message = resources.buffer().asSlice(settings.transport().headroom(), settings.size());
        this.sendFlags = (int) SendFlag.SIGNALED.value() | (inline() ? (int) SendFlag.INLINE.value() : 0);
        receive.wrId(RECV_WRID).sgList().add(memory.address(0), settings.size() + settings.transport().headroom(),
                memory.lkey());
    }

    private boolean inline() {
        return queuePairs.getFirst().capabilities().maxInlineData() >= settings.size() && !memory.onDevice();
    }

    /** Moves the queue pairs to INIT, posts {@code rx_depth} receives and arms the queue in event mode. */
    void prepare() {
        queuePairs.forEach(recipe::toInit);
        postReceives(settings.rxDepth());
        if (settings.events()) {
            resources.cq().requestNotification(false);
        }
    }

    /** @return this side's addresses, one per queue pair, announced to soft peers of this JVM */
    List<Destination> destinations() {
        for (QueuePair qp : queuePairs) {
            Destination mine = Destination.of(context, settings.ibPort(), settings.gidIndex(), qp.qpNum(), Psn.random());
            SoftPeers.announce(context, mine);
            local.add(mine);
        }
        return List.copyOf(local);
    }

    /** @param remote the peer's addresses, in the order of this side's queue pairs */
    void connect(List<Destination> remote) {
        for (int i = 0; i < queuePairs.size(); i++) {
            SoftPeers.check(context, remote.get(i));
            recipe.connect(queuePairs.get(i), local.get(i).psn(), remote.get(i));
            remoteQpns[i] = remote.get(i).qpn();
            if (settings.transport() == Transport.UD) {
                handles[i] = recipe.addressHandle(resources.pd(), remote.get(i));
            }
        }
    }

    /**
     * Runs the exchanges; the client sends first.
     *
     * @return the nanoseconds from the client's first send (the server's start) to the last completion
     */
    long run() {
        Arrays.fill(pending, (int) RECV_WRID);
        if (!settings.isServer()) {
            markPages();
            memory.stage(message);
            for (int i = 0; i < queuePairs.size(); i++) {
                postSend(i);
            }
        }
        long start = System.nanoTime();
        loop();
        return System.nanoTime() - start;
    }

    /** @return the receive timestamps ({@code -t}), or {@code null} without them */
    ReceiveTimestamps timestamps() {
        return timestamps;
    }

    /** @return the pages of the buffer that did not come back as sent ({@code -c}), by index */
    List<Integer> invalidPages() {
        memory.collect(message);
        List<Integer> invalid = new ArrayList<>();
        for (int offset = 0; offset < settings.size(); offset += PAGE) {
            if (message.get(ValueLayout.JAVA_BYTE, offset) != 0) {
                invalid.add(offset / PAGE);
            }
        }
        return invalid;
    }

    /** The C client writes {@code page % sizeof(char)}, which is 0, at the start of every page. */
    private void markPages() {
        if (settings.validate()) {
            for (int offset = 0; offset < settings.size(); offset += PAGE) {
                message.set(ValueLayout.JAVA_BYTE, offset, (byte) 0);
            }
        }
    }

    private void loop() {
        CompletionQueue cq = resources.cq();
        long lastProgress = System.nanoTime();
        int idle = 0;
        while (received < settings.iters() || sent < settings.iters()) {
            if (settings.events()) {
                awaitEvent();
            }
            if (!cq.startPoll()) {
                if (++idle % POLLS_PER_CLOCK_CHECK == 0) {
                    checkStall(lastProgress);
                }
                continue;
            }
            do {
                complete(cq);
            } while (cq.nextPoll());
            cq.endPoll();
            lastProgress = System.nanoTime();
        }
    }

    private void complete(CompletionQueue cq) {
        long wrId = cq.wrId();
        WcStatus status = cq.status();
        if (status != WcStatus.SUCCESS) {
            cq.endPoll();
            throw new PingPongFailure(String.format("Failed status %s (%d) for wr_id %d", status.cName(),
                    status.value(), wrId));
        }
        int index = queuePairs.size() == 1 ? 0 : indexOf(cq.readQpNum());
        if (wrId == SEND_WRID) {
            sent++;
        } else {
            received();
            if (timestamps != null) {
                timestamps.received(cq.readCompletionTs());
            }
        }
        pending[index] &= (int) ~wrId;
        if (sendsPosted < settings.iters() && pending[index] == 0) {
            postSend(index);
        }
    }

    private void received() {
        if (--posted <= settings.refillThreshold()) {
            postReceives(settings.rxDepth() - posted);
        }
        received++;
    }

    private int indexOf(int qpn) {
        for (int i = 0; i < queuePairs.size(); i++) {
            if (queuePairs.get(i).qpNum() == qpn) {
                return i;
            }
        }
        throw new PingPongFailure(String.format("Couldn't find QPN %06x", qpn));
    }

    private void checkStall(long lastProgress) {
        if (System.nanoTime() - lastProgress > settings.timeout().toNanos()) {
            throw stalled();
        }
    }

    private PeerException stalled() {
        return new PeerException(String.format("no completion for %d s: the peer stopped answering"
                + " (%d of %d messages received, %d of %d sent)", settings.timeout().toSeconds(), received,
                settings.iters(), sent, settings.iters()));
    }

    private void awaitEvent() {
        CompletionQueue notified = resources.channel().getEvent(settings.timeout());
        if (notified == null) {
            throw stalled();
        }
        events++;
        if (notified != resources.cq()) {
            throw new PingPongFailure("CQ event for unknown CQ " + notified);
        }
        notified.requestNotification(false);
    }

    private void postReceives(int count) {
        for (int i = 0; i < count; i++) {
            if (resources.srq() != null) {
                resources.srq().postReceive(receive);
            } else {
                queuePairs.getFirst().postReceive(receive);
            }
        }
        posted += count;
    }

    private void postSend(int index) {
        SendOps ops = queuePairs.get(index).sendOps();
        ops.start();
        ops.wrId(SEND_WRID).wrFlags(sendFlags).send();
        if (handles[index] != null) {
            ops.setUdAddr(handles[index], remoteQpns[index], ConnectRecipe.QKEY);
        }
        if ((sendFlags & (int) SendFlag.INLINE.value()) != 0) {
            ops.setInlineData(message);
        } else {
            ops.setSge(memory.lkey(), memory.address(settings.transport().headroom()), settings.size());
        }
        ops.complete();
        pending[index] = (int) (RECV_WRID | SEND_WRID);
        sendsPosted++;
    }

    @Override
    public void close() {
        local.forEach(SoftPeers::withdraw);
        if (events > 0) {
            resources.cq().ackEvents(events);
        }
        for (AddressHandle handle : handles) {
            if (handle != null) {
                handle.close();
            }
        }
    }
}
