package org.verbs4j;

import java.util.EnumSet;
import java.util.Set;

/**
 * The requested attributes of an extended shared receive queue (C {@code struct ibv_srq_init_attr_ex}).
 * The C {@code comp_mask} is derived ({@link #compMask()}).
 *
 * @param srqContext the consumer context, or {@code null}
 * @param attr the requested size ({@link SrqAttributes#maxWr()}, {@link SrqAttributes#maxSge()}) and limit
 * @param srqType the type
 * @param pd the protection domain
 * @param xrcDomain the XRC domain of an XRC queue, or {@code null}
 * @param cq the completion queue of an XRC or tag-matching queue (tag-matching list operations complete
 *     there), or {@code null}
 * @param tmCap the tag-matching sizes of a {@link SrqType#TM} queue, or {@code null}
 */
public record SrqInitAttributes(Object srqContext, SrqAttributes attr, SrqType srqType, ProtectionDomain pd,
                                XrcDomain xrcDomain, CompletionQueue cq, TmCap tmCap) {

    /**
     * @param pd the protection domain
     * @param maxWr the most outstanding receive requests
     * @param maxSge the most scatter/gather entries per request
     * @return the attributes of a basic shared receive queue
     */
    public static SrqInitAttributes basic(ProtectionDomain pd, int maxWr, int maxSge) {
        return new SrqInitAttributes(null, new SrqAttributes(maxWr, maxSge, 0), SrqType.BASIC, pd, null, null, null);
    }

    /**
     * @param pd the protection domain
     * @param maxWr the most outstanding receive requests (for unexpected messages)
     * @param maxSge the most scatter/gather entries per request
     * @param cq the completion queue of the list operations
     * @param tmCap the tag-matching sizes
     * @return the attributes of a tag-matching shared receive queue
     */
    public static SrqInitAttributes tagMatching(ProtectionDomain pd, int maxWr, int maxSge, CompletionQueue cq,
                                                TmCap tmCap) {
        return new SrqInitAttributes(null, new SrqAttributes(maxWr, maxSge, 0), SrqType.TM, pd, null, cq, tmCap);
    }

    /**
     * @param pd the protection domain
     * @param xrcDomain the XRC domain: its {@link QpType#XRC_RECV} queue pairs deliver to the queue
     * @param cq the completion queue of the receive completions (an XRC queue pair has none of its own)
     * @param maxWr the most outstanding receive requests
     * @param maxSge the most scatter/gather entries per request
     * @return the attributes of an XRC shared receive queue (C {@code comp_mask} TYPE, PD, XRCD and CQ);
     *     senders address it by its {@link SharedReceiveQueue#srqNum()}
     */
    public static SrqInitAttributes xrc(ProtectionDomain pd, XrcDomain xrcDomain, CompletionQueue cq, int maxWr,
                                        int maxSge) {
        return new SrqInitAttributes(null, new SrqAttributes(maxWr, maxSge, 0), SrqType.XRC, pd, xrcDomain, cq,
                null);
    }

    /** @return the C {@code comp_mask} these attributes imply */
    public Set<SrqInitAttrMask> compMask() {
        EnumSet<SrqInitAttrMask> mask = EnumSet.of(SrqInitAttrMask.TYPE, SrqInitAttrMask.PD);
        if (xrcDomain != null) {
            mask.add(SrqInitAttrMask.XRCD);
        }
        if (cq != null) {
            mask.add(SrqInitAttrMask.CQ);
        }
        if (tmCap != null) {
            mask.add(SrqInitAttrMask.TM);
        }
        return mask;
    }
}
