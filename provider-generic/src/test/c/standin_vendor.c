/*
 * standin_vendor.c: a stand-in vendor library for DirectVerbsSeamTest. It plays a vendor's direct verbs
 * the way a real one is shaped: a device opener, a CQ creator that takes the filled
 * struct ibv_cq_init_attr_ex plus a vendor struct and an inlen, a vendor CQ struct reached from the
 * ibv_cq_ex, whose function pointers read the extra fields of the current completion (0 or -ENOENT for the
 * source GID, as a vendor's reader does when the sender's address handle is known). It records what Java
 * passed, so that the test asserts on the C side. Its context is a struct verbs_context with the ops that
 * opening a context of the generic binding calls (query_device_ex) and nothing else: no kernel and no
 * libibverbs call is involved; rdma-core's headers give the real layouts. Built by the test into
 * target/, never part of Verbs4J.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

#define STANDIN_WC_WITH_SGID (1ULL << 0)
#define STANDIN_WC_WITH_IS_UNSOLICITED (1ULL << 1)

/* The vendor struct of the CQ creator, in the style of a vendor's init-attr struct. */
struct standin_vendor_cq_attr {
	uint64_t comp_mask;
	uint64_t wc_flags;
};

/* The vendor's CQ struct: its readers take it, not the ibv_cq_ex, as first argument. */
struct standin_vendor_cq {
	uint64_t comp_mask;
	int (*wc_read_sgid)(struct standin_vendor_cq *dv, union ibv_gid *sgid);
	bool (*wc_is_unsolicited)(struct standin_vendor_cq *dv);
};

struct standin_completion {
	uint64_t wr_id;
	int sender_known;
	int unsolicited;
};

#define QUEUE_SIZE 16

struct standin_cq {
	struct ibv_cq_ex ex;
	struct standin_vendor_cq dv;
	struct standin_completion queue[QUEUE_SIZE];
	int head;
	int tail;
	int current; /* index of the current completion, or -1 */
};

/* What Java passed, for the test's assertions. */
static struct ibv_device *seen_device;
static struct ibv_context *seen_context;
static int seen_cqe;
static uint64_t seen_wc_flags;
static uint64_t seen_vendor_wc_flags;
static uint32_t seen_inlen;
static struct standin_vendor_cq *seen_reader_self;
static int wrong_self_reads;

static struct standin_cq *of(struct ibv_cq_ex *cq)
{
	return (struct standin_cq *)cq;
}

static int take(struct standin_cq *cq)
{
	if (cq->head == cq->tail) {
		cq->current = -1;
		return ENOENT;
	}
	cq->current = cq->head % QUEUE_SIZE;
	cq->head++;
	cq->ex.wr_id = cq->queue[cq->current].wr_id;
	cq->ex.status = IBV_WC_SUCCESS;
	return 0;
}

static int standin_start_poll(struct ibv_cq_ex *cq, struct ibv_poll_cq_attr *attr)
{
	(void)attr;
	return take(of(cq));
}

static int standin_next_poll(struct ibv_cq_ex *cq)
{
	return take(of(cq));
}

static void standin_end_poll(struct ibv_cq_ex *cq)
{
	of(cq)->current = -1;
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

static struct standin_cq *owner(struct standin_vendor_cq *dv)
{
	return (struct standin_cq *)((char *)dv - offsetof(struct standin_cq, dv));
}

static int standin_wc_read_sgid(struct standin_vendor_cq *dv, union ibv_gid *sgid)
{
	struct standin_cq *cq = owner(dv);

	seen_reader_self = dv;
	if (dv != &cq->dv || cq->current < 0) {
		wrong_self_reads++;
		return -EINVAL;
	}
	if (cq->queue[cq->current].sender_known)
		return -ENOENT;
	for (int i = 0; i < 16; i++)
		sgid->raw[i] = (uint8_t)(0xf0 + i);
	return 0;
}

static bool standin_wc_is_unsolicited(struct standin_vendor_cq *dv)
{
	struct standin_cq *cq = owner(dv);

	seen_reader_self = dv;
	return cq->current >= 0 && cq->queue[cq->current].unsolicited;
}

static int standin_query_device_ex(struct ibv_context *context, const struct ibv_query_device_ex_input *input,
				   struct ibv_device_attr_ex *attr, size_t attr_size)
{
	(void)context;
	(void)input;
	memset(attr, 0, attr_size);
	strcpy(attr->orig_attr.fw_ver, "stand-in");
	attr->orig_attr.vendor_id = 0x5eed;
	attr->orig_attr.max_cqe = 4096;
	attr->orig_attr.max_qp_wr = 1024;
	attr->orig_attr.phys_port_cnt = 1;
	return 0;
}

/* The vendor's device opener: an extended context whose only op is query_device_ex. */
struct ibv_context *standin_vendor_open_device(struct ibv_device *device)
{
	struct verbs_context *vctx = calloc(1, sizeof(*vctx));

	if (!vctx) {
		errno = ENOMEM;
		return NULL;
	}
	seen_device = device;
	vctx->sz = sizeof(*vctx);
	vctx->query_device_ex = standin_query_device_ex;
	vctx->context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	vctx->context.async_fd = -1; /* no event descriptor: a zeroed one would be the process's standard input */
	vctx->context.cmd_fd = -1;
	return &vctx->context;
}

/* The vendor's CQ creator: the generic init attributes, the vendor's, and the size of the vendor's. */
struct ibv_cq_ex *standin_vendor_create_cq(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr,
					   struct standin_vendor_cq_attr *vendor_attr, uint32_t inlen)
{
	struct standin_cq *cq;

	seen_context = context;
	seen_cqe = attr->cqe;
	seen_wc_flags = attr->wc_flags;
	seen_inlen = inlen;
	seen_vendor_wc_flags = inlen >= sizeof(*vendor_attr) ? vendor_attr->wc_flags : 0;
	if (inlen < sizeof(*vendor_attr) || vendor_attr->comp_mask) {
		errno = EINVAL;
		return NULL;
	}
	cq = calloc(1, sizeof(*cq));
	if (!cq) {
		errno = ENOMEM;
		return NULL;
	}
	cq->ex.context = context;
	cq->ex.cqe = attr->cqe;
	cq->ex.start_poll = standin_start_poll;
	cq->ex.next_poll = standin_next_poll;
	cq->ex.end_poll = standin_end_poll;
	cq->ex.read_opcode = standin_read_opcode;
	cq->ex.read_vendor_err = standin_read_u32;
	cq->ex.read_byte_len = standin_read_u32;
	cq->ex.read_wc_flags = standin_read_wc_flags;
	cq->current = -1;
	if (vendor_attr->wc_flags & STANDIN_WC_WITH_SGID)
		cq->dv.wc_read_sgid = standin_wc_read_sgid;
	if (vendor_attr->wc_flags & STANDIN_WC_WITH_IS_UNSOLICITED)
		cq->dv.wc_is_unsolicited = standin_wc_is_unsolicited;
	return &cq->ex;
}

struct standin_vendor_cq *standin_vendor_cq_from_ibv_cq_ex(struct ibv_cq_ex *cq)
{
	return &of(cq)->dv;
}

/* Test control: queues a completion, as the device would. */
void standin_vendor_complete(struct ibv_cq_ex *ex, uint64_t wr_id, int sender_known, int unsolicited)
{
	struct standin_cq *cq = of(ex);
	struct standin_completion *c = &cq->queue[cq->tail % QUEUE_SIZE];

	c->wr_id = wr_id;
	c->sender_known = sender_known;
	c->unsolicited = unsolicited;
	cq->tail++;
}

/* What Java passed, read by the test. */
struct ibv_device *standin_vendor_seen_device(void) { return seen_device; }
struct ibv_context *standin_vendor_seen_context(void) { return seen_context; }
int standin_vendor_seen_cqe(void) { return seen_cqe; }
uint64_t standin_vendor_seen_wc_flags(void) { return seen_wc_flags; }
uint64_t standin_vendor_seen_vendor_wc_flags(void) { return seen_vendor_wc_flags; }
uint32_t standin_vendor_seen_inlen(void) { return seen_inlen; }
struct standin_vendor_cq *standin_vendor_seen_reader_self(void) { return seen_reader_self; }
int standin_vendor_wrong_self_reads(void) { return wrong_self_reads; }
