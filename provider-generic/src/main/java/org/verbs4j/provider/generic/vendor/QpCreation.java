package org.verbs4j.provider.generic.vendor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.verbs4j.QpInitAttributes;

/**
 * A queue pair about to be created ({@link DirectVerbs#createQp}). The attributes have been checked against
 * the device's capabilities (for example {@code unsolicitedWriteRecv} against
 * {@link org.verbs4j.Capability#QP_UNSOLICITED_WRITE_RECV}).
 *
 * @param context the {@code struct ibv_context *}
 * @param initAttr the filled {@code struct ibv_qp_init_attr_ex}; its {@code cap} is read back after the hook
 * @param attributes the api attributes it was filled from
 * @param call an arena for the hook's own arguments, closed when the hook returns
 * @param ibverbs the generic call: {@code ibv_create_qp}, or {@code verbs_context.create_qp_ex} when the
 *     comp_mask is more than PD, as the inline {@code ibv_create_qp_ex} chooses
 */
public record QpCreation(MemorySegment context, MemorySegment initAttr, QpInitAttributes attributes, Arena call,
        NativeConstructor ibverbs) {

    /** @return the queue pair created by the generic path, without view */
    public CreatedQp generic() {
        return CreatedQp.of(ibverbs.create());
    }
}
