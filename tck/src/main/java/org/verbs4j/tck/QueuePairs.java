package org.verbs4j.tck;

import org.verbs4j.CompletionQueue;
import org.verbs4j.ProtectionDomain;
import org.verbs4j.QueuePair;

/**
 * Two queue pairs of one protection domain, connected to each other (or, for UD, both ready to send),
 * each with its own completion queue: the requester's completions are on {@link #requesterCq()}, the
 * responder's on {@link #responderCq()}.
 *
 * @param pd the protection domain of both queue pairs
 * @param requester the queue pair that sends
 * @param requesterCq the completion queue of the requester
 * @param responder the queue pair that receives
 * @param responderCq the completion queue of the responder
 */
public record QueuePairs(ProtectionDomain pd, QueuePair requester, CompletionQueue requesterCq, QueuePair responder,
                         CompletionQueue responderCq) {
}
