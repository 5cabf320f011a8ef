package org.verbs4j;

/**
 * A receive work queue indirection table (C {@code struct ibv_rwq_ind_table}), the target of an
 * RX hash (RSS) queue pair. Providers that support {@link Capability#RX_HASH} create tables through
 * a provider-specific interface reached with {@link Context#unwrap}.
 */
public interface RwqIndirectionTable extends VerbsObject {

    /** @return the table number (C {@code ind_tbl_num}) */
    int number();
}
