/*
 * standin_loops.c: the C side of StandInRatio, the five workloads on the stand-in device of standin_device.c
 * as an application written in C drives them, through rdma-core's static inlines (ibv_wr_*, ibv_post_recv,
 * ibv_start_poll, ...), which call the device's function pointers. A separate translation unit from the
 * device, so that gcc cannot see which function a pointer holds. Each loop returns the nanoseconds of the
 * thread's CPU time per message over ITERATIONS repetitions (time the thread waits for a CPU on a loaded
 * machine does not count), and aborts on an unexpected result.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <infiniband/verbs.h>

#define BURST 64
#define BATCH 16
#define REMOTE_KEY 0x1234u
#define REMOTE_ADDRESS 0x10000ull

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static struct ibv_qp_ex *qpx_of(struct ibv_qp *qp)
{
	return (struct ibv_qp_ex *)qp; /* ibv_qp_to_qp_ex of the stand-in's queue pairs */
}

/* Polls until COUNT successful completions were read. */
static void drain(struct ibv_cq_ex *cq, int count)
{
	struct ibv_poll_cq_attr attr = { 0 };

	while (count > 0) {
		int rc = ibv_start_poll(cq, &attr);

		if (rc == ENOENT)
			continue;
		if (rc)
			abort();
		do {
			if (cq->status != IBV_WC_SUCCESS)
				abort();
			count--;
		} while (ibv_next_poll(cq) == 0);
		ibv_end_poll(cq);
	}
}

double verbs4j_c_empty_poll(struct ibv_cq_ex *cq, long iterations)
{
	struct ibv_poll_cq_attr attr = { 0 };
	double start = now_ns();

	for (long k = 0; k < iterations; k++)
		if (ibv_start_poll(cq, &attr) != ENOENT)
			abort();
	return (now_ns() - start) / iterations;
}

double verbs4j_c_send_poll(struct ibv_qp *qp, struct ibv_cq_ex *cq, uint64_t address, uint32_t lkey,
			   long iterations)
{
	struct ibv_qp_ex *qpx = qpx_of(qp);
	double start = now_ns();

	for (long k = 0; k < iterations; k++) {
		ibv_wr_start(qpx);
		qpx->wr_id = k;
		qpx->wr_flags = IBV_SEND_SIGNALED;
		ibv_wr_send(qpx);
		ibv_wr_set_sge(qpx, lkey, address, 8);
		if (ibv_wr_complete(qpx))
			abort();
		drain(cq, 1);
	}
	return (now_ns() - start) / iterations;
}

double verbs4j_c_burst(struct ibv_qp *qp, struct ibv_cq_ex *cq, uint64_t address, uint32_t lkey, long iterations)
{
	struct ibv_qp_ex *qpx = qpx_of(qp);
	struct ibv_recv_wr wrs[BURST], *bad;
	struct ibv_sge sges[BURST];
	double start;

	for (int i = 0; i < BURST; i++) {
		sges[i] = (struct ibv_sge){ .addr = address + 8 * i, .length = 8, .lkey = lkey };
		wrs[i] = (struct ibv_recv_wr){ .wr_id = i, .next = i + 1 < BURST ? &wrs[i + 1] : NULL,
					       .sg_list = &sges[i], .num_sge = 1 };
	}
	start = now_ns();
	for (long k = 0; k < iterations; k++) {
		if (ibv_post_recv(qp, wrs, &bad))
			abort();
		ibv_wr_start(qpx);
		for (int i = 0; i < BURST; i++) {
			qpx->wr_id = i;
			qpx->wr_flags = i == BURST - 1 ? IBV_SEND_SIGNALED : 0;
			ibv_wr_send(qpx);
			ibv_wr_set_sge(qpx, lkey, address, 8);
		}
		if (ibv_wr_complete(qpx))
			abort();
		drain(cq, BURST + 1);
	}
	return (now_ns() - start) / iterations / BURST;
}

double verbs4j_c_write2(struct ibv_qp *qp, struct ibv_cq_ex *cq, uint64_t address, uint32_t lkey, long iterations)
{
	struct ibv_qp_ex *qpx = qpx_of(qp);
	struct ibv_sge sges[2] = { { .addr = address, .length = 8, .lkey = lkey },
				   { .addr = address + 64, .length = 8, .lkey = lkey } };
	double start = now_ns();

	for (long k = 0; k < iterations; k++) {
		ibv_wr_start(qpx);
		qpx->wr_id = k;
		qpx->wr_flags = IBV_SEND_SIGNALED;
		ibv_wr_rdma_write(qpx, REMOTE_KEY, REMOTE_ADDRESS);
		ibv_wr_set_sge_list(qpx, 2, sges);
		if (ibv_wr_complete(qpx))
			abort();
		drain(cq, 1);
	}
	return (now_ns() - start) / iterations;
}

/* Reads the six fields of each of BATCH completions of a queue that replays them; ns per completion. */
double verbs4j_c_poll16(struct ibv_cq_ex *cq, long iterations)
{
	struct ibv_poll_cq_attr attr = { 0 };
	uint64_t sum = 0;
	double start = now_ns();

	for (long k = 0; k < iterations; k++) {
		int n = 0;

		if (ibv_start_poll(cq, &attr))
			abort();
		do {
			sum += cq->wr_id + cq->status + ibv_wc_read_opcode(cq) + ibv_wc_read_byte_len(cq) +
			       ibv_wc_read_qp_num(cq) + ibv_wc_read_wc_flags(cq);
			n++;
		} while (ibv_next_poll(cq) == 0);
		ibv_end_poll(cq);
		if (n != BATCH)
			abort();
	}
	if (sum == 0)
		abort();
	return (now_ns() - start) / iterations / BATCH;
}
