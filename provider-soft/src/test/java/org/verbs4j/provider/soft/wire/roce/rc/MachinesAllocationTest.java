package org.verbs4j.provider.soft.wire.roce.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.wire.roce.RoceV2;

/**
 * In steady state the requester and the responder allocate nothing per packet: SENDs, RDMA WRITEs, READs and
 * atomics of several packets, their acknowledgements and responses, over a preallocated in-memory wire.
 */
class MachinesAllocationTest implements RequesterListener, ResponderTarget {

    private static final int MTU = 256;
    private static final int ROUNDS = 2_000;

    private final ByteBuffer[] ring = new ByteBuffer[64];
    private final int[] lengths = new int[64];
    private final boolean[] toB = new boolean[64];
    private int head;
    private int tail;
    private final byte[] memory = new byte[4096];
    private final byte[] receive = new byte[4096];
    private long completions;
    private long receives;
    private long atomicValue;
    private Requester requester;
    private Responder responder;

    @Test
    void steadyStateTrafficAllocatesNothing() throws ReflectiveOperationException {
        for (int i = 0; i < ring.length; i++) {
            ring[i] = ByteBuffer.allocateDirect(MTU + 64);
        }
        requester = new Requester(new RequesterConfig(org.verbs4j.provider.soft.wire.roce.Transport.RC, 2, 10, MTU,
                2, 14, 7, 7, 16), sinkTo(true), this::copy, this);
        responder = new Responder(ResponderConfig.rc(1, 10, MTU), sinkTo(false), this);

        rounds();
        long before = allocatedBytes();
        rounds();
        long allocated = allocatedBytes() - before;

        assertThat(completions).as("four requests a round, two runs").isEqualTo(8L * ROUNDS);
        assertThat(receives).as("one SEND a round, two runs").isEqualTo(2L * ROUNDS);
        assertThat(allocated).as("bytes allocated by %d rounds", ROUNDS).isLessThan(ROUNDS);
    }

    private void rounds() {
        for (int i = 0; i < ROUNDS; i++) {
            requester.nextSlot().send(i, 3 * MTU - 5);
            requester.post(i);
            requester.nextSlot().write(i, 2 * MTU, 0, 1);
            requester.post(i);
            requester.nextSlot().read(i, 2 * MTU + 1, 64, 1);
            requester.post(i);
            requester.nextSlot().fetchAdd(i, 8, 1, 3);
            requester.post(i);
            drain(i);
        }
    }

    private PacketSink sinkTo(boolean b) {
        return (packet, length) -> {
            int slot = tail++ % ring.length;
            ring[slot].put(0, packet, 0, length);
            lengths[slot] = length + RoceV2.ICRC_BYTES;
            toB[slot] = b;
        };
    }

    private void drain(long now) {
        while (head < tail) {
            int slot = head++ % ring.length;
            if (toB[slot]) {
                responder.onRequest(ring[slot], lengths[slot]);
            } else {
                requester.onResponse(ring[slot], lengths[slot], now);
            }
        }
    }

    private void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.put(at, memory, (int) offset, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.get(at, receive, (int) offset, length);
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        atomicValue = original;
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        completions += status == WcStatus.SUCCESS ? 1 : 0;
    }

    @Override
    public boolean claimReceive() {
        return true;
    }

    @Override
    public boolean placeReceive(long offset, ByteBuffer packet, int at, int length) {
        packet.get(at, receive, (int) offset, length);
        return true;
    }

    @Override
    public void completeReceive(ReceiveCompletion completion) {
        receives += completion.status() == WcStatus.SUCCESS ? 1 : 0;
    }

    @Override
    public boolean mayAccess(long address, int rKey, long length, RemoteAccess access) {
        return address + length <= memory.length;
    }

    @Override
    public void write(long address, int rKey, ByteBuffer packet, int at, int length) {
        packet.get(at, memory, (int) address, length);
    }

    @Override
    public void read(long address, int rKey, ByteBuffer packet, int at, int length) {
        packet.put(at, memory, (int) address, length);
    }

    @Override
    public long atomic(long address, int rKey, boolean compareSwap, long swapOrAdd, long compare) {
        long original = atomicValue;
        atomicValue += swapOrAdd;
        return original;
    }

    @Override
    public void atomicWrite(long address, int rKey, long value) {
        atomicValue = value;
    }

    @Override
    public boolean mayFlush(long address, int rKey, long length, boolean wholeRegion, RemoteAccess access) {
        return wholeRegion || address + length <= memory.length;
    }

    @Override
    public void flush() {
        // nothing to order: the test's memory is a Java array
    }

    /** Reads com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes through reflection. */
    private static long allocatedBytes() throws ReflectiveOperationException {
        Object bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                .invoke(null);
        Method method = Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        return (Long) method.invoke(bean);
    }
}
