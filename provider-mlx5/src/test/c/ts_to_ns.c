/*
 * The real mlx5dv_ts_to_ns (static inline in <infiniband/mlx5dv.h>), compiled against a release's headers:
 * reads "nsec last_cycles frac mult shift mask timestamp" lines (unsigned decimal) and prints the nanoseconds,
 * so that the Java port is compared with the C it ports.
 */
#include <inttypes.h>
#include <stdio.h>
#include <infiniband/mlx5dv.h>

int main(void)
{
	struct mlx5dv_clock_info info;
	uint64_t ts;

	while (scanf("%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu32 " %" SCNu32 " %" SCNu64 " %" SCNu64,
		     &info.nsec, &info.last_cycles, &info.frac, &info.mult, &info.shift, &info.mask, &ts) == 7)
		printf("%" PRIu64 "\n", mlx5dv_ts_to_ns(&info, ts));
	return 0;
}
