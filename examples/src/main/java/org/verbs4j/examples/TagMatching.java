package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.CompletionField;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.CqInitAttributes;
import org.verbs4j.MemoryRegion;
import org.verbs4j.OpsFlag;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.SharedReceiveQueue;
import org.verbs4j.SrqInitAttributes;
import org.verbs4j.SrqOpcode;
import org.verbs4j.SrqOperation;
import org.verbs4j.TmCap;
import org.verbs4j.TmInfo;
import org.verbs4j.TmhOpcode;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsScope;

/**
 * Tag matching (rdma-core's {@code Documentation/tag_matching.md}): the receiver adds a tagged buffer
 * to a tag-matching SRQ; a message whose tag-matching header (TMH) carries that tag lands in it, after
 * the header, and its completion reports the tag and the sender's application context.
 */
public final class TagMatching {

    private static final int TMH_SIZE = 16;
    private static final int SIZE = 64;
    private static final long TAG = 0x42;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private TagMatching() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionQueue sendCq = scope.add(context.createCompletionQueue(4));
            CompletionQueue tmCq = scope.add(context.createCompletionQueue(CqInitAttributes.builder(8)
                    .wcFlags(EnumSet.of(CompletionField.BYTE_LEN, CompletionField.TM_INFO)).build()));
            SharedReceiveQueue srq = scope.add(context.createSharedReceiveQueue(
                    SrqInitAttributes.tagMatching(pd, 8, 1, tmCq, new TmCap(16, 4))));
            QpCapabilities cap = QpCapabilities.builder().maxSendWr(1).build();
            QueuePair sender = scope.add(context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, sendCq, cap)
                    .sendOpsFlags(Set.of(SendOpsFlag.SEND)).build()));
            QueuePair receiver = scope.add(context.createQueuePair(QpInitAttributes.builder(QpType.RC, pd, tmCq, cap)
                    .srq(srq).build()));
            Connect.rc(sender, receiver.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            Connect.rc(receiver, sender.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            MemoryRegion out = scope.add(pd.registerMemory(arena.allocate(TMH_SIZE + SIZE), EnumSet.of(LOCAL_WRITE)));
            MemoryRegion tagged = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));

            // @start region=tag-add
            SrqOperation add = new SrqOperation(1).opcode(SrqOpcode.TAG_ADD).flags(EnumSet.of(OpsFlag.SIGNALED))
                    .wrId(1).tag(TAG).mask(-1L).recvWrId(2);
            add.sgList().add(tagged, 0, SIZE);
            srq.postOps(add);
            // @end
            System.out.println("TAG_ADD: " + Poll.one(tmCq).opcode());

            writeTmh(out.segment(), 0x5a5a);
            out.segment().setString(TMH_SIZE, "tagged payload", StandardCharsets.US_ASCII);
            SendOps ops = sender.sendOps();
            ops.start();
            ops.wrId(3).wrFlags(SendFlag.SIGNALED).send().setSge(out.lkey(), out.address(), TMH_SIZE + SIZE);
            ops.complete();
            Poll.one(sendCq);

            TmInfo info = new TmInfo();
            while (!tmCq.startPoll()) {
                Thread.onSpinWait();
            }
            Poll received = Poll.read(tmCq);
            tmCq.readTmInfo(info);
            tmCq.endPoll();
            System.out.printf("%s %s: tag 0x%x, app context 0x%x, buffer holds '%s'%n", received.opcode(),
                    received.status(), info.tag(), info.priv(),
                    tagged.segment().getString(0, StandardCharsets.US_ASCII));
        }
    }

    /** Writes an EAGER {@code struct ibv_tmh} (opcode, 3 reserved bytes, app_ctx, tag; big-endian). */
    private static void writeTmh(MemorySegment message, int appContext) {
        message.set(ValueLayout.JAVA_BYTE, 0, (byte) TmhOpcode.EAGER.value());
        message.set(INT, 4, appContext);
        message.set(LONG, 8, TAG);
    }
}
