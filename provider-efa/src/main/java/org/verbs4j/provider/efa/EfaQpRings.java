package org.verbs4j.provider.efa;

/**
 * The two rings of a queue pair, from {@code efadv_query_qp_wqs}.
 *
 * @param sendQueue the send queue's
 * @param receiveQueue the receive queue's
 */
public record EfaQpRings(EfaWqRing sendQueue, EfaWqRing receiveQueue) {
}
