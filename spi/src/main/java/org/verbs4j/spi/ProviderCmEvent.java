package org.verbs4j.spi;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.UdParam;
import org.verbs4j.spi.jfr.VerbsEvents;

/**
 * What every provider's communication event holds: the values of {@code struct rdma_cm_event}, read once,
 * and the rule that {@code rdma_ack_cm_event} acknowledges it once. A provider says what acknowledging
 * releases ({@link #release()}).
 */
public abstract class ProviderCmEvent implements CmEvent {

    private final CmEventType type;
    private final int status;
    private final CmId id;
    private final CmId listenId;
    private final ConnParam conn;
    private final UdParam ud;
    private final Object multicastContext;
    private final AtomicBoolean acknowledged = new AtomicBoolean();

    /**
     * @param type the event type
     * @param status the event's status (0, or a negative errno or a reject reason)
     * @param id the identifier the event is about
     * @param listenId the listener of a CONNECT_REQUEST, otherwise {@code null}
     * @param conn the connection parameters of a connected port space, or {@code null}
     * @param ud the datagram parameters of a datagram port space, or {@code null}
     * @param multicastContext the context of a multicast join, or {@code null}
     */
    protected ProviderCmEvent(CmEventType type, int status, CmId id, CmId listenId, ConnParam conn, UdParam ud,
            Object multicastContext) {
        this.type = type;
        this.status = status;
        this.id = id;
        this.listenId = listenId;
        this.conn = conn;
        this.ud = ud;
        this.multicastContext = multicastContext;
    }

    @Override
    public final CmEventType type() {
        return type;
    }

    @Override
    public final int status() {
        return status;
    }

    @Override
    public final CmId id() {
        return id;
    }

    @Override
    public final Optional<CmId> listenId() {
        return Optional.ofNullable(listenId);
    }

    @Override
    public final Optional<ConnParam> connParam() {
        return Optional.ofNullable(conn);
    }

    @Override
    public final Optional<UdParam> udParam() {
        return Optional.ofNullable(ud);
    }

    @Override
    public final Object multicastContext() {
        return multicastContext;
    }

    /**
     * Acknowledges the event once, then {@link #release()}s it.
     *
     * @throws InvalidArgumentException if it was already acknowledged
     */
    @Override
    public final void ack() {
        if (!acknowledged.compareAndSet(false, true)) {
            throw VerbsEvents.failed(new InvalidArgumentException("rdma_ack_cm_event",
                    type.cName() + " event is already acknowledged"));
        }
        release();
    }

    @Override
    public final boolean isAcknowledged() {
        return acknowledged.get();
    }

    /** Gives back what the event held until its acknowledgement, as {@code rdma_ack_cm_event} does. */
    protected abstract void release();

    @Override
    public String toString() {
        return type.cName() + (status == 0 ? "" : " status " + status) + " on " + id;
    }
}
