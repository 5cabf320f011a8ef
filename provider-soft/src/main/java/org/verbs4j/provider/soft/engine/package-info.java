/**
 * The soft provider's engine: it executes the work that the verbs objects post, as rxe's requester, responder
 * and completer do.
 *
 * <p>{@code Requester} runs a send queue ({@code SendQueue} of {@code SendWqe}s); its state for each queue pair
 * (whether it runs, the request at the head, the RNR wait, the answer it waits for) is a {@code RequesterState} of
 * its own. {@code Responder} (with {@code TagMatcher} for tag-matching SRQs, and {@code DatagramReceiver} for UD)
 * executes a request that arrives: it writes only its own queue pair's memory, consumes a receive request of its
 * {@code ReceiveQueue} and answers with a {@code Response}: an ACK, an RNR NAK with its timer, an error NAK, the data
 * of an RDMA READ response or the original value of an atomic operation, which the requester places in its own
 * memory, as rxe's completer does. A rendezvous of a tag-matching SRQ reads the sender's data the same way.
 * {@code LocalAccess} and {@code RemoteAccess} check L_Keys and R_Keys, {@code Sges} is a checked scatter/gather
 * list, and {@code CompletionRing} the ring of a completion queue that the engine fills with {@code Completion}s.
 *
 * <p>The engine knows the verbs objects only through views it owns: {@code QueuePairView},
 * {@code CompletionQueueView}, {@code SharedReceiveQueueView}, {@code MemoryRegionView}, {@code MemoryWindowView},
 * {@code ProtectionDomainView}, {@code AddressHandleView}, {@code ContextView} and {@code FabricView}. Each has one
 * implementation, the verbs object, so every call on the data path stays monomorphic. It reaches other queue pairs
 * only through the {@code Wire} it owns, which answers at once or later ({@code Response.PENDING}, then
 * {@code Requester.answer}).
 *
 * <h2>Threads</h2>
 * Everything here runs with the fabric-wide lock held ({@code FabricLock}: it spins about 10 microseconds before a
 * waiting thread parks), in the thread that moves the work along: the poster, a receiver that posted the receive an
 * RNR-blocked request waited for, the fabric's timer thread ({@code verbs4j-soft-timer}, which
 * {@code FabricView.schedule} reaches; {@code RnrTimer} converts the RNR timer codes), or the receive loop and
 * connection timer of a device on the network. Completion rings are
 * read without the lock: the engine fills an entry in place and publishes it with a release store. Nothing on
 * the data path allocates.
 */
package org.verbs4j.provider.soft.engine;
