package org.verbs4j.provider.efa;

import org.verbs4j.InvalidArgumentException;

/**
 * What an SRD queue pair takes beyond the portable {@link org.verbs4j.QpInitAttributes} (C
 * {@code struct efadv_qp_init_attr}); {@code unsolicitedWriteRecv} is the portable attribute's.
 *
 * @param sl the service level passed to the device, 0 for its default ({@code sl}, rdma-core 55 and later)
 * @param inlineWrite whether RDMA writes may carry inline data ({@code EFADV_QP_FLAGS_INLINE_WRITE}, rdma-core
 *     63 and later; needs {@link EfaDeviceCap#RDMA_WRITE})
 * @param processingHints whether sends may carry processing hints ({@code EFADV_WR_EX_WITH_PROCESSING_HINTS},
 *     rdma-core 64 and later; see {@link EfaQueuePair#setProcessingHints})
 */
public record SrdOptions(int sl, boolean inlineWrite, boolean processingHints) {

    /** The defaults: service level 0, no inline write, no processing hints. */
    public static final SrdOptions DEFAULT = new SrdOptions(0, false, false);

    /** Checks that the service level fits its byte. */
    public SrdOptions {
        if (sl < 0 || sl > 255) {
            throw new InvalidArgumentException("efadv_create_qp_ex", "sl " + sl + " is not a u8");
        }
    }
}
