package org.verbs4j.cm;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import org.verbs4j.Context;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QpAttributes;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpState;
import org.verbs4j.QueuePair;
import org.verbs4j.VerbsObject;

/**
 * A communication identifier (C {@code struct rdma_cm_id}), the RDMA counterpart of a socket: it is bound to
 * an address and port of a port space, resolves a remote address and route, listens, or connects, and
 * reports the outcome of each step as a {@link CmEvent} on its {@link EventChannel}.
 *
 * <p>Active side: {@link #resolveAddress} (event ADDR_RESOLVED or ADDR_ERROR), {@link #resolveRoute}
 * (ROUTE_RESOLVED or ROUTE_ERROR), {@link #createQueuePair} or a QP of the caller's, {@link #connect}
 * (ESTABLISHED with a QP on the identifier, CONNECT_RESPONSE without one, REJECTED, UNREACHABLE or
 * CONNECT_ERROR). Passive side: {@link #bind}, {@link #listen}; each CONNECT_REQUEST event brings a new
 * identifier, on which the application calls {@link #accept} (ESTABLISHED follows) or {@link #reject}.
 * Either side calls {@link #disconnect()}, the other gets DISCONNECTED and calls it in turn, and then the first
 * gets DISCONNECTED too; each call moves that side's QP to the error state.
 *
 * <p>Closing the identifier (C {@code rdma_destroy_id}) cancels its outstanding operations and leaves its
 * multicast groups; it fails with {@link org.verbs4j.BusyException} while a QP created on it is alive (close it
 * with {@link #destroyQueuePair()} first, as rdma-core requires) or, after the provider's documented wait, while
 * events about it are not acknowledged. Every failure is a {@link org.verbs4j.VerbsException} naming the
 * {@code rdma_*} function and the errno; a call in the wrong state is {@link org.verbs4j.InvalidArgumentException}
 * (EINVAL).
 */
public interface CmId extends VerbsObject {

    /** @return the channel that reports the identifier's events (C {@code channel}) */
    EventChannel channel();

    /** @return the port space (C {@code ps}) */
    PortSpace portSpace();

    /** @return the QP type of the port space (C {@code qp_type}) */
    default org.verbs4j.QpType qpType() {
        return portSpace().qpType();
    }

    /** @return the user's context given at creation, or {@code null} (C {@code context}) */
    Object userContext();

    /**
     * @return the device context the identifier is bound to, once it is bound to a device (by {@link #bind} to
     *     a device's address, {@link #resolveAddress}, or as the new identifier of a connection request); the
     *     connection manager owns it and keeps it open (C {@code verbs})
     */
    Optional<Context> context();

    /** @return the port of the device, 0 while not bound to a device (C {@code port_num}) */
    int portNum();

    /** @return the protection domain of the QP created on the identifier, if any (C {@code pd}) */
    Optional<ProtectionDomain> protectionDomain();

    /** @return the QP created on the identifier with {@link #createQueuePair}, if any (C {@code qp}) */
    Optional<QueuePair> queuePair();

    /**
     * Binds the identifier to a local address and port (C {@code rdma_bind_addr}). A wildcard address binds to
     * no device (a listen then covers every device); a device's address binds to that device. Port 0 takes a free
     * ephemeral port, which {@link #localAddress()} then reports.
     *
     * @param address the local address
     * @throws org.verbs4j.VerbsException EADDRINUSE if the port is taken in the port space, EADDRNOTAVAIL if no
     *     device has the address, EINVAL if the identifier is already bound
     */
    void bind(InetSocketAddress address);

    /**
     * Resolves a destination address to an RDMA address and binds the identifier to a local device (C
     * {@code rdma_resolve_addr}). The outcome is an ADDR_RESOLVED or ADDR_ERROR event; ADDR_ERROR comes at the
     * latest after {@code timeout}.
     *
     * @param source the local address, or {@code null} to choose it by the routing tables
     * @param destination the remote address; its port is the port {@link #connect} connects to
     * @param timeout how long the resolution may take
     */
    void resolveAddress(InetSocketAddress source, InetSocketAddress destination, Duration timeout);

    /**
     * Resolves the route to the resolved destination (C {@code rdma_resolve_route}): a ROUTE_RESOLVED or
     * ROUTE_ERROR event.
     *
     * @param timeout how long the resolution may take
     * @throws org.verbs4j.InvalidArgumentException if the address is not resolved
     */
    void resolveRoute(Duration timeout);

    /**
     * Listens for connection requests or datagram lookups (C {@code rdma_listen}) on the bound address: on that
     * device only, or on every device for a wildcard address. At most {@code backlog} requests wait in the channel
     * unread; further ones are held back (the remote side retries) until the application reads one.
     *
     * @param backlog the number of requests that may wait unread; 0 or less takes the provider's default
     * @throws org.verbs4j.InvalidArgumentException if the identifier is not bound
     */
    void listen(int backlog);

    /**
     * Creates a QP on the identifier and moves it for use (C {@code rdma_create_qp_ex}): a connected QP to INIT;
     * a datagram QP to RTS, with the Q_Key of the port space. The identifier then moves it on when it connects or
     * accepts, and to ERR when it disconnects.
     *
     * @param attributes the QP's attributes, whose protection domain belongs to {@link #context()}
     * @return the QP, also given by {@link #queuePair()}
     * @throws org.verbs4j.InvalidArgumentException if the identifier is not bound to a device, already has a QP,
     *     or the protection domain is of another device context
     */
    QueuePair createQueuePair(QpInitAttributes attributes);

    /**
     * Destroys the QP created on the identifier (C {@code rdma_destroy_qp}).
     *
     * @throws org.verbs4j.InvalidArgumentException if it has none
     */
    void destroyQueuePair();

    /**
     * Gives the attributes that move a QP of the caller's into {@code state} for this connection (C
     * {@code rdma_init_qp_attr}, with {@code qp_attr.qp_state} set to {@code state}): their mask is what
     * {@link QueuePair#modify} needs. As the kernel's CM: before the connection exchange begins (no request sent
     * or received), and always for a datagram port space, any state gives the port, the P_Key index and the Q_Key
     * (UD) or no remote access (RC); once it began, INIT gives the access of the connection (remote write, and
     * remote read and atomics with responder resources), and RTR and RTS, once the remote side is known, the path,
     * remote QP, PSNs, timeouts, retry counts and RDMA read resources.
     *
     * @param state {@link QpState#INIT}, {@link QpState#RTR} or {@link QpState#RTS}
     * @return new attributes
     * @throws org.verbs4j.InvalidArgumentException if the identifier is not bound to a device, for RTR or RTS before
     *     the remote side is known, or for another state during a connection
     */
    QpAttributes initQpAttributes(QpState state);

    /**
     * Initiates a connection request (C {@code rdma_connect}); for {@link PortSpace#UDP}, a lookup of the remote
     * QP. The route must be resolved.
     *
     * @param parameters the parameters, or {@code null} for {@link ConnParam#defaults()}
     * @throws org.verbs4j.InvalidArgumentException if the route is not resolved or the private data is longer than
     *     {@link PrivateDataLimits#connect}
     */
    void connect(ConnParam parameters);

    /**
     * Accepts the connection request of this identifier (C {@code rdma_accept}): called on the identifier a
     * CONNECT_REQUEST event brought, never on the listener. With a QP on the identifier, that QP is moved to RTS.
     *
     * @param parameters the parameters, or {@code null} for the values of the request
     * @throws org.verbs4j.InvalidArgumentException if the identifier has no pending request or the private data is
     *     longer than {@link PrivateDataLimits#accept}
     */
    void accept(ConnParam parameters);

    /**
     * Rejects the connection request of this identifier (C {@code rdma_reject}): the remote side gets REJECTED
     * with {@link CmStatus#REJECT_CONSUMER_DEFINED} (UNREACHABLE with {@link CmStatus#SIDR_REJECT} for a datagram
     * lookup) and the private data.
     *
     * @param privateData the private data, or {@code null}; at most {@link PrivateDataLimits#REJECT} bytes
     */
    void reject(byte[] privateData);

    /**
     * Completes an active connection whose identifier has no QP (C {@code rdma_establish}), after the
     * CONNECT_RESPONSE event: the remote side gets ESTABLISHED.
     *
     * @throws org.verbs4j.InvalidArgumentException if there is no response to complete, or the identifier has a QP
     */
    void establish();

    /**
     * Disconnects (C {@code rdma_disconnect}): once a connection request was sent or received, the QP on the
     * identifier goes to ERR (its work requests are flushed). On an established connection the remote side gets
     * DISCONNECTED and should call {@code rdma_disconnect} in turn, which gives this side DISCONNECTED (or the
     * transport's timeout does, with status {@code -ETIMEDOUT}). Called on the side that got DISCONNECTED, it
     * answers; called again, it sends nothing and does not fail, as rdma-core.
     *
     * @throws org.verbs4j.InvalidArgumentException if no connection request was sent or received
     */
    void disconnect();

    /**
     * Joins a multicast group and attaches the QP on the identifier to it (C {@code rdma_join_multicast}): a
     * MULTICAST_JOIN event gives the group's address vector, QP number and Q_Key, or MULTICAST_ERROR.
     *
     * @param group the multicast address of the group
     * @param context returned by the event's {@link CmEvent#multicastContext()}
     * @throws org.verbs4j.UnsupportedVerbException if the device offers no multicast
     * @throws org.verbs4j.InvalidArgumentException if the address is not a multicast address or the identifier is
     *     not bound to a device
     */
    void joinMulticast(InetAddress group, Object context);

    /**
     * Leaves a multicast group and detaches the QP on the identifier from it (C {@code rdma_leave_multicast}).
     *
     * @param group the multicast address of the group
     * @throws org.verbs4j.InvalidArgumentException if the identifier has not joined it
     */
    void leaveMulticast(InetAddress group);

    /**
     * @return the local address and port (C {@code rdma_get_local_addr} and {@code rdma_get_src_port}); the
     *     wildcard address and port 0 while unbound
     */
    InetSocketAddress localAddress();

    /**
     * @return the remote address and port (C {@code rdma_get_peer_addr} and {@code rdma_get_dst_port}); the
     *     wildcard address and port 0 while unknown
     */
    InetSocketAddress peerAddress();

    /** @return the local port (C {@code rdma_get_src_port}) */
    default int sourcePort() {
        return localAddress().getPort();
    }

    /** @return the remote port (C {@code rdma_get_dst_port}) */
    default int destinationPort() {
        return peerAddress().getPort();
    }
}
