package org.verbs4j.provider.efa;

/**
 * What {@code efadv_query_qp_wqs} tells of one work queue of a queue pair ({@code struct efadv_wq_attr}): its raw
 * ring, for an application's own data path. The addresses stay valid while the queue pair is open.
 *
 * @param buffer the address of the work queue entries ({@code buffer})
 * @param entrySize the bytes of one entry ({@code entry_size})
 * @param numEntries the entries of the ring ({@code num_entries})
 * @param doorbell the address of the queue's doorbell ({@code doorbell})
 * @param maxBatch the most entries written before a doorbell ({@code max_batch})
 */
public record EfaWqRing(long buffer, int entrySize, int numEntries, long doorbell, int maxBatch) {
}
