package org.verbs4j;

/**
 * A global route (C {@code struct ibv_global_route}).
 *
 * @param dgid the destination GID
 * @param flowLabel the flow label
 * @param sgidIndex the index of the source GID in the local port's GID table
 * @param hopLimit the hop limit
 * @param trafficClass the traffic class
 */
public record GlobalRoute(Gid dgid, int flowLabel, int sgidIndex, int hopLimit, int trafficClass) {
}
