package org.verbs4j.provider.soft.wire.roce.rc;

import java.util.Set;
import org.verbs4j.provider.soft.wire.roce.RoceV2;
import org.verbs4j.provider.soft.wire.roce.Transport;

/**
 * The queue pair attributes a {@link Responder} works with (ibv_modify_qp(3) at INIT and RTR).
 *
 * @param transport RC, UC or XRC
 * @param destQp the remote queue pair number, to which acknowledgements and READ responses go
 * @param expectedPsn the first PSN expected (rq_psn)
 * @param pathMtu the path MTU in bytes
 * @param maxDestReadAtomic the responder resources (max_dest_rd_atomic): READs and atomics it remembers to answer
 *     their duplicates
 * @param minRnrTimer the RNR timer code its RNR NAKs carry (min_rnr_timer)
 * @param access the remote operations the queue pair allows (qp_access_flags)
 */
public record ResponderConfig(Transport transport, int destQp, int expectedPsn, int pathMtu, int maxDestReadAtomic,
        int minRnrTimer, Set<RemoteAccess> access) {

    /** Checks the attributes. */
    public ResponderConfig {
        Transports.requireConnected(transport);
        PathMtu.require(pathMtu);
        Checks.range("max_dest_rd_atomic", maxDestReadAtomic, 0, 255);
        Checks.range("min_rnr_timer", minRnrTimer, 0, 31);
        access = Set.copyOf(access);
    }

    /**
     * The attributes of rdma-core's {@code ibv_rc_pingpong}: max_dest_rd_atomic 1, min_rnr_timer 12, and every
     * remote access allowed.
     *
     * @param destQp the remote queue pair number
     * @param expectedPsn the first PSN expected
     * @param pathMtu the path MTU
     * @return the configuration of an RC responder
     */
    public static ResponderConfig rc(int destQp, int expectedPsn, int pathMtu) {
        return new ResponderConfig(Transport.RC, destQp, expectedPsn, pathMtu, 1, 12, Set.of(RemoteAccess.values()));
    }

    /** @return the partition key the responder sends */
    public int pKey() {
        return RoceV2.DEFAULT_PKEY;
    }
}
