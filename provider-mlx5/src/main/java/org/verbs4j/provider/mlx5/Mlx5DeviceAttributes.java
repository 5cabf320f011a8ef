package org.verbs4j.provider.mlx5;

/**
 * What {@code mlx5dv_query_device} reports ({@code struct mlx5dv_context}). A block the device did not answer
 * ({@link #answered}) reads as zero.
 *
 * @param version {@code version}
 * @param flags {@code flags}, bits of {@link Mlx5ContextFlag}
 * @param compMask the blocks the device filled, bits of {@link Mlx5ContextMask}
 * @param cqeCompMaxNum {@code cqe_comp_caps.max_num}: the most CQEs one compression session holds, 0 if none
 * @param cqeCompFormats {@code cqe_comp_caps.supported_format}: bits of {@link Mlx5CqeFormat}
 * @param maxDynamicBfregs {@code max_dynamic_bfregs}
 * @param maxClockInfoUpdateNsec {@code max_clock_info_update_nsec}
 * @param hasHcaCoreClock whether {@code hca_core_clock} points at the device's free-running clock
 * @param numLagPorts {@code num_lag_ports}
 * @param dciMaxLogConcurrent {@code dci_streams_caps.max_log_num_concurent}
 * @param dciMaxLogErrored {@code dci_streams_caps.max_log_num_errored}
 * @param maxWrMemcpyLength {@code max_wr_memcpy_length}
 * @param maxDcRdAtom {@code max_dc_rd_atom} (47 and later)
 * @param maxDcInitRdAtom {@code max_dc_init_rd_atom} (47 and later)
 * @param outOfOrder {@code ooo_recv_wrs_caps} (55 and later)
 */
public record Mlx5DeviceAttributes(int version, long flags, long compMask, int cqeCompMaxNum, int cqeCompFormats,
        int maxDynamicBfregs, long maxClockInfoUpdateNsec, boolean hasHcaCoreClock, int numLagPorts,
        int dciMaxLogConcurrent, int dciMaxLogErrored, long maxWrMemcpyLength, long maxDcRdAtom,
        long maxDcInitRdAtom, Mlx5OutOfOrderCaps outOfOrder) {

    /** @return whether the device filled {@code block} */
    public boolean answered(Mlx5ContextMask block) {
        return (compMask & block.value()) != 0;
    }

    /** @return whether {@code flags} has {@code flag} */
    public boolean has(Mlx5ContextFlag flag) {
        return flag.in(flags);
    }

    /** @return whether CQE compression offers the mini-CQE format {@code format} */
    public boolean supportsCompression(Mlx5CqeFormat format) {
        return cqeCompMaxNum != 0 && (cqeCompFormats & format.value()) != 0;
    }

    /** @return whether the device has DCI streams */
    public boolean hasDciStreams() {
        return answered(Mlx5ContextMask.DCI_STREAMS) && dciMaxLogConcurrent > 0;
    }
}
