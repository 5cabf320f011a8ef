package org.verbs4j.provider.generic;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.KnownDeviceBug;

/**
 * The known bugs of the Soft-RoCE kernel driver (rxe) that break rules of the conformance kit, seen
 * identically on Linux 6.12 with rdma-core 56.1 and, where the reason says so, on Linux 7.2 with rdma-core 65.
 * A device is rxe's when its name starts with "rxe", the name libibverbs' rxe provider matches.
 */
final class RxeKnownBugs {

    private static final List<KnownDeviceBug> BUGS = List.of(
            new KnownDeviceBug("ibv_req_notify_cq(3): solicited only: an error completion raises an event",
                    "rxe (Linux 6.12, 7.2): a flush completion does not trigger a solicited-only completion event"
                            + " (rxe posts send-queue completions as unsolicited, errors included)"),
            new KnownDeviceBug("reference D.9: a SEND from an unknown lkey completes with LOC_PROT_ERR",
                    "rxe (Linux 6.12, 7.2): a SEND gathering from an unknown lkey completes with WR_FLUSH_ERR,"
                            + " not LOC_PROT_ERR"),
            new KnownDeviceBug("reference D.9: a message larger than the receive: responder LOC_LEN_ERR or "
                    + "REM_INV_REQ_ERR, requester REM_INV_REQ_ERR",
                    "rxe (Linux 6.12, 7.2): the responder of an oversized message completes with LOC_QP_OP_ERR"),
            new KnownDeviceBug("reference D.8: a receive posted after the QP entered ERR by itself "
                    + "(RNR_RETRY_EXC_ERR) completes with WR_FLUSH_ERR",
                    "rxe (Linux 6.12, rdma-core 56.1): after a QP enters ERR by itself (RNR_RETRY_EXC_ERR), a receive"
                            + " posted later is not flushed until an explicit ibv_modify_qp to ERR (rdma-core's own C"
                            + " calls show the same)"),
            new KnownDeviceBug("reference D.9: on an RC QP connected to itself, RDMA_WRITE to a region without "
                    + "REMOTE_WRITE completes once, with REM_ACCESS_ERR; the next request and the posted receive are "
                    + "flushed",
                    "rxe (Linux 6.12, rdma-core 56.1): on a QP connected to itself the violating RDMA_WRITE completes"
                            + " with WR_FLUSH_ERR, not REM_ACCESS_ERR (its own responder's error flushes it)"));

    private RxeKnownBugs() {
    }

    /**
     * @param device a device of the generic provider
     * @return rxe's known bugs if it is an rxe device, otherwise none
     */
    static List<KnownDeviceBug> of(Device device) {
        return device.name().startsWith("rxe") ? BUGS : List.of();
    }
}
