package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;
import static org.verbs4j.AccessFlag.REMOTE_READ;
import static org.verbs4j.AccessFlag.REMOTE_WRITE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.MemoryRegion;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpCapabilities;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.SendFlag;
import org.verbs4j.SendOps;
import org.verbs4j.SendOpsFlag;
import org.verbs4j.Verbs;
import org.verbs4j.VerbsScope;

/**
 * One-sided RDMA: queue pair A writes into B's memory and reads it back, without B posting anything.
 * A needs only B's address and rkey, which two processes would exchange with the queue pair numbers.
 */
public final class RdmaWriteRead {

    private static final int SIZE = 64;

    private RdmaWriteRead() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionQueue cq = scope.add(context.createCompletionQueue(4));
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.RC, pd, cq,
                            QpCapabilities.builder().maxSendWr(2).build())
                    .sendOpsFlags(EnumSet.of(SendOpsFlag.RDMA_WRITE, SendOpsFlag.RDMA_READ)).build();
            QueuePair a = scope.add(context.createQueuePair(attributes));
            QueuePair b = scope.add(context.createQueuePair(attributes));
            Connect.rc(a, b.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));
            Connect.rc(b, a.qpNum(), context.queryGid(Connect.PORT, Connect.GID_INDEX));

            MemoryRegion local = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));
            // @start region=remote-buffer
            MemoryRegion remote = scope.add(pd.registerMemory(arena.allocate(SIZE),
                    EnumSet.of(LOCAL_WRITE, REMOTE_WRITE, REMOTE_READ)));
            long remoteAddress = remote.address();
            int remoteKey = remote.rkey();
            // @end

            local.segment().setString(0, "written by A", StandardCharsets.US_ASCII);
            // @start region=write
            SendOps ops = a.sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SendFlag.SIGNALED).rdmaWrite(remoteKey, remoteAddress)
                    .setSge(local.lkey(), local.address(), SIZE);
            ops.complete();
            // @end
            Poll.one(cq);
            System.out.println("B's memory after the RDMA WRITE: "
                    + text(remote.segment()));

            remote.segment().setString(0, "changed by B", StandardCharsets.US_ASCII);
            local.segment().fill((byte) 0);
            ops.start();
            ops.wrId(2).wrFlags(SendFlag.SIGNALED).rdmaRead(remoteKey, remoteAddress)
                    .setSge(local.lkey(), local.address(), SIZE);
            ops.complete();
            Poll.one(cq);
            System.out.println("A's memory after the RDMA READ: " + text(local.segment()));
        }
    }

    private static String text(MemorySegment segment) {
        return segment.getString(0, StandardCharsets.US_ASCII);
    }
}
