package org.verbs4j;

/**
 * The requested tag-matching sizes of a tag-matching shared receive queue (C {@code struct ibv_tm_cap}).
 *
 * @param maxNumTags the most tagged buffers in the matching list
 * @param maxOps the most outstanding list operations
 */
public record TmCap(int maxNumTags, int maxOps) {
}
