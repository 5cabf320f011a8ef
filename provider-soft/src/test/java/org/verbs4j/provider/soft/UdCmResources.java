package org.verbs4j.provider.soft;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;
import org.verbs4j.AccessFlag;
import org.verbs4j.AddressHandle;
import org.verbs4j.AhAttributes;
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
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.EventChannel;

/**
 * The UD resources of the rdma_cm test programs {@link UdCmPeer} and {@link MulticastCmPeer}, made on the context of
 * a CM identifier as librdmacm's udaddy and mckey make theirs: a protection domain, a CQ, a region of COUNT + 1 slots
 * and the identifier's UD queue pair with a receive of {@link #SIZE} bytes behind the 40-byte GRH posted in each of
 * the first COUNT slots; the last slot holds the message sent. Failed expectations throw {@link AssertionError}.
 */
final class UdCmResources {

    /** The bytes of each datagram, udaddy's and mckey's default message size. */
    static final int SIZE = 100;
    private static final int GRH = 40;
    private static final int SLOT = 256;

    private final ProtectionDomain pd;
    private final CompletionQueue cq;
    private final MemoryRegion mr;
    private final QueuePair qp;
    private final SendOpsFlag opcode;
    private final int count;
    private final Duration wait;

    private UdCmResources(ProtectionDomain pd, CompletionQueue cq, MemoryRegion mr, QueuePair qp, SendOpsFlag opcode,
            int count, Duration wait) {
        this.pd = pd;
        this.cq = cq;
        this.mr = mr;
        this.qp = qp;
        this.opcode = opcode;
        this.count = count;
        this.wait = wait;
    }

    /**
     * Makes the resources of {@code id} for {@code count} datagrams each way, its queue pair sending with
     * {@code opcode} (SEND or SEND_WITH_IMM), posts the receives, runs {@code body}, destroys the queue pair and
     * frees the rest; each wait for a completion lasts at most {@code wait}.
     */
    static void run(CmId id, int count, SendOpsFlag opcode, Duration wait, Consumer<UdCmResources> body) {
        Context context = id.context().orElseThrow();
        try (Arena arena = Arena.ofShared();
             ProtectionDomain pd = context.allocateProtectionDomain();
             CompletionQueue cq = context.createCompletionQueue(CqInitAttributes.builder(2 * count + 2).build());
             MemoryRegion mr = pd.registerMemory(arena.allocate((long) SLOT * (count + 1)),
                     EnumSet.of(AccessFlag.LOCAL_WRITE))) {
            QueuePair qp = id.createQueuePair(QpInitAttributes.builder(QpType.UD, pd, cq,
                    new QpCapabilities(count, count, 1, 1, 0)).sendOpsFlags(EnumSet.of(opcode)).build());
            UdCmResources resources = new UdCmResources(pd, cq, mr, qp, opcode, count, wait);
            resources.postReceives(count);
            body.accept(resources);
            id.destroyQueuePair();
        }
    }

    private void postReceives(int receives) {
        for (int i = 0; i < receives; i++) {
            ReceiveRequest receive = new ReceiveRequest(1).wrId(i);
            receive.sgList().add(mr, (long) SLOT * i, GRH + SIZE);
            qp.postReceive(receive);
        }
    }

    /** @return the number of the identifier's queue pair */
    int qpNum() {
        return qp.qpNum();
    }

    /** @return the CQ, whose current completion the caller reads and ends after an {@code await…} */
    CompletionQueue cq() {
        return cq;
    }

    /** @return an address handle of {@code attributes} (an rdma_cm event's {@code ah_attr}) */
    AddressHandle addressHandle(AhAttributes attributes) {
        return pd.createAddressHandle(attributes);
    }

    /** @return an address handle back to the sender of the current completion, received into {@code slot} */
    AddressHandle replyAddress(int slot) {
        return pd.createAddressHandleFromCompletion(cq, slot(slot), 1);
    }

    /**
     * Sends COUNT datagrams of the last slot with {@code flags} through {@code ah} to {@code remoteQpn} and
     * {@code qKey}, as udaddy's and mckey's post_sends; with SEND_WITH_IMM, this queue pair's number is the
     * immediate data.
     */
    void send(AddressHandle ah, int remoteQpn, int qKey, Set<SendFlag> flags) {
        fillMessage();
        SendOps ops = qp.sendOps();
        ops.start();
        for (int i = 0; i < count; i++) {
            ops.wrId(i).wrFlags(flags);
            post(ops);
            ops.setUdAddr(ah, remoteQpn, qKey).setSge(mr.lkey(), mr.address() + (long) SLOT * count, SIZE);
        }
        ops.complete();
    }

    private void fillMessage() {
        MemorySegment message = slot(count);
        for (int i = 0; i < SIZE; i++) {
            message.set(ValueLayout.JAVA_BYTE, i, (byte) i);
        }
    }

    private void post(SendOps ops) {
        if (opcode == SendOpsFlag.SEND_WITH_IMM) {
            ops.sendWithImm(qp.qpNum());
        } else {
            ops.send();
        }
    }

    /** Waits for the COUNT signaled sends to complete, all successfully; receive completions between are passed. */
    void awaitSent() {
        int sent = 0;
        while (sent < count) {
            awaitCompletion();
            require(cq.status() == WcStatus.SUCCESS, "a datagram sent: " + cq.status());
            if (cq.readOpcode() == WcOpcode.SEND) {
                sent++;
            }
            cq.endPoll();
        }
    }

    /** Waits for the next completion: a successful receive of {@link #SIZE} bytes behind the GRH. */
    void awaitDatagram() {
        require(awaitDatagram(wait), "a completion within " + wait);
    }

    /** @return whether a completion came within {@code limit}; if so, it is a receive as {@link #awaitDatagram()} */
    boolean awaitDatagram(Duration limit) {
        if (!awaitCompletion(limit)) {
            return false;
        }
        require(cq.status() == WcStatus.SUCCESS && cq.readOpcode() == WcOpcode.RECV, "a datagram: " + cq.status());
        require(cq.readByteLen() == GRH + SIZE, "100 bytes behind the GRH: " + cq.readByteLen());
        return true;
    }

    private void awaitCompletion() {
        require(awaitCompletion(wait), "a completion within " + wait);
    }

    /** @return whether a completion came within {@code limit} (then it is started) */
    private boolean awaitCompletion(Duration limit) {
        long end = System.nanoTime() + limit.toNanos();
        while (!cq.startPoll()) {
            if (System.nanoTime() - end >= 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private MemorySegment slot(int i) {
        return mr.segment().asSlice((long) SLOT * i, SLOT);
    }

    /** @return the next event of {@code events}, acknowledged; it must come within {@code wait} and be {@code type} */
    static CmEvent expect(EventChannel events, CmEventType type, Duration wait) {
        CmEvent event = events.getEvent(wait);
        require(event != null, type + " within " + wait);
        event.ack();
        require(event.type() == type, "expected " + type + ", got " + event.type() + " (status " + event.status()
                + ")");
        return event;
    }

    static void require(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("failed: " + what);
        }
    }
}
