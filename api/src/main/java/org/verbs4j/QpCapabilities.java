package org.verbs4j;

/**
 * The queue sizes of a queue pair (C {@code struct ibv_qp_cap}): requested at creation, and the
 * actual values, at least the requested ones, afterwards ({@link QueuePair#capabilities()}).
 *
 * @param maxSendWr the most outstanding send requests
 * @param maxRecvWr the most outstanding receive requests (ignored with a shared receive queue)
 * @param maxSendSge the most scatter/gather entries of a send request
 * @param maxRecvSge the most scatter/gather entries of a receive request (ignored with a shared receive queue)
 * @param maxInlineData the most inline data of a send request, in bytes
 */
public record QpCapabilities(int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData) {
}
