package org.verbs4j;

/**
 * A receive work queue indirection table (C {@code struct ibv_rwq_ind_table}, created with
 * {@link Context#createIndirectionTable}), the receive side of an RX hash (RSS) queue pair
 * ({@link QpInitAttributes#indirectionTable()}): the hash of an incoming packet picks one of its
 * {@link WorkQueue work queues}. It keeps its work queues busy, and a queue pair created with it keeps it
 * busy. Closing it is C {@code ibv_destroy_rwq_ind_table}.
 */
public interface RwqIndirectionTable extends VerbsObject {

    /** @return the table number (C {@code ind_tbl_num}) */
    int number();
}
