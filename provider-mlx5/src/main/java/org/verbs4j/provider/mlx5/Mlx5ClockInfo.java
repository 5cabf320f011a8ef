package org.verbs4j.provider.mlx5;

/**
 * The clock conversion state of a device ({@code struct mlx5dv_clock_info}, from
 * {@code mlx5dv_get_clock_info}): what turns the raw free-running timestamp of a completion into nanoseconds.
 * The kernel updates it at least every {@link Mlx5DeviceAttributes#maxClockInfoUpdateNsec()}; query it again
 * within that time.
 *
 * @param nsec {@code nsec}
 * @param lastCycles {@code last_cycles}
 * @param frac {@code frac}
 * @param mult {@code mult}, unsigned
 * @param shift {@code shift}
 * @param mask {@code mask}
 */
public record Mlx5ClockInfo(long nsec, long lastCycles, long frac, int mult, int shift, long mask) {

    /**
     * The inline {@code mlx5dv_ts_to_ns} of {@code mlx5dv.h}, in unsigned 64-bit arithmetic: allocates nothing.
     *
     * @param deviceTimestamp a raw completion timestamp ({@code ibv_wc_read_completion_ts})
     * @return the nanoseconds it stands for
     */
    public long tsToNs(long deviceTimestamp) {
        long delta = (deviceTimestamp - lastCycles) & mask;
        if (Long.compareUnsigned(delta, mask >>> 1) > 0) {
            delta = (lastCycles - deviceTimestamp) & mask;
            return nsec - ((delta * Integer.toUnsignedLong(mult) - frac) >>> shift);
        }
        return nsec + ((delta * Integer.toUnsignedLong(mult) + frac) >>> shift);
    }
}
