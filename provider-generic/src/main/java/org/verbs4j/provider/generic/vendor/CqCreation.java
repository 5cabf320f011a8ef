package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.CqInitAttributes;

/**
 * A completion queue about to be created ({@link DirectVerbs#createCq}). The attributes have been checked
 * against the device's capabilities; the requested extra fields are in {@code attributes.extraFields()}.
 *
 * @param context the {@code struct ibv_context *}
 * @param initAttr the filled {@code struct ibv_cq_init_attr_ex}; a vendor passes it on to its creator, which
 *     may rewrite {@code cqe}
 * @param attributes the api attributes it was filled from
 * @param call an arena for the hook's own arguments, closed when the hook returns
 * @param ibverbs the generic call, {@code ibv_create_cq_ex} through {@code verbs_context.create_cq_ex}
 */
public record CqCreation(MemorySegment context, MemorySegment initAttr, CqInitAttributes attributes, Arena call,
        NativeConstructor ibverbs) {

    /** @return the queue created by the generic path, without extra readers or view */
    public CreatedCq generic() {
        return CreatedCq.of(ibverbs.create());
    }
}
