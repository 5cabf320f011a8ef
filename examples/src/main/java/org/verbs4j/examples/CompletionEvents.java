package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;

import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.CompletionChannel;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
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
 * Waiting for completions instead of spinning, like {@code ibv_rc_pingpong -e}: the receive queue's
 * CQ reports to a completion channel; the program arms it, blocks for the event, acknowledges it,
 * re-arms, and only then polls (so that no completion slips between poll and arm).
 */
public final class CompletionEvents {

    private CompletionEvents() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionChannel channel = scope.add(context.createCompletionChannel());
            CompletionQueue recvCq = scope.add(context.createCompletionQueue(
                    CqInitAttributes.builder(4).channel(channel).build()));
            CompletionQueue sendCq = scope.add(context.createCompletionQueue(4));
            QpCapabilities cap = QpCapabilities.builder().maxSendWr(1).maxRecvWr(1).build();
            QueuePair a = scope.add(context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, sendCq, cap)
                    .sendOpsFlags(Set.of(SendOpsFlag.SEND)).build()));
            QueuePair b = scope.add(context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, sendCq, cap)
                    .recvCq(recvCq).build()));
            Connect.rc(a, b.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            Connect.rc(b, a.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            MemoryRegion buffer = scope.add(pd.registerMemory(arena.allocate(64), EnumSet.of(LOCAL_WRITE)));
            ReceiveRequest receive = new ReceiveRequest(1).wrId(7);
            receive.sgList().add(buffer, 32, 32);
            b.postReceive(receive);

            recvCq.requestNotification(false);
            SendOps ops = a.sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SendFlag.SIGNALED).send().setSge(buffer.lkey(), buffer.address(), 32);
            ops.complete();
            Poll.one(sendCq);

            // @start region=wait
            CompletionQueue notified = channel.getEvent(Duration.ofSeconds(10));
            if (notified == null) {
                throw new IllegalStateException("no completion event within 10 s");
            }
            notified.ackEvents(1);
            notified.requestNotification(false);
            Poll received = Poll.one(notified);
            // @end
            System.out.println("event on the receive CQ: " + (notified == recvCq) + "; completion " + received.wrId()
                    + " " + received.opcode() + ", " + received.byteLen() + " bytes");
        }
    }
}
