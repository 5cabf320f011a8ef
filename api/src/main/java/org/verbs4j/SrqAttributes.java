package org.verbs4j;

/**
 * Shared receive queue attributes (C {@code struct ibv_srq_attr}).
 *
 * @param maxWr the most outstanding receive requests
 * @param maxSge the most scatter/gather entries of a receive request
 * @param srqLimit the limit of the limit event, 0 when disarmed
 */
public record SrqAttributes(int maxWr, int maxSge, int srqLimit) {
}
