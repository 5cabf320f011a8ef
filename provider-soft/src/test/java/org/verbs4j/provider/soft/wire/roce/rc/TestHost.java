package org.verbs4j.provider.soft.wire.roce.rc;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * One side's memory, receive queue and records for the machines' tests: a memory region at {@link #BASE} with
 * R_Key {@link #RKEY}, receive buffers of a fixed size, the messages to send by work request id, and every
 * completion and placement, in order. Test code: it allocates.
 */
final class TestHost implements PayloadSource, RequesterListener, ResponderTarget {

    static final long BASE = 0x10_0000L;
    static final int RKEY = 0x1234;

    final byte[] memory;
    final Map<Long, byte[]> outgoing = new HashMap<>();
    final Map<Long, byte[]> readInto = new HashMap<>();
    final Map<Long, Long> atomicResults = new HashMap<>();
    final List<SendCompletion> sendCompletions = new ArrayList<>();
    final List<Received> receives = new ArrayList<>();
    final List<Boolean> solicited = new ArrayList<>();
    final List<Integer> byteLengths = new ArrayList<>();
    final ArrayDeque<byte[]> postedReceives = new ArrayDeque<>();
    final int receiveBytes;
    private byte[] claimed;
    int atomicsExecuted;
    /** The XRC SRQ numbers it delivers to, and those the requests it took named, in order. */
    final java.util.Set<Integer> xrcSrqs = new java.util.HashSet<>();
    final List<Integer> deliveredTo = new ArrayList<>();
    int atomicWrites;
    int flushes;
    /** The FLUSH rights the region grants. */
    Set<RemoteAccess> flushAccess = EnumSet.of(RemoteAccess.FLUSH_GLOBAL);

    record SendCompletion(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
    }

    record Received(WcStatus status, WcOpcode opcode, byte[] data, boolean hasImmediate, int immediate,
            boolean hasInvalidate, int invalidatedKey) {
    }

    TestHost(int memoryBytes, int receiveBytes) {
        this.memory = new byte[memoryBytes];
        this.receiveBytes = receiveBytes;
    }

    void postReceives(int count) {
        for (int i = 0; i < count; i++) {
            postedReceives.add(new byte[receiveBytes]);
        }
    }

    @Override
    public void copy(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.put(at, outgoing.get(wrId), (int) offset, length);
    }

    @Override
    public void placeRead(long wrId, long offset, ByteBuffer packet, int at, int length) {
        packet.get(at, readInto.get(wrId), (int) offset, length);
    }

    @Override
    public void placeAtomic(long wrId, long original) {
        atomicResults.put(wrId, original);
    }

    @Override
    public void complete(long wrId, WcOpcode opcode, WcStatus status, int byteLength) {
        sendCompletions.add(new SendCompletion(wrId, opcode, status, byteLength));
    }

    @Override
    public boolean claimReceive() {
        claimed = postedReceives.poll();
        return claimed != null;
    }

    @Override
    public boolean deliverTo(int srqNumber) {
        deliveredTo.add(srqNumber);
        return xrcSrqs.contains(srqNumber);
    }

    @Override
    public boolean placeReceive(long offset, ByteBuffer packet, int at, int length) {
        if (offset + length > claimed.length) {
            return false;
        }
        packet.get(at, claimed, (int) offset, length);
        return true;
    }

    @Override
    public void completeReceive(ReceiveCompletion c) {
        byte[] data = Arrays.copyOf(claimed, c.opcode() == WcOpcode.RECV ? c.byteLength() : 0);
        solicited.add(c.solicited());
        byteLengths.add(c.byteLength());
        receives.add(new Received(c.status(), c.opcode(), data, c.hasImmediate(), c.immediate(), c.hasInvalidate(),
                c.invalidatedKey()));
        claimed = null;
    }

    @Override
    public boolean mayAccess(long address, int rKey, long length, RemoteAccess access) {
        return rKey == RKEY && address >= BASE && address + length <= BASE + memory.length;
    }

    @Override
    public void write(long address, int rKey, ByteBuffer packet, int at, int length) {
        packet.get(at, memory, (int) (address - BASE), length);
    }

    @Override
    public void read(long address, int rKey, ByteBuffer packet, int at, int length) {
        packet.put(at, memory, (int) (address - BASE), length);
    }

    @Override
    public long atomic(long address, int rKey, boolean compareSwap, long swapOrAdd, long compare) {
        ByteBuffer view = ByteBuffer.wrap(memory);
        int at = (int) (address - BASE);
        long original = view.getLong(at);
        atomicsExecuted++;
        view.putLong(at, compareSwap ? (original == compare ? swapOrAdd : original) : original + swapOrAdd);
        return original;
    }

    @Override
    public void atomicWrite(long address, int rKey, long value) {
        ByteBuffer.wrap(memory).putLong((int) (address - BASE), value);
        atomicWrites++;
    }

    @Override
    public boolean mayFlush(long address, int rKey, long length, boolean wholeRegion, RemoteAccess access) {
        boolean inside = wholeRegion || mayAccess(address, rKey, length, access);
        return rKey == RKEY && inside && flushAccess.contains(access);
    }

    @Override
    public void flush() {
        flushes++;
    }

    long longAt(long address) {
        return ByteBuffer.wrap(memory).getLong((int) (address - BASE));
    }
}
