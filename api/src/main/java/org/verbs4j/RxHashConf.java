package org.verbs4j;

import java.util.Set;

/**
 * The RX hash (RSS) configuration of a queue pair (C {@code struct ibv_rx_hash_conf}).
 *
 * @param function the hash function
 * @param key the hash key (C {@code rx_hash_key} and {@code rx_hash_key_len}); copied
 * @param fields the packet fields that take part in the hash (C {@code rx_hash_fields_mask})
 */
public record RxHashConf(RxHashFunction function, byte[] key, Set<RxHashField> fields) {

    /** Copies the key and the set. */
    public RxHashConf {
        key = key.clone();
        fields = Set.copyOf(fields);
    }

    /** @return a copy of the hash key */
    @Override
    public byte[] key() {
        return key.clone();
    }
}
