package org.verbs4j.provider.soft;

import org.verbs4j.provider.soft.wire.SoftSettings;
import org.verbs4j.provider.soft.wire.roce.cm.CmTimeouts;

/**
 * The times the IB CM of a device on the network puts in its REQs and follows: rdma_cm's (response timeout 20,
 * about 4 s, packet life 16, 15 retries), so that an unanswered REQ ends UNREACHABLE after 16 × 4.608 s as on Linux.
 * Tests shorten them with {@value SoftConnectionManager#RESPONSE_TIMEOUT_PROPERTY} (rounded up to the IBTA
 * exponent: 64 ms gives 14) and {@value #MAX_RETRIES_PROPERTY} (0 to 15).
 */
final class CmWireTimeouts {

    /** The system property with the max CM retries of a REQ. */
    static final String MAX_RETRIES_PROPERTY = "verbs4j.soft.cm-max-retries";

    private static final int MAX_RETRIES_LIMIT = 15;

    private CmWireTimeouts() {
    }

    /** @return the times from the system properties, rdma_cm's by default */
    static CmTimeouts fromProperties() {
        CmTimeouts rdmaCm = CmTimeouts.RDMA_CM;
        int response = CmTimeouts.exponentOf(Math.max(1, SoftConnectionManager.responseTimeoutMillis()));
        int retries = (int) SoftSettings.number(MAX_RETRIES_PROPERTY, rdmaCm.maxCmRetries());
        return new CmTimeouts(response, rdmaCm.packetLifeTime(), Math.clamp(retries, 0, MAX_RETRIES_LIMIT));
    }
}
