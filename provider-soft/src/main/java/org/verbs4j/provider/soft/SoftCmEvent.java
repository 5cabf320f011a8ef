package org.verbs4j.provider.soft;

import org.verbs4j.cm.CmEventType;
import org.verbs4j.cm.ConnParam;
import org.verbs4j.cm.UdParam;
import org.verbs4j.spi.ProviderCmEvent;

/** A communication event of the soft connection manager: values, and the acknowledgement its identifier counts. */
final class SoftCmEvent extends ProviderCmEvent {

    private SoftCmEvent(CmEventType type, int status, SoftCmId id, SoftCmId listenId, ConnParam conn, UdParam ud,
                        Object multicastContext) {
        super(type, status, id, listenId, conn, ud, multicastContext);
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

    SoftCmId softId() {
        return (SoftCmId) id();
    }

    SoftCmId softListenId() {
        return (SoftCmId) listenId().orElse(null);
    }

    /** Gives the acknowledgement to the identifier's event count. */
    @Override
    protected void release() {
        softId().events().acknowledge(1);
    }
}
