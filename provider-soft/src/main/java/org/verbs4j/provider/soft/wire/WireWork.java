package org.verbs4j.provider.soft.wire;

import org.verbs4j.SendFlag;
import org.verbs4j.provider.soft.engine.SendWqe;
import org.verbs4j.provider.soft.wire.roce.rc.SendWork;

/** Describes a send work request of the engine in a RoCE v2 requester's slot. */
public final class WireWork {

    private static final int SOLICITED = (int) SendFlag.SOLICITED.value();
    private static final int FENCE = (int) SendFlag.FENCE.value();

    private WireWork() {
    }

    /**
     * Fills {@code work} from {@code wqe}, whose message is {@code length} bytes.
     *
     * @param id what the requester knows the request by (its send queue position)
     * @return false if the RoCE v2 wire of the soft device does not carry the operation (ATOMIC_WRITE, FLUSH)
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
}
