/*
 * standin_device.c: a stand-in RDMA device for measuring, on the host's own CPU, what Verbs4J adds to the
 * data path of the verbs against C (StandInRatio, StandInBenchmark). It implements the function pointers the
 * data path calls, each doing the minimal real work of a driver's user-space half: the ibv_qp_ex builders
 * write work requests into a send ring, post_recv and post_srq_recv write a receive ring, wr_complete rings
 * the "doorbell", on which a loopback executes the requests at once (a SEND consumes a receive of its own
 * queue pair), and writes completions into the completion rings that the ibv_cq_ex iterator and its read_*
 * readers read. No kernel, no libibverbs call and no data movement: the figures are the cost of the call
 * path. Built with rdma-core's headers into a shared library by the build (build-standin.sh).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#define SQ_DEPTH 1024u
#define RQ_DEPTH 1024u
#define CQ_DEPTH 4096u
#define MAX_SGE 4u
#define MAX_INLINE 64u
#define VERBS_QP_EX 2u /* rdma-core's driver.h: verbs_qp.comp_mask bit for an ibv_qp_ex */

struct standin_wqe {
	uint64_t wr_id;
	uint64_t remote_addr;
	enum ibv_wr_opcode opcode;
	unsigned int flags;
	uint32_t rkey;
	uint32_t num_sge;
	uint32_t inline_len;
	struct ibv_sge sge[MAX_SGE];
	uint8_t inline_data[MAX_INLINE];
};

struct standin_rwqe {
	uint64_t wr_id;
	uint32_t length;
};

struct standin_rq {
	struct standin_rwqe ring[RQ_DEPTH];
	uint32_t head;
	uint32_t tail;
};

struct standin_cqe {
	uint64_t wr_id;
	enum ibv_wc_status status;
	enum ibv_wc_opcode opcode;
	uint32_t byte_len;
	uint32_t qp_num;
	unsigned int wc_flags;
};

struct standin_cq {
	struct ibv_cq_ex cq;
	struct standin_cqe ring[CQ_DEPTH];
	uint32_t head;
	uint32_t tail;
	uint32_t cur;
	int replay; /* end_poll leaves the entries in place, for polling the same batch again */
	int overflow;
	int armed;
};

struct standin_srq {
	struct ibv_srq srq;
	struct standin_rq rq;
};

/* As rdma-core's struct verbs_qp: the ibv_qp_ex, then comp_mask, which ibv_qp_to_qp_ex reads. */
struct standin_qp {
	struct ibv_qp_ex qpx;
	uint32_t comp_mask;
	struct standin_wqe sq[SQ_DEPTH];
	uint32_t sq_head;
	uint32_t sq_tail;
	uint32_t sq_start;
	int error;
	struct standin_rq rq;
	struct standin_srq *srq;
};

static uint32_t next_qp_num = 0x100;

static struct standin_qp *qp_of(struct ibv_qp_ex *qpx)
{
	return (struct standin_qp *)qpx;
}

static struct standin_cq *cq_of(struct ibv_cq_ex *cq)
{
	return (struct standin_cq *)cq;
}

/* ---- completion queue ---- */

static void push_cqe(struct ibv_cq *cq, uint64_t wr_id, enum ibv_wc_opcode opcode, uint32_t byte_len,
		     uint32_t qp_num)
{
	struct standin_cq *c = (struct standin_cq *)cq;
	struct standin_cqe *e;

	if (c->tail - c->head >= CQ_DEPTH) {
		c->overflow = 1;
		return;
	}
	e = &c->ring[c->tail++ % CQ_DEPTH];
	e->wr_id = wr_id;
	e->status = IBV_WC_SUCCESS;
	e->opcode = opcode;
	e->byte_len = byte_len;
	e->qp_num = qp_num;
	e->wc_flags = 0;
}

static void load(struct standin_cq *c)
{
	struct standin_cqe *e = &c->ring[c->cur % CQ_DEPTH];

	c->cq.wr_id = e->wr_id;
	c->cq.status = e->status;
}

static int standin_start_poll(struct ibv_cq_ex *cq, struct ibv_poll_cq_attr *attr)
{
	struct standin_cq *c = cq_of(cq);

	(void)attr;
	if (c->overflow)
		return EIO;
	if (c->head == c->tail)
		return ENOENT;
	c->cur = c->head;
	load(c);
	return 0;
}

static int standin_next_poll(struct ibv_cq_ex *cq)
{
	struct standin_cq *c = cq_of(cq);

	if (c->cur + 1 == c->tail)
		return ENOENT;
	c->cur++;
	load(c);
	return 0;
}

static void standin_end_poll(struct ibv_cq_ex *cq)
{
	struct standin_cq *c = cq_of(cq);

	if (!c->replay)
		c->head = c->cur + 1;
}

static struct standin_cqe *current(struct ibv_cq_ex *cq)
{
	struct standin_cq *c = cq_of(cq);

	return &c->ring[c->cur % CQ_DEPTH];
}

static enum ibv_wc_opcode standin_read_opcode(struct ibv_cq_ex *cq)
{
	return current(cq)->opcode;
}

static uint32_t standin_read_byte_len(struct ibv_cq_ex *cq)
{
	return current(cq)->byte_len;
}

static uint32_t standin_read_qp_num(struct ibv_cq_ex *cq)
{
	return current(cq)->qp_num;
}

static unsigned int standin_read_wc_flags(struct ibv_cq_ex *cq)
{
	return current(cq)->wc_flags;
}

static uint32_t standin_read_zero32(struct ibv_cq_ex *cq)
{
	(void)cq;
	return 0;
}

static uint8_t standin_read_zero8(struct ibv_cq_ex *cq)
{
	(void)cq;
	return 0;
}

static struct ibv_cq_ex *standin_create_cq_ex(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr)
{
	struct standin_cq *c = calloc(1, sizeof(*c));

	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	c->cq.context = context;
	c->cq.channel = attr->channel;
	c->cq.cq_context = attr->cq_context;
	c->cq.cqe = attr->cqe;
	c->cq.start_poll = standin_start_poll;
	c->cq.next_poll = standin_next_poll;
	c->cq.end_poll = standin_end_poll;
	c->cq.read_opcode = standin_read_opcode;
	c->cq.read_vendor_err = standin_read_zero32;
	c->cq.read_byte_len = standin_read_byte_len;
	c->cq.read_imm_data = standin_read_zero32;
	c->cq.read_qp_num = standin_read_qp_num;
	c->cq.read_src_qp = standin_read_zero32;
	c->cq.read_wc_flags = standin_read_wc_flags;
	c->cq.read_slid = standin_read_zero32;
	c->cq.read_sl = standin_read_zero8;
	c->cq.read_dlid_path_bits = standin_read_zero8;
	return &c->cq;
}

static int standin_req_notify_cq(struct ibv_cq *cq, int solicited_only)
{
	((struct standin_cq *)cq)->armed = 1 + !!solicited_only;
	return 0;
}

/* ---- receive queues ---- */

static uint32_t total_length(const struct ibv_sge *sge, int num_sge)
{
	uint32_t length = 0;

	for (int i = 0; i < num_sge; i++)
		length += sge[i].length;
	return length;
}

static int post_to(struct standin_rq *rq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	for (; wr; wr = wr->next) {
		if (rq->tail - rq->head >= RQ_DEPTH || wr->num_sge < 0 || (unsigned int)wr->num_sge > MAX_SGE) {
			*bad_wr = wr;
			return ENOMEM;
		}
		struct standin_rwqe *e = &rq->ring[rq->tail++ % RQ_DEPTH];
		e->wr_id = wr->wr_id;
		e->length = total_length(wr->sg_list, wr->num_sge);
	}
	return 0;
}

static int standin_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	return post_to(&((struct standin_qp *)qp)->rq, wr, bad_wr);
}

static int standin_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	return post_to(&((struct standin_srq *)srq)->rq, wr, bad_wr);
}

static struct ibv_srq *standin_create_srq_ex(struct ibv_context *context, struct ibv_srq_init_attr_ex *attr)
{
	struct standin_srq *s = calloc(1, sizeof(*s));

	if (!s) {
		errno = ENOMEM;
		return NULL;
	}
	s->srq.context = context;
	s->srq.srq_context = attr->srq_context;
	s->srq.pd = attr->pd;
	return &s->srq;
}

/* ---- send queue: the ibv_qp_ex builders ---- */

static struct standin_wqe *new_wqe(struct ibv_qp_ex *qpx, enum ibv_wr_opcode opcode)
{
	struct standin_qp *q = qp_of(qpx);
	struct standin_wqe *w;

	if (q->sq_head - q->sq_tail >= SQ_DEPTH) {
		q->error = ENOMEM;
		return NULL;
	}
	w = &q->sq[q->sq_head++ % SQ_DEPTH];
	w->wr_id = qpx->wr_id;
	w->flags = qpx->wr_flags;
	w->opcode = opcode;
	w->num_sge = 0;
	w->inline_len = 0;
	return w;
}

static struct standin_wqe *last_wqe(struct ibv_qp_ex *qpx)
{
	struct standin_qp *q = qp_of(qpx);

	if (q->error || q->sq_head == q->sq_start) {
		q->error = q->error ? q->error : EINVAL;
		return NULL;
	}
	return &q->sq[(q->sq_head - 1) % SQ_DEPTH];
}

static void standin_wr_start(struct ibv_qp_ex *qpx)
{
	struct standin_qp *q = qp_of(qpx);

	q->sq_start = q->sq_head;
	q->error = 0;
}

static void standin_wr_send(struct ibv_qp_ex *qpx)
{
	new_wqe(qpx, IBV_WR_SEND);
}

static void standin_wr_rdma_write(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr)
{
	struct standin_wqe *w = new_wqe(qpx, IBV_WR_RDMA_WRITE);

	if (w) {
		w->rkey = rkey;
		w->remote_addr = remote_addr;
	}
}

static void standin_wr_set_sge(struct ibv_qp_ex *qpx, uint32_t lkey, uint64_t addr, uint32_t length)
{
	struct standin_wqe *w = last_wqe(qpx);

	if (w) {
		w->sge[0].lkey = lkey;
		w->sge[0].addr = addr;
		w->sge[0].length = length;
		w->num_sge = 1;
	}
}

static void standin_wr_set_sge_list(struct ibv_qp_ex *qpx, size_t num_sge, const struct ibv_sge *sg_list)
{
	struct standin_wqe *w = last_wqe(qpx);

	if (!w)
		return;
	if (num_sge > MAX_SGE) {
		qp_of(qpx)->error = EINVAL;
		return;
	}
	memcpy(w->sge, sg_list, num_sge * sizeof(*sg_list));
	w->num_sge = num_sge;
}

static void standin_wr_set_inline_data(struct ibv_qp_ex *qpx, void *addr, size_t length)
{
	struct standin_wqe *w = last_wqe(qpx);

	if (!w)
		return;
	if (length > MAX_INLINE) {
		qp_of(qpx)->error = EINVAL;
		return;
	}
	memcpy(w->inline_data, addr, length);
	w->inline_len = length;
}

static uint32_t wqe_length(struct standin_wqe *w)
{
	return w->inline_len ? w->inline_len : total_length(w->sge, w->num_sge);
}

/* The loopback: a SEND consumes a receive (of the SRQ, if any) and completes it on the receive CQ. */
static void execute(struct standin_qp *q, struct standin_wqe *w)
{
	struct ibv_qp *qp = &q->qpx.qp_base;
	struct standin_rq *rq = q->srq ? &q->srq->rq : &q->rq;
	uint32_t length = wqe_length(w);

	if (w->opcode == IBV_WR_SEND && rq->head != rq->tail) {
		struct standin_rwqe *r = &rq->ring[rq->head++ % RQ_DEPTH];
		push_cqe(qp->recv_cq, r->wr_id, IBV_WC_RECV, length, qp->qp_num);
	}
	if (w->flags & IBV_SEND_SIGNALED)
		push_cqe(qp->send_cq, w->wr_id, w->opcode == IBV_WR_SEND ? IBV_WC_SEND : IBV_WC_RDMA_WRITE, length,
			 qp->qp_num);
}

static int standin_wr_complete(struct ibv_qp_ex *qpx)
{
	struct standin_qp *q = qp_of(qpx);

	if (q->error) {
		q->sq_head = q->sq_start;
		return q->error;
	}
	for (; q->sq_tail != q->sq_head; q->sq_tail++)
		execute(q, &q->sq[q->sq_tail % SQ_DEPTH]);
	return 0;
}

static void standin_wr_abort(struct ibv_qp_ex *qpx)
{
	struct standin_qp *q = qp_of(qpx);

	q->sq_head = q->sq_start;
	q->error = 0;
}

/*
 * ibv_qp_to_qp_ex reads verbs_qp.comp_mask right after the ibv_qp_ex: at its size in the headers built
 * against, and where wr_flush sits in them for a libibverbs older than wr_flush (rdma-core 44). The stand-in
 * offers no wr_flush, so that slot carries the mask for the older library.
 */
static void mark_extended(struct standin_qp *q)
{
	uint32_t mask = VERBS_QP_EX;

	q->comp_mask = mask;
	memcpy((char *)&q->qpx + offsetof(struct ibv_qp_ex, wr_flush), &mask, sizeof(mask));
}

static struct ibv_qp *standin_create_qp_ex(struct ibv_context *context, struct ibv_qp_init_attr_ex *attr)
{
	struct standin_qp *q = calloc(1, sizeof(*q));
	struct ibv_qp *qp;

	if (!q) {
		errno = ENOMEM;
		return NULL;
	}
	qp = &q->qpx.qp_base;
	qp->context = context;
	qp->qp_context = attr->qp_context;
	qp->pd = attr->pd;
	qp->send_cq = attr->send_cq;
	qp->recv_cq = attr->recv_cq;
	qp->srq = attr->srq;
	qp->qp_num = next_qp_num++;
	qp->state = IBV_QPS_RTS;
	qp->qp_type = attr->qp_type;
	q->srq = (struct standin_srq *)attr->srq;
	q->qpx.wr_start = standin_wr_start;
	q->qpx.wr_send = standin_wr_send;
	q->qpx.wr_rdma_write = standin_wr_rdma_write;
	q->qpx.wr_set_sge = standin_wr_set_sge;
	q->qpx.wr_set_sge_list = standin_wr_set_sge_list;
	q->qpx.wr_set_inline_data = standin_wr_set_inline_data;
	q->qpx.wr_complete = standin_wr_complete;
	q->qpx.wr_abort = standin_wr_abort;
	mark_extended(q);
	attr->cap.max_inline_data = MAX_INLINE;
	return qp;
}

/* ---- the device ---- */

/* An extended context (abi_compat as verbs_init_context sets it) with the stand-in's ops. */
struct ibv_context *verbs4j_standin_context(void)
{
	struct verbs_context *vctx = calloc(1, sizeof(*vctx));

	if (!vctx)
		return NULL;
	vctx->sz = sizeof(*vctx);
	vctx->create_cq_ex = standin_create_cq_ex;
	vctx->create_qp_ex = standin_create_qp_ex;
	vctx->create_srq_ex = standin_create_srq_ex;
	vctx->context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	vctx->context.async_fd = -1;
	vctx->context.cmd_fd = -1;
	vctx->context.ops.post_recv = standin_post_recv;
	vctx->context.ops.post_srq_recv = standin_post_srq_recv;
	vctx->context.ops.req_notify_cq = standin_req_notify_cq;
	return &vctx->context;
}

/* A protection domain of the context: the stand-in checks no keys. */
struct ibv_pd *verbs4j_standin_pd(struct ibv_context *context)
{
	struct ibv_pd *pd = calloc(1, sizeof(*pd));

	if (pd)
		pd->context = context;
	return pd;
}

/* Makes the queue hold COUNT completions that every poll finds again (its end_poll consumes nothing). */
void verbs4j_standin_replay(struct ibv_cq_ex *cq, int count)
{
	struct standin_cq *c = cq_of(cq);

	for (int i = 0; i < count; i++)
		push_cqe(ibv_cq_ex_to_cq(cq), i, IBV_WC_RECV, 8, 0x100);
	c->replay = 1;
}

/* Whether the queue lost a completion for lack of room (a workload that never drained it). */
int verbs4j_standin_overflowed(struct ibv_cq_ex *cq)
{
	return cq_of(cq)->overflow;
}
