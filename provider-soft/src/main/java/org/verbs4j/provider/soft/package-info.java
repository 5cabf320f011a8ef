/**
 * The soft provider: RDMA devices in pure Java.
 *
 * <h2>Structure</h2>
 * Three floors, split as Linux's rxe splits its verbs objects from its requester, responder, completer and
 * network code, each a package. Their dependencies go one way: the objects use the wire and the engine, the wire
 * uses the engine, and the engine reaches the wire only through the {@code Wire} seam it owns:
 * <ul>
 * <li><b>The verbs objects</b>, this package ({@code SoftProvider}, {@code SoftDevice}, {@code SoftContext},
 * {@code SoftQueuePair}, {@code SoftCompletionQueue}, {@code SoftMemoryRegion}, ..., with {@code QpAttributeStore},
 * the events, the fabric ({@code SoftFabric}) and connection management ({@code SoftCmId}, {@code CmWire})), check
 * and record what the application asks for, post work requests to the engine's queues and read completions from its
 * rings.</li>
 * <li><b>The engine</b> ({@code engine}) executes them: the requester, the responder, tag
 * matching, the queues and rings, the checks of local and remote keys. It sees the objects only through views it
 * owns ({@code QueuePairView}, {@code CompletionQueueView}, {@code MemoryRegionView}, {@code FabricView}, ...),
 * which the objects implement, each by one class. It calls the {@code Wire} seam, which it owns too.</li>
 * <li><b>The wire</b> ({@code wire}) carries requests from a requester to another queue
 * pair's responder and back: {@code InJvmWire} between the devices of the JVM, and {@code NetworkWire} with the
 * devices' ports, arrivals and RC/UC connections over RoCE v2 when the devices are bound to addresses. It uses the
 * engine and the protocol of {@code wire.roce}, which knows nothing of the floors above
 * it.</li>
 * </ul>
 *
 * <h2>Progress model</h2>
 * Work executes in the thread that posts it. {@code ibv_wr_complete} publishes a batch and runs the send
 * queue at once: local checks, then, through the in-JVM wire, the responder of the destination queue pair
 * (any soft device of the JVM), which places the data, consumes a receive request and produces the
 * responder's completion, then the requester places the response, if any, and produces its completion. Everything that changes device state (posts, transitions, execution) runs
 * under one fabric-wide lock, so the order of a send queue and the atomicity of atomics are those of the
 * wire; polling reads completions without that lock, so a poller spinning inside an open batch never holds
 * up a producer. The producer fills the next entry of a completion queue in place and publishes it with a
 * release store; a poll batch belongs to one thread, recorded with a compare-and-set (a thread that wants to
 * poll while another thread's batch is open spins until it ends, as mlx5's CQ lock does), and
 * {@code SINGLE_THREADED} queues skip even that. The fabric-wide lock spins about 10 microseconds before a
 * waiting thread parks. No request is retried by spinning: one that gets a receiver-not-ready NAK stays at
 * the head of its send queue and is retried when the responder posts a receive (in the posting thread) or, for a finite
 * {@code rnr_retry}, after the responder's {@code min_rnr_timer} on a single daemon timer thread
 * ({@code verbs4j-soft-timer}, started on demand and ended after a second without work); when the retries
 * are exhausted it completes with {@code RNR_RETRY_EXC_ERR}. An RC request to a queue pair that does not
 * answer completes at once with {@code RETRY_EXC_ERR}. Fences need no work: requests execute in order.
 *
 * <p>A device bound to an address has one more thread: its receive loop ({@code verbs4j-roce-rx-PORT}, a daemon),
 * started with its first context (and one per multicast group its queue pairs attached to,
 * {@code verbs4j-roce-mcast-GROUP-PORT}), which takes the fabric lock for each packet it delivers (a datagram, or an
 * RC or UC packet and the ACK or response its responder sends back); sends leave in the thread that moves the send
 * queue. The RC and UC connections share one more daemon, {@code verbs4j-roce-timer} ({@code ConnectionTimer},
 * started with the first connection), which sleeps on a condition of the fabric lock until the earliest ACK
 * timeout or RNR timer of their requesters and runs the due ones: retransmission, RNR retries, RETRY_EXC_ERR and
 * RNR_RETRY_EXC_ERR. None of them allocates per packet.
 *
 * <h2>Shutdown</h2>
 * The devices live as long as the JVM. Closing objects releases their resources; the only threads are the
 * daemon timer, which never keeps the JVM alive and exits when idle, and the receive loops of devices bound to
 * addresses and the connections' timer, daemons that live as long as the JVM. Destroying a completion queue, queue
 * pair or shared receive queue waits for the acknowledgement of its delivered events at most
 * {@code verbs4j.soft.destroy-timeout-ms} milliseconds (default 10 s), then fails with {@code EBUSY} and
 * leaves the object usable, with its events not yet read. A close of a completion queue while another thread
 * has a poll batch open, or of a queue pair while another thread has a send batch open, waits for the batch to
 * end within the same bound (then {@code EBUSY}); inside the calling thread's own batch it fails at once.
 *
 * <h2>Memory</h2>
 * Only native segments of arenas that every thread may access can be registered (a confined arena's are
 * refused), because the work of a request may run on another thread than the one that registered the memory;
 * the application keeps the memory alive until the region is deregistered, and deregistration waits for the
 * request that is executing. Every access is checked first against the region or window its key names
 * (bounds, access rights) and against the segment's arena, so memory freed too early gives a protection error
 * rather than a wild write; the copy then goes through the region's own segment, so an arena closed while it
 * runs stops it (the JDK's close handshake) instead of freeing the memory under it. A message is copied in one
 * bulk copy per pair of scatter/gather entries (one for a message between single entries, whatever its size),
 * and a message of a few bytes word by word.
 */
package org.verbs4j.provider.soft;
