package org.verbs4j.provider.soft;

/**
 * Why the soft device has no on-demand paging ({@code odp_caps} all 0) and no dma-buf regions: it reaches
 * registered memory through the segment's arena, which it cannot do for pages that belong to no segment.
 */
final class OnDemandPaging {

    /** Why {@code IBV_ACCESS_ON_DEMAND} is refused. */
    static final String REASON = "the soft device has no on-demand paging (odp_caps.general_caps lacks "
            + "IBV_ODP_SUPPORT): it reaches registered memory only through a segment the application keeps alive";
    /** Why implicit on-demand paging is refused. */
    static final String IMPLICIT = "the soft device has no implicit on-demand paging (odp_caps.general_caps lacks "
            + "IBV_ODP_SUPPORT_IMPLICIT): a JVM device cannot reach the whole address space, only segments";
    /** Why {@code ibv_advise_mr} is refused. */
    static final String ADVISE = "ibv_advise_mr applies to on-demand paging regions, which the soft device does "
            + "not have";
    /** Why {@code ibv_reg_dmabuf_mr} is refused. */
    static final String DMABUF = "the soft device imports no dma-buf: it has no kernel driver to map the buffer's "
            + "pages, and a JVM device reaches only segments";

    private OnDemandPaging() {
    }
}
