/*
 * standin_cq.c: a stand-in device for measuring, on the host's own CPU, what Verbs4J adds to an empty
 * poll (see StandInPollBenchmark.java and vm/run-benchmark.sh). It is a struct verbs_context whose only
 * op is create_cq_ex, which returns a struct ibv_cq_ex whose start_poll always returns ENOENT, as a
 * provider's does on an empty queue, and whose other mandatory pointers do nothing. No kernel and no
 * libibverbs are involved: rdma-core's headers give the real layouts. Built at benchmark time into a
 * shared library under target/, never part of Verbs4J.
 */
#include <errno.h>
#include <stdlib.h>
#include <infiniband/verbs.h>

static struct ibv_cq_ex *last_cq;

static int standin_start_poll(struct ibv_cq_ex *cq, struct ibv_poll_cq_attr *attr)
{
	(void)cq;
	(void)attr;
	return ENOENT;
}

static int standin_next_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
	return ENOENT;
}

static void standin_end_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
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
	last_cq = cq;
	return cq;
}

/* An extended context (abi_compat as verbs_init_context sets it) whose create_cq_ex is the stand-in's. */
struct ibv_context *verbs4j_standin_context(void)
{
	struct verbs_context *vctx = calloc(1, sizeof(*vctx));

	if (!vctx)
		return NULL;
	vctx->sz = sizeof(*vctx);
	vctx->create_cq_ex = standin_create_cq_ex;
	vctx->context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	return &vctx->context;
}

/* The queue the last create_cq_ex returned, for the C loop of standin_poll_loop.c. */
struct ibv_cq_ex *verbs4j_standin_last_cq(void)
{
	return last_cq;
}
