package org.verbs4j.provider.soft;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.cm.CmEvent;
import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.CmId;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.UdParam;
import org.verbs4j.spi.jfr.VerbsEvents;

/** A communication event of the soft connection manager: values, and the acknowledgement its identifier counts. */
final class SoftCmEvent implements CmEvent {

    private final CmEventType type;
    private final int status;
    private final SoftCmId id;
    private final SoftCmId listenId;
    private final ConnParam conn;
    private final UdParam ud;
    private final Object multicastContext;
    private final AtomicBoolean acknowledged = new AtomicBoolean();

    private SoftCmEvent(CmEventType type, int status, SoftCmId id, SoftCmId listenId, ConnParam conn, UdParam ud,
                        Object multicastContext) {
        this.type = type;
        this.status = status;
        this.id = id;
        this.listenId = listenId;
        this.conn = conn;
        this.ud = ud;
        this.multicastContext = multicastContext;
    }

    /** An event without parameters. */
    static SoftCmEvent of(CmEventType type, int status, SoftCmId id) {
        return new SoftCmEvent(type, status, id, null, null, null, null);
    }

    /** An event of a connected port space, with its connection parameters. */
    static SoftCmEvent conn(CmEventType type, int status, SoftCmId id, ConnParam conn) {
        return new SoftCmEvent(type, status, id, null, conn, null, null);
    }

    /** An event of a datagram port space, with its datagram parameters. */
    static SoftCmEvent ud(CmEventType type, int status, SoftCmId id, UdParam ud) {
        return new SoftCmEvent(type, status, id, null, null, ud, null);
    }

    /** A connection request: the new identifier, its listener, and the request's parameters (one of them). */
    static SoftCmEvent request(SoftCmId id, SoftCmId listenId, ConnParam conn, UdParam ud) {
        return new SoftCmEvent(CmEventType.CONNECT_REQUEST, 0, id, listenId, conn, ud, null);
    }

    /** A multicast event, with the group's datagram parameters and the join's context. */
    static SoftCmEvent multicast(CmEventType type, int status, SoftCmId id, UdParam ud, Object context) {
        return new SoftCmEvent(type, status, id, null, null, ud, context);
    }

    @Override
    public CmEventType type() {
        return type;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public CmId id() {
        return id;
    }

    SoftCmId softId() {
        return id;
    }

    SoftCmId softListenId() {
        return listenId;
    }

    @Override
    public Optional<CmId> listenId() {
        return Optional.ofNullable(listenId);
    }

    @Override
    public Optional<ConnParam> connParam() {
        return Optional.ofNullable(conn);
    }

    @Override
    public Optional<UdParam> udParam() {
        return Optional.ofNullable(ud);
    }

    @Override
    public Object multicastContext() {
        return multicastContext;
    }

    @Override
    public void ack() {
        if (!acknowledged.compareAndSet(false, true)) {
            throw VerbsEvents.failed(new InvalidArgumentException("rdma_ack_cm_event",
                    type.cName() + " event is already acknowledged"));
        }
        id.events().acknowledge(1);
    }

    @Override
    public boolean isAcknowledged() {
        return acknowledged.get();
    }

    @Override
    public String toString() {
        return type.cName() + " status " + status + " on " + id;
    }
}
