package org.verbs4j.provider.soft.wire;

import java.nio.ByteOrder;
import org.verbs4j.FlushLevel;
import org.verbs4j.FlushType;
import org.verbs4j.SendFlag;
import org.verbs4j.provider.soft.engine.SendOperands;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.wire.roce.Feth;
import org.verbs4j.provider.soft.wire.roce.rc.SendWork;

/** Describes a send work request of the engine in a RoCE v2 requester's slot. */
public final class WireWork {

    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();
    private static final int FENCE = (int) SendFlag.FENCE.value();
    private static final long MAX_DMA_LENGTH = 1L << 31;

    private WireWork() {
    }

    /**
     * Fills {@code work} from {@code wqe}, whose message is {@code length} bytes.
     *
     * @param id what the requester knows the request by (its send queue position)
     * @return false if the RoCE v2 wire of the soft device does not carry the operation (a FLUSH of a range
     *     longer than 2^31 bytes)
     */
    static boolean describe(SendWork work, SendWqe wqe, long id, int length) {
        switch (wqe.opcode) {
            case SEND -> work.send(id, length);
            case SEND_WITH_IMM -> work.send(id, length).immediate(wqe.immData);
            case SEND_WITH_INV -> work.send(id, length).invalidate(wqe.invalidateRkey);
            case RDMA_WRITE -> work.write(id, length, wqe.remoteAddress, wqe.rkey);
            case RDMA_WRITE_WITH_IMM -> work.write(id, length, wqe.remoteAddress, wqe.rkey).immediate(wqe.immData);
            case RDMA_READ -> work.read(id, length, wqe.remoteAddress, wqe.rkey);
            case ATOMIC_CMP_AND_SWP -> work.compareSwap(id, wqe.remoteAddress, wqe.rkey, wqe.operands.compareAdd,
                    wqe.operands.swap);
            case ATOMIC_FETCH_AND_ADD -> work.fetchAdd(id, wqe.remoteAddress, wqe.rkey, wqe.operands.compareAdd);
            case ATOMIC_WRITE -> work.atomicWrite(id, wqe.remoteAddress, wqe.rkey, inMemoryOrder(wqe.operands.swap));
            case FLUSH -> {
                if (!flush(work, wqe, id)) {
                    return false;
                }
            }
            default -> {
                return false;
            }
        }
        if ((wqe.flags & SOLICITED) != 0) {
            work.solicited();
        }
        if ((wqe.flags & FENCE) != 0) {
            work.fence();
        }
        if (wqe.hasXrcSrqn) {
            work.xrcSrq(wqe.operands.remoteSrqn);
        }
        return true;
    }

    /** A FLUSH of a range longer than a RETH's 2^31 is not carried; a region's length is not looked at. */
    private static boolean flush(SendWork work, SendWqe wqe, long id) {
        SendOperands operands = wqe.operands;
        boolean region = operands.flushLevel == FlushLevel.MR;
        if (!region && operands.flushLength > MAX_DMA_LENGTH) {
            return false;
        }
        int type = operands.flushType == FlushType.GLOBAL ? Feth.GLOBAL : Feth.PERSISTENT;
        long length = region ? 0 : operands.flushLength;
        work.flush(id, wqe.remoteAddress, wqe.rkey, length, type, region ? Feth.REGION : Feth.RANGE);
        return true;
    }

    /** @return the value read big-endian from the 8 bytes that {@code nativeValue} has in memory */
    private static long inMemoryOrder(long nativeValue) {
        return ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? nativeValue : Long.reverseBytes(nativeValue);
    }
}
