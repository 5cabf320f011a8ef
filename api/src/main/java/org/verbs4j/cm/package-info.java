/**
 * Connection management: rdma-core's librdmacm ({@code rdma_cm(7)}) with Java types. A server and a client
 * meet by IP address and port instead of exchanging QP numbers and GIDs themselves.
 *
 * <p>Start at {@link org.verbs4j.Verbs#connectionManager()}. Each step of a connection is an asynchronous call on
 * a {@link org.verbs4j.cm.CmId} whose outcome arrives as a {@link org.verbs4j.cm.CmEvent} on the identifier's
 * {@link org.verbs4j.cm.EventChannel}; every event is acknowledged once. The QP of a connection is an ordinary
 * {@link org.verbs4j.QueuePair}: created on the identifier ({@code rdma_create_qp}), which moves it, or created by
 * the application and moved with {@link org.verbs4j.cm.CmId#initQpAttributes}. Failures are
 * {@link org.verbs4j.VerbsException}s naming the {@code rdma_*} function and the errno; outcomes of the remote side
 * (rejected, unreachable) are events with a status, never exceptions.
 *
 * <p>The {@code TwoProcesses} example of the source repository's {@code examples} module is a complete server and
 * client. The client resolves the server's address and route, creates its QP on the identifier and connects; the
 * server, given the identifier of a CONNECT_REQUEST, creates its QP the same way and accepts, handing over what the
 * client needs for an RDMA WRITE in the private data:
 * {@snippet class=org.verbs4j.examples.TwoProcesses region=accept}
 *
 * <h2>C name and Java name</h2>
 *
 * <table class="striped">
 * <caption>C name and Java name</caption>
 * <thead><tr><th scope="col">C</th><th scope="col">Java</th><th scope="col">Note</th></tr></thead>
 * <tbody>
 * <tr><th scope="rowgroup" colspan="3">rdma_cm(7), rdma_create_event_channel(3), rdma_get_cm_event(3)</th></tr>
 * <tr><td>{@code rdma_create_event_channel()}</td><td>{@link ConnectionManager#createEventChannel}</td><td></td></tr>
 * <tr><td>{@code rdma_destroy_event_channel()}</td><td>{@link EventChannel#close}</td><td>BusyException while identifiers use it</td></tr>
 * <tr><td>{@code rdma_get_cm_event()}</td><td>{@link EventChannel#getEvent()}</td><td>blocking; also with a timeout</td></tr>
 * <tr><td>{@code rdma_get_cm_event() on an O_NONBLOCK channel}</td><td>{@link EventChannel#tryGetEvent}</td><td>null for EAGAIN</td></tr>
 * <tr><td>{@code rdma_ack_cm_event()}</td><td>{@link CmEvent#ack}</td><td></td></tr>
 * <tr><td>{@code rdma_event_str()}</td><td>{@link CmEventType#toString}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_event.id}</td><td>{@link CmEvent#id}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_event.listen_id}</td><td>{@link CmEvent#listenId}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_event.event}</td><td>{@link CmEvent#type}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_event.status}</td><td>{@link CmEvent#status}</td><td>see CmStatus</td></tr>
 * <tr><td>{@code struct rdma_cm_event.param.conn}</td><td>{@link CmEvent#connParam}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_event.param.ud}</td><td>{@link CmEvent#udParam}</td><td></td></tr>
 * <tr><td>{@code enum rdma_cm_event_type}</td><td>{@link CmEventType}</td><td>each constant with its C value</td></tr>
 * <tr><td>{@code enum rdma_port_space}</td><td>{@link PortSpace}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">rdma_create_id(3), rdma_destroy_id(3)</th></tr>
 * <tr><td>{@code rdma_create_id()}</td><td>{@link ConnectionManager#createId}</td><td></td></tr>
 * <tr><td>{@code rdma_destroy_id()}</td><td>{@link CmId#close}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.verbs}</td><td>{@link CmId#context}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.channel}</td><td>{@link CmId#channel}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.context}</td><td>{@link CmId#userContext}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.qp}</td><td>{@link CmId#queuePair}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.pd}</td><td>{@link CmId#protectionDomain}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.ps}</td><td>{@link CmId#portSpace}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.qp_type}</td><td>{@link CmId#qpType}</td><td></td></tr>
 * <tr><td>{@code struct rdma_cm_id.port_num}</td><td>{@link CmId#portNum}</td><td></td></tr>
 * <tr><td>{@code rdma_get_devices()}</td><td>{@link ConnectionManager#devices}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">addresses and routes</th></tr>
 * <tr><td>{@code rdma_bind_addr()}</td><td>{@link CmId#bind}</td><td></td></tr>
 * <tr><td>{@code rdma_resolve_addr()}</td><td>{@link CmId#resolveAddress}</td><td></td></tr>
 * <tr><td>{@code rdma_resolve_route()}</td><td>{@link CmId#resolveRoute}</td><td></td></tr>
 * <tr><td>{@code rdma_get_local_addr()}</td><td>{@link CmId#localAddress}</td><td></td></tr>
 * <tr><td>{@code rdma_get_peer_addr()}</td><td>{@link CmId#peerAddress}</td><td></td></tr>
 * <tr><td>{@code rdma_get_src_port()}</td><td>{@link CmId#sourcePort}</td><td></td></tr>
 * <tr><td>{@code rdma_get_dst_port()}</td><td>{@link CmId#destinationPort}</td><td></td></tr>
 * <tr><td>{@code rdma_getaddrinfo()}</td><td>{@link ConnectionManager#getAddressInfo}</td><td>rdma_freeaddrinfo() is not needed</td></tr>
 * <tr><td>{@code struct rdma_addrinfo}</td><td>{@link AddressInfo}</td><td></td></tr>
 * <tr><td>{@code RAI_PASSIVE, RAI_NUMERICHOST, RAI_NOROUTE, RAI_FAMILY}</td><td>{@link AddrInfoFlag}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">connections</th></tr>
 * <tr><td>{@code rdma_listen()}</td><td>{@link CmId#listen}</td><td></td></tr>
 * <tr><td>{@code rdma_connect()}</td><td>{@link CmId#connect}</td><td></td></tr>
 * <tr><td>{@code rdma_accept()}</td><td>{@link CmId#accept}</td><td></td></tr>
 * <tr><td>{@code rdma_reject()}</td><td>{@link CmId#reject}</td><td></td></tr>
 * <tr><td>{@code rdma_establish()}</td><td>{@link CmId#establish}</td><td></td></tr>
 * <tr><td>{@code rdma_disconnect()}</td><td>{@link CmId#disconnect}</td><td></td></tr>
 * <tr><td>{@code struct rdma_conn_param}</td><td>{@link ConnParam}</td><td></td></tr>
 * <tr><td>{@code struct rdma_ud_param}</td><td>{@link UdParam}</td><td></td></tr>
 * <tr><td>{@code private data limits of rdma_connect(3), rdma_accept(3)}</td><td>{@link PrivateDataLimits}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">queue pairs and multicast</th></tr>
 * <tr><td>{@code rdma_create_qp(), rdma_create_qp_ex()}</td><td>{@link CmId#createQueuePair}</td><td></td></tr>
 * <tr><td>{@code rdma_destroy_qp()}</td><td>{@link CmId#destroyQueuePair}</td><td></td></tr>
 * <tr><td>{@code rdma_init_qp_attr()}</td><td>{@link CmId#initQpAttributes}</td><td>then QueuePair#modify</td></tr>
 * <tr><td>{@code rdma_join_multicast()}</td><td>{@link CmId#joinMulticast}</td><td></td></tr>
 * <tr><td>{@code rdma_leave_multicast()}</td><td>{@link CmId#leaveMulticast}</td><td></td></tr>
 * </tbody>
 * </table>
 */
package org.verbs4j.cm;
