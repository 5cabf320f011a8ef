/**
 * The soft provider's wire: the only way from a requester to another queue pair's responder and back,
 * implementing the engine's {@code Wire} seam.
 *
 * <p>{@code InJvmWire} joins the soft devices of the JVM: it finds the destination in the fabric's table and
 * calls its responder in the calling thread, routes datagrams with {@code Datagrams} (to a queue pair or the
 * members of a multicast group) and carries runs of plain SENDs with the engine's {@code PlainSends}. When devices
 * are bound to addresses ({@code SoftNetwork}), {@code NetworkWire} wraps it: a UD datagram to a GID no device of
 * the JVM has leaves as a RoCE v2 packet ({@code DatagramSender}) through the device's {@code NetworkPort}, and
 * received datagrams reach their queue pair through {@code DatagramArrivals}; both fill an {@code Arrival} that the
 * engine's {@code DatagramReceiver} delivers. An RC, UC or XRC queue pair whose destination GID no device of the JVM
 * has gets a {@code NetworkConnection} ({@code NetworkConnections}): the protocol machines of {@code wire.roce.rc}, made
 * from its attributes at RTR and RTS and dropped when it leaves for ERROR or RESET or is destroyed. The requester
 * hands it the request at the head of the send queue, which answers later ({@code Response.PENDING}, then
 * {@code Requester.answer}) with the ACK, the READ data or atomic value it placed ({@code RequestPlacement}), or the
 * error its retries ended in; {@code RequestHandOver} gives it the requests posted after the head as well, so that
 * many are on the wire (as rxe's requester keeps them: within the send queue's depth, the PSN window and
 * {@code max_rd_atomic}, a fenced request after the READs and atomics before it), and their answers come back in
 * send queue order. {@code ConnectedArrivals} hands
 * the received packets to it by destination QPN, and its responder reaches the receive queue and the memory behind
 * R_Keys through {@code ConnectionTarget}, with the engine's own key checks (for XRC_RECV, through the XRC SRQ the
 * request names, under the rules that hold inside the JVM). A SEND to a queue pair of a tag-matching SRQ goes, through
 * {@code TaggedArrivals}, where the engine's {@code TagMatcher} decides at its first packet from the TMH it starts with;
 * a matched rendezvous is then read by the receiving device itself ({@code RendezvousReads}): an RDMA READ of the
 * RVH's buffer and a FIN SEND, put in the queue pair's own requester among the send queue's requests, under ids of
 * their own. MADs for QP1 go to the device's {@code MadReceiver}, its connection manager.
 *
 * <p>Multicast crosses as IP multicast, as rxe's does: the first queue pair of a device on the network that attaches
 * to a group ({@code ::ffff:a.b.c.d} or {@code ff00::/8}, {@code GroupAddress}) makes the host join the group's
 * address on the interface of the device's address ({@code GroupMemberships}: an endpoint bound to the group, shared
 * by every endpoint of the group on the host), the last one to detach leaves it; EOPNOTSUPP at attach if that
 * interface cannot carry it. A UD send to QPN 0xFFFFFF goes to the group's address ({@code NetworkPort}); what the
 * group's endpoint receives goes to every queue pair of the device attached to it, each checking its Q_Key
 * ({@code MulticastArrivals}), the sender's own included (the host loops its multicast back). A device that is no
 * separate host also delivers its multicast to the members of the JVM inside it and drops the copy the network
 * brings back; a separate host's multicast reaches only the devices on the network.
 *
 * <p>The wire sees the verbs objects through the engine's views, extended where it needs more:
 * {@code NetworkQueuePair} (with its connection), {@code NetworkContext}, {@code NetworkDevice} and
 * {@code WireFabric} (with the network), each implemented by the verbs object alone. The RoCE v2 protocol it speaks
 * lives in {@code wire.roce} and knows nothing of the engine or the objects.
 *
 * <h2>Threads</h2>
 * {@code InJvmWire} runs in the thread that moves the send queue, with the fabric lock held. A device bound to an
 * address has one more thread: its receive loop ({@code verbs4j-roce-rx-PORT}, a daemon), started with its first
 * context (and one per multicast group it joined, {@code verbs4j-roce-mcast-GROUP-PORT}), which takes the fabric lock
 * for each packet it delivers (a datagram, or an RC or UC packet and the ACK or response its responder sends back);
 * sends leave in the thread that moves the send queue. The RC and UC connections share one more daemon,
 * {@code verbs4j-roce-timer} ({@code ConnectionTimer}, started with the first connection), which sleeps on a condition
 * of the fabric lock until the earliest ACK timeout or RNR timer of their requesters and runs the due ones:
 * retransmission, RNR retries, RETRY_EXC_ERR and RNR_RETRY_EXC_ERR. None of them allocates per packet.
 */
package org.verbs4j.provider.soft.wire;
