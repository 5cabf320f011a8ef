package org.verbs4j.provider.soft.wire;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.verbs4j.AccessFlag;
import org.verbs4j.AsyncEventType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcStatus;
import org.verbs4j.provider.soft.engine.Completion;
import org.verbs4j.provider.soft.engine.DeviceMemory;
import org.verbs4j.provider.soft.engine.LocalAccess;
import org.verbs4j.provider.soft.engine.ObjectTable;
import org.verbs4j.provider.soft.engine.ReceiveQueue;
import org.verbs4j.provider.soft.engine.Responder;
import org.verbs4j.provider.soft.engine.Sges;
import org.verbs4j.provider.soft.engine.WorkLimits;
import org.verbs4j.provider.soft.wire.roce.rc.ReceiveCompletion;
import org.verbs4j.provider.soft.wire.roce.rc.RemoteAccess;
import org.verbs4j.provider.soft.wire.roce.rc.ResponderTarget;

/**
 * What a RoCE v2 responder reaches of a soft queue pair: its receive queue (its own, its SRQ's, or for XRC_RECV the
 * XRC SRQ a request names; a receive is
 * taken when a message starts and completed, with its immediate data, invalidated key and solicited bit, when
 * it ends; a SEND to a tag-matching SRQ goes where its TMH says, through {@link TaggedArrivals}), and the memory
 * behind R_Keys, checked by the engine's own
 * {@link org.verbs4j.provider.soft.engine.RemoteAccess} rules. Runs in the receive loop with the fabric lock held; nothing is allocated.
 */
final class ConnectionTarget implements ResponderTarget {

    private static final VarHandle ATOMIC_LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle BIG_ENDIAN_LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.BIG_ENDIAN).varHandle();
    private static final int WITH_IMM = (int) WcFlag.WITH_IMM.value();
    private static final int WITH_INV = (int) WcFlag.WITH_INV.value();

    private final NetworkQueuePair qp;
    private final ObjectTable<Object> keys;
    private final LocalAccess localAccess;
    private final Sges claimed = new Sges(WorkLimits.MAX_SGE);
    private final Sges remote = new Sges(1);
    private final PacketView incoming = new PacketView();
    private final PacketView outgoing = new PacketView();
    private final TaggedArrivals tagged;
    private boolean taggedClaim;
    private long claimedWrId;
    private WcStatus claimStatus = WcStatus.SUCCESS;
    private boolean unsolicited;
    private boolean accessRefused;
    private boolean brokeLocally;

    ConnectionTarget(NetworkQueuePair qp, WireFabric fabric, RendezvousReads rendezvous) {
        this.qp = qp;
        this.tagged = new TaggedArrivals(qp, rendezvous);
        this.keys = fabric.keys();
        this.localAccess = new LocalAccess(keys);
    }

    /** @return the asynchronous event of an error of the responder: a refused R_Key or an invalid request */
    AsyncEventType failureEvent() {
        return accessRefused ? AsyncEventType.QP_ACCESS_ERR : AsyncEventType.QP_REQ_ERR;
    }

    /** @return whether a receive failed at this end after the responder took the message (a key to invalidate) */
    boolean brokeLocally() {
        return brokeLocally;
    }

    /** The in-JVM rules of an XRC_RECV queue pair: an open XRC SRQ of its own XRC domain. */
    @Override
    public boolean deliverTo(int srqNumber) {
        return qp.deliverTo(srqNumber);
    }

    /** A SEND to a tag-matching SRQ goes where its TMH says ({@link TaggedArrivals}). */
    @Override
    public boolean claimSend(ByteBuffer packet, int at, int length) {
        if (!qp.matchesTags()) {
            return claimReceive();
        }
        taggedClaim = tagged.arrive(packet, at, length);
        return taggedClaim;
    }

    @Override
    public boolean claimReceive() {
        ReceiveQueue queue = qp.receiveQueue();
        if (queue == null || queue.isEmpty()) {
            return false;
        }
        copyEntries(queue.headSges());
        claimStatus = localAccess.check(claimed, qp.softPd(), true);
        claimedWrId = qp.takeReceive();
        unsolicited = false;
        return true;
    }

    /** A queue pair with unsolicited write receives completes an RDMA WRITE with immediate without a receive. */
    @Override
    public boolean claimWriteReceive() {
        if (!qp.unsolicitedWriteRecv()) {
            return claimReceive();
        }
        claimed.clear();
        claimStatus = WcStatus.SUCCESS;
        claimedWrId = 0;
        unsolicited = true;
        return true;
    }

    private void copyEntries(Sges head) {
        claimed.clear();
        for (int i = 0; i < head.count; i++) {
            claimed.add(head.address(i), head.length(i), head.lkey(i));
        }
    }

    @Override
    public boolean placeReceive(long offset, ByteBuffer packet, int at, int length) {
        if (taggedClaim) {
            tagged.place(offset, packet, at, length);
            return true;
        }
        if (claimStatus != WcStatus.SUCCESS || offset + length > claimed.totalLength()) {
            return false;
        }
        LocalAccess.copy(incoming.of(packet), at, claimed, offset, length);
        return true;
    }

    @Override
    public void completeReceive(ReceiveCompletion done) {
        if (taggedClaim) {
            taggedClaim = false;
            tagged.end(done);
            return;
        }
        WcStatus status = done.status() != WcStatus.SUCCESS && claimStatus != WcStatus.SUCCESS ? claimStatus
                : done.status();
        if (status == WcStatus.SUCCESS && done.hasInvalidate()
                && !Responder.invalidate(keys, qp.softPd(), done.invalidatedKey())) {
            status = WcStatus.LOC_PROT_ERR;
            brokeLocally = true;
        }
        Completion c = qp.startReceive(claimedWrId, status, done.opcode())
                .fromSender(done.byteLength(), qp.destQpNum(), qp.serviceLevel(), 0);
        c.solicited = done.solicited();
        c.unsolicited = unsolicited;
        unsolicited = false;
        if (done.hasImmediate()) {
            c.wcFlags = WITH_IMM;
            c.immOrInvalidatedRkey = done.immediate();
        } else if (done.hasInvalidate()) {
            c.wcFlags = WITH_INV;
            c.immOrInvalidatedRkey = done.invalidatedKey();
        }
        qp.completeReceive(c);
    }

    @Override
    public boolean mayAccess(long address, int rKey, long length, RemoteAccess access) {
        boolean granted = resolve(address, rKey, length, flag(access));
        accessRefused |= !granted;
        return granted;
    }

    @Override
    public void write(long address, int rKey, ByteBuffer packet, int at, int length) {
        if (resolve(address, rKey, length, AccessFlag.REMOTE_WRITE)) {
            LocalAccess.copy(incoming.of(packet), at, remote, 0, length);
        }
    }

    @Override
    public void read(long address, int rKey, ByteBuffer packet, int at, int length) {
        if (resolve(address, rKey, length, AccessFlag.REMOTE_READ)) {
            LocalAccess.copy(remote, 0, outgoing.of(packet), at, length);
        }
    }

    /** An arena closed under the access (misuse) leaves the value unchanged and answers 0. */
    @Override
    public long atomic(long address, int rKey, boolean compareSwap, long swapOrAdd, long compare) {
        if (!resolve(address, rKey, Long.BYTES, AccessFlag.REMOTE_ATOMIC)) {
            return 0;
        }
        MemorySegment memory = remote.memory(0);
        long offset = remote.memoryAddress(0) - memory.address();
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            return compareSwap ? (long) ATOMIC_LONG.compareAndExchange(memory, offset, compare, swapOrAdd)
                    : (long) ATOMIC_LONG.getAndAdd(memory, offset, swapOrAdd);
        } catch (IllegalStateException arenaClosed) {
            DeviceMemory.stopped(interrupted);
            return 0;
        }
    }

    /** An arena closed under the store (misuse) leaves the memory unchanged. */
    @Override
    public void atomicWrite(long address, int rKey, long value) {
        if (!resolve(address, rKey, Long.BYTES, AccessFlag.REMOTE_WRITE)) {
            return;
        }
        MemorySegment memory = remote.memory(0);
        long offset = remote.memoryAddress(0) - memory.address();
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            BIG_ENDIAN_LONG.setRelease(memory, offset, value);
        } catch (IllegalStateException arenaClosed) {
            DeviceMemory.stopped(interrupted);
        }
    }

    /** The engine's FLUSH rule: the key grants the access; for a range, the range too. */
    @Override
    public boolean mayFlush(long address, int rKey, long length, boolean wholeRegion, RemoteAccess access) {
        AccessFlag flag = flag(access);
        boolean granted = org.verbs4j.provider.soft.engine.RemoteAccess.grants(keys, qp, rKey, flag)
                && (wholeRegion || resolve(address, rKey, length, flag));
        accessRefused |= !granted;
        return granted;
    }

    /** The soft device's memory is globally visible once placed: a fence orders the placements before. */
    @Override
    public void flush() {
        VarHandle.fullFence();
    }

    private boolean resolve(long address, int rKey, long length, AccessFlag access) {
        return org.verbs4j.provider.soft.engine.RemoteAccess.resolve(keys, qp, rKey, address, length, access, remote);
    }

    private static AccessFlag flag(RemoteAccess access) {
        return switch (access) {
            case WRITE -> AccessFlag.REMOTE_WRITE;
            case READ -> AccessFlag.REMOTE_READ;
            case ATOMIC -> AccessFlag.REMOTE_ATOMIC;
            case FLUSH_GLOBAL -> AccessFlag.FLUSH_GLOBAL;
            case FLUSH_PERSISTENT -> AccessFlag.FLUSH_PERSISTENT;
        };
    }
}
