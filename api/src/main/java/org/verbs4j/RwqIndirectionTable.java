package org.verbs4j;

import java.util.List;
import java.util.Objects;

/**
 * A receive work queue indirection table (C {@code struct ibv_rwq_ind_table}, created with
 * {@link Context#createIndirectionTable}), the receive side of an RX hash (RSS) queue pair
 * ({@link QpInitAttributes#indirectionTable()}): the hash of an incoming packet picks one of its
 * {@link WorkQueue work queues}. It keeps its work queues busy, and a queue pair created with it keeps it
 * busy. Closing it is C {@code ibv_destroy_rwq_ind_table}.
 */
public interface RwqIndirectionTable extends VerbsObject {

    /**
     * The size rule of a table, which {@link Context#createIndirectionTable} checks first: the number of
     * work queues must be a power of two (1, 2, 4, ...), since C {@code ibv_rwq_ind_table_init_attr} gives
     * the size as its base-2 logarithm, {@code log_ind_tbl_size}. Providers call this before any capability
     * check, any check of the entries and any native call.
     *
     * @param workQueues the table's work queues, in table order; only their number is looked at, so an entry
     *     may be {@code null}
     * @return {@code log_ind_tbl_size}, the base-2 logarithm of their number
     * @throws NullPointerException if {@code workQueues} is {@code null}
     * @throws InvalidArgumentException if their number is not a power of two; an empty list is refused too
     */
    static int logSize(List<? extends WorkQueue> workQueues) {
        int size = Objects.requireNonNull(workQueues, "workQueues").size();
        if (Integer.bitCount(size) != 1) {
            throw new InvalidArgumentException("ibv_create_rwq_ind_table",
                    "the number of work queues must be a power of two (log_ind_tbl_size), not " + size);
        }
        return Integer.numberOfTrailingZeros(size);
    }

    /** @return the table number (C {@code ind_tbl_num}) */
    int number();
}
