package org.verbs4j.benchmarks.wire;

import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionQueue;
import org.verbs4j.ConnectRecipe;
import org.verbs4j.Destination;
import org.verbs4j.Gid;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.WcStatus;

/**
 * The sending side of the soft wire's message rate: bursts of {@link WireRatio#BURST} UD SENDs of
 * {@link WireRatio#MESSAGE_BYTES} to the peer's UD queue pair, posted as one batch with only the last one signaled,
 * as {@code ib_send_bw} streams; the next burst follows its completion.
 */
final class UdStream {

    private static final int SIGNALED = (int) SendFlag.SIGNALED.value();

    private final SoftEnd end;
    private final AddressHandle peer;
    private final int peerQpn;

    UdStream(SoftEnd end, int peerQpn, Gid peerGid) {
        this.end = end;
        this.peerQpn = peerQpn;
        this.peer = SoftEnd.RECIPE.addressHandle(end.pd, new Destination(0, peerQpn, 0, peerGid));
    }

    /** Sends one burst and waits for its completion. */
    void burst() {
        SendOps ops = end.ud.sendOps();
        ops.start();
        for (int i = 0; i < WireRatio.BURST; i++) {
            ops.wrId(i).wrFlags(i == WireRatio.BURST - 1 ? SIGNALED : 0).send()
                    .setUdAddr(peer, peerQpn, ConnectRecipe.QKEY)
                    .setSge(end.buffer.lkey(), end.buffer.address(), WireRatio.MESSAGE_BYTES);
        }
        ops.complete();
        awaitOne(end.udCq);
    }

    void close() {
        peer.close();
    }

    /** Waits for one completion, which must be a success. */
    static void awaitOne(CompletionQueue cq) {
        while (!cq.startPoll()) {
            Thread.onSpinWait();
        }
        WcStatus status = cq.status();
        cq.endPoll();
        if (status != WcStatus.SUCCESS) {
            throw new IllegalStateException("a send completed with " + status);
        }
    }
}
