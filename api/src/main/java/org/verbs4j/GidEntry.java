package org.verbs4j;

/**
 * One valid entry of a port's GID table (C {@code struct ibv_gid_entry}).
 *
 * @param gid the GID
 * @param index the GID index
 * @param portNum the port number
 * @param type the GID type (InfiniBand, RoCE v1 or RoCE v2)
 * @param netdevIndex the index of the network device the GID belongs to, or 0
 */
public record GidEntry(Gid gid, int index, int portNum, GidType type, int netdevIndex) {
}
