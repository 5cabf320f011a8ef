package org.verbs4j.cm;

import org.verbs4j.CConstant;

/** A flag of {@code rdma_getaddrinfo}'s hints (C {@code RAI_*} of {@code <rdma/rdma_cma.h>}). */
public enum AddrInfoFlag implements CConstant {

    /** The result is for the passive side: the node is a local address to listen on. */
    PASSIVE(0x1),
    /** The node is a numeric address; no name lookup is done. */
    NUMERICHOST(0x2),
    /** No route is resolved. */
    NOROUTE(0x4),
    /** The hints' address family is to be honoured. */
    FAMILY(0x8);

    private final long value;

    AddrInfoFlag(long value) {
        this.value = value;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return "RAI_" + name();
    }
}
