package org.verbs4j.provider.soft;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.verbs4j.AccessFlag;
import org.verbs4j.AsyncEventType;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The responder side of a connected (RC, UC or XRC_RECV) queue pair: it checks and executes an incoming
 * request and answers as the wire would (ACK, RNR NAK or an error NAK). A reliable (RC or XRC) responder
 * that detects an error moves to the error state; a UC responder silently drops what it cannot take. Used
 * under the wire lock.
 */
final class Responder {

    static final int ACK = 0;
    static final int RNR = 1;
    static final int NAK_ACCESS = 2;
    static final int NAK_INVALID = 3;
    static final int NAK_OPERATION = 4;

    private static final int WITH_IMM = (int) WcFlag.WITH_IMM.value();
    private static final int WITH_INV = (int) WcFlag.WITH_INV.value();
    private static final VarHandle ATOMIC_LONG = ValueLayout.JAVA_LONG.varHandle();

    private final SoftFabric fabric;
    private final Sges remote = new Sges(1);
    /** The original value an atomic operation returns, and a one-entry list over it for the copy. */
    private final MemorySegment original8 = DeviceMemory.buffer(Long.BYTES);
    private final Sges originalView = new Sges(1);
    private final LocalAccess localAccess;

    Responder(SoftFabric fabric) {
        this.fabric = fabric;
        this.localAccess = new LocalAccess(fabric.keys());
        originalView.setResolved(original8, Long.BYTES);
    }

    int respond(SoftQueuePair requester, SoftQueuePair responder, SendWqe wqe, Sges source, long length) {
        return switch (wqe.opcode) {
            case SEND, SEND_WITH_IMM, SEND_WITH_INV -> receive(requester, responder, wqe, source, length);
            case RDMA_WRITE -> write(responder, wqe, source, length);
            case RDMA_WRITE_WITH_IMM -> writeWithImmediate(requester, responder, wqe, source, length);
            case RDMA_READ -> read(responder, wqe, length);
            case ATOMIC_CMP_AND_SWP, ATOMIC_FETCH_AND_ADD -> atomic(responder, wqe);
            case ATOMIC_WRITE -> atomicWrite(responder, wqe);
            case FLUSH -> flush(responder, wqe);
            default -> fail(responder, NAK_INVALID, AsyncEventType.QP_REQ_ERR);
        };
    }

    private int receive(SoftQueuePair requester, SoftQueuePair responder, SendWqe wqe, Sges source, long length) {
        if (responder.matchesTags()) {
            return responder.softSrq().tagMatcher().receive(requester, responder, wqe, source, length);
        }
        ReceiveQueue queue = responder.receiveQueue();
        if (queue.isEmpty()) {
            return responder.reliable() ? RNR : ACK;
        }
        Sges target = queue.headSges();
        WcStatus status = receiveStatus(responder, wqe, target, length);
        if (status != WcStatus.SUCCESS) {
            return refuseReceive(responder, status);
        }
        LocalAccess.copy(source, 0, target, 0, length);
        completeReceive(requester, responder, wqe, length);
        return ACK;
    }

    /** @return whether the receive request at the head of the queue can take the message, as a status */
    private WcStatus receiveStatus(SoftQueuePair responder, SendWqe wqe, Sges target, long length) {
        WcStatus status = localAccess.check(target, responder.softPd(), true);
        if (status == WcStatus.SUCCESS && length > target.totalLength()) {
            return WcStatus.LOC_LEN_ERR;
        }
        if (status == WcStatus.SUCCESS && wqe.opcode == SendOpcode.SEND_WITH_INV
                && !invalidate(responder.softPd(), wqe.invalidateRkey)) {
            return WcStatus.LOC_PROT_ERR;
        }
        return status;
    }

    /** The receive request cannot take the message: a reliable responder completes it in error and fails. */
    private int refuseReceive(SoftQueuePair responder, WcStatus status) {
        if (!responder.reliable()) {
            return ACK;
        }
        long wrId = responder.takeReceive();
        responder.completeReceive(responder.startReceive(wrId, status, WcOpcode.RECV));
        return fail(responder, status == WcStatus.LOC_LEN_ERR ? NAK_INVALID : NAK_OPERATION,
                AsyncEventType.QP_REQ_ERR);
    }

    /** Consumes the receive request the message landed in and completes it. */
    private static void completeReceive(SoftQueuePair requester, SoftQueuePair responder, SendWqe wqe, long length) {
        long wrId = responder.takeReceive();
        Completion c = responder.startReceive(wrId, WcStatus.SUCCESS, WcOpcode.RECV)
                .fromSender(length, requester.qpNum(), requester.serviceLevel(), wqe.flags);
        if (wqe.opcode == SendOpcode.SEND_WITH_IMM) {
            c.wcFlags = WITH_IMM;
            c.immOrInvalidatedRkey = wqe.immData;
        } else if (wqe.opcode == SendOpcode.SEND_WITH_INV) {
            c.wcFlags = WITH_INV;
            c.immOrInvalidatedRkey = wqe.invalidateRkey;
        }
        responder.completeReceive(c);
    }

    private int write(SoftQueuePair responder, SendWqe wqe, Sges source, long length) {
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, length,
                AccessFlag.REMOTE_WRITE, remote)) {
            return fail(responder, NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        LocalAccess.copy(source, 0, remote, 0, length);
        return ACK;
    }

    private int writeWithImmediate(SoftQueuePair requester, SoftQueuePair responder, SendWqe wqe, Sges source,
                                   long length) {
        boolean unsolicited = responder.unsolicitedWriteRecv();
        ReceiveQueue queue = responder.receiveQueue();
        if (!unsolicited && queue.isEmpty()) {
            return responder.reliable() ? RNR : ACK;
        }
        int answer = write(responder, wqe, source, length);
        if (answer != ACK || !responder.canReceive()) {
            return answer;
        }
        long wrId = unsolicited ? 0 : responder.takeReceive();
        Completion c = responder.startReceive(wrId, WcStatus.SUCCESS, WcOpcode.RECV_RDMA_WITH_IMM)
                .fromSender(length, requester.qpNum(), requester.serviceLevel(), wqe.flags);
        c.wcFlags = WITH_IMM;
        c.immOrInvalidatedRkey = wqe.immData;
        c.unsolicited = unsolicited;
        responder.completeReceive(c);
        return ACK;
    }

    private int read(SoftQueuePair responder, SendWqe wqe, long length) {
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, length,
                AccessFlag.REMOTE_READ, remote)) {
            return fail(responder, NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        LocalAccess.copy(remote, 0, wqe.sges, 0, length);
        return ACK;
    }

    /** ATOMIC_CMP_AND_SWP and ATOMIC_FETCH_AND_ADD: the original value goes back into the requester's SGE. */
    private int atomic(SoftQueuePair responder, SendWqe wqe) {
        int answer = atomicAccess(responder, wqe, AccessFlag.REMOTE_ATOMIC);
        if (answer == ACK) {
            LocalAccess.copy(originalView, 0, wqe.sges, 0, Long.BYTES);
        }
        return answer;
    }

    /** ATOMIC_WRITE: one 8-byte atomic store; the responder grants it as an RDMA write (as rxe does). */
    private int atomicWrite(SoftQueuePair responder, SendWqe wqe) {
        return atomicAccess(responder, wqe, AccessFlag.REMOTE_WRITE);
    }

    /**
     * The 8-byte atomic access of {@code wqe} at an aligned remote address that {@code access} grants; the
     * original value goes to {@link #original8}. One access: an arena closed after the check fails it as though
     * the close came before.
     */
    private int atomicAccess(SoftQueuePair responder, SendWqe wqe, AccessFlag access) {
        if ((wqe.remoteAddress & (Long.BYTES - 1)) != 0) {
            return fail(responder, NAK_INVALID, AsyncEventType.QP_REQ_ERR);
        }
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, Long.BYTES, access,
                remote)) {
            return fail(responder, NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        MemorySegment memory = remote.memory(0);
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            original8.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, apply(wqe, memory, wqe.remoteAddress - memory.address()));
        } catch (IllegalStateException arenaClosed) {
            DeviceMemory.stopped(interrupted);
            return fail(responder, NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        return ACK;
    }

    /** @return the value at {@code offset} of {@code memory} before the atomic operation of {@code wqe} */
    private static long apply(SendWqe wqe, MemorySegment memory, long offset) {
        return switch (wqe.opcode) {
            case ATOMIC_CMP_AND_SWP -> (long) ATOMIC_LONG.compareAndExchange(memory, offset, wqe.compareAdd, wqe.swap);
            case ATOMIC_FETCH_AND_ADD -> (long) ATOMIC_LONG.getAndAdd(memory, offset, wqe.compareAdd);
            default -> (long) ATOMIC_LONG.getAndSet(memory, offset, wqe.swap); // ATOMIC_WRITE
        };
    }

    /**
     * FLUSH: the key (and, for {@link FlushLevel#RANGE}, the range) must grant the placement type's access
     * flag; the soft device's memory is then already globally visible, so only a fence remains.
     */
    private int flush(SoftQueuePair responder, SendWqe wqe) {
        AccessFlag access = wqe.flushType == FlushType.GLOBAL ? AccessFlag.FLUSH_GLOBAL : AccessFlag.FLUSH_PERSISTENT;
        boolean granted = RemoteAccess.grants(fabric.keys(), responder, wqe.rkey, access)
                && (wqe.flushLevel == FlushLevel.MR || RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey,
                        wqe.remoteAddress, wqe.flushLength, access, remote));
        if (!granted) {
            return fail(responder, NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        VarHandle.fullFence();
        return ACK;
    }

    /** Invalidates the type 2 window {@code rkey} of domain {@code pd}; @return whether it was valid */
    boolean invalidate(SoftProtectionDomain pd, int rkey) {
        Object owner = fabric.keys().get(MemoryKeys.index(rkey));
        return owner instanceof SoftMemoryWindow window && window.rkey() == rkey && window.invalidate(pd);
    }

    /** A reliable responder that detects an error moves to the error state; a UC one drops the message. */
    private static int fail(SoftQueuePair responder, int answer, AsyncEventType event) {
        if (!responder.reliable()) {
            return ACK;
        }
        responder.enterError(event);
        return answer;
    }
}
