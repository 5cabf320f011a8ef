package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaConstant;

/**
 * The shape of a send queue whose depth {@link EfaContext#maxSqDepth} asks for (C {@code struct
 * efadv_sq_depth_attr}).
 *
 * @param maxSendSge scatter/gather entries of a send ({@code max_send_sge})
 * @param maxRdmaSge scatter/gather entries of an RDMA operation ({@code max_rdma_sge})
 * @param maxInlineData inline bytes ({@code max_inline_data})
 * @param inlineWrite whether RDMA writes carry inline data ({@code EFADV_SQ_DEPTH_ATTR_INLINE_WRITE})
 */
public record SqDepthRequest(int maxSendSge, int maxRdmaSge, int maxInlineData, boolean inlineWrite) {

    /** Checks that no value is negative. */
    public SqDepthRequest {
        if (maxSendSge < 0 || maxRdmaSge < 0 || maxInlineData < 0) {
            throw new InvalidArgumentException("efadv_get_max_sq_depth", "negative sizes");
        }
    }

    void write(MemorySegment attr) {
        attr.set(JAVA_INT, EfaAbi.SQ_DEPTH_ATTR.offset("flags"),
                inlineWrite ? EfaConstant.EFADV_SQ_DEPTH_ATTR_INLINE_WRITE.intValue() : 0);
        attr.set(JAVA_INT, EfaAbi.SQ_DEPTH_ATTR.offset("max_send_sge"), maxSendSge);
        attr.set(JAVA_INT, EfaAbi.SQ_DEPTH_ATTR.offset("max_rdma_sge"), maxRdmaSge);
        attr.set(JAVA_INT, EfaAbi.SQ_DEPTH_ATTR.offset("max_inline_data"), maxInlineData);
    }
}
