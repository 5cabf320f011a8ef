/*
 * empty_poll.c DEVICE ITERATIONS ROUNDS: the C side of the empty-poll benchmark. Creates an extended
 * CQ and times ibv_start_poll on it while it is empty (ENOENT); prints the best and the median
 * nanoseconds per call over ROUNDS rounds, in the same format as EmptyPollBenchmark.java.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <infiniband/verbs.h>

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s DEVICE ITERATIONS ROUNDS\n", argv[0]);
		return 2;
	}
	long iterations = atol(argv[2]);
	int rounds = atoi(argv[3]), n, i;
	struct ibv_device **list = ibv_get_device_list(&n);
	struct ibv_context *ctx = NULL;
	for (i = 0; list && i < n; i++)
		if (!strcmp(ibv_get_device_name(list[i]), argv[1]))
			ctx = ibv_open_device(list[i]);
	if (!ctx) {
		fprintf(stderr, "cannot open %s\n", argv[1]);
		return 1;
	}
	struct ibv_cq_init_attr_ex attr = { .cqe = 16, .wc_flags = IBV_WC_EX_WITH_BYTE_LEN };
	struct ibv_cq_ex *cq = ibv_create_cq_ex(ctx, &attr);
	if (!cq) {
		perror("ibv_create_cq_ex");
		return 1;
	}
	struct ibv_poll_cq_attr poll_attr = { 0 };
	double *ns = calloc(rounds, sizeof(*ns));
	for (int r = -1; r < rounds; r++) { /* round -1 warms up */
		double start = now_ns();
		for (long k = 0; k < iterations; k++)
			if (ibv_start_poll(cq, &poll_attr) != ENOENT)
				abort();
		if (r >= 0)
			ns[r] = (now_ns() - start) / iterations;
	}
	qsort(ns, rounds, sizeof(*ns), cmp);
	printf("C       ibv_start_poll on an empty CQ: best %.1f ns/call, median %.1f ns/call\n", ns[0],
	       ns[rounds / 2]);
	ibv_destroy_cq(ibv_cq_ex_to_cq(cq));
	ibv_close_device(ctx);
	ibv_free_device_list(list);
	return 0;
}
