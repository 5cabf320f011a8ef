package org.verbs4j.cm;

import org.verbs4j.CConstant;

/**
 * The type of a communication event (C {@code enum rdma_cm_event_type} of {@code <rdma/rdma_cma.h>}).
 *
 * <p>Each constant carries the value ({@link #value()}) and the name ({@link #cName()}) of one C
 * constant. {@link #ADDRINFO_RESOLVED}, {@link #ADDRINFO_ERROR} and {@link #USER} exist since
 * rdma-core 61; {@code RDMA_CM_EVENT_INTERNAL} is private to librdmacm and never delivered, so it
 * has no constant.
 */
public enum CmEventType implements CConstant {

    /** Address resolution ({@link CmId#resolveAddress}) completed successfully. */
    ADDR_RESOLVED(0),
    /** Address resolution failed; the status is a negative errno. */
    ADDR_ERROR(1),
    /** Route resolution ({@link CmId#resolveRoute}) completed successfully. */
    ROUTE_RESOLVED(2),
    /** Route resolution failed; the status is a negative errno. */
    ROUTE_ERROR(3),
    /** On the passive side: a new connection request; the event's {@link CmEvent#id()} is a new identifier. */
    CONNECT_REQUEST(4),
    /** On the active side, for an identifier without a QP: the request was accepted; call {@link CmId#establish()}. */
    CONNECT_RESPONSE(5),
    /** An error occurred while establishing the connection, on either side. */
    CONNECT_ERROR(6),
    /** On the active side: the remote end did not respond, or (UD) refused the lookup; see {@link CmEvent#status()}. */
    UNREACHABLE(7),
    /** The request or response was rejected by the remote end; the status is the transport's reject reason. */
    REJECTED(8),
    /** The connection is established (UD: the remote QP's number and Q_Key are known). */
    ESTABLISHED(9),
    /** The connection was disconnected, by either side. */
    DISCONNECTED(10),
    /** The local device of the identifier was removed; the identifier must be destroyed. */
    DEVICE_REMOVAL(11),
    /** A multicast join ({@link CmId#joinMulticast}) completed successfully. */
    MULTICAST_JOIN(12),
    /** A multicast join failed, or a joined group became unusable. */
    MULTICAST_ERROR(13),
    /** The network device the identifier resolved through changed its hardware address. */
    ADDR_CHANGE(14),
    /** The QP of a disconnected connection left its timewait state and may be reused. */
    TIMEWAIT_EXIT(15),
    /** Address information resolution ({@code rdma_resolve_addrinfo}) completed; since rdma-core 61. */
    ADDRINFO_RESOLVED(16),
    /** Address information resolution failed; since rdma-core 61. */
    ADDRINFO_ERROR(17),
    /** A user-defined event written to the channel ({@code rdma_write_cm_event}); since rdma-core 61. */
    USER(18);

    private static final CmEventType[] BY_VALUE = values();

    private final long value;

    CmEventType(long value) {
        this.value = value;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return "RDMA_CM_EVENT_" + name();
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum rdma_cm_event_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static CmEventType fromValue(long value) {
        if (value < 0 || value >= BY_VALUE.length) {
            throw new IllegalArgumentException("No enum rdma_cm_event_type constant has the value " + value);
        }
        return BY_VALUE[(int) value];
    }

    /** @return the text {@code rdma_event_str} gives, for example {@code "RDMA_CM_EVENT_ESTABLISHED"} */
    @Override
    public String toString() {
        return cName();
    }
}
