package org.verbs4j.provider.efa;

import java.util.OptionalLong;

/**
 * What {@code efadv_query_cq} tells of a completion queue ({@code struct efadv_cq_attr}): its raw ring, for an
 * application's own data path. The addresses stay valid while the queue is open.
 *
 * @param buffer the address of the completion ring ({@code buffer})
 * @param entrySize the bytes of one completion entry ({@code entry_size})
 * @param numEntries the entries of the ring ({@code num_entries})
 * @param doorbell the address of the CQ doorbell ({@code doorbell}, rdma-core 60 and later; 0 if the queue has none)
 */
public record EfaCqRing(long buffer, int entrySize, int numEntries, OptionalLong doorbell) {
}
