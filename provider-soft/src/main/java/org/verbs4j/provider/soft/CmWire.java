package org.verbs4j.provider.soft;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.verbs4j.Gid;
import org.verbs4j.cm.PortSpace;
import org.verbs4j.provider.soft.wire.DatagramArrivals;
import org.verbs4j.provider.soft.wire.MadReceiver;
import org.verbs4j.provider.soft.wire.roce.Bth;
import org.verbs4j.provider.soft.wire.roce.RoceEndpoint;
import org.verbs4j.provider.soft.wire.roce.cm.CmConnection;
import org.verbs4j.provider.soft.wire.roce.cm.CmEvent;
import org.verbs4j.provider.soft.wire.roce.cm.CmMra;
import org.verbs4j.provider.soft.wire.roce.cm.CmPort;
import org.verbs4j.provider.soft.wire.roce.cm.CmSidrRep;
import org.verbs4j.provider.soft.wire.roce.cm.CmState;
import org.verbs4j.provider.soft.wire.roce.cm.CmaHeader;
import org.verbs4j.provider.soft.wire.roce.cm.Gsi;
import org.verbs4j.provider.soft.wire.roce.cm.RejectReason;
import org.verbs4j.provider.soft.wire.roce.cm.ServiceId;

/**
 * The IB CM of a soft device on the network: the device's {@link CmPort}, whose MADs leave as UD packets from
 * QP 1 to the peer's QP 1 (Q_Key {@link Gsi#Q_KEY}) through the device's endpoint, and arrive from its receive
 * loop ({@link DatagramArrivals}). It maps each connection of the port to its communication identifier and
 * drives the port's timers on the fabric's timer. Every call holds the connection manager's lock.
 */
public final class CmWire implements MadReceiver {


    private final SoftConnectionManager cm;
    private final SoftDevice device;
    private final RoceEndpoint endpoint;
    private final int udpPort;
    private final CmPort port;
    private final ByteBuffer packet = ByteBuffer.allocate(Gsi.PACKET_BYTES);
    private final Map<CmConnection, SoftCmId> ids = new HashMap<>();
    private final Set<Long> services = new HashSet<>();
    private long wakeAt = Long.MAX_VALUE;
    private int psn = ThreadLocalRandom.current().nextInt(1 << 24);
    private long lostMads;

    CmWire(SoftConnectionManager cm, SoftDevice device, RoceEndpoint endpoint, int udpPort) {
        this.cm = cm;
        this.device = device;
        this.endpoint = endpoint;
        this.udpPort = udpPort;
        this.port = new CmPort(Gid.of(device.networkAddress()).toBytes(), device.nodeGuid(), CmWireTimeouts.fromProperties(),
                this::send, ThreadLocalRandom.current().nextInt());
    }

    SoftDevice device() {
        return device;
    }

    /** @return a new idle connection of {@code id} to the port of {@code peer} */
    CmConnection connection(SoftCmId id, InetAddress peer) {
        CmConnection connection = port.connection(Gid.of(peer).toBytes(), this::onEvent);
        ids.put(connection, id);
        return connection;
    }

    /**
     * What an identifier that leaves its connection sends: a DREQ if established, a REJ (consumer defined) to a
     * REQ not answered yet, else nothing (the peer's retries run out).
     */
    void leave(CmConnection connection) {
        switch (connection.state()) {
            case ESTABLISHED -> connection.disconnect(System.nanoTime());
            case REQ_RCVD, MRA_REQ_SENT -> connection.reject(RejectReason.CONSUMER_DEFINED, new byte[0]);
            default -> {
                // nothing to send
            }
        }
        port.forgetIfClosed(connection);
        reschedule();
    }

    /**
     * The identifier of {@code connection} is destroyed: its IB CM connection sends what Linux's
     * {@code cm_destroy_id} sends (REJ, DREQ) and tells the identifier nothing more.
     */
    void destroyed(CmConnection connection) {
        ids.remove(connection);
        connection.destroy(System.nanoTime());
        port.forgetIfClosed(connection);
        reschedule();
    }

    /** The consumer rejects the REQ of {@code connection} (rdma_reject): a REJ, consumer defined, with its data. */
    void reject(CmConnection connection, byte[] privateData) {
        ids.remove(connection);
        connection.reject(RejectReason.CONSUMER_DEFINED, privateData);
        port.forgetIfClosed(connection);
    }

    /**
     * The consumer answers the SIDR_REQ of {@code connection}: accepted with its UD queue pair (rdma_accept) or
     * rejected (rdma_reject).
     */
    void answer(CmConnection connection, int status, int qpn, int qKey, byte[] privateData) {
        ids.remove(connection);
        connection.answer(status, qpn, qKey, privateData);
        port.forgetIfClosed(connection);
    }

    /** Takes the REQs (TCP) or SIDR_REQs (UDP) of {@code number} of {@code space} from now on (idempotent). */
    void listen(PortSpace space, int number) {
        long service = ServiceId.of(serviceSpace(space), number);
        if (services.add(service)) {
            port.listen(service, this::onEvent);
        }
    }

    /** A MAD arrived at QP 1 from {@code sender}; called from the receive loop. */
    public void onMad(ByteBuffer b, int at, Gid sender) {
        cm.locked(() -> {
            port.onMad(b, at, sender.toBytes(), System.nanoTime());
            reschedule();
        });
    }

    /** Arms the fabric's timer for the port's earliest deadline; call after every use of a connection. */
    void reschedule() {
        long deadline = port.deadline();
        if (deadline == Long.MAX_VALUE || deadline - wakeAt >= 0) {
            return;
        }
        wakeAt = deadline;
        cm.afterNanos(Math.max(0, deadline - System.nanoTime()), this::onTimer);
    }

    private void onTimer() {
        wakeAt = Long.MAX_VALUE;
        port.onTimer(System.nanoTime());
        reschedule();
    }

    private void onEvent(CmConnection connection, CmEvent event) {
        if (event == CmEvent.CONNECT_REQUEST) {
            requested(connection);
            return;
        }
        SoftCmId id = ids.get(connection);
        if (event == CmEvent.REJECTED || event == CmEvent.UNREACHABLE || event == CmEvent.TIMEWAIT_EXIT
                || event == CmEvent.SIDR_REPLY) {
            ids.remove(connection);
        }
        if (id != null) {
            id.onWire(connection, event);
        }
    }

    /**
     * A REQ or SIDR_REQ: the rdma_cm listener its header names gets it; without one, a REJ (invalid service ID) or a
     * SIDR_REP (reject, as rdma_cm's failed request handler makes Linux's CM answer).
     */
    private void requested(CmConnection connection) {
        boolean lookup = connection.state() == CmState.SIDR_REQ_RCVD;
        ByteBuffer data = ByteBuffer.wrap(connection.remotePrivateData());
        InetSocketAddress source = headerAddress(data, CmaHeader.sourceAddress(0), CmaHeader.sourcePort(data, 0));
        InetSocketAddress destination = headerAddress(data, CmaHeader.destinationAddress(0),
                ServiceId.port(connection.serviceId()));
        SoftCmId listener = destination == null || source == null ? null
                : cm.listenerFor(lookup ? PortSpace.UDP : PortSpace.TCP, destination);
        if (listener == null && lookup) {
            connection.answer(CmSidrRep.REJECT, 0, 0, new byte[0]);
            return;
        }
        if (listener == null) {
            connection.reject(RejectReason.INVALID_SERVICE_ID, new byte[0]);
            return;
        }
        SoftCmId id = listener.wireRequest(connection, this, source, destination);
        if (id != null) {
            ids.put(connection, id);
            prepareMra(connection);
        }
    }

    /**
     * The consumer has a REQ: as rdma_cm's {@code cma_ib_req_handler}, a repeated REQ is answered from now on with
     * an MRA of {@link CmMra#RDMA_CM_SERVICE_TIMEOUT}, so that an accept later than the peer's REQ timeout connects.
     */
    private static void prepareMra(CmConnection connection) {
        if (connection.state() == CmState.REQ_RCVD) {
            connection.prepareMra(CmMra.RDMA_CM_SERVICE_TIMEOUT);
        }
    }

    /** @return the IB CM's port space of {@code space}: its service IDs' upper bits */
    static int serviceSpace(PortSpace space) {
        return space == PortSpace.UDP ? ServiceId.PORT_SPACE_UDP : ServiceId.PORT_SPACE_TCP;
    }

    /** @return the address of the rdma_cm header at {@code at}, or {@code null} if the header is none */
    private static InetSocketAddress headerAddress(ByteBuffer data, int at, int tcpPort) {
        int version = CmaHeader.ipVersion(data, 0);
        if (CmaHeader.version(data, 0) != CmaHeader.VERSION || version != 4 && version != 6) {
            return null;
        }
        byte[] raw = new byte[version == 4 ? 4 : 16];
        CmaHeader.address(data, at, raw);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(raw), tcpPort);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Sends a MAD as a UD SEND from QP 1 to the peer's QP 1; one the socket refuses is lost (resent in time). */
    private void send(ByteBuffer mad, byte[] peerGid) {
        int covered = Gsi.packet(packet, mad, psn);
        psn = (psn + 1) & Bth.MASK_24;
        try {
            endpoint.send(packet, covered, new InetSocketAddress(Gid.ofBytes(peerGid).toInetAddress(),
                    udpPort));
        } catch (IOException e) {
            lostMads++;
        }
    }

    /** @return how many MADs the socket refused */
    long lostMads() {
        return lostMads;
    }
}
