package org.verbs4j.provider.generic;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.VerbsProvider;
import org.verbs4j.tck.KnownBug;
import org.verbs4j.tck.VerbsTck;

/**
 * The whole TCK against the generic provider. On a machine without an RDMA device the kit reports
 * "no device" once, with the provider's reason; in the rxe VM (vm/run-generic-tests.sh) it runs on rxe0,
 * where the known bugs of the kernel's rxe driver are named in the report (seen identically on Linux
 * 6.12 with rdma-core 56.1 and on Linux 7.2 with rdma-core 65).
 */
class GenericProviderTckTest extends VerbsTck {

    /** The known bugs of the Soft-RoCE (rxe) kernel driver that break rules of the kit. */
    static final List<KnownBug> RXE_BUGS = List.of(
            new KnownBug("ibv_req_notify_cq(3): solicited only: an error completion raises an event",
                    "rxe (Linux 6.12, 7.2): a flush completion does not trigger a solicited-only completion event"
                            + " (rxe posts send-queue completions as unsolicited, errors included)"),
            new KnownBug("reference D.9: a SEND from an unknown lkey completes with LOC_PROT_ERR",
                    "rxe (Linux 6.12, 7.2): a SEND gathering from an unknown lkey completes with WR_FLUSH_ERR,"
                            + " not LOC_PROT_ERR"),
            new KnownBug("reference D.9: a message larger than the receive: responder LOC_LEN_ERR or "
                    + "REM_INV_REQ_ERR, requester REM_INV_REQ_ERR",
                    "rxe (Linux 6.12, 7.2): the responder of an oversized message completes with LOC_QP_OP_ERR"));

    @Override
    protected VerbsProvider provider() {
        return new GenericProvider();
    }

    @Override
    protected List<KnownBug> knownBugs(Device device) {
        return device.name().startsWith("rxe") ? RXE_BUGS : List.of();
    }
}
