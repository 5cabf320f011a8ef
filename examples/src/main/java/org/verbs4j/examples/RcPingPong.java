package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.ReceiveRequest;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsScope;

/**
 * RC send/receive ping-pong between two queue pairs of one device, like {@code ibv_rc_pingpong}:
 * each round trip is a SEND from A to B and a SEND back.
 *
 * <p>Run it with a device name ({@code java ... RcPingPong soft0}) or none for the first device.
 */
public final class RcPingPong {

    private static final int SIZE = 4096;
    private static final int ROUND_TRIPS = 1000;

    private RcPingPong() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        // @start region=scope
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionQueue cq = scope.add(context.createCompletionQueue(16));
            // ... queue pairs and memory regions, each added after its parent
            // @end
            QpCapabilities cap = QpCapabilities.builder().maxSendWr(1).maxRecvWr(1).build();
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, pd, cq, cap)
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.SEND)).build();
            QueuePair a = scope.add(context.createQueuePair(attributes));
            QueuePair b = scope.add(context.createQueuePair(attributes));
            MemoryRegion bufferA = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));
            MemoryRegion bufferB = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));

            Connect.rc(a, b.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            Connect.rc(b, a.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));

            long start = System.nanoTime();
            for (int i = 0; i < ROUND_TRIPS; i++) {
                bufferA.segment().set(ValueLayout.JAVA_INT, 0, i);
                pingPong(cq, a, bufferA, b, bufferB);
                pingPong(cq, b, bufferB, a, bufferA);
            }
            long micros = (System.nanoTime() - start) / 1000;
            int last = bufferA.segment().get(ValueLayout.JAVA_INT, 0);
            System.out.printf("%d round trips of %d bytes on %s in %d us = %.2f us/iter; last message %d%n",
                    ROUND_TRIPS, SIZE, device, micros, (double) micros / ROUND_TRIPS, last);
        }
    }

    /** Posts a receive on the receiver, sends the sender's buffer, and waits for both completions. */
    private static void pingPong(CompletionQueue cq, QueuePair sender, MemoryRegion from,
                                 QueuePair receiver, MemoryRegion into) {
        ReceiveRequest receive = new ReceiveRequest(1).wrId(2);
        receive.sgList().add(into, 0, SIZE);
        receiver.postReceive(receive);
        // @start region=send
        SendOps ops = sender.sendOps();
        ops.start();
        ops.wrId(1).wrFlags(SendFlag.SIGNALED).send().setSge(from.lkey(), from.address(), SIZE);
        ops.complete();
        // @end
        Poll.one(cq);
        Poll.one(cq);
    }
}
