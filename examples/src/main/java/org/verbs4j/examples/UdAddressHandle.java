package org.verbs4j.examples;

import static org.verbs4j.AccessFlag.LOCAL_WRITE;

import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.Gid;
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
 * Unreliable datagrams, like {@code ibv_ud_pingpong}: no connection; every send names its destination
 * with an address handle, the remote queue pair number and its Q_Key. A UD receive buffer starts with
 * the 40 bytes of the global route header (GRH), then the message.
 */
public final class UdAddressHandle {

    private static final int GRH_SIZE = 40;
    private static final int SIZE = 32;

    private UdAddressHandle() {
    }

    /** @param args the device name, optional */
    public static void main(String[] args) {
        String device = args.length > 0 ? args[0] : Verbs.devices().getFirst().name();
        try (VerbsScope scope = new VerbsScope(); Arena arena = Arena.ofShared()) {
            Context context = scope.add(Verbs.open(device));
            ProtectionDomain pd = scope.add(context.allocateProtectionDomain());
            CompletionQueue cq = scope.add(context.createCompletionQueue(4));
            QpInitAttributes attributes = QpInitAttributes.builder(QpType.UD, pd, cq,
                    QpCapabilities.builder().maxSendWr(1).maxRecvWr(1).build())
                    .sendOpsFlags(Set.of(SendOpsFlag.SEND)).build();
            QueuePair sender = scope.add(context.createQueuePair(attributes));
            QueuePair receiver = scope.add(context.createQueuePair(attributes));
            Connect.ud(sender);
            Connect.ud(receiver);
            MemoryRegion out = scope.add(pd.registerMemory(arena.allocate(SIZE), EnumSet.of(LOCAL_WRITE)));
            MemoryRegion in = scope.add(pd.registerMemory(arena.allocate(GRH_SIZE + SIZE), EnumSet.of(LOCAL_WRITE)));

            ReceiveRequest receive = new ReceiveRequest(1).wrId(2);
            receive.sgList().add(in, 0, GRH_SIZE + SIZE);
            receiver.postReceive(receive);

            out.segment().setString(0, "a datagram", StandardCharsets.US_ASCII);
            // @start region=address-handle
            Gid destination = context.queryGid(Connect.PORT, Connect.GID_INDEX);
            AddressHandle ah = scope.add(pd.createAddressHandle(
                    AhAttributes.global(destination, Connect.GID_INDEX, Connect.PORT)));
            SendOps ops = sender.sendOps();
            ops.start();
            ops.wrId(1).wrFlags(SendFlag.SIGNALED).send()
                    .setUdAddr(ah, receiver.qpNum(), Connect.QKEY)
                    .setSge(out.lkey(), out.address(), SIZE);
            // @end
            ops.complete();

            Poll received = Poll.all(cq, 2).stream().filter(c -> c.wrId() == 2).findFirst().orElseThrow();
            System.out.println("received " + received.byteLen() + " bytes (GRH and message) to " + destination + ": "
                    + in.segment().getString(GRH_SIZE, StandardCharsets.US_ASCII));
        }
    }
}
