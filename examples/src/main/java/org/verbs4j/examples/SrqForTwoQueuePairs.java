package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.EnumSet;
import java.util.Set;
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
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsScope;

/**
 * One shared receive queue (SRQ) feeds two RC queue pairs, like {@code ibv_srq_pingpong}: receives
 * are posted once, to the SRQ, and each message takes the next one, whichever queue pair it came to.
 */
public final class SrqForTwoQueuePairs {

    private static final int SIZE = 8;

    private SrqForTwoQueuePairs() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionQueue sendCq = scope.add(context.createCompletionQueue(4));
            CompletionQueue recvCq = scope.add(context.createCompletionQueue(4));
            // @start region=srq
            SharedReceiveQueue srq = scope.add(context.createSharedReceiveQueue(
                    SrqInitAttributes.basic(pd, 4, 1)));
            QpInitAttributes receiving = QpInitAttributes.builder(QpType.RC, pd, sendCq,
                    QpCapabilities.builder().maxSendWr(1).build()).recvCq(recvCq).srq(srq).build();
            // @end
            QpInitAttributes sending = QpInitAttributes.builder(QpType.RC, pd, sendCq,
                    QpCapabilities.builder().maxSendWr(1).build()).sendOpsFlags(Set.of(SendOpsFlag.SEND)).build();
            QueuePair[] receivers = {scope.add(context.createQueuePair(receiving)),
                    scope.add(context.createQueuePair(receiving))};
            QueuePair[] senders = {scope.add(context.createQueuePair(sending)),
                    scope.add(context.createQueuePair(sending))};
            for (int i = 0; i < 2; i++) {
                Connect.rc(senders[i], receivers[i].qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
                Connect.rc(receivers[i], senders[i].qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            }
            MemoryRegion buffers = scope.add(pd.registerMemory(arena.allocate(4L * SIZE), EnumSet.of(LOCAL_WRITE)));

            for (int slot = 0; slot < 2; slot++) {
                ReceiveRequest receive = new ReceiveRequest(1).wrId(100 + slot);
                receive.sgList().add(buffers, (long) slot * SIZE, SIZE);
                srq.postReceive(receive);
            }
            for (int i = 0; i < 2; i++) {
                long message = 1000L + i;
                buffers.segment().set(ValueLayout.JAVA_LONG, (2L + i) * SIZE, message);
                SendOps ops = senders[i].sendOps();
                ops.start();
                ops.wrId(i).wrFlags(SendFlag.SIGNALED).send()
                        .setSge(buffers.lkey(), buffers.address() + (2L + i) * SIZE, SIZE);
                ops.complete();
                Poll.one(sendCq);
            }
            Poll.all(recvCq, 2);
            System.out.printf("the SRQ's two receives took %d and %d, sent to queue pairs %d and %d%n",
                    buffers.segment().get(ValueLayout.JAVA_LONG, 0),
                    buffers.segment().get(ValueLayout.JAVA_LONG, SIZE),
                    receivers[0].qpNum(), receivers[1].qpNum());
        }
    }
}
