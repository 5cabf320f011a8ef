package org.verbs4j.provider.soft.engine;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import org.verbs4j.AccessFlag;
import org.verbs4j.AsyncEventType;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.QpType;
import org.verbs4j.WcFlag;
import org.verbs4j.WcOpcode;
import org.verbs4j.WcStatus;

/**
 * The responder side of a connected (RC, UC or XRC_RECV) queue pair: it checks and executes an incoming
 * request and answers as the wire would (ACK, RNR NAK or an error NAK). A reliable (RC or XRC) responder
 * that detects an error moves to the error state; a UC responder silently drops what it cannot take. Used
 * under the fabric lock.
 */
public final class Responder {

    private static final int WITH_IMM = (int) WcFlag.WITH_IMM.value();
    private static final int WITH_INV = (int) WcFlag.WITH_INV.value();
    private static final VarHandle ATOMIC_LONG = ValueLayout.JAVA_LONG.varHandle();

    private final FabricView fabric;
    private final Sges remote = new Sges(1);
    private final LocalAccess localAccess;

    public Responder(FabricView fabric) {
        this.fabric = fabric;
        this.localAccess = new LocalAccess(fabric.keys());
    }

    /**
     * Executes the request {@code wqe} of {@code requester} at {@code responder} and answers it.
     *
     * @param response where an RDMA READ response or an atomic acknowledgement goes, for the requester to place
     * @return a {@link Response} code
     */
    public int respond(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source, long length,
                Response response) {
        int answer = execute(requester, responder, wqe, source, length, response);
        if (answer == Response.RNR) {
            response.receiverNotReady(responder.minRnrTimer(), responder.rnrWaiters());
        }
        return answer;
    }

    private int execute(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source, long length,
                        Response response) {
        return switch (wqe.opcode) {
            case SEND, SEND_WITH_IMM, SEND_WITH_INV -> receive(requester, responder, wqe, source, length);
            case RDMA_WRITE -> write(responder, wqe, source, length);
            case RDMA_WRITE_WITH_IMM -> writeWithImmediate(requester, responder, wqe, source, length);
            case RDMA_READ -> read(responder, wqe, length, response);
            case ATOMIC_CMP_AND_SWP, ATOMIC_FETCH_AND_ADD, ATOMIC_WRITE -> atomic(responder, wqe, response);
            case FLUSH -> flush(responder, wqe);
            default -> fail(responder, Response.NAK_INVALID, AsyncEventType.QP_REQ_ERR);
        };
    }

    private int receive(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source, long length) {
        if (responder.matchesTags()) {
            return responder.softSrq().tagMatcher().receive(requester, responder, wqe, source, length);
        }
        ReceiveQueue queue = responder.receiveQueue();
        if (queue.isEmpty()) {
            return responder.reliable() ? Response.RNR : Response.ACK;
        }
        Sges target = queue.headSges();
        WcStatus status = receiveStatus(responder, wqe, target, length);
        if (status != WcStatus.SUCCESS) {
            return refuseReceive(responder, status);
        }
        LocalAccess.copy(source, 0, target, 0, length);
        completeReceive(requester, responder, wqe, length);
        return Response.ACK;
    }

    /** @return whether the receive request at the head of the queue can take the message, as a status */
    private WcStatus receiveStatus(QueuePairView responder, SendWqe wqe, Sges target, long length) {
        WcStatus status = localAccess.check(target, responder.softPd(), true);
        if (status == WcStatus.SUCCESS && length > target.totalLength()) {
            return WcStatus.LOC_LEN_ERR;
        }
        if (status == WcStatus.SUCCESS && wqe.opcode == SendOpcode.SEND_WITH_INV
                && !invalidate(fabric.keys(), responder.softPd(), wqe.invalidateRkey)) {
            return WcStatus.LOC_PROT_ERR;
        }
        return status;
    }

    /** The receive request cannot take the message: a reliable responder completes it in error and fails. */
    private int refuseReceive(QueuePairView responder, WcStatus status) {
        if (!responder.reliable()) {
            return Response.ACK;
        }
        long wrId = responder.takeReceive();
        responder.completeReceive(responder.startReceive(wrId, status, WcOpcode.RECV));
        return fail(responder, status == WcStatus.LOC_LEN_ERR ? Response.NAK_INVALID : Response.NAK_OPERATION,
                AsyncEventType.QP_REQ_ERR);
    }

    /** Consumes the receive request the message landed in and completes it. */
    private static void completeReceive(QueuePairView requester, QueuePairView responder, SendWqe wqe, long length) {
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

    private int write(QueuePairView responder, SendWqe wqe, Sges source, long length) {
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, length,
                AccessFlag.REMOTE_WRITE, remote)) {
            return fail(responder, Response.NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        LocalAccess.copy(source, 0, remote, 0, length);
        return Response.ACK;
    }

    private int writeWithImmediate(QueuePairView requester, QueuePairView responder, SendWqe wqe, Sges source,
                                   long length) {
        boolean unsolicited = responder.unsolicitedWriteRecv();
        ReceiveQueue queue = responder.receiveQueue();
        if (!unsolicited && queue.isEmpty()) {
            return responder.reliable() ? Response.RNR : Response.ACK;
        }
        int answer = write(responder, wqe, source, length);
        if (answer != Response.ACK || !responder.canReceive()) {
            return answer;
        }
        long wrId = unsolicited ? 0 : responder.takeReceive();
        Completion c = responder.startReceive(wrId, WcStatus.SUCCESS, WcOpcode.RECV_RDMA_WITH_IMM)
                .fromSender(length, requester.qpNum(), requester.serviceLevel(), wqe.flags);
        c.wcFlags = WITH_IMM;
        c.immOrInvalidatedRkey = wqe.immData;
        c.unsolicited = unsolicited;
        responder.completeReceive(c);
        return Response.ACK;
    }

    /** RDMA READ: the response is the checked range of the responder's memory, which the requester copies. */
    private int read(QueuePairView responder, SendWqe wqe, long length, Response response) {
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, length,
                AccessFlag.REMOTE_READ, response.readData())) {
            return fail(responder, Response.NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        return Response.ACK;
    }

    /**
     * The 8-byte atomic access of {@code wqe} at an aligned remote address; the acknowledgement carries the
     * original value. ATOMIC_WRITE (one atomic store) is granted as an RDMA write, as rxe does; the requester
     * places no value for it. One access: an arena closed after the check fails it as though the close came
     * before.
     */
    private int atomic(QueuePairView responder, SendWqe wqe, Response response) {
        if ((wqe.remoteAddress & (Long.BYTES - 1)) != 0) {
            return fail(responder, Response.NAK_INVALID, AsyncEventType.QP_REQ_ERR);
        }
        AccessFlag access = wqe.opcode == SendOpcode.ATOMIC_WRITE ? AccessFlag.REMOTE_WRITE
                : AccessFlag.REMOTE_ATOMIC;
        if (!RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey, wqe.remoteAddress, Long.BYTES, access,
                remote) || !applied(wqe, response)) {
            return fail(responder, Response.NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        return Response.ACK;
    }

    /**
     * Applies the atomic operation of {@code wqe} to the checked remote word and puts the original value in
     * {@code response}.
     *
     * @return whether it was applied: {@code false} if the word's arena closed meanwhile
     */
    private boolean applied(SendWqe wqe, Response response) {
        MemorySegment memory = remote.memory(0);
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            response.original(apply(wqe, memory, wqe.remoteAddress - memory.address()));
            return true;
        } catch (IllegalStateException arenaClosed) {
            DeviceMemory.stopped(interrupted);
            return false;
        }
    }

    /** @return the value at {@code offset} of {@code memory} before the atomic operation of {@code wqe} */
    private static long apply(SendWqe wqe, MemorySegment memory, long offset) {
        SendOperands operands = wqe.operands;
        return switch (wqe.opcode) {
            case ATOMIC_CMP_AND_SWP -> (long) ATOMIC_LONG.compareAndExchange(memory, offset, operands.compareAdd,
                    operands.swap);
            case ATOMIC_FETCH_AND_ADD -> (long) ATOMIC_LONG.getAndAdd(memory, offset, operands.compareAdd);
            default -> (long) ATOMIC_LONG.getAndSet(memory, offset, operands.swap); // ATOMIC_WRITE
        };
    }

    /**
     * The answer to an RDMA READ that a device issues itself (a tag-matching rendezvous): the range is checked
     * as for an RDMA READ and resolved into {@code response}; a refusal leaves {@code responder} as it is.
     *
     * @return whether the read is granted
     */
    public boolean readResponse(QueuePairView responder, int rkey, long address, long length, Response response) {
        return RemoteAccess.resolve(fabric.keys(), responder, rkey, address, length, AccessFlag.REMOTE_READ,
                response.readData());
    }

    /**
     * Receives a SEND that the device of {@code sender} issues itself (the FIN of a rendezvous) at the RC
     * queue pair {@code receiver}: it lands in a receive request if there is one (none: it is lost), and a
     * request that cannot take it completes in error and moves {@code receiver} to the error state.
     */
    public void receiveDeviceSend(QueuePairView sender, QueuePairView receiver, Sges message, long length) {
        if (receiver.receiveQueue().isEmpty() || receiver.type() != QpType.RC || !receiver.canReceive()) {
            return;
        }
        Sges target = receiver.receiveQueue().headSges();
        WcStatus status = localAccess.check(target, receiver.softPd(), true);
        if (status == WcStatus.SUCCESS && target.totalLength() < length) {
            status = WcStatus.LOC_LEN_ERR;
        }
        if (status == WcStatus.SUCCESS) {
            LocalAccess.copy(message, 0, target, 0, length);
        }
        Completion c = receiver.startReceive(receiver.takeReceive(), status, WcOpcode.RECV);
        c.byteLen = (int) length;
        c.srcQp = sender.qpNum();
        receiver.completeReceive(c);
        if (status != WcStatus.SUCCESS) {
            receiver.enterError(AsyncEventType.QP_REQ_ERR);
        }
    }

    /**
     * FLUSH: the key (and, for {@link FlushLevel#RANGE}, the range) must grant the placement type's access
     * flag; the soft device's memory is then already globally visible, so only a fence remains.
     */
    private int flush(QueuePairView responder, SendWqe wqe) {
        SendOperands flush = wqe.operands;
        AccessFlag access = flush.flushType == FlushType.GLOBAL ? AccessFlag.FLUSH_GLOBAL : AccessFlag.FLUSH_PERSISTENT;
        boolean granted = RemoteAccess.grants(fabric.keys(), responder, wqe.rkey, access)
                && (flush.flushLevel == FlushLevel.MR || RemoteAccess.resolve(fabric.keys(), responder, wqe.rkey,
                        wqe.remoteAddress, flush.flushLength, access, remote));
        if (!granted) {
            return fail(responder, Response.NAK_ACCESS, AsyncEventType.QP_ACCESS_ERR);
        }
        VarHandle.fullFence();
        return Response.ACK;
    }

    /**
     * Invalidates the type 2 window {@code rkey} of domain {@code pd}, for SEND_WITH_INV at a responder and
     * LOCAL_INV at a requester.
     *
     * @param keys the fabric's key table
     * @return whether it was valid
     */
    public static boolean invalidate(ObjectTable<Object> keys, ProtectionDomainView pd, int rkey) {
        Object owner = keys.get(MemoryKeys.index(rkey));
        return owner instanceof MemoryWindowView window && window.rkey() == rkey && window.invalidate(pd);
    }

    /** A reliable responder that detects an error moves to the error state; a UC one drops the message. */
    private static int fail(QueuePairView responder, int answer, AsyncEventType event) {
        if (!responder.reliable()) {
            return Response.ACK;
        }
        responder.enterError(event);
        return answer;
    }
}
