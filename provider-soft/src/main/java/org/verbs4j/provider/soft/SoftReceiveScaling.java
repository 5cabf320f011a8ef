package org.verbs4j.provider.soft;

import java.util.List;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.RwqIndirectionTable;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.WorkQueue;
import org.verbs4j.WqInitAttributes;
import org.verbs4j.provider.soft.engine.Failures;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * Receive-side scaling on the soft device, which has none: RSS spreads Ethernet packets over work queues,
 * and the soft device has no Ethernet ingress (it reports no {@code Capability.RX_HASH}). Work queues and
 * indirection tables are refused as unsupported, after the checks the api makes before any native call.
 */
final class SoftReceiveScaling {

    static final String CREATE_WQ = "ibv_create_wq";
    static final String CREATE_TABLE = "ibv_create_rwq_ind_table";
    private static final String NO_RSS =
            "the soft device has no Ethernet ingress, so no receive-side scaling (RX_HASH): no work queues";

    private SoftReceiveScaling() {
    }

    /** @throws UnsupportedVerbException always, for valid attributes */
    static WorkQueue createWorkQueue(WqInitAttributes attributes) {
        Failures.required(CREATE_WQ, attributes, "the attributes");
        throw VerbsEvents.failed(new UnsupportedVerbException(CREATE_WQ, NO_RSS));
    }

    /**
     * The api's size rule first ({@link RwqIndirectionTable#logSize}), then the refusal; the entries are not
     * looked at, since no work queue of this device can exist.
     *
     * @throws InvalidArgumentException if the list's size is not a power of two
     * @throws UnsupportedVerbException otherwise
     */
    static RwqIndirectionTable createIndirectionTable(List<WorkQueue> workQueues) {
        RwqIndirectionTable.logSize(Failures.required(CREATE_TABLE, workQueues, "the work queues"));
        throw VerbsEvents.failed(new UnsupportedVerbException(CREATE_TABLE, NO_RSS + " and no indirection tables"));
    }
}
