/*
 * efa_conformance.c - TEST CODE: drives the real libibverbs + libefa over the emulated EFA device
 * (efa_emu_shim.so preloaded, SYSFS_PATH at the fake tree; see vm/run-efa-emulation.sh).
 *
 * Two emulated devices (efa_0 = side A, efa_1 = side B, different GIDs) so that an address
 * handle can be unknown to the receiver. The expected limits are the ones the emulation
 * announces (efa_emu.h): the checks are that libefa carries them, and that data, immediates,
 * source GIDs and unsolicited flags go through its rings unchanged.
 * Prints one line per check, then "N passed, N failed"; exits 1 when a check failed.
 * EMU_RDMA_CORE_MAJOR (the installed rdma-core release) selects the release-specific checks.
 */
#define _GNU_SOURCE
#include "efa_emu.h"

#include <errno.h>
#include <infiniband/efadv.h>
#include <infiniband/verbs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef EMU_RDMA_CORE_MAJOR
#error "EMU_RDMA_CORE_MAJOR must be defined"
#endif

#define QKEY 0x11111111
#define BUF_SIZE 8192
#define POLL_TIMEOUT_MS 20000
#define CQ_WC_FLAGS (IBV_WC_EX_WITH_BYTE_LEN | IBV_WC_EX_WITH_IMM | IBV_WC_EX_WITH_QP_NUM | \
		     IBV_WC_EX_WITH_SRC_QP | IBV_WC_EX_WITH_SLID)

static int passed, failed;

static bool check(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s ", ok ? "PASS" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	ok ? passed++ : failed++;
	return ok;
}

struct side {
	const char *name;
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_cq_ex *cq;
	struct efadv_cq *dvcq;
	struct ibv_qp *qp;		/* SRD */
	struct ibv_mr *mr;
	uint8_t *buf;
	union ibv_gid gid;
	struct ibv_ah *ah;		/* to the other side */
};

struct completion {
	uint64_t wr_id;
	int status, opcode;
	uint32_t byte_len, imm, qp_num, src_qp, slid;
	uint64_t wc_flags;
	int sgid_ret;			/* efadv_wc_read_sgid, for IBV_WC_RECV only */
	union ibv_gid sgid;
	int unsolicited;		/* efadv_wc_is_unsolicited, for RECV_RDMA_WITH_IMM only */
};

/* ---- helpers ---- */

static long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static void read_completion(struct ibv_cq_ex *cq, struct efadv_cq *dv, struct completion *c)
{
	memset(c, 0, sizeof(*c));
	c->wr_id = cq->wr_id;
	c->status = cq->status;
	c->opcode = ibv_wc_read_opcode(cq);
	c->byte_len = ibv_wc_read_byte_len(cq);
	c->wc_flags = ibv_wc_read_wc_flags(cq);
	if (c->wc_flags & IBV_WC_WITH_IMM)
		c->imm = be32toh(ibv_wc_read_imm_data(cq));
	c->qp_num = ibv_wc_read_qp_num(cq);
	c->src_qp = ibv_wc_read_src_qp(cq);
	c->slid = ibv_wc_read_slid(cq);
	c->sgid_ret = 1;
	if (dv && c->opcode == IBV_WC_RECV)
		c->sgid_ret = efadv_wc_read_sgid(dv, &c->sgid);
	c->unsolicited = -1;
	if (dv && c->opcode == IBV_WC_RECV_RDMA_WITH_IMM)
		c->unsolicited = efadv_wc_is_unsolicited(dv);
}

/* Polls one completion with the extended API; 0, ETIMEDOUT or the poll error. */
static int poll_one(struct ibv_cq_ex *cq, struct efadv_cq *dv, struct completion *c)
{
	struct ibv_poll_cq_attr attr = { 0 };
	long deadline = now_ms() + POLL_TIMEOUT_MS;
	int ret;

	while ((ret = ibv_start_poll(cq, &attr)) == ENOENT) {
		if (now_ms() > deadline)
			return ETIMEDOUT;
		usleep(100);
	}
	if (ret)
		return ret;
	read_completion(cq, dv, c);
	ibv_end_poll(cq);
	return 0;
}

/* Deterministic once the sender's completion was polled: the device model writes the receiver's
 * completion of a request before the sender's (efa_emu_device.c exec_send, exec_rdma). */
static bool cq_is_empty(struct ibv_cq_ex *cq)
{
	struct ibv_poll_cq_attr attr = { 0 };

	if (ibv_start_poll(cq, &attr) == ENOENT)
		return true;
	ibv_end_poll(cq);
	return false;
}

static int modify_to_rts(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .pkey_index = 0, .port_num = 1, .qkey = QKEY };
	int err;

	err = ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY);
	if (err)
		return err;
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTR };
	err = ibv_modify_qp(qp, &a, IBV_QP_STATE);
	if (err)
		return err;
	a = (struct ibv_qp_attr){ .qp_state = IBV_QPS_RTS, .sq_psn = 0 };
	return ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_SQ_PSN);
}

static struct ibv_ah *create_ah(struct ibv_pd *pd, const union ibv_gid *dgid)
{
	struct ibv_ah_attr a = { .is_global = 1, .port_num = 1 };

	a.grh.dgid = *dgid;
	return ibv_create_ah(pd, &a);
}

static int post_recv(struct ibv_qp *qp, struct ibv_mr *mr, void *addr, uint32_t len, uint64_t wr_id)
{
	struct ibv_sge sge = { .addr = (uintptr_t)addr, .length = len, .lkey = mr->lkey };
	struct ibv_recv_wr wr = { .wr_id = wr_id, .sg_list = &sge, .num_sge = 1 }, *bad;

	return ibv_post_recv(qp, &wr, &bad);
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + i * 7);
}

static struct ibv_context *open_by_name(struct ibv_device **list, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(ibv_get_device_name(list[i]), name) == 0)
			return ibv_open_device(list[i]);
	return NULL;
}

/* ---- checks ---- */

static void check_device(struct side *s)
{
	struct ibv_device_attr attr;
	struct ibv_port_attr port;

	check(ibv_query_device(s->ctx, &attr) == 0 && attr.vendor_id == 0x1d0f &&
	      attr.max_qp == EMU_MAX_QP, "%s: ibv_query_device vendor 0x1d0f, max_qp %d", s->name,
	      EMU_MAX_QP);
	check(ibv_query_port(s->ctx, 1, &port) == 0 && port.state == IBV_PORT_ACTIVE,
	      "%s: ibv_query_port ACTIVE", s->name);
	check(ibv_query_gid(s->ctx, 1, 0, &s->gid) == 0 && s->gid.raw[0] == 0xfe,
	      "%s: ibv_query_gid reads the sysfs GID", s->name);
}

/* efadv_query_device: libefa fills only what inlen covers (providers/efa/verbs.c). */
static void check_query_device_inlen(struct ibv_context *ctx)
{
	const uint32_t all_caps = EFADV_DEVICE_ATTR_CAPS_RDMA_READ | EFADV_DEVICE_ATTR_CAPS_RNR_RETRY |
				  EFADV_DEVICE_ATTR_CAPS_CQ_WITH_SGID | EFADV_DEVICE_ATTR_CAPS_RDMA_WRITE |
				  EFADV_DEVICE_ATTR_CAPS_UNSOLICITED_WRITE_RECV;
	const uint32_t min_inlen = EMU_RDMA_CORE_MAJOR >= 63 ? 24 : 22;	/* inline_buf_size_ex from 63 */
	uint8_t raw[64];
	struct efadv_device_attr *a = (struct efadv_device_attr *)raw;
	int ret;

	check(efadv_query_device(ctx, a, 0) == EINVAL, "efadv_query_device inlen 0 -> EINVAL");
	check(efadv_query_device(ctx, a, min_inlen - 2) == EINVAL,
	      "efadv_query_device inlen %u -> EINVAL", min_inlen - 2);
	memset(raw, 0xab, sizeof(raw));
	ret = efadv_query_device(ctx, a, min_inlen);
	check(ret == 0 && a->max_sq_wr == EMU_MAX_SQ_WR && a->max_rq_wr == EMU_MAX_RQ_WR &&
	      a->max_sq_sge == EMU_MAX_SQ_SGE && a->max_rq_sge == EMU_MAX_RQ_SGE &&
	      a->inline_buf_size == EMU_INLINE_BUF && raw[24] == 0xab,
	      "efadv_query_device inlen %u: limits, device_caps untouched", min_inlen);
	memset(raw, 0xab, sizeof(raw));
	ret = efadv_query_device(ctx, a, 28);
	check(ret == 0 && (a->device_caps & EFADV_DEVICE_ATTR_CAPS_CQ_WITH_SGID) &&
	      !(a->device_caps & EFADV_DEVICE_ATTR_CAPS_RDMA_READ) && raw[28] == 0xab,
	      "efadv_query_device inlen 28: caps without RDMA (max_rdma_size does not fit)");
	memset(raw, 0xab, sizeof(raw));
	ret = efadv_query_device(ctx, a, sizeof(*a));
	check(ret == 0 && a->device_caps == all_caps && a->max_rdma_size == EMU_MAX_RDMA_SIZE &&
	      a->comp_mask == 0, "efadv_query_device inlen %zu: caps 0x%x, max_rdma_size",
	      sizeof(*a), ret == 0 ? a->device_caps : 0);
	memset(raw, 0xab, sizeof(raw));
	ret = efadv_query_device(ctx, a, 40);
	check(ret == 0 && raw[32] == 0 && raw[39] == 0 && raw[40] == 0xab,
	      "efadv_query_device inlen 40: the tail is zeroed, nothing beyond");
}

static struct ibv_cq_ex *create_efa_cq(struct ibv_context *ctx, int cqe, uint64_t efa_flags,
				       uint64_t comp_mask, struct ibv_cq_init_attr_ex *out_attr)
{
	struct ibv_cq_init_attr_ex attr = { .cqe = (uint32_t)cqe, .wc_flags = CQ_WC_FLAGS };
	struct efadv_cq_init_attr efa = { .comp_mask = comp_mask, .wc_flags = efa_flags };
	struct ibv_cq_ex *cq = efadv_create_cq(ctx, &attr, &efa, sizeof(efa));

	if (out_attr)
		*out_attr = attr;
	return cq;
}

static void check_create_cq(struct side *s)
{
	const uint64_t flags = EFADV_WC_EX_WITH_SGID | EFADV_WC_EX_WITH_IS_UNSOLICITED;
	struct ibv_cq_init_attr_ex attr;
	struct ibv_cq_ex *plain;
	struct efadv_cq *dv;

	errno = 0;
	check(!create_efa_cq(s->ctx, 8, flags, 1, NULL) && errno == EINVAL,
	      "efadv_create_cq comp_mask 1 -> EINVAL");
	plain = create_efa_cq(s->ctx, 16, 0, 0, NULL);
	dv = plain ? efadv_cq_from_ibv_cq_ex(plain) : NULL;
	check(dv && !dv->wc_read_sgid && !dv->wc_is_unsolicited,
	      "efadv_create_cq without EFA flags: no sgid/unsolicited readers");
	check(plain && ibv_destroy_cq(ibv_cq_ex_to_cq(plain)) == 0, "destroy of that CQ returns 0");
	s->cq = create_efa_cq(s->ctx, 100, flags, 0, &attr);
	s->dvcq = s->cq ? efadv_cq_from_ibv_cq_ex(s->cq) : NULL;
	check(s->cq && attr.cqe == 128, "%s: efadv_create_cq SGID|UNSOLICITED, cqe 100 rewritten to %u",
	      s->name, attr.cqe);
	check(s->dvcq && s->dvcq->wc_read_sgid && s->dvcq->wc_is_unsolicited,
	      "%s: efadv_cq_from_ibv_cq_ex has both readers", s->name);
}

static struct ibv_qp *create_srd_qp(struct side *s, uint16_t efa_flags)
{
	struct ibv_qp_init_attr_ex attr = {
		.qp_type = IBV_QPT_DRIVER, .send_cq = ibv_cq_ex_to_cq(s->cq),
		.recv_cq = ibv_cq_ex_to_cq(s->cq), .pd = s->pd,
		.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
		.send_ops_flags = IBV_QP_EX_WITH_SEND | IBV_QP_EX_WITH_SEND_WITH_IMM |
				  IBV_QP_EX_WITH_RDMA_READ | IBV_QP_EX_WITH_RDMA_WRITE |
				  IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM,
		.cap = { .max_send_wr = 16, .max_recv_wr = 16, .max_send_sge = 1, .max_recv_sge = 1 },
	};
	struct efadv_qp_init_attr efa = { .driver_qp_type = EFADV_QP_DRIVER_TYPE_SRD, .flags = efa_flags };

	return efadv_create_qp_ex(s->ctx, &attr, &efa, sizeof(efa));
}

/* The create inlen rules (providers/efa/verbs.c efadv_create_cq, efadv_create_qp_ex): a minimum
 * field, comp_mask 0, and every byte beyond the library's struct zero. */
static void check_create_inlen(struct side *s)
{
	uint8_t raw[96] = { 0 };
	struct efadv_cq_init_attr *cqa = (struct efadv_cq_init_attr *)raw;
	struct efadv_qp_init_attr *qpa = (struct efadv_qp_init_attr *)raw;
	struct ibv_cq_init_attr_ex attr = { .cqe = 8, .wc_flags = CQ_WC_FLAGS };
	struct ibv_qp_init_attr_ex qattr = {
		.qp_type = IBV_QPT_DRIVER, .send_cq = ibv_cq_ex_to_cq(s->cq), .recv_cq = ibv_cq_ex_to_cq(s->cq),
		.pd = s->pd, .comp_mask = IBV_QP_INIT_ATTR_PD,
		.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 } };
	const uint32_t cq_big = sizeof(*cqa) + 8, qp_big = sizeof(*qpa) + 8;
	struct ibv_cq_ex *cq;
	struct ibv_qp *qp;

	cqa->wc_flags = EFADV_WC_EX_WITH_SGID;
	errno = 0;
	check(!efadv_create_cq(s->ctx, &attr, cqa, 8) && errno == EINVAL, "efadv_create_cq inlen 8 -> EINVAL");
	cq = efadv_create_cq(s->ctx, &attr, cqa, cq_big);
	check(cq && ibv_destroy_cq(ibv_cq_ex_to_cq(cq)) == 0, "efadv_create_cq inlen %u, zero tail: created",
	      cq_big);
	raw[sizeof(*cqa) + 3] = 1;
	errno = 0;
	check(!efadv_create_cq(s->ctx, &attr, cqa, cq_big) && errno == EINVAL,
	      "efadv_create_cq inlen %u, a non-zero byte beyond the struct -> EINVAL", cq_big);
	memset(raw, 0, sizeof(raw));
	cqa->wc_flags = 1 << 5;
	errno = 0;
	check(!efadv_create_cq(s->ctx, &attr, cqa, sizeof(*cqa)) && errno == EOPNOTSUPP,
	      "efadv_create_cq with an unknown EFA wc flag -> EOPNOTSUPP");

	memset(raw, 0, sizeof(raw));
	qp = efadv_create_qp_ex(s->ctx, &qattr, qpa, qp_big);
	check(qp && ibv_destroy_qp(qp) == 0, "efadv_create_qp_ex inlen %u, zero tail: created", qp_big);
	raw[sizeof(*qpa) + 2] = 1;
	errno = 0;
	check(!efadv_create_qp_ex(s->ctx, &qattr, qpa, qp_big) && errno == EINVAL,
	      "efadv_create_qp_ex inlen %u, a non-zero byte beyond the struct -> EINVAL", qp_big);
	memset(raw, 0, sizeof(raw));
	qpa->comp_mask = 1;
	errno = 0;
	check(!efadv_create_qp_ex(s->ctx, &qattr, qpa, sizeof(*qpa)) && errno == EINVAL,
	      "efadv_create_qp_ex comp_mask 1 -> EINVAL");
	qpa->comp_mask = 0;
	qpa->driver_qp_type = 1;
	errno = 0;
	check(!efadv_create_qp_ex(s->ctx, &qattr, qpa, sizeof(*qpa)) && errno == EOPNOTSUPP,
	      "efadv_create_qp_ex driver_qp_type 1 -> EOPNOTSUPP");
	qpa->driver_qp_type = EFADV_QP_DRIVER_TYPE_SRD;
	qattr.qp_type = IBV_QPT_UD;
	errno = 0;
	check(!efadv_create_qp_ex(s->ctx, &qattr, qpa, sizeof(*qpa)) && errno == EINVAL,
	      "efadv_create_qp_ex with qp_type UD -> EINVAL");
}

static bool setup_side(struct side *s)
{
	s->pd = ibv_alloc_pd(s->ctx);
	s->buf = aligned_alloc(4096, BUF_SIZE);
	s->mr = s->pd && s->buf ? ibv_reg_mr(s->pd, s->buf, BUF_SIZE, IBV_ACCESS_LOCAL_WRITE |
					     IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_WRITE) : NULL;
	check(s->pd && s->mr, "%s: ibv_alloc_pd, ibv_reg_mr", s->name);
	check_create_cq(s);
	if (!s->cq)
		return false;
	s->qp = create_srd_qp(s, 0);
	check(s->qp && s->qp->qp_type == IBV_QPT_DRIVER, "%s: efadv_create_qp_ex SRD", s->name);
	return s->qp != NULL;
}

static void check_qp_to_rts(struct side *s)
{
	struct ibv_qp_attr attr;
	struct ibv_qp_init_attr init;

	check(modify_to_rts(s->qp) == 0 && s->qp->state == IBV_QPS_RTS,
	      "%s: SRD QP RESET->INIT->RTR->RTS", s->name);
	check(ibv_query_qp(s->qp, &attr, IBV_QP_STATE | IBV_QP_QKEY, &init) == 0 &&
	      attr.qp_state == IBV_QPS_RTS && attr.qkey == QKEY, "%s: ibv_query_qp RTS, qkey", s->name);
}

/* Posts one wr_* request on qp (SRD, extended API), signaled. */
static int post_ex(struct ibv_qp *qp, int op, struct ibv_ah *ah, uint32_t rqpn, struct ibv_mr *mr,
		   void *addr, uint32_t len, uint64_t wr_id, uint32_t imm, uint32_t rkey, uint64_t raddr)
{
	struct ibv_qp_ex *qpx = ibv_qp_to_qp_ex(qp);

	ibv_wr_start(qpx);
	qpx->wr_id = wr_id;
	qpx->wr_flags = IBV_SEND_SIGNALED;
	switch (op) {
	case IBV_WR_SEND: ibv_wr_send(qpx); break;
	case IBV_WR_SEND_WITH_IMM: ibv_wr_send_imm(qpx, htobe32(imm)); break;
	case IBV_WR_RDMA_WRITE: ibv_wr_rdma_write(qpx, rkey, raddr); break;
	case IBV_WR_RDMA_WRITE_WITH_IMM: ibv_wr_rdma_write_imm(qpx, rkey, raddr, htobe32(imm)); break;
	case IBV_WR_RDMA_READ: ibv_wr_rdma_read(qpx, rkey, raddr); break;
	}
	ibv_wr_set_ud_addr(qpx, ah, rqpn, QKEY);
	ibv_wr_set_sge(qpx, mr->lkey, (uintptr_t)addr, len);
	return ibv_wr_complete(qpx);
}

static bool send_completion_ok(struct side *s, uint64_t wr_id, int opcode)
{
	struct completion c;
	int ret = poll_one(s->cq, s->dvcq, &c);

	return check(ret == 0 && c.status == IBV_WC_SUCCESS && c.wr_id == wr_id && c.opcode == opcode &&
		     c.qp_num == s->qp->qp_num, "%s: send completion wr_id 0x%llx opcode %d (ret %d status %d)",
		     s->name, (unsigned long long)wr_id, opcode, ret, ret ? -1 : c.status);
}

static void check_srd_send(struct side *a, struct side *b)
{
	struct completion c;
	int ret;

	fill(a->buf, 512, 1);
	memset(b->buf, 0, 1024);
	check(post_recv(b->qp, b->mr, b->buf, 1024, 0xb1) == 0, "B: ibv_post_recv");
	check(post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, a->mr, a->buf, 512, 0xa1, 0, 0, 0) == 0,
	      "A: wr_send 512 bytes over SRD");
	send_completion_ok(a, 0xa1, IBV_WC_SEND);
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.status == IBV_WC_SUCCESS && c.wr_id == 0xb1 && c.opcode == IBV_WC_RECV &&
	      c.byte_len == 512 && c.src_qp == a->qp->qp_num && !(c.wc_flags & IBV_WC_WITH_IMM),
	      "B: receive completion wr_id, RECV, byte_len 512, src_qp");
	check(ret == 0 && memcmp(a->buf, b->buf, 512) == 0, "B: the 512 bytes arrived unchanged");
	check(ret == 0 && c.slid == 0xffff, "B: slid 0xffff (A's address unknown to B)");
	check(ret == 0 && c.sgid_ret == 0 && memcmp(c.sgid.raw, a->gid.raw, 16) == 0,
	      "B: efadv_wc_read_sgid returns 0 and A's GID for an unknown AH");
}

static void check_srd_send_imm_known_ah(struct side *a, struct side *b)
{
	struct efadv_ah_attr ah_attr;
	struct completion c;
	int ret;

	b->ah = create_ah(b->pd, &a->gid);
	check(b->ah && efadv_query_ah(b->ah, &ah_attr, sizeof(ah_attr)) == 0,
	      "B: ibv_create_ah to A, efadv_query_ah");
	fill(a->buf, 100, 9);
	check(post_recv(b->qp, b->mr, b->buf, 1024, 0xb2) == 0, "B: ibv_post_recv");
	check(post_ex(a->qp, IBV_WR_SEND_WITH_IMM, a->ah, b->qp->qp_num, a->mr, a->buf, 100, 0xa2,
		      0x12345678, 0, 0) == 0, "A: wr_send_imm");
	send_completion_ok(a, 0xa2, IBV_WC_SEND);
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.wr_id == 0xb2 && c.opcode == IBV_WC_RECV && (c.wc_flags & IBV_WC_WITH_IMM) &&
	      c.imm == 0x12345678 && c.byte_len == 100 && memcmp(a->buf, b->buf, 100) == 0,
	      "B: SEND_WITH_IMM completion: imm 0x%x, data", c.imm);
	check(ret == 0 && c.sgid_ret == -ENOENT, "B: efadv_wc_read_sgid -ENOENT once the AH is known (%d)",
	      c.sgid_ret);
	check(ret == 0 && b->ah && c.slid == ah_attr.ahn, "B: slid is B's AH number %u", ah_attr.ahn);
}

static void check_rdma(struct side *a, struct side *b)
{
	fill(a->buf + 1024, 300, 3);
	memset(b->buf + 2048, 0, 300);
	check(post_ex(a->qp, IBV_WR_RDMA_WRITE, a->ah, b->qp->qp_num, a->mr, a->buf + 1024, 300, 0xa3,
		      0, b->mr->rkey, (uintptr_t)(b->buf + 2048)) == 0, "A: wr_rdma_write 300 bytes");
	send_completion_ok(a, 0xa3, IBV_WC_RDMA_WRITE);
	check(memcmp(a->buf + 1024, b->buf + 2048, 300) == 0, "B: RDMA WRITE data landed");
	check(cq_is_empty(b->cq), "B: an RDMA WRITE without immediate completes nothing at B");

	fill(b->buf + 4096, 200, 5);
	memset(a->buf + 4096, 0, 200);
	check(post_ex(a->qp, IBV_WR_RDMA_READ, a->ah, b->qp->qp_num, a->mr, a->buf + 4096, 200, 0xa4,
		      0, b->mr->rkey, (uintptr_t)(b->buf + 4096)) == 0, "A: wr_rdma_read 200 bytes");
	send_completion_ok(a, 0xa4, IBV_WC_SEND);	/* libefa reports reads as IBV_WC_SEND */
	check(memcmp(a->buf + 4096, b->buf + 4096, 200) == 0, "A: RDMA READ data arrived");
}

static void check_write_with_imm(struct side *a, struct side *b)
{
	struct ibv_qp *unsol = create_srd_qp(b, EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV);
	struct completion c;
	int ret;

	check(unsol && modify_to_rts(unsol) == 0, "B: SRD QP with UNSOLICITED_WRITE_RECV to RTS");
	/* solicited: consumes B's posted receive */
	fill(a->buf, 64, 11);
	check(post_recv(b->qp, b->mr, b->buf, 16, 0xb3) == 0, "B: ibv_post_recv");
	check(post_ex(a->qp, IBV_WR_RDMA_WRITE_WITH_IMM, a->ah, b->qp->qp_num, a->mr, a->buf, 64, 0xa5,
		      0xcafe, b->mr->rkey, (uintptr_t)(b->buf + 6144)) == 0, "A: wr_rdma_write_imm (solicited)");
	send_completion_ok(a, 0xa5, IBV_WC_RDMA_WRITE);
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.wr_id == 0xb3 && c.opcode == IBV_WC_RECV_RDMA_WITH_IMM && c.imm == 0xcafe &&
	      c.byte_len == 64 && c.unsolicited == 0 && memcmp(a->buf, b->buf + 6144, 64) == 0,
	      "B: solicited write-with-imm: receive wr_id, imm, byte_len, is_unsolicited false");
	/* unsolicited: no receive posted */
	fill(a->buf, 64, 13);
	check(unsol && post_ex(a->qp, IBV_WR_RDMA_WRITE_WITH_IMM, a->ah, unsol->qp_num, a->mr, a->buf, 64,
			       0xa6, 0xbeef, b->mr->rkey, (uintptr_t)(b->buf + 7168)) == 0,
	      "A: wr_rdma_write_imm to the unsolicited QP (no receive posted)");
	send_completion_ok(a, 0xa6, IBV_WC_RDMA_WRITE);
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.wr_id == 0 && c.opcode == IBV_WC_RECV_RDMA_WITH_IMM && c.imm == 0xbeef &&
	      c.unsolicited == 1 && unsol && c.qp_num == unsol->qp_num &&
	      memcmp(a->buf, b->buf + 7168, 64) == 0,
	      "B: unsolicited write-with-imm: wr_id 0, imm, is_unsolicited true");
	check(unsol && ibv_destroy_qp(unsol) == 0, "B: destroy of the unsolicited QP returns 0");
}

static void check_legacy_post(struct side *a, struct side *b)
{
	struct ibv_sge sge = { .addr = (uintptr_t)a->buf, .length = 8, .lkey = a->mr->lkey };
	struct ibv_send_wr wr = { .wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND };
	struct ibv_send_wr *bad;

	wr.wr.ud.ah = a->ah;
	wr.wr.ud.remote_qpn = b->qp->qp_num;
	wr.wr.ud.remote_qkey = QKEY;
	check(ibv_post_send(a->qp, &wr, &bad) == EINVAL, "A: an unsignaled ibv_post_send -> EINVAL");
	wr.opcode = IBV_WR_RDMA_WRITE;
	wr.send_flags = IBV_SEND_SIGNALED;
	check(ibv_post_send(a->qp, &wr, &bad) == EINVAL, "A: legacy post of RDMA_WRITE -> EINVAL");
}

static void check_ud(struct side *a, struct side *b)
{
	struct ibv_cq *cqa = ibv_create_cq(a->ctx, 16, NULL, NULL, 0);
	struct ibv_cq *cqb = ibv_create_cq(b->ctx, 16, NULL, NULL, 0);
	struct ibv_qp_init_attr init = { .qp_type = IBV_QPT_UD,
		.cap = { .max_send_wr = 8, .max_recv_wr = 8, .max_send_sge = 1, .max_recv_sge = 1 } };
	struct ibv_qp *qa, *qb;
	struct ibv_sge sge = { .addr = (uintptr_t)a->buf, .length = 256, .lkey = a->mr->lkey };
	struct ibv_send_wr wr = { .wr_id = 0xd1, .sg_list = &sge, .num_sge = 1,
				  .opcode = IBV_WR_SEND_WITH_IMM, .send_flags = IBV_SEND_SIGNALED,
				  .imm_data = htobe32(77) }, *bad;
	struct ibv_wc wc;
	long deadline;
	int n = 0;

	init.send_cq = init.recv_cq = cqa;
	qa = cqa ? ibv_create_qp(a->pd, &init) : NULL;
	init.send_cq = init.recv_cq = cqb;
	qb = cqb ? ibv_create_qp(b->pd, &init) : NULL;
	check(qa && qb && qa->qp_type == IBV_QPT_UD, "UD: ibv_create_cq, ibv_create_qp on both sides");
	check(qa && qb && modify_to_rts(qa) == 0 && modify_to_rts(qb) == 0, "UD: both QPs to RTS");
	fill(a->buf, 256, 21);
	memset(b->buf, 0, 512);
	check(qb && post_recv(qb, b->mr, b->buf, 512, 0xd2) == 0, "UD: B posts a receive");
	wr.wr.ud.ah = a->ah;
	wr.wr.ud.remote_qpn = qb ? qb->qp_num : 0;
	wr.wr.ud.remote_qkey = QKEY;
	check(qa && ibv_post_send(qa, &wr, &bad) == 0, "UD: A ibv_post_send SEND_WITH_IMM 256 bytes");
	for (deadline = now_ms() + POLL_TIMEOUT_MS; qa && n == 0 && now_ms() < deadline; usleep(100))
		n = ibv_poll_cq(cqa, 1, &wc);
	check(n == 1 && wc.status == IBV_WC_SUCCESS && wc.wr_id == 0xd1 && wc.opcode == IBV_WC_SEND,
	      "UD: A's send completion (ibv_poll_cq)");
	n = 0;
	for (deadline = now_ms() + POLL_TIMEOUT_MS; qb && n == 0 && now_ms() < deadline; usleep(100))
		n = ibv_poll_cq(cqb, 1, &wc);
	check(n == 1 && wc.status == IBV_WC_SUCCESS && wc.wr_id == 0xd2 && wc.opcode == IBV_WC_RECV &&
	      wc.byte_len == 256 && wc.src_qp == qa->qp_num && (wc.wc_flags & IBV_WC_WITH_IMM) &&
	      be32toh(wc.imm_data) == 77 && memcmp(a->buf, b->buf, 256) == 0,
	      "UD: B's receive: data, imm, src_qp");
	check(qa && qb && ibv_destroy_qp(qa) == 0 && ibv_destroy_qp(qb) == 0, "UD: destroy QPs return 0");
	check(cqa && cqb && ibv_destroy_cq(cqa) == 0 && ibv_destroy_cq(cqb) == 0, "UD: destroy CQs return 0");
}

/* Error completions: the model reports efa_io_comp_status values, libefa maps them
 * (providers/efa/verbs.c to_ibv_status). */
static void check_error_completions(struct side *a, struct side *b)
{
	struct ibv_mr bad_mr = *a->mr;
	struct completion c;
	int ret;

	bad_mr.lkey = 0xdead;
	check(post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, &bad_mr, a->buf, 8, 0xe1, 0, 0, 0) == 0 &&
	      poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xe1 && c.status == IBV_WC_LOC_PROT_ERR,
	      "A: a send with an unknown lkey completes with IBV_WC_LOC_PROT_ERR");
	check(post_ex(a->qp, IBV_WR_RDMA_WRITE, a->ah, b->qp->qp_num, a->mr, a->buf, 8, 0xe2, 0,
		      b->mr->rkey ^ 0x40, (uintptr_t)b->buf) == 0 &&
	      poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xe2 && c.status == IBV_WC_REM_ACCESS_ERR,
	      "A: an RDMA WRITE with a wrong rkey completes with IBV_WC_REM_ACCESS_ERR");
	check(post_ex(a->qp, IBV_WR_RDMA_READ, a->ah, b->qp->qp_num, a->mr, a->buf, 16, 0xe3, 0,
		      b->mr->rkey, (uintptr_t)b->buf + BUF_SIZE - 8) == 0 &&
	      poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xe3 && c.status == IBV_WC_REM_ACCESS_ERR,
	      "A: an RDMA READ past the end of B's MR completes with IBV_WC_REM_ACCESS_ERR");
	check(post_ex(a->qp, IBV_WR_SEND, a->ah, EMU_MAX_QP - 1, a->mr, a->buf, 8, 0xe4, 0, 0, 0) == 0 &&
	      poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xe4 && c.status == IBV_WC_REM_INV_RD_REQ_ERR,
	      "A: a send to a QP number B does not have completes with IBV_WC_REM_INV_RD_REQ_ERR");
	check(post_recv(b->qp, b->mr, b->buf, 16, 0xe5) == 0 &&
	      post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, a->mr, a->buf, 64, 0xe6, 0, 0, 0) == 0 &&
	      poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xe6 && c.status == IBV_WC_REM_INV_REQ_ERR,
	      "A: 64 bytes into a 16-byte receive: the sender gets IBV_WC_REM_INV_REQ_ERR");
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.wr_id == 0xe5 && c.status == IBV_WC_LOC_LEN_ERR,
	      "B: and the receiver IBV_WC_LOC_LEN_ERR (status %d)", ret ? -1 : c.status);
}

/* Rings that wrap: 4-entry sub-CQs, 10 rounds (the phase bit flips twice on each
 * sub-CQ: providers/efa/verbs.c cq_next_sub_cqe_get). */
static void check_ring_wrap(struct side *a, struct side *b)
{
	struct side sa = *a, sb = *b;
	struct ibv_cq_ex *cqa = create_efa_cq(a->ctx, 4, EFADV_WC_EX_WITH_SGID, 0, NULL);
	struct ibv_cq_ex *cqb = create_efa_cq(b->ctx, 4, EFADV_WC_EX_WITH_SGID, 0, NULL);
	struct completion ca, cb;
	int round, ok = 0;

	sa.cq = cqa;
	sb.cq = cqb;
	sa.dvcq = cqa ? efadv_cq_from_ibv_cq_ex(cqa) : NULL;
	sb.dvcq = cqb ? efadv_cq_from_ibv_cq_ex(cqb) : NULL;
	sa.qp = cqa ? create_srd_qp(&sa, 0) : NULL;
	sb.qp = cqb ? create_srd_qp(&sb, 0) : NULL;
	check(sa.qp && sb.qp && modify_to_rts(sa.qp) == 0 && modify_to_rts(sb.qp) == 0,
	      "a QP pair on 4-entry CQs to RTS");
	for (round = 0; sa.qp && sb.qp && round < 10; round++) {
		fill(a->buf, 32, (uint8_t)(40 + round));
		if (post_recv(sb.qp, b->mr, b->buf, 32, 0x300 + round) ||
		    post_ex(sa.qp, IBV_WR_SEND, a->ah, sb.qp->qp_num, a->mr, a->buf, 32, 0x400 + round, 0, 0, 0) ||
		    poll_one(cqa, sa.dvcq, &ca) || poll_one(cqb, sb.dvcq, &cb))
			break;
		ok += ca.wr_id == 0x400u + round && cb.wr_id == 0x300u + round && cb.byte_len == 32 &&
		      memcmp(a->buf, b->buf, 32) == 0;
	}
	check(ok == 10, "10 send/receive rounds through 4-entry sub-CQs (%d correct)", ok);
	check(sa.qp && sb.qp && ibv_destroy_qp(sa.qp) == 0 && ibv_destroy_qp(sb.qp) == 0 &&
	      ibv_destroy_cq(ibv_cq_ex_to_cq(cqa)) == 0 && ibv_destroy_cq(ibv_cq_ex_to_cq(cqb)) == 0,
	      "their destroys return 0");
}

/* An inline send (the data inside the 64-byte WQE, efa_io_tx_wqe.data.inline_data). */
static void check_inline_send(struct side *a, struct side *b)
{
	struct ibv_qp_init_attr_ex attr = {
		.qp_type = IBV_QPT_DRIVER, .send_cq = ibv_cq_ex_to_cq(a->cq), .recv_cq = ibv_cq_ex_to_cq(a->cq),
		.pd = a->pd, .comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
		.send_ops_flags = IBV_QP_EX_WITH_SEND,
		.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1,
			 .max_inline_data = EMU_INLINE_BUF } };
	struct efadv_qp_init_attr efa = { .driver_qp_type = EFADV_QP_DRIVER_TYPE_SRD };
	struct ibv_qp *qp = efadv_create_qp_ex(a->ctx, &attr, &efa, sizeof(efa));
	struct ibv_qp_ex *qpx = qp ? ibv_qp_to_qp_ex(qp) : NULL;
	uint8_t data[EMU_INLINE_BUF];
	struct completion c;

	check(qp && modify_to_rts(qp) == 0, "A: an SRD QP with max_inline_data %d to RTS", EMU_INLINE_BUF);
	if (!qp)
		return;
	fill(data, sizeof(data), 99);
	check(post_recv(b->qp, b->mr, b->buf, 64, 0xf3) == 0, "B: ibv_post_recv");
	ibv_wr_start(qpx);
	qpx->wr_id = 0xf4;
	qpx->wr_flags = IBV_SEND_SIGNALED | IBV_SEND_INLINE;
	ibv_wr_send(qpx);
	ibv_wr_set_ud_addr(qpx, a->ah, b->qp->qp_num, QKEY);
	ibv_wr_set_inline_data(qpx, data, sizeof(data));
	check(ibv_wr_complete(qpx) == 0 && poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xf4 &&
	      c.status == IBV_WC_SUCCESS, "A: an inline send of %zu bytes completes", sizeof(data));
	check(poll_one(b->cq, b->dvcq, &c) == 0 && c.wr_id == 0xf3 && c.byte_len == sizeof(data) &&
	      memcmp(data, b->buf, sizeof(data)) == 0, "B: the inline data arrives");
	check(ibv_destroy_qp(qp) == 0, "the inline QP's destroy returns 0");
}

/* pyverbs' test_qp_ex_srd_zero_size and test_full_sq_bad_flow (libefa counts posted minus polled). */
static void check_zero_size_and_full_sq(struct side *a, struct side *b)
{
	struct completion c;
	int i, ok = 0, ret;

	check(post_recv(b->qp, b->mr, b->buf, 64, 0xc0) == 0 &&
	      post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, a->mr, a->buf, 0, 0xc1, 0, 0, 0) == 0,
	      "A: a zero-length wr_send");
	send_completion_ok(a, 0xc1, IBV_WC_SEND);
	ret = poll_one(b->cq, b->dvcq, &c);
	check(ret == 0 && c.wr_id == 0xc0 && c.status == IBV_WC_SUCCESS && c.byte_len == 0,
	      "B: the zero-length receive completes with byte_len 0");
	for (i = 0; i < 16; i++)
		ok += post_recv(b->qp, b->mr, b->buf + 64 * i, 64, 0x100 + i) == 0;
	for (i = 0; i < 16; i++)
		ok += post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, a->mr, a->buf, 8, 0x200 + i, 0, 0, 0) == 0;
	check(ok == 32, "16 receives at B and 16 sends at A posted (queue depth 16)");
	check(post_ex(a->qp, IBV_WR_SEND, a->ah, b->qp->qp_num, a->mr, a->buf, 8, 0x2ff, 0, 0, 0) == ENOMEM,
	      "A: the 17th send before polling -> ENOMEM (SQ full)");
	for (i = 0, ok = 0; i < 16; i++)
		ok += poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0x200u + i && c.status == IBV_WC_SUCCESS;
	for (i = 0; i < 16; i++)
		ok += poll_one(b->cq, b->dvcq, &c) == 0 && c.wr_id == 0x100u + i && c.byte_len == 8;
	check(ok == 32, "the 16 sends and 16 receives complete in posting order (%d of 32)", ok);
}

/* pyverbs' receive bad flows, on a fresh SRD QP: full RQ, too many SGEs, post after RESET. */
static void check_receive_bad_flows(struct side *b)
{
	struct ibv_qp *qp = create_srd_qp(b, 0);
	struct ibv_sge sge[2] = { { .addr = (uintptr_t)b->buf, .length = 8, .lkey = b->mr->lkey },
				  { .addr = (uintptr_t)b->buf + 8, .length = 8, .lkey = b->mr->lkey } };
	struct ibv_recv_wr wr = { .wr_id = 1, .sg_list = sge, .num_sge = 2 }, *bad;
	struct ibv_qp_attr reset = { .qp_state = IBV_QPS_RESET };
	int i, ok = 0;

	check(qp && modify_to_rts(qp) == 0, "B: a second SRD QP to RTS");
	if (!qp)
		return;
	check(ibv_post_recv(qp, &wr, &bad) == EINVAL, "B: a receive with max_recv_sge + 1 SGEs -> EINVAL");
	for (i = 0; i < 16; i++)
		ok += post_recv(qp, b->mr, b->buf, 8, i) == 0;
	check(ok == 16 && post_recv(qp, b->mr, b->buf, 8, 16) == ENOMEM,
	      "B: 16 receives fit, the 17th -> ENOMEM (RQ full)");
	check(ibv_modify_qp(qp, &reset, IBV_QP_STATE) == 0 && post_recv(qp, b->mr, b->buf, 8, 17) == EINVAL,
	      "B: modify to RESET, then ibv_post_recv -> EINVAL");
	check(ibv_destroy_qp(qp) == 0, "B: destroy of the second QP returns 0");
}

static void check_create_driver_qp(struct side *s)
{
	struct ibv_qp_init_attr attr = { .send_cq = ibv_cq_ex_to_cq(s->cq), .recv_cq = ibv_cq_ex_to_cq(s->cq),
		.qp_type = IBV_QPT_DRIVER,
		.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 } };
	struct ibv_qp *qp = efadv_create_driver_qp(s->pd, &attr, EFADV_QP_DRIVER_TYPE_SRD);

	check(qp && qp->qp_type == IBV_QPT_DRIVER, "%s: efadv_create_driver_qp SRD", s->name);
	check(qp && ibv_destroy_qp(qp) == 0, "%s: its destroy returns 0", s->name);
	attr.qp_type = IBV_QPT_RC;
	errno = 0;
	check(!efadv_create_driver_qp(s->pd, &attr, EFADV_QP_DRIVER_TYPE_SRD) && errno == EINVAL,
	      "%s: efadv_create_driver_qp with qp_type RC -> EINVAL", s->name);
}

/* efadv_query_mr (rdma-core 50): libefa's own ioctl, EFA_IB_METHOD_MR_QUERY, answered with the device's ids */
static void check_query_mr(struct side *s)
{
	struct efadv_mr_attr attr;
	int rc;

	memset(&attr, 0xff, sizeof(attr));
	rc = efadv_query_mr(s->mr, &attr, sizeof(attr));
	check(rc == 0 &&
	      attr.ic_id_validity == (EFADV_MR_ATTR_VALIDITY_RECV_IC_ID | EFADV_MR_ATTR_VALIDITY_RDMA_READ_IC_ID |
				      EFADV_MR_ATTR_VALIDITY_RDMA_RECV_IC_ID) &&
	      attr.recv_ic_id == EMU_MR_RECV_IC_ID && attr.rdma_read_ic_id == EMU_MR_RDMA_READ_IC_ID &&
	      attr.rdma_recv_ic_id == EMU_MR_RDMA_RECV_IC_ID,
	      "%s: efadv_query_mr: validity 0x%x, ic ids %u/%u/%u", s->name, attr.ic_id_validity, attr.recv_ic_id,
	      attr.rdma_read_ic_id, attr.rdma_recv_ic_id);
}

#if EMU_RDMA_CORE_MAJOR >= 64
/* efadv_qp_from_ibv_qp_ex and the processing hint (rdma-core 64): set only when requested. */
static void check_processing_hints(struct side *a, struct side *b)
{
	struct ibv_qp_init_attr_ex attr = {
		.qp_type = IBV_QPT_DRIVER, .send_cq = ibv_cq_ex_to_cq(a->cq), .recv_cq = ibv_cq_ex_to_cq(a->cq),
		.pd = a->pd, .comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS,
		.send_ops_flags = IBV_QP_EX_WITH_SEND,
		.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 } };
	struct efadv_qp_init_attr efa = { .driver_qp_type = EFADV_QP_DRIVER_TYPE_SRD,
					  .wr_flags = EFADV_WR_EX_WITH_PROCESSING_HINTS };
	struct ibv_qp *qp = efadv_create_qp_ex(a->ctx, &attr, &efa, sizeof(efa));
	struct efadv_qp *dv = qp ? efadv_qp_from_ibv_qp_ex(ibv_qp_to_qp_ex(qp)) : NULL;
	struct efadv_qp *plain = efadv_qp_from_ibv_qp_ex(ibv_qp_to_qp_ex(a->qp));
	struct ibv_qp_ex *qpx = qp ? ibv_qp_to_qp_ex(qp) : NULL;
	struct completion c;

	check(dv && dv->wr_set_processing_hints && plain && !plain->wr_set_processing_hints,
	      "efadv_qp_from_ibv_qp_ex: wr_set_processing_hints only on the QP that asked for it");
	if (!dv || !dv->wr_set_processing_hints || modify_to_rts(qp))
		goto out;
	fill(a->buf, 48, 77);
	check(post_recv(b->qp, b->mr, b->buf, 64, 0xf1) == 0, "B: ibv_post_recv");
	ibv_wr_start(qpx);
	qpx->wr_id = 0xf2;
	qpx->wr_flags = IBV_SEND_SIGNALED;
	ibv_wr_send(qpx);
	efadv_wr_set_processing_hints(dv, EFADV_WR_PROCESSING_HINT_BURST_PPS_SENSITIVE);
	ibv_wr_set_ud_addr(qpx, a->ah, b->qp->qp_num, QKEY);
	ibv_wr_set_sge(qpx, a->mr->lkey, (uintptr_t)a->buf, 48);
	check(ibv_wr_complete(qpx) == 0 && poll_one(a->cq, a->dvcq, &c) == 0 && c.wr_id == 0xf2 &&
	      c.status == IBV_WC_SUCCESS, "A: a send with a processing hint completes");
	check(poll_one(b->cq, b->dvcq, &c) == 0 && c.wr_id == 0xf1 && c.byte_len == 48 &&
	      memcmp(a->buf, b->buf, 48) == 0, "B: and its data arrives");
out:
	check(qp && ibv_destroy_qp(qp) == 0, "the hinted QP's destroy returns 0");
}
#endif

#if EMU_RDMA_CORE_MAJOR >= 63
static void check_depth_and_raw_queries(struct side *s)
{
	struct efadv_sq_depth_attr sq = { .max_send_sge = 1 };
	struct efadv_rq_depth_attr rq = { .max_recv_sge = 1 };
	struct efadv_cq_attr cqa;
	struct efadv_wq_attr sqa, rqa;
	int d;

	d = efadv_get_max_sq_depth(s->ctx, &sq, sizeof(sq));
	check(d > 0 && d <= EMU_MAX_SQ_WR, "efadv_get_max_sq_depth %d", d);
	sq.max_send_sge = EMU_MAX_SQ_SGE + 1;
	check(efadv_get_max_sq_depth(s->ctx, &sq, sizeof(sq)) == -EINVAL,
	      "efadv_get_max_sq_depth max_send_sge above the device's -> -EINVAL");
	d = efadv_get_max_rq_depth(s->ctx, &rq, sizeof(rq));
	check(d > 0 && d <= EMU_MAX_RQ_WR, "efadv_get_max_rq_depth %d", d);
	check(efadv_query_cq(ibv_cq_ex_to_cq(s->cq), &cqa, sizeof(cqa)) == 0 && cqa.buffer &&
	      cqa.entry_size == sizeof(struct emu_rx_cdesc_ex) && cqa.num_entries > 0,
	      "efadv_query_cq: buffer, entry_size %u, num_entries %u", cqa.entry_size, cqa.num_entries);
	check(efadv_query_qp_wqs(s->qp, &sqa, &rqa, sizeof(sqa)) == 0 && sqa.buffer && rqa.buffer &&
	      sqa.entry_size == sizeof(struct emu_tx_wqe) && rqa.entry_size == sizeof(struct emu_rx_desc) &&
	      sqa.doorbell && rqa.doorbell, "efadv_query_qp_wqs: SQ entry %u, RQ entry %u",
	      sqa.entry_size, rqa.entry_size);
}
#endif

static void check_destroy(struct side *s)
{
	check(ibv_destroy_cq(ibv_cq_ex_to_cq(s->cq)) == EBUSY, "%s: destroying a CQ in use -> EBUSY", s->name);
	check(ibv_destroy_qp(s->qp) == 0, "%s: ibv_destroy_qp returns 0", s->name);
	check(!s->ah || ibv_destroy_ah(s->ah) == 0, "%s: ibv_destroy_ah returns 0", s->name);
	check(ibv_destroy_cq(ibv_cq_ex_to_cq(s->cq)) == 0, "%s: ibv_destroy_cq returns 0", s->name);
	check(ibv_dereg_mr(s->mr) == 0, "%s: ibv_dereg_mr returns 0", s->name);
	check(ibv_dealloc_pd(s->pd) == 0, "%s: ibv_dealloc_pd returns 0", s->name);
	check(ibv_close_device(s->ctx) == 0, "%s: ibv_close_device returns 0", s->name);
}

int main(void)
{
	struct side a = { .name = "A" }, b = { .name = "B" };
	struct ibv_device **list;
	long t0 = now_ms();
	int n = 0;

	list = ibv_get_device_list(&n);
	check(list && n >= 2, "ibv_get_device_list finds the emulated devices (%d)", n);
	a.ctx = list ? open_by_name(list, n, "efa_0") : NULL;
	b.ctx = list ? open_by_name(list, n, "efa_1") : NULL;
	check(a.ctx && b.ctx, "ibv_open_device efa_0 and efa_1 (the real efa provider)");
	if (!a.ctx || !b.ctx)
		goto out;
	check_device(&a);
	check_device(&b);
	check(memcmp(a.gid.raw, b.gid.raw, 16) != 0, "the two devices have different GIDs");
	check_query_device_inlen(a.ctx);
	if (!setup_side(&a) || !setup_side(&b))
		goto out;
	check_create_inlen(&a);
	check_qp_to_rts(&a);
	check_qp_to_rts(&b);
	a.ah = create_ah(a.pd, &b.gid);
	check(a.ah != NULL, "A: ibv_create_ah to B");
	if (!a.ah)
		goto out;
	check_srd_send(&a, &b);
	check_srd_send_imm_known_ah(&a, &b);
	check_rdma(&a, &b);
	check_write_with_imm(&a, &b);
	check_legacy_post(&a, &b);
	check_error_completions(&a, &b);
	check_ring_wrap(&a, &b);
	check_inline_send(&a, &b);
	check_zero_size_and_full_sq(&a, &b);
	check_receive_bad_flows(&b);
	check_create_driver_qp(&a);
	check_query_mr(&a);
	check_ud(&a, &b);
#if EMU_RDMA_CORE_MAJOR >= 63
	check_depth_and_raw_queries(&a);
#endif
#if EMU_RDMA_CORE_MAJOR >= 64
	check_processing_hints(&a, &b);
#endif
	check_destroy(&a);
	check_destroy(&b);
out:
	if (list)
		ibv_free_device_list(list);
	printf("rdma-core %d: %d passed, %d failed (%ld ms)\n", EMU_RDMA_CORE_MAJOR, passed, failed,
	       now_ms() - t0);
	return failed || !passed ? 1 : 0;
}
