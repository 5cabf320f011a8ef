package org.verbs4j.provider.soft.wire.roce.cm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CM of one port: hands each received CM MAD to its {@link CmConnection} (by the receiver's communication ID,
 * or for a REQ by the sender's ID and GID), makes a passive connection for a REQ to a listened service ID and
 * rejects a REQ to any other with {@link RejectReason#INVALID_SERVICE_ID}, and forgets closed connections.
 * Single-threaded, like its connections; it reads no clock.
 */
public final class CmPort {

    private final byte[] localGid;
    private final long caGuid;
    private final CmTimeouts timeouts;
    private final MadSink sink;
    private final Map<Integer, CmConnection> connections = new HashMap<>();
    private final Map<Long, CmListener> listeners = new HashMap<>();
    private final List<CmConnection> due = new ArrayList<>();
    private int nextCommId;

    /**
     * @param localGid this port's GID
     * @param caGuid this side's CA GUID
     * @param timeouts the times of every connection
     * @param sink sends the MADs
     * @param firstCommId the first communication ID to give (a random one, so that a restarted port's IDs differ)
     */
    public CmPort(byte[] localGid, long caGuid, CmTimeouts timeouts, MadSink sink, int firstCommId) {
        this.localGid = localGid.clone();
        this.caGuid = caGuid;
        this.timeouts = timeouts;
        this.sink = sink;
        this.nextCommId = firstCommId;
    }

    /**
     * Makes an idle connection to a peer; {@link CmConnection#connect} starts it.
     *
     * @param remoteGid the peer port's GID
     * @param listener hears its events
     * @return the connection
     */
    public CmConnection connection(byte[] remoteGid, CmListener listener) {
        CmConnection connection = new CmConnection(newCommId(), localGid, remoteGid, caGuid, timeouts, sink,
                listener);
        connections.put(connection.localCommId(), connection);
        return connection;
    }

    /**
     * Receives the REQs of a service ID from now on.
     *
     * @param serviceId the service ID (rdma_cm: {@link ServiceId#of})
     * @param listener hears {@link CmEvent#CONNECT_REQUEST} and the events of the connections it accepts
     * @throws IllegalStateException if the service ID has a listener already
     */
    public void listen(long serviceId, CmListener listener) {
        if (listeners.putIfAbsent(serviceId, listener) != null) {
            throw new IllegalStateException("listen: service ID 0x" + Long.toHexString(serviceId) + " is in use");
        }
    }

    /**
     * Takes a MAD that arrived at the GSI; MADs that are no CM Send, or name no connection, are dropped.
     *
     * @param b the packet
     * @param at the index of the MAD
     * @param senderGid the GID the packet came from
     * @param now the time
     */
    public void onMad(ByteBuffer b, int at, byte[] senderGid, long now) {
        if (!Mad.isCmSend(b, at)) {
            return;
        }
        int attribute = Mad.attributeId(b, at);
        CmConnection connection = attribute == CmAttribute.REQ.id() || attribute == CmAttribute.SIDR_REQ.id()
                ? requested(b, at, senderGid)
                : attribute == CmAttribute.SIDR_REP.id() ? connections.get(CmSidrRep.requestId(b, at))
                : attribute == CmAttribute.REJ.id() ? rejected(b, at)
                : connections.get(CmMessage.remoteCommId(b, at));
        if (connection != null) {
            connection.onMad(b, at, now);
            forgetIfClosed(connection);
        }
    }

    /**
     * Runs the timers that are due.
     *
     * @param now the time
     */
    public void onTimer(long now) {
        due.clear();
        for (CmConnection connection : connections.values()) {
            if (now - connection.deadline() >= 0) {
                due.add(connection);
            }
        }
        for (CmConnection connection : due) {
            connection.onTimer(now);
            forgetIfClosed(connection);
        }
    }

    /** @return the earliest deadline of the connections, {@link Long#MAX_VALUE} if none */
    public long deadline() {
        long earliest = Long.MAX_VALUE;
        for (CmConnection connection : connections.values()) {
            earliest = Math.min(earliest, connection.deadline());
        }
        return earliest;
    }

    /** @return how many connections the port holds (closed ones are forgotten) */
    public int connectionCount() {
        return connections.size();
    }

    private CmConnection requested(ByteBuffer b, int at, byte[] senderGid) {
        int theirs = CmReq.localCommId(b, at); // a SIDR_REQ's request ID and service ID are where a REQ has its
        for (CmConnection connection : connections.values()) {
            if (connection.remoteCommId() == theirs && theirs != 0
                    && Arrays.equals(connection.remoteGid(), senderGid)) {
                return connection;
            }
        }
        CmListener listener = listeners.get(CmReq.serviceId(b, at));
        if (listener == null) {
            rejectUnknownService(b, at, senderGid);
            return null;
        }
        return connection(senderGid, listener);
    }

    /**
     * A REJ names its connection by the receiver's communication ID, but one with reason TIMEOUT from a side that
     * gave up before it knew this side's ID by the sender's ID and the CA GUID in its ARI
     * ({@code cm_acquire_rejected_id}).
     */
    private CmConnection rejected(ByteBuffer b, int at) {
        if (CmRej.reason(b, at) != RejectReason.TIMEOUT.code() || CmRej.rejectedInfoLength(b, at) < Long.BYTES) {
            return connections.get(CmMessage.remoteCommId(b, at));
        }
        int theirs = CmMessage.localCommId(b, at);
        long guid = b.getLong(CmRej.ari(at));
        for (CmConnection connection : connections.values()) {
            if (connection.remoteCommId() == theirs && connection.remoteCaGuid() == guid) {
                return connection;
            }
        }
        return null;
    }

    /**
     * Forgets a connection the consumer closed ({@link CmConnection#reject}, {@link CmConnection#drop},
     * {@link CmConnection#destroy}); the port forgets by itself those its MADs and timers close.
     *
     * @param connection a connection of this port
     */
    public void forgetIfClosed(CmConnection connection) {
        if (connection.state() == CmState.CLOSED) {
            connections.remove(connection.localCommId(), connection);
        }
    }

    /** A REQ to no listener: REJ, invalid service ID; a SIDR_REQ: SIDR_REP, unsupported ({@code cm_sidr_req_handler}). */
    private void rejectUnknownService(ByteBuffer b, int at, byte[] senderGid) {
        CmConnection stranger = new CmConnection(0, localGid, senderGid, caGuid, timeouts, sink, (c, e) -> { });
        stranger.onMad(b, at, 0);
        if (stranger.state() == CmState.SIDR_REQ_RCVD) {
            stranger.answer(CmSidrRep.UNSUPPORTED, 0, 0, new byte[0]);
        } else {
            stranger.reject(RejectReason.INVALID_SERVICE_ID, new byte[0]);
        }
    }

    private int newCommId() {
        do {
            nextCommId++;
        } while (nextCommId == 0 || connections.containsKey(nextCommId));
        return nextCommId;
    }
}
