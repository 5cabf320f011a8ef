package org.verbs4j.tck;

import org.verbs4j.CompletionQueue;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QueuePair;

/**
 * Two queue pairs connected to each other (or, for UD, both ready to send), each with its own completion
 * queue: the requester's completions are on {@link #requesterCq()}, the responder's on {@link #responderCq()}.
 * The responder belongs to the responder context ({@link Side#RESPONDER}); memory it receives into or that
 * RDMA operations target is registered on {@link #responderPd()}: a protection domain of its own, unless the
 * test gave both ends one on a shared context ({@link Loopback#rc(ProtectionDomain, java.util.function.UnaryOperator)}).
 *
 * @param pd the protection domain of the requester
 * @param requester the queue pair that sends
 * @param requesterCq the completion queue of the requester
 * @param responderPd the protection domain of the responder
 * @param responder the queue pair that receives
 * @param responderCq the completion queue of the responder
 */
public record QueuePairs(ProtectionDomain pd, QueuePair requester, CompletionQueue requesterCq,
                         ProtectionDomain responderPd, QueuePair responder, CompletionQueue responderCq) {
}
