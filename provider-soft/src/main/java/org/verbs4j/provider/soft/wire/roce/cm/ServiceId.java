package org.verbs4j.provider.soft.wire.roce.cm;

/**
 * rdma_cm's service IDs: the port space in bits 16 to 31 and the port in bits 0 to 15, as Linux's
 * {@code cma_get_service_id} forms them. A listener receives the REQs of its port space and port.
 */
public final class ServiceId {

    /** rdma_cm's port space of RC connections (RDMA_PS_TCP). */
    public static final int PORT_SPACE_TCP = 0x0106;

    /** rdma_cm's port space of UD (RDMA_PS_UDP). */
    public static final int PORT_SPACE_UDP = 0x0111;

    private ServiceId() {
    }

    /**
     * @param portSpace the port space
     * @param port the port, 0 to 65535
     * @return the service ID
     */
    public static long of(int portSpace, int port) {
        return ((long) portSpace << 16) | (port & 0xFFFF);
    }

    /** @return the port space of an rdma_cm service ID */
    public static int portSpace(long serviceId) {
        return (int) (serviceId >>> 16) & 0xFFFF;
    }

    /** @return the port of an rdma_cm service ID */
    public static int port(long serviceId) {
        return (int) serviceId & 0xFFFF;
    }
}
