package org.verbs4j;

/**
 * The type of an asynchronous event of a device.
 *
 * <p>{@link #element()} says which object the event is about, that is which member of the C event's
 * {@code element} union is valid.
 *
 * <p>Mirrors {@code enum ibv_event_type} of rdma-core's {@code <infiniband/verbs.h>}: each constant
 * carries the value ({@link #value()}) and the name ({@link #cName()}) of one C constant, and
 * {@link #fromValue(long)} maps a C value back to its constant without allocating.
 */
public enum AsyncEventType implements CConstant {

    /** A completion queue overran or failed and can no longer be used. */
    CQ_ERR(0, Element.CQ),

    /** A queue pair hit a fatal error and moved to the error state. */
    QP_FATAL(1, Element.QP),

    /** A queue pair received an invalid request and moved to the error state. */
    QP_REQ_ERR(2, Element.QP),

    /** A queue pair hit a local access violation and moved to the error state. */
    QP_ACCESS_ERR(3, Element.QP),

    /** The first packet arrived on a queue pair in the ready-to-receive state. */
    COMM_EST(4, Element.QP),

    /** The send queue of a queue pair in the send-queue-drained state is empty. */
    SQ_DRAINED(5, Element.QP),

    /** A queue pair migrated to its alternate path. */
    PATH_MIG(6, Element.QP),

    /** A queue pair failed to migrate to its alternate path. */
    PATH_MIG_ERR(7, Element.QP),

    /** The device hit a fatal error. */
    DEVICE_FATAL(8, Element.DEVICE),

    /** A port became active. */
    PORT_ACTIVE(9, Element.PORT),

    /** A port stopped being active. */
    PORT_ERR(10, Element.PORT),

    /** The LID of a port changed. */
    LID_CHANGE(11, Element.PORT),

    /** The P_Key table of a port changed. */
    PKEY_CHANGE(12, Element.PORT),

    /** The subnet manager of a port changed. */
    SM_CHANGE(13, Element.PORT),

    /** A shared receive queue failed. */
    SRQ_ERR(14, Element.SRQ),

    /** A shared receive queue fell below its armed limit. */
    SRQ_LIMIT_REACHED(15, Element.SRQ),

    /** A queue pair attached to a shared receive queue will take no more receives from it. */
    QP_LAST_WQE_REACHED(16, Element.QP),

    /** The subnet manager asks clients of a port to register again. */
    CLIENT_REREGISTER(17, Element.PORT),

    /** The GID table of a port changed. */
    GID_CHANGE(18, Element.PORT),

    /** A work queue hit a fatal error. */
    WQ_FATAL(19, Element.WQ);

    /** The object an event is about, that is the member of the C event's {@code element} union that is valid. */
    public enum Element {

        /** A completion queue ({@code element.cq}). */
        CQ,

        /** A queue pair ({@code element.qp}). */
        QP,

        /** A shared receive queue ({@code element.srq}). */
        SRQ,

        /** A work queue ({@code element.wq}). */
        WQ,

        /** A port ({@code element.port_num}). */
        PORT,

        /** The whole device; no member of the union is valid. */
        DEVICE
    }

    private static final ConstantTable<AsyncEventType> TABLE =
            ConstantTable.values(AsyncEventType.class, "enum ibv_event_type", "IBV_EVENT_");

    private final long value;
    private final Element element;

    AsyncEventType(long value, Element element) {
        this.value = value;
        this.element = element;
    }

    @Override
    public long value() {
        return value;
    }

    @Override
    public String cName() {
        return TABLE.cName(this);
    }

    /** @return the object this event is about: which member of the C event's {@code element} union is valid */
    public Element element() {
        return element;
    }

    /**
     * Returns the constant for a C value, without allocating.
     *
     * @param value a value of {@code enum ibv_event_type}
     * @return the constant whose {@link #value()} is {@code value}
     * @throws IllegalArgumentException if no constant has that value
     */
    public static AsyncEventType fromValue(long value) {
        return TABLE.of(value);
    }
}
