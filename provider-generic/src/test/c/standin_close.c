/*
 * standin_close.c: a stand-in device for CloseProtocolTest. Its CQ's start_poll can find nothing, find one
 * completion (wr_id 7), or sleep before it finds nothing, so that a test can hold a call or a batch open in
 * one thread while another closes the queue. It counts the calls of end_poll and records when start_poll
 * entered and returned (CLOCK_MONOTONIC, the clock of Java's System.nanoTime on Linux). Built by the test
 * against rdma-core's headers, never part of Verbs4J.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <infiniband/verbs.h>

enum { FIND_NOTHING, FIND_ONE, SLEEP_THEN_NOTHING };

static int mode;
static int sleep_ms;
static long end_polls;
static long entered;
static long returned_ns;

static long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int standin_start_poll(struct ibv_cq_ex *cq, struct ibv_poll_cq_attr *attr)
{
	struct timespec pause;

	(void)attr;
	__atomic_add_fetch(&entered, 1, __ATOMIC_SEQ_CST);
	switch (__atomic_load_n(&mode, __ATOMIC_SEQ_CST)) {
	case FIND_ONE:
		cq->wr_id = 7;
		cq->status = IBV_WC_SUCCESS;
		return 0;
	case SLEEP_THEN_NOTHING:
		pause.tv_sec = sleep_ms / 1000;
		pause.tv_nsec = (sleep_ms % 1000) * 1000000L;
		nanosleep(&pause, NULL);
		__atomic_store_n(&returned_ns, now_ns(), __ATOMIC_SEQ_CST);
		return ENOENT;
	default:
		return ENOENT;
	}
}

static int standin_next_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
	return ENOENT;
}

static void standin_end_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
	__atomic_add_fetch(&end_polls, 1, __ATOMIC_SEQ_CST);
}

static enum ibv_wc_opcode standin_read_opcode(struct ibv_cq_ex *cq)
{
	(void)cq;
	return IBV_WC_RECV;
}

static uint32_t standin_read_u32(struct ibv_cq_ex *cq)
{
	(void)cq;
	return 0;
}

static unsigned int standin_read_wc_flags(struct ibv_cq_ex *cq)
{
	(void)cq;
	return 0;
}

static struct ibv_cq_ex *standin_create_cq_ex(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr)
{
	struct ibv_cq_ex *cq = calloc(1, sizeof(*cq));

	if (!cq) {
		errno = ENOMEM;
		return NULL;
	}
	cq->context = context;
	cq->cqe = attr->cqe;
	cq->start_poll = standin_start_poll;
	cq->next_poll = standin_next_poll;
	cq->end_poll = standin_end_poll;
	cq->read_opcode = standin_read_opcode;
	cq->read_vendor_err = standin_read_u32;
	cq->read_byte_len = standin_read_u32;
	cq->read_wc_flags = standin_read_wc_flags;
	return cq;
}

/* An extended context whose create_cq_ex is the stand-in's. */
struct ibv_context *standin_close_context(void)
{
	struct verbs_context *vctx = calloc(1, sizeof(*vctx));

	if (!vctx)
		return NULL;
	vctx->sz = sizeof(*vctx);
	vctx->create_cq_ex = standin_create_cq_ex;
	vctx->context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	return &vctx->context;
}

/* Sets what start_poll does next and clears the records. */
void standin_close_set(int next_mode, int next_sleep_ms)
{
	__atomic_store_n(&sleep_ms, next_sleep_ms, __ATOMIC_SEQ_CST);
	__atomic_store_n(&end_polls, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&entered, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&returned_ns, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&mode, next_mode, __ATOMIC_SEQ_CST);
}

long standin_close_end_polls(void)
{
	return __atomic_load_n(&end_polls, __ATOMIC_SEQ_CST);
}

long standin_close_entered(void)
{
	return __atomic_load_n(&entered, __ATOMIC_SEQ_CST);
}

long standin_close_returned_ns(void)
{
	return __atomic_load_n(&returned_ns, __ATOMIC_SEQ_CST);
}
