/*
 * standin_poll_loop.c: the C side of the host measurement (see standin_cq.c): the loop of empty_poll.c,
 * ibv_start_poll on an empty extended CQ, which calls cq->start_poll through the function pointer as
 * rdma-core's inline does. A separate translation unit from the stand-in functions, so that gcc cannot
 * see which function the pointer holds.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <infiniband/verbs.h>

/* Nanoseconds per call of ibv_start_poll over ITERATIONS calls; aborts if one does not return ENOENT. */
double verbs4j_c_empty_poll(struct ibv_cq_ex *cq, long iterations)
{
	struct ibv_poll_cq_attr attr = { 0 };
	struct timespec start, end;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (long k = 0; k < iterations; k++)
		if (ibv_start_poll(cq, &attr) != ENOENT)
			abort();
	clock_gettime(CLOCK_MONOTONIC, &end);
	return ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / iterations;
}
