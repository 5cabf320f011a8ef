package org.verbs4j.cm;

import java.util.Optional;

/**
 * A communication event (C {@code struct rdma_cm_event}), taken from an {@link EventChannel}.
 *
 * <p>Every event must be acknowledged exactly once with {@link #ack()} (C {@code rdma_ack_cm_event});
 * destroying an identifier waits until the events about it are acknowledged. The values of an event stay
 * readable after the acknowledgement: they are copies.
 */
public interface CmEvent {

    /** @return the event type (C {@code event}) */
    CmEventType type();

    /**
     * @return 0 on success; otherwise a negative errno or, for {@link CmEventType#REJECTED} and
     *     {@link CmEventType#UNREACHABLE}, the transport's reason ({@link CmStatus}) (C {@code status})
     */
    int status();

    /**
     * @return the identifier the event is about; for {@link CmEventType#CONNECT_REQUEST} a new identifier for
     *     the connection, bound to the device, which the application accepts or rejects and then closes (C
     *     {@code id})
     */
    CmId id();

    /**
     * @return for {@link CmEventType#CONNECT_REQUEST}, the listening identifier; otherwise empty (C
     *     {@code listen_id})
     */
    Optional<CmId> listenId();

    /**
     * @return the connection parameters of a {@link PortSpace#TCP} event that has them (CONNECT_REQUEST,
     *     CONNECT_RESPONSE, ESTABLISHED, REJECTED); otherwise empty (C {@code param.conn})
     */
    Optional<ConnParam> connParam();

    /**
     * @return the datagram parameters of a {@link PortSpace#UDP} event that has them (CONNECT_REQUEST,
     *     ESTABLISHED, UNREACHABLE, MULTICAST_JOIN); otherwise empty (C {@code param.ud})
     */
    Optional<UdParam> udParam();

    /**
     * @return the private data of the event, from {@link #connParam()} or {@link #udParam()}; empty if it has
     *     none
     */
    default byte[] privateData() {
        return connParam().map(ConnParam::privateData)
                .orElseGet(() -> udParam().map(UdParam::privateData).orElseGet(() -> new byte[0]));
    }

    /**
     * @return for {@link CmEventType#MULTICAST_JOIN} and {@link CmEventType#MULTICAST_ERROR}, the context given to
     *     {@link CmId#joinMulticast}; otherwise {@code null}
     */
    Object multicastContext();

    /**
     * Acknowledges the event (C {@code rdma_ack_cm_event}).
     *
     * @throws org.verbs4j.InvalidArgumentException if it was already acknowledged
     */
    void ack();

    /** @return whether {@link #ack()} was called */
    boolean isAcknowledged();
}
