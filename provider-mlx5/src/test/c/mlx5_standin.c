/*
 * mlx5_standin.c: a stand-in libmlx5 for proving the Java mlx5 binding without a ConnectX device.
 *
 * Test code, never part of Verbs4J. The test build compiles it with gcc against the real rdma-core headers of
 * one release (-DVERBS4J_RDMA_CORE_MAJOR=44, 56 or 65 selects what that release has) and links it with a
 * version script generated from that release's real libmlx5.so.1, so that it exports the binding's entry
 * points under the same names and version nodes (Mlx5Symbols.java lists them; a test compares the sets).
 *
 * What it does:
 *  - the validation of each entry point is libmlx5's, in libmlx5's order and with its errno values; the
 *    comments cite rdma-core v56.1 as "verbs.c:LINE" (providers/mlx5/), with the v44.0 / 65 line where it
 *    moved ("65" is rdma-core's master at 691953d8, PACKAGE_VERSION 65.0, whose mlx5dv.h is Debian sid's; no
 *    v65.0 tag was available). The device itself is a persona: its caps are a struct mlx5dv_context the test may change;
 *  - every call is recorded (calls, the bytes of the structs as the caller passed them, comp_mask, lengths,
 *    the result), and so is every call of a work-request function pointer (the dc_addr of each request), with
 *    a count of calls to pointers for operations the caller did not request; see verbs4j_mlx5_standin_*;
 *  - objects are its own containers: a struct verbs_context whose device is the stand-in device (the only
 *    device mlx5dv_is_supported claims, as is_mlx5_dev claims only mlx5 devices), an ibv_cq_ex, and a QP laid
 *    out as libibverbs' struct verbs_qp followed by the struct mlx5dv_qp_ex that mlx5dv_qp_ex_from_ibv_qp_ex
 *    returns. libibverbs is neither linked nor called: its destroy functions dispatch through a private ops
 *    table the stand-in cannot provide, so stand-in objects must never be destroyed through libibverbs.
 *
 * Not modelled (refused with EOPNOTSUPP where libmlx5 would go on): UC, XRC, raw packet and RSS QPs, the
 * MLX5_CQE_SIZE and MLX5_SCATTER_TO_CQE environment variables, completions (the CQ is always empty), the
 * DEVX objects and the kernel's own checks behind each command.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>
#include <infiniband/mlx5dv.h>

#ifndef VERBS4J_RDMA_CORE_MAJOR
#error "compile with -DVERBS4J_RDMA_CORE_MAJOR=<rdma-core major release>"
#endif

#define EXPORT __attribute__((visibility("default")))

/* ---- Recording ------------------------------------------------------------------------------------ */

/* Entry points, in the order of Mlx5StandIn.Entry on the Java side. */
enum standin_entry {
	E_IS_SUPPORTED,
	E_QUERY_DEVICE,
	E_CREATE_CQ,
	E_CREATE_QP,
	E_QP_EX_FROM_IBV_QP_EX,
	E_GET_CLOCK_INFO,
	E_INIT_OBJ,
	E_OPEN_DEVICE,
	E_QUERY_PORT,
	E_REG_DMABUF_MR,
	E_GET_DATA_DIRECT_SYSFS_PATH,
	E_COUNT
};

#define RECORDED_BYTES 256

struct standin_record {
	uint32_t calls;
	int32_t result;          /* the return value, or errno for entry points returning a pointer */
	uint64_t comp_mask;      /* comp_mask of the vendor struct as passed */
	uint64_t length;         /* the length argument (info_len, buf_len) or init_obj's obj_type */
	uint32_t nbytes;         /* bytes of the vendor struct as passed */
	uint8_t bytes[RECORDED_BYTES];
	uint32_t nattr_bytes;    /* bytes of the ibv_*_init_attr_ex as passed */
	uint8_t attr_bytes[RECORDED_BYTES];
};

/* Work-request function pointers, in the order of Mlx5StandIn.WrOp on the Java side. */
enum standin_wr_op {
	W_START, W_COMPLETE, W_ABORT, W_SEND, W_SEND_IMM, W_SEND_INV, W_RDMA_WRITE, W_RDMA_WRITE_IMM,
	W_RDMA_READ, W_ATOMIC_CMP_SWP, W_ATOMIC_FETCH_ADD, W_BIND_MW, W_LOCAL_INV, W_SET_SGE, W_SET_SGE_LIST,
	W_SET_INLINE_DATA, W_SET_INLINE_DATA_LIST, W_SET_UD_ADDR, W_SET_DC_ADDR, W_SET_DC_ADDR_STREAM
};

/* One call of a work-request function pointer; laid out for Java (64 bytes). */
struct verbs4j_mlx5_wr_record {
	uint32_t op;
	uint32_t requested;      /* 1 if the op was in the QP's send_ops_flags (or is a setter/start/complete) */
	uint64_t qp;             /* the struct ibv_qp_ex * it was called with */
	uint64_t wr_id;          /* qp->wr_id at the call */
	uint64_t wr_flags;       /* qp->wr_flags at the call */
	uint64_t a, b, c, d;     /* op arguments: dc_addr: ah, remote_dctn, remote_dc_key, stream_id */
};

#define MAX_WR_RECORDS 1024

static struct standin_record records[E_COUNT];
static struct verbs4j_mlx5_wr_record wr_records[MAX_WR_RECORDS];
static uint32_t wr_count;
static uint32_t unrequested_calls;
static uint64_t init_obj_types;

static void record_bytes(uint8_t *to, uint32_t *n, const void *from, size_t size)
{
	*n = size < RECORDED_BYTES ? (uint32_t)size : RECORDED_BYTES;
	if (from)
		memcpy(to, from, *n);
	else
		*n = 0;
}

static struct standin_record *record_call(enum standin_entry entry, const void *vendor, size_t vendor_size,
					  uint64_t comp_mask)
{
	struct standin_record *r = &records[entry];

	r->calls++;
	r->comp_mask = comp_mask;
	r->length = 0;
	r->nattr_bytes = 0;
	record_bytes(r->bytes, &r->nbytes, vendor, vendor_size);
	return r;
}

static int set_result(enum standin_entry entry, int result)
{
	records[entry].result = result;
	return result;
}

static void *fail_with(enum standin_entry entry, int err)
{
	records[entry].result = err;
	errno = err;
	return NULL;
}

/* ---- The persona: one mlx5 device, its caps and its context -------------------------------------- */

static struct ibv_device standin_device;
static struct verbs_context *standin_context;
static struct mlx5dv_context caps;
static struct mlx5dv_clock_info clock_info;
static struct ibv_pd standin_pd;
static uint32_t next_number = 0x100;

/* What mlx5_context holds beyond the mlx5dv_context caps, fixed for the persona. */
static const bool persona_atomic_cap = true;           /* ctx->atomic_cap */
static const bool persona_sqd2rts_supported = false;   /* MLX5_CTX_FLAGS_SQD2RTS_SUPPORTED */
static const bool persona_has_clock_info_page = true;  /* ctx->clock_info_page */

static void default_caps(void)
{
	memset(&caps, 0, sizeof(caps));
	caps.flags = MLX5DV_CONTEXT_FLAGS_CQE_V1 | MLX5DV_CONTEXT_FLAGS_CQE_128B_COMP |
		     MLX5DV_CONTEXT_FLAGS_CQE_128B_PAD;
	caps.cqe_comp_caps.max_num = 64;
	caps.cqe_comp_caps.supported_format = MLX5DV_CQE_RES_FORMAT_HASH | MLX5DV_CQE_RES_FORMAT_CSUM;
	caps.dci_streams_caps.max_log_num_concurent = 4;
	caps.dci_streams_caps.max_log_num_errored = 3;
	caps.max_clock_info_update_nsec = 1000000;
	caps.hca_core_clock = (uint64_t *)&clock_info;
	caps.num_lag_ports = 2;
	caps.max_dynamic_bfregs = 8;
#if VERBS4J_RDMA_CORE_MAJOR >= 47
	caps.max_dc_rd_atom = 16;
	caps.max_dc_init_rd_atom = 16;
#endif
#if VERBS4J_RDMA_CORE_MAJOR >= 55
	caps.ooo_recv_wrs_caps.max_rc = 1024;
	caps.ooo_recv_wrs_caps.max_dct = 1024;
#endif
	clock_info = (struct mlx5dv_clock_info){ .nsec = 1000, .last_cycles = 2000, .frac = 3000,
						 .mult = 4000, .shift = 10, .mask = 0xffffffffffffULL };
}

#if VERBS4J_RDMA_CORE_MAJOR >= 55
/* MLX5_VENDOR_CAP_FLAGS_OOO_DP: the persona has it when it has out-of-order receive caps. */
static bool persona_ooo_dp(void)
{
	return caps.ooo_recv_wrs_caps.max_rc || caps.ooo_recv_wrs_caps.max_dct ||
	       caps.ooo_recv_wrs_caps.max_ud;
}
#endif

/* mlx5_get_dv_ops (mlx5.c:2766): only contexts of an mlx5 device have the dv ops; here, only the stand-in's. */
static bool is_standin_context(struct ibv_context *context)
{
	return context && standin_context && context == &standin_context->context;
}

static void make_context(void)
{
	strcpy(standin_device.name, "mlx5_standin");
	strcpy(standin_device.dev_name, "uverbs_standin");
	standin_device.node_type = IBV_NODE_CA;
	standin_device.transport_type = IBV_TRANSPORT_IB;
	standin_context = calloc(1, sizeof(*standin_context));
	if (!standin_context)
		abort();
	standin_context->sz = sizeof(*standin_context);
	standin_context->context.device = &standin_device;
	standin_context->context.cmd_fd = -1;
	standin_context->context.async_fd = -1;
	pthread_mutex_init(&standin_context->context.mutex, NULL);
	standin_pd.context = &standin_context->context;
	standin_pd.handle = 1;
	default_caps();
}

EXPORT struct ibv_context *verbs4j_mlx5_standin_context(void)
{
	if (!standin_context)
		make_context();
	return &standin_context->context;
}

EXPORT struct ibv_device *verbs4j_mlx5_standin_device(void)
{
	return verbs4j_mlx5_standin_context()->device;
}

/* A protection domain of the stand-in context, for QP creation; never to be deallocated. */
EXPORT struct ibv_pd *verbs4j_mlx5_standin_pd(void)
{
	verbs4j_mlx5_standin_context();
	return &standin_pd;
}

/* The persona's caps, which the test may change before a call (reset restores them). */
EXPORT struct mlx5dv_context *verbs4j_mlx5_standin_caps(void)
{
	verbs4j_mlx5_standin_context();
	return &caps;
}

EXPORT void verbs4j_mlx5_standin_reset(void)
{
	verbs4j_mlx5_standin_context();
	memset(records, 0, sizeof(records));
	memset(wr_records, 0, sizeof(wr_records));
	wr_count = 0;
	unrequested_calls = 0;
	init_obj_types = 0;
	default_caps();
}

EXPORT uint32_t verbs4j_mlx5_standin_calls(int entry)
{
	return entry >= 0 && entry < E_COUNT ? records[entry].calls : 0;
}

EXPORT int32_t verbs4j_mlx5_standin_last_result(int entry)
{
	return entry >= 0 && entry < E_COUNT ? records[entry].result : -1;
}

EXPORT uint64_t verbs4j_mlx5_standin_last_comp_mask(int entry)
{
	return entry >= 0 && entry < E_COUNT ? records[entry].comp_mask : 0;
}

EXPORT uint64_t verbs4j_mlx5_standin_last_length(int entry)
{
	return entry >= 0 && entry < E_COUNT ? records[entry].length : 0;
}

/* Copies up to max bytes of the vendor struct of the last call; returns how many were recorded. */
EXPORT uint32_t verbs4j_mlx5_standin_last_bytes(int entry, void *out, uint32_t max)
{
	uint32_t n;

	if (entry < 0 || entry >= E_COUNT)
		return 0;
	n = records[entry].nbytes < max ? records[entry].nbytes : max;
	memcpy(out, records[entry].bytes, n);
	return records[entry].nbytes;
}

/* Copies up to max bytes of the ibv_*_init_attr_ex of the last call; returns how many were recorded. */
EXPORT uint32_t verbs4j_mlx5_standin_last_attr_bytes(int entry, void *out, uint32_t max)
{
	uint32_t n;

	if (entry < 0 || entry >= E_COUNT)
		return 0;
	n = records[entry].nattr_bytes < max ? records[entry].nattr_bytes : max;
	memcpy(out, records[entry].attr_bytes, n);
	return records[entry].nattr_bytes;
}

/* The union of every obj_type passed to mlx5dv_init_obj since the last reset. */
EXPORT uint64_t verbs4j_mlx5_standin_init_obj_types(void)
{
	return init_obj_types;
}

EXPORT uint32_t verbs4j_mlx5_standin_wr_count(void)
{
	return wr_count;
}

/* The i-th work-request call since the last reset; NULL past the end. */
EXPORT const struct verbs4j_mlx5_wr_record *verbs4j_mlx5_standin_wr(uint32_t i)
{
	return i < wr_count ? &wr_records[i] : NULL;
}

/* Calls of a pointer for an operation the QP was not created with (0 for a correct caller). */
EXPORT uint32_t verbs4j_mlx5_standin_unrequested_calls(void)
{
	return unrequested_calls;
}

/* ---- mlx5dv_is_supported, mlx5dv_open_device ----------------------------------------------------- */

/* mlx5.c:2328 (44: 2295, 65: 2342): is_mlx5_dev(device). */
EXPORT bool mlx5dv_is_supported(struct ibv_device *device)
{
	bool supported;

	record_call(E_IS_SUPPORTED, NULL, 0, 0);
	supported = standin_context && device == &standin_device;
	set_result(E_IS_SUPPORTED, supported);
	return supported;
}

/* mlx5.c:2334-2341: EOPNOTSUPP unless mlx5; then verbs_open_device, which here is the stand-in context. */
EXPORT struct ibv_context *mlx5dv_open_device(struct ibv_device *device, struct mlx5dv_context_attr *attr)
{
	record_call(E_OPEN_DEVICE, attr, attr ? sizeof(*attr) : 0, attr ? attr->comp_mask : 0);
	if (!standin_context || device != &standin_device)
		return fail_with(E_OPEN_DEVICE, EOPNOTSUPP);
	set_result(E_OPEN_DEVICE, 0);
	return &standin_context->context;
}

/* ---- mlx5dv_query_device ----------------------------------------------------------------------- */

/* _mlx5dv_query_device (mlx5.c:859-990; 44: 858, 65: 870): version and flags always, each block only if requested. */
static int query_device(struct mlx5dv_context *out)
{
	uint64_t comp_mask_out = 0;

	out->version = 0;
	out->flags = caps.flags;
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_CQE_COMPRESION) {
		out->cqe_comp_caps = caps.cqe_comp_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_CQE_COMPRESION;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_SWP) {
		out->sw_parsing_caps = caps.sw_parsing_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_SWP;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_STRIDING_RQ) {
		out->striding_rq_caps = caps.striding_rq_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_STRIDING_RQ;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_TUNNEL_OFFLOADS) {
		out->tunnel_offloads_caps = caps.tunnel_offloads_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_TUNNEL_OFFLOADS;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_DCI_STREAMS) {
		out->dci_streams_caps = caps.dci_streams_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_DCI_STREAMS;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_DYN_BFREGS) {
		out->max_dynamic_bfregs = caps.max_dynamic_bfregs;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_DYN_BFREGS;
	}
	if ((out->comp_mask & MLX5DV_CONTEXT_MASK_CLOCK_INFO_UPDATE) && persona_has_clock_info_page) {
		out->max_clock_info_update_nsec = caps.max_clock_info_update_nsec;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_CLOCK_INFO_UPDATE;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_FLOW_ACTION_FLAGS) {
		out->flow_action_flags = caps.flow_action_flags;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_FLOW_ACTION_FLAGS;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_DC_ODP_CAPS) {
		out->dc_odp_caps = caps.dc_odp_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_DC_ODP_CAPS;
	}
	if ((out->comp_mask & MLX5DV_CONTEXT_MASK_HCA_CORE_CLOCK) && caps.hca_core_clock) {
		out->hca_core_clock = caps.hca_core_clock;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_HCA_CORE_CLOCK;
	}
	if ((out->comp_mask & MLX5DV_CONTEXT_MASK_NUM_LAG_PORTS) && caps.num_lag_ports) {
		out->num_lag_ports = caps.num_lag_ports;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_NUM_LAG_PORTS;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_SIGNATURE_OFFLOAD) {
		out->sig_caps = caps.sig_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_SIGNATURE_OFFLOAD;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_WR_MEMCPY_LENGTH) {
		out->max_wr_memcpy_length = caps.max_wr_memcpy_length;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_WR_MEMCPY_LENGTH;
	}
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_CRYPTO_OFFLOAD) {
		out->crypto_caps = caps.crypto_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_CRYPTO_OFFLOAD;
	}
#if VERBS4J_RDMA_CORE_MAJOR >= 47
	if (out->comp_mask & MLX5DV_CONTEXT_MASK_MAX_DC_RD_ATOM) {
		out->max_dc_rd_atom = caps.max_dc_rd_atom;
		out->max_dc_init_rd_atom = caps.max_dc_init_rd_atom;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_MAX_DC_RD_ATOM;
	}
#endif
#if VERBS4J_RDMA_CORE_MAJOR >= 50
	if ((out->comp_mask & MLX5DV_CONTEXT_MASK_REG_C0) && caps.reg_c0.mask) {
		out->reg_c0 = caps.reg_c0;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_REG_C0;
	}
#endif
#if VERBS4J_RDMA_CORE_MAJOR >= 55
	if ((out->comp_mask & MLX5DV_CONTEXT_MASK_OOO_RECV_WRS) && persona_ooo_dp()) {
		out->ooo_recv_wrs_caps = caps.ooo_recv_wrs_caps;
		comp_mask_out |= MLX5DV_CONTEXT_MASK_OOO_RECV_WRS;
	}
#endif
	out->comp_mask = comp_mask_out;
	return 0;
}

/* mlx5.c:994-1002 (44: 973, 65: 1008): EOPNOTSUPP without the dv ops. Records the struct as passed. */
EXPORT int mlx5dv_query_device(struct ibv_context *ctx_in, struct mlx5dv_context *attrs_out)
{
	record_call(E_QUERY_DEVICE, attrs_out, sizeof(*attrs_out), attrs_out->comp_mask);
	if (!is_standin_context(ctx_in))
		return set_result(E_QUERY_DEVICE, EOPNOTSUPP);
	return set_result(E_QUERY_DEVICE, query_device(attrs_out));
}

/* ---- mlx5dv_get_clock_info, _mlx5dv_query_port, mlx5dv_init_obj --------------------------------- */

/* mlx5.c:2278 and _mlx5dv_get_clock_info (mlx5.c:2239-2276): EINVAL without a clock-info page. */
EXPORT int mlx5dv_get_clock_info(struct ibv_context *ctx_in, struct mlx5dv_clock_info *out)
{
	record_call(E_GET_CLOCK_INFO, NULL, 0, 0);
	if (!is_standin_context(ctx_in))
		return set_result(E_GET_CLOCK_INFO, EOPNOTSUPP);
	if (!persona_has_clock_info_page)
		return set_result(E_GET_CLOCK_INFO, EINVAL);
	*out = clock_info;
	return set_result(E_GET_CLOCK_INFO, 0);
}

/*
 * verbs.c:6141 (44: 5909, 65: 6506): the kernel fills info_len bytes of struct mlx5_ib_uapi_query_port. The
 * stand-in writes vport = port_num and flags = 0, only within info_len, as the kernel's copy does.
 */
EXPORT int _mlx5dv_query_port(struct ibv_context *context, uint32_t port_num, struct mlx5dv_port *info,
			      size_t info_len)
{
	struct mlx5dv_port port = { .vport = (uint16_t)port_num };

	record_call(E_QUERY_PORT, NULL, 0, 0)->length = info_len;
	if (!is_standin_context(context))
		return set_result(E_QUERY_PORT, EOPNOTSUPP);
	memcpy(info, &port, info_len < sizeof(port) ? info_len : sizeof(port));
	return set_result(E_QUERY_PORT, 0);
}

struct standin_cq;
static bool is_standin_cq(struct ibv_cq *cq);

/*
 * mlx5dv_init_obj@@MLX5_1.2 (mlx5.c:2123-2140; 44: 2090, 65: 2137): EINVAL when no object type gives a
 * context, EOPNOTSUPP without the dv ops. The stand-in answers only for CQs (the one object the binding asks
 * for, to learn that libmlx5 stops cleaning it) and records every request; other types are EOPNOTSUPP.
 */
#if VERBS4J_RDMA_CORE_MAJOR >= 54
#define OTHER_OBJ_TYPES (MLX5DV_OBJ_SRQ | MLX5DV_OBJ_RWQ | MLX5DV_OBJ_DM | MLX5DV_OBJ_AH | MLX5DV_OBJ_PD | \
			 MLX5DV_OBJ_DEVX)
#else
#define OTHER_OBJ_TYPES (MLX5DV_OBJ_SRQ | MLX5DV_OBJ_RWQ | MLX5DV_OBJ_DM | MLX5DV_OBJ_AH | MLX5DV_OBJ_PD)
#endif

static int init_obj(struct mlx5dv_obj *obj, uint64_t obj_type)
{
	struct ibv_context *ctx = NULL;

	record_call(E_INIT_OBJ, obj, sizeof(*obj), 0)->length = obj_type;
	init_obj_types |= obj_type;
	if (obj_type & MLX5DV_OBJ_QP)
		ctx = obj->qp.in->context;
	else if (obj_type & MLX5DV_OBJ_CQ)
		ctx = obj->cq.in->context;
	else if (obj_type & OTHER_OBJ_TYPES)
		return set_result(E_INIT_OBJ, EOPNOTSUPP);
	if (!ctx)
		return set_result(E_INIT_OBJ, EINVAL);
	if (!is_standin_context(ctx) || obj_type != MLX5DV_OBJ_CQ || !is_standin_cq(obj->cq.in))
		return set_result(E_INIT_OBJ, EOPNOTSUPP);
	memset(obj->cq.out, 0, sizeof(*obj->cq.out));
	obj->cq.out->cqe_cnt = (uint32_t)obj->cq.in->cqe + 1;
	obj->cq.out->cqn = obj->cq.in->handle;
	return set_result(E_INIT_OBJ, 0);
}

int verbs4j_init_obj_1_2(struct mlx5dv_obj *obj, uint64_t obj_type);
int verbs4j_init_obj_1_0(struct mlx5dv_obj *obj, uint64_t obj_type);
__asm__(".symver verbs4j_init_obj_1_2, mlx5dv_init_obj@@MLX5_1.2");
__asm__(".symver verbs4j_init_obj_1_0, mlx5dv_init_obj@MLX5_1.0");

EXPORT int verbs4j_init_obj_1_2(struct mlx5dv_obj *obj, uint64_t obj_type)
{
	return init_obj(obj, obj_type);
}

/* mlx5dv_init_obj@MLX5_1.0 (mlx5.c:2142-2153): the old ABI; only its symbol matters here. */
EXPORT int verbs4j_init_obj_1_0(struct mlx5dv_obj *obj, uint64_t obj_type)
{
	return init_obj(obj, obj_type);
}

/* ---- mlx5dv_create_cq ----------------------------------------------------------------------------- */

struct standin_cq {
	struct ibv_cq_ex cq_ex;
	uint32_t cqe_size;
	uint32_t magic;
};

#define STANDIN_CQ_MAGIC 0x6d6c7835u

static bool is_standin_cq(struct ibv_cq *cq)
{
	return cq && ((struct standin_cq *)cq)->magic == STANDIN_CQ_MAGIC;
}

static int empty_start_poll(struct ibv_cq_ex *cq, struct ibv_poll_cq_attr *attr)
{
	(void)cq;
	(void)attr;
	return ENOENT;
}

static int empty_next_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
	return ENOENT;
}

static void empty_end_poll(struct ibv_cq_ex *cq)
{
	(void)cq;
}

/* verbs.c:932-951 (CREATE_CQ_SUPPORTED_*) and 952-957 (MLX5_DV_CREATE_CQ_SUP_COMP_MASK). */
#define SUPPORTED_WC_FLAGS (IBV_WC_STANDARD_FLAGS | IBV_WC_EX_WITH_COMPLETION_TIMESTAMP | \
			    IBV_WC_EX_WITH_CVLAN | IBV_WC_EX_WITH_FLOW_TAG | IBV_WC_EX_WITH_TM_INFO | \
			    IBV_WC_EX_WITH_COMPLETION_TIMESTAMP_WALLCLOCK)
#define SUPPORTED_CQ_COMP_MASK (IBV_CQ_INIT_ATTR_MASK_FLAGS | IBV_CQ_INIT_ATTR_MASK_PD)
#define SUPPORTED_CQ_FLAGS (IBV_CREATE_CQ_ATTR_SINGLE_THREADED | IBV_CREATE_CQ_ATTR_IGNORE_OVERRUN)
#define DV_CQ_SUPPORTED_COMP_MASK (MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE | MLX5DV_CQ_INIT_ATTR_MASK_FLAGS | \
				   MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE)

/* get_cqe_size (verbs.c:875-897; 44: 863, 65: 974), without the MLX5_CQE_SIZE environment variable. */
static int cqe_size(const struct mlx5dv_cq_init_attr *dv)
{
	int size = 64;

	if (dv && (dv->comp_mask & MLX5DV_CQ_INIT_ATTR_MASK_CQE_SIZE))
		size = dv->cqe_size;
	return size == 64 || size == 128 ? size : -EINVAL;
}

/* align_queue_size: the next power of two. */
static int align_queue_size(long long req)
{
	int nent;

	for (nent = 1; nent < req; nent <<= 1)
		if (nent >= (1 << 30))
			return nent;
	return nent;
}

/* create_cq (verbs.c:959-1125; 44: 947, 65: 1058): the checks before and around the kernel command. */
static int check_create_cq(const struct ibv_cq_init_attr_ex *attr, const struct mlx5dv_cq_init_attr *dv,
			   int *ncqe, int *cqe_sz)
{
	if (!attr->cqe)                                                     /* verbs.c:979 */
		return EINVAL;
	if (attr->comp_mask & ~SUPPORTED_CQ_COMP_MASK)                      /* verbs.c:985 */
		return EINVAL;
	if ((attr->comp_mask & IBV_CQ_INIT_ATTR_MASK_FLAGS) && (attr->flags & ~SUPPORTED_CQ_FLAGS))
		return EINVAL;                                              /* verbs.c:992 */
	if (attr->wc_flags & ~SUPPORTED_WC_FLAGS)                           /* verbs.c:1000 */
		return ENOTSUP;
	if (dv && (dv->comp_mask & ~(uint64_t)DV_CQ_SUPPORTED_COMP_MASK))  /* verbs.c:1006-1013 */
		return EINVAL;
	if (attr->comp_mask & IBV_CQ_INIT_ATTR_MASK_PD)                     /* verbs.c:1026: no parent domains here */
		return EINVAL;
	*ncqe = align_queue_size((long long)attr->cqe + 1);                 /* verbs.c:1049 */
	if (*ncqe > (1 << 24) || *ncqe < (long long)attr->cqe + 1)
		return EINVAL;
	*cqe_sz = cqe_size(dv);                                             /* verbs.c:1056 */
	if (*cqe_sz < 0)
		return -*cqe_sz;
	if (!dv)
		return 0;
	if (dv->comp_mask & MLX5DV_CQ_INIT_ATTR_MASK_COMPRESSED_CQE) {      /* verbs.c:1086-1097 */
		if (!caps.cqe_comp_caps.max_num ||
		    !(dv->cqe_comp_res_format & caps.cqe_comp_caps.supported_format))
			return EINVAL;
	}
	if (dv->comp_mask & MLX5DV_CQ_INIT_ATTR_MASK_FLAGS) {               /* verbs.c:1099-1120 */
		if (dv->flags & ~(MLX5DV_CQ_INIT_ATTR_FLAGS_RESERVED - 1))
			return EINVAL;
		if ((dv->flags & MLX5DV_CQ_INIT_ATTR_FLAGS_CQE_PAD) &&
		    (!(caps.flags & MLX5DV_CONTEXT_FLAGS_CQE_128B_PAD) || *cqe_sz != 128))
			return EINVAL;
	}
	return 0;
}

/* verbs.c:1219-1230 (44: 1198, 65: 1326), then _mlx5dv_create_cq's verbs_init_cq (verbs.c:1214). */
EXPORT struct ibv_cq_ex *mlx5dv_create_cq(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr,
					  struct mlx5dv_cq_init_attr *dv)
{
	struct standin_record *r = record_call(E_CREATE_CQ, dv, dv ? sizeof(*dv) : 0, dv ? dv->comp_mask : 0);
	struct standin_cq *cq;
	int ncqe = 0, cqe_sz = 0, err;

	record_bytes(r->attr_bytes, &r->nattr_bytes, attr, sizeof(*attr));
	if (!is_standin_context(context))
		return fail_with(E_CREATE_CQ, EOPNOTSUPP);
	err = check_create_cq(attr, dv, &ncqe, &cqe_sz);
	if (err)
		return fail_with(E_CREATE_CQ, err);
	cq = calloc(1, sizeof(*cq));
	if (!cq)
		return fail_with(E_CREATE_CQ, ENOMEM);
	cq->magic = STANDIN_CQ_MAGIC;
	cq->cqe_size = (uint32_t)cqe_sz;
	cq->cq_ex.context = context;
	cq->cq_ex.channel = attr->channel;
	cq->cq_ex.cq_context = attr->cq_context;
	cq->cq_ex.cqe = ncqe - 1;
	cq->cq_ex.handle = next_number++;
	pthread_mutex_init(&cq->cq_ex.mutex, NULL);
	pthread_cond_init(&cq->cq_ex.cond, NULL);
	cq->cq_ex.start_poll = empty_start_poll;
	cq->cq_ex.next_poll = empty_next_poll;
	cq->cq_ex.end_poll = empty_end_poll;
	set_result(E_CREATE_CQ, 0);
	return &cq->cq_ex;
}

/* ---- mlx5dv_create_qp and the work-request pointers -------------------------------------------- */

/* libibverbs' struct verbs_qp (libibverbs/driver.h:159-166, not installed), then what mlx5_qp adds. */
struct standin_qp {
	union {
		struct ibv_qp qp;
		struct ibv_qp_ex qp_ex;
	};
	uint32_t comp_mask;         /* VERBS_QP_EX = 1 << 1 (driver.h:127): ibv_qp_to_qp_ex looks at it */
	void *xrcd;
	struct mlx5dv_qp_ex dv_qp;
	uint64_t send_ops;          /* IBV_QP_EX_WITH_* requested */
	int dc_type;
};

#define VERBS_QP_EX_FLAG (1u << 1)

static struct standin_qp *to_standin_qp(struct ibv_qp_ex *qp)
{
	return (struct standin_qp *)qp;
}

static struct verbs4j_mlx5_wr_record *record_wr(struct ibv_qp_ex *qp, enum standin_wr_op op, uint64_t needs)
{
	static struct verbs4j_mlx5_wr_record overflow;
	struct verbs4j_mlx5_wr_record *w = wr_count < MAX_WR_RECORDS ? &wr_records[wr_count++] : &overflow;
	bool requested = !needs || (to_standin_qp(qp)->send_ops & needs);

	memset(w, 0, sizeof(*w));
	w->op = op;
	w->requested = requested;
	w->qp = (uint64_t)(uintptr_t)qp;
	w->wr_id = qp->wr_id;
	w->wr_flags = qp->wr_flags;
	if (!requested)
		unrequested_calls++;
	return w;
}

static void wr_start(struct ibv_qp_ex *qp) { record_wr(qp, W_START, 0); }
static int wr_complete(struct ibv_qp_ex *qp) { record_wr(qp, W_COMPLETE, 0); return 0; }
static void wr_abort(struct ibv_qp_ex *qp) { record_wr(qp, W_ABORT, 0); }

static void wr_send(struct ibv_qp_ex *qp) { record_wr(qp, W_SEND, IBV_QP_EX_WITH_SEND); }

static void wr_send_imm(struct ibv_qp_ex *qp, __be32 imm)
{
	record_wr(qp, W_SEND_IMM, IBV_QP_EX_WITH_SEND_WITH_IMM)->a = imm;
}

static void wr_send_inv(struct ibv_qp_ex *qp, uint32_t rkey)
{
	record_wr(qp, W_SEND_INV, IBV_QP_EX_WITH_SEND_WITH_INV)->a = rkey;
}

static struct verbs4j_mlx5_wr_record *wr_rdma(struct ibv_qp_ex *qp, enum standin_wr_op op, uint64_t needs,
					      uint32_t rkey, uint64_t addr)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, op, needs);

	w->a = rkey;
	w->b = addr;
	return w;
}

static void wr_rdma_write(struct ibv_qp_ex *qp, uint32_t rkey, uint64_t addr)
{
	wr_rdma(qp, W_RDMA_WRITE, IBV_QP_EX_WITH_RDMA_WRITE, rkey, addr);
}

static void wr_rdma_write_imm(struct ibv_qp_ex *qp, uint32_t rkey, uint64_t addr, __be32 imm)
{
	wr_rdma(qp, W_RDMA_WRITE_IMM, IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM, rkey, addr)->c = imm;
}

static void wr_rdma_read(struct ibv_qp_ex *qp, uint32_t rkey, uint64_t addr)
{
	wr_rdma(qp, W_RDMA_READ, IBV_QP_EX_WITH_RDMA_READ, rkey, addr);
}

static void wr_atomic_cmp_swp(struct ibv_qp_ex *qp, uint32_t rkey, uint64_t addr, uint64_t compare,
			      uint64_t swap)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_ATOMIC_CMP_SWP, IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP);

	w->a = rkey;
	w->b = addr;
	w->c = compare;
	w->d = swap;
}

static void wr_atomic_fetch_add(struct ibv_qp_ex *qp, uint32_t rkey, uint64_t addr, uint64_t add)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_ATOMIC_FETCH_ADD, IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD);

	w->a = rkey;
	w->b = addr;
	w->c = add;
}

static void wr_bind_mw(struct ibv_qp_ex *qp, struct ibv_mw *mw, uint32_t rkey,
		       const struct ibv_mw_bind_info *info)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_BIND_MW, IBV_QP_EX_WITH_BIND_MW);

	(void)info;
	w->a = (uint64_t)(uintptr_t)mw;
	w->b = rkey;
}

static void wr_local_inv(struct ibv_qp_ex *qp, uint32_t rkey)
{
	record_wr(qp, W_LOCAL_INV, IBV_QP_EX_WITH_LOCAL_INV)->a = rkey;
}

static void wr_set_sge(struct ibv_qp_ex *qp, uint32_t lkey, uint64_t addr, uint32_t length)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_SET_SGE, 0);

	w->a = lkey;
	w->b = addr;
	w->c = length;
}

static void wr_set_sge_list(struct ibv_qp_ex *qp, size_t num_sge, const struct ibv_sge *sg_list)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_SET_SGE_LIST, 0);

	w->a = num_sge;
	if (num_sge) {
		w->b = sg_list[0].addr;
		w->c = sg_list[0].length;
		w->d = sg_list[0].lkey;
	}
}

static void wr_set_inline_data(struct ibv_qp_ex *qp, void *addr, size_t length)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_SET_INLINE_DATA, 0);

	w->a = (uint64_t)(uintptr_t)addr;
	w->b = length;
}

static void wr_set_inline_data_list(struct ibv_qp_ex *qp, size_t num_buf, const struct ibv_data_buf *list)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_SET_INLINE_DATA_LIST, 0);

	w->a = num_buf;
	if (num_buf) {
		w->b = (uint64_t)(uintptr_t)list[0].addr;
		w->c = list[0].length;
	}
}

static void wr_set_ud_addr(struct ibv_qp_ex *qp, struct ibv_ah *ah, uint32_t remote_qpn, uint32_t remote_qkey)
{
	struct verbs4j_mlx5_wr_record *w = record_wr(qp, W_SET_UD_ADDR, 0);

	w->a = (uint64_t)(uintptr_t)ah;
	w->b = remote_qpn;
	w->c = remote_qkey;
}

/* The dv pointers: mlx5dv_wr_set_dc_addr and _stream (mlx5dv.h inlines) call these. */
static void wr_set_dc_addr(struct mlx5dv_qp_ex *dv, struct ibv_ah *ah, uint32_t remote_dctn,
			   uint64_t remote_dc_key)
{
	struct standin_qp *qp = (struct standin_qp *)((char *)dv - offsetof(struct standin_qp, dv_qp));
	struct verbs4j_mlx5_wr_record *w = record_wr(&qp->qp_ex, W_SET_DC_ADDR, 0);

	w->a = (uint64_t)(uintptr_t)ah;
	w->b = remote_dctn;
	w->c = remote_dc_key;
}

static void wr_set_dc_addr_stream(struct mlx5dv_qp_ex *dv, struct ibv_ah *ah, uint32_t remote_dctn,
				  uint64_t remote_dc_key, uint16_t stream_id)
{
	struct standin_qp *qp = (struct standin_qp *)((char *)dv - offsetof(struct standin_qp, dv_qp));
	struct verbs4j_mlx5_wr_record *w = record_wr(&qp->qp_ex, W_SET_DC_ADDR_STREAM, 0);

	w->a = (uint64_t)(uintptr_t)ah;
	w->b = remote_dctn;
	w->c = remote_dc_key;
	w->d = stream_id;
}

/* qp.c:3451-3468: the operations each QP type supports. */
#define OPS_RC (IBV_QP_EX_WITH_SEND | IBV_QP_EX_WITH_SEND_WITH_INV | IBV_QP_EX_WITH_SEND_WITH_IMM | \
		IBV_QP_EX_WITH_RDMA_WRITE | IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM | IBV_QP_EX_WITH_RDMA_READ | \
		IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP | IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD | \
		IBV_QP_EX_WITH_LOCAL_INV | IBV_QP_EX_WITH_BIND_MW)
#define OPS_DCI OPS_RC
#define OPS_UD (IBV_QP_EX_WITH_SEND | IBV_QP_EX_WITH_SEND_WITH_IMM)
#define DV_OPS_ALL (MLX5DV_QP_EX_WITH_MR_INTERLEAVED | MLX5DV_QP_EX_WITH_MR_LIST | \
		    MLX5DV_QP_EX_WITH_MKEY_CONFIGURE | MLX5DV_QP_EX_WITH_RAW_WQE | MLX5DV_QP_EX_WITH_MEMCPY)

/* qp.c:3482-3494 and 3519-3533. */
static void fill_builders_rc_dc(struct ibv_qp_ex *q)
{
	q->wr_send = wr_send;
	q->wr_send_imm = wr_send_imm;
	q->wr_send_inv = wr_send_inv;
	q->wr_rdma_write = wr_rdma_write;
	q->wr_rdma_write_imm = wr_rdma_write_imm;
	q->wr_rdma_read = wr_rdma_read;
	q->wr_atomic_cmp_swp = wr_atomic_cmp_swp;
	q->wr_atomic_fetch_add = wr_atomic_fetch_add;
	q->wr_bind_mw = wr_bind_mw;
	q->wr_local_inv = wr_local_inv;
}

static void fill_setters(struct ibv_qp_ex *q)
{
	q->wr_set_sge = wr_set_sge;
	q->wr_set_sge_list = wr_set_sge_list;
	q->wr_set_inline_data = wr_set_inline_data;
	q->wr_set_inline_data_list = wr_set_inline_data_list;
}

/*
 * mlx5_qp_fill_wr_pfns (qp.c:3559-3676, same lines in 65; 44: 3552): start/complete/abort, then every
 * builder the QP type supports ("regardless user request", qp.c:3593). The dv mkey/memcpy/raw-WQE pointers
 * are not modelled and stay NULL; a dv send_ops request for them is refused below.
 */
static int fill_wr_pfns(struct standin_qp *qp, const struct ibv_qp_init_attr_ex *attr,
			const struct mlx5dv_qp_init_attr *dv)
{
	struct ibv_qp_ex *q = &qp->qp_ex;
	uint64_t ops = attr->send_ops_flags;
	uint64_t dv_ops = dv && (dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_SEND_OPS_FLAGS) ? dv->send_ops_flags : 0;

	q->wr_start = wr_start;
	q->wr_complete = wr_complete;
	q->wr_abort = wr_abort;
	if (!persona_atomic_cap &&
	    (ops & (IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP | IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD)))
		return EOPNOTSUPP;                                          /* qp.c:3568-3572 */
	if (dv_ops & ~(uint64_t)DV_OPS_ALL)                               /* qp.c:3578-3584 */
		return EOPNOTSUPP;
	if (dv_ops)                                                          /* stand-in: not modelled */
		return EOPNOTSUPP;
	qp->send_ops = ops;
	switch (attr->qp_type) {
	case IBV_QPT_RC:                                                     /* qp.c:3595 */
		if (ops & ~(uint64_t)OPS_RC)
			return EOPNOTSUPP;
		fill_builders_rc_dc(q);
		fill_setters(q);
		return 0;
	case IBV_QPT_UD:                                                     /* qp.c:3640 */
		if (ops & ~(uint64_t)OPS_UD)
			return EOPNOTSUPP;
		q->wr_send = wr_send;
		q->wr_send_imm = wr_send_imm;
		fill_setters(q);
		q->wr_set_ud_addr = wr_set_ud_addr;
		return 0;
	case IBV_QPT_DRIVER:                                                 /* qp.c:3662-3676 */
		if (!(dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_DC && dv->dc_init_attr.dc_type == MLX5DV_DCTYPE_DCI))
			return EOPNOTSUPP;
		if (ops & ~(uint64_t)OPS_DCI)
			return EOPNOTSUPP;
		fill_builders_rc_dc(q);
		fill_setters(q);
		qp->dv_qp.wr_set_dc_addr = wr_set_dc_addr;
		qp->dv_qp.wr_set_dc_addr_stream = wr_set_dc_addr_stream;
		return 0;
	default:
		return EOPNOTSUPP;
	}
}

/* verbs.c:2170-2203: what create_qp accepts. */
#define SUPPORTED_QP_COMP_MASK (IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_XRCD | IBV_QP_INIT_ATTR_CREATE_FLAGS | \
				IBV_QP_INIT_ATTR_MAX_TSO_HEADER | IBV_QP_INIT_ATTR_IND_TABLE | \
				IBV_QP_INIT_ATTR_RX_HASH | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS)
#define DV_QP_SUPPORTED_COMP_MASK (MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS | MLX5DV_QP_INIT_ATTR_MASK_DC | \
				   MLX5DV_QP_INIT_ATTR_MASK_SEND_OPS_FLAGS | MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS)
#if VERBS4J_RDMA_CORE_MAJOR >= 55
#define OOO_DP_FLAG MLX5DV_QP_CREATE_OOO_DP
#else
#define OOO_DP_FLAG 0
#endif
#define DV_QP_SUPPORTED_FLAGS (MLX5DV_QP_CREATE_TUNNEL_OFFLOADS | MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC | \
			       MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_MC | \
			       MLX5DV_QP_CREATE_DISABLE_SCATTER_TO_CQE | MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE | \
			       MLX5DV_QP_CREATE_PACKET_BASED_CREDIT_MODE | MLX5DV_QP_CREATE_SIG_PIPELINING | \
			       OOO_DP_FLAG)

/* The kernel command flags create_qp derives (MLX5_QP_FLAG_*, mlx5-abi.h), as far as the checks need them. */
enum {
	CMD_SCATTER_CQE = 1 << 0,
	CMD_OTHER = 1 << 1,     /* tunnel offloads, self loopback, packet-based credit, allow-scatter */
};

/* is_qpt_ooo_sup (verbs.c:2352-2373). */
static bool ooo_supported(const struct ibv_qp_init_attr_ex *attr)
{
#if VERBS4J_RDMA_CORE_MAJOR >= 55
	if (!persona_ooo_dp())
		return false;
	switch (attr->qp_type) {
	case IBV_QPT_DRIVER: return caps.ooo_recv_wrs_caps.max_dct;
	case IBV_QPT_RC: return caps.ooo_recv_wrs_caps.max_rc;
	case IBV_QPT_UD: return caps.ooo_recv_wrs_caps.max_ud;
	default: return false;
	}
#else
	(void)attr;
	return false;
#endif
}

/* The create flags block of create_qp (verbs.c:2453-2513; 44: 2349, 65: 2576). */
static int check_create_flags(const struct ibv_qp_init_attr_ex *attr, uint64_t flags, unsigned int *cmd_flags)
{
	if (flags & ~(uint64_t)DV_QP_SUPPORTED_FLAGS)                      /* verbs.c:2454-2460 */
		return EINVAL;
	if (flags & (MLX5DV_QP_CREATE_TUNNEL_OFFLOADS | MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_UC |
		     MLX5DV_QP_CREATE_TIR_ALLOW_SELF_LOOPBACK_MC | MLX5DV_QP_CREATE_PACKET_BASED_CREDIT_MODE))
		*cmd_flags |= CMD_OTHER;
	if (flags & MLX5DV_QP_CREATE_DISABLE_SCATTER_TO_CQE) {              /* verbs.c:2475-2484 */
		if (flags & MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE)
			return EINVAL;
		*cmd_flags &= ~CMD_SCATTER_CQE;
	}
	if (flags & MLX5DV_QP_CREATE_ALLOW_SCATTER_TO_CQE)                 /* verbs.c:2486-2490 */
		*cmd_flags |= CMD_OTHER | CMD_SCATTER_CQE;
	if ((flags & MLX5DV_QP_CREATE_SIG_PIPELINING) && !persona_sqd2rts_supported)
		return EOPNOTSUPP;                                          /* verbs.c:2496-2503 */
	if ((flags & OOO_DP_FLAG) && !ooo_supported(attr))                  /* verbs.c:2506-2512 (v55+) */
		return EOPNOTSUPP;
	return 0;
}

/* create_dct (verbs.c:2205-2240; 44: 2124, 65: 2321): only a PD, only DC and create flags, only scatter. */
static int check_dct(const struct ibv_qp_init_attr_ex *attr, const struct mlx5dv_qp_init_attr *dv,
		     unsigned int cmd_flags)
{
	if (attr->comp_mask & ~(uint64_t)IBV_QP_INIT_ATTR_PD)
		return EINVAL;
	if (dv->comp_mask & ~(uint64_t)(MLX5DV_QP_INIT_ATTR_MASK_DC | MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS))
		return EINVAL;
	if (cmd_flags & ~(unsigned int)CMD_SCATTER_CQE)
		return EINVAL;
	return 0;
}

/* The DC block of create_qp (verbs.c:2515-2550): DCT, DCI (streams against the caps) or EINVAL. */
static int check_dc(const struct ibv_qp_init_attr_ex *attr, const struct mlx5dv_qp_init_attr *dv,
		    unsigned int cmd_flags, int *dc_type)
{
	if (!(dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_DC))
		return EINVAL;
	if (dv->dc_init_attr.dc_type == MLX5DV_DCTYPE_DCT) {
		*dc_type = MLX5DV_DCTYPE_DCT;
		return check_dct(attr, dv, cmd_flags);
	}
	if (dv->dc_init_attr.dc_type != MLX5DV_DCTYPE_DCI)
		return EINVAL;
	*dc_type = MLX5DV_DCTYPE_DCI;
	if ((dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_DCI_STREAMS) &&
	    (caps.dci_streams_caps.max_log_num_concurent < dv->dc_init_attr.dci_streams.log_num_concurent ||
	     caps.dci_streams_caps.max_log_num_errored < dv->dc_init_attr.dci_streams.log_num_errored))
		return EINVAL;                                              /* verbs.c:2526-2533 */
	return 0;
}

/* -1: libmlx5 returns NULL without setting errno (verbs.c:2393-2397 and 2551-2554). */
#define NO_ERRNO (-1)

/* create_qp (verbs.c:2375-2560; 44: 2271, 65: 2491), up to the kernel command. */
static int check_create_qp(const struct ibv_qp_init_attr_ex *attr, const struct mlx5dv_qp_init_attr *dv,
			   int *dc_type)
{
	unsigned int cmd_flags = CMD_SCATTER_CQE;   /* use_scatter_to_cqe(): on unless MLX5_SCATTER_TO_CQE=0 */
	int err;

	if (attr->comp_mask & ~(uint64_t)SUPPORTED_QP_COMP_MASK)            /* verbs.c:2393 */
		return NO_ERRNO;
	if ((attr->comp_mask & IBV_QP_INIT_ATTR_MAX_TSO_HEADER) && attr->qp_type != IBV_QPT_RAW_PACKET)
		return NO_ERRNO;                                            /* verbs.c:2396 */
	if ((attr->comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS) &&
	    ((attr->comp_mask & IBV_QP_INIT_ATTR_RX_HASH) ||
	     (attr->qp_type == IBV_QPT_DRIVER && dv && (dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_DC) &&
	      dv->dc_init_attr.dc_type == MLX5DV_DCTYPE_DCT)))
		return EINVAL;                                              /* verbs.c:2400-2407: a DCT sends nothing */
	if ((attr->comp_mask & IBV_QP_INIT_ATTR_CREATE_FLAGS) && (attr->create_flags & IBV_QP_CREATE_SOURCE_QPN) &&
	    attr->qp_type != IBV_QPT_UD)
		return EINVAL;                                              /* verbs.c:2419-2426 */
	if (!dv)
		return attr->qp_type == IBV_QPT_DRIVER ? NO_ERRNO : 0;      /* verbs.c:2551-2554 */
	if (dv->comp_mask & ~(uint64_t)DV_QP_SUPPORTED_COMP_MASK)          /* verbs.c:2438-2444 */
		return EINVAL;
	if ((dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_DC) && attr->qp_type != IBV_QPT_DRIVER)
		return EINVAL;                                              /* verbs.c:2446-2451 */
	if (dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_QP_CREATE_FLAGS) {
		err = check_create_flags(attr, dv->create_flags, &cmd_flags);
		if (err)
			return err;
	}
	if (attr->qp_type == IBV_QPT_DRIVER)
		return check_dc(attr, dv, cmd_flags, dc_type);
	return 0;
}

static bool modelled_qp_type(const struct ibv_qp_init_attr_ex *attr)
{
	if (attr->comp_mask & (IBV_QP_INIT_ATTR_RX_HASH | IBV_QP_INIT_ATTR_XRCD | IBV_QP_INIT_ATTR_IND_TABLE))
		return false;
	return attr->qp_type == IBV_QPT_RC || attr->qp_type == IBV_QPT_UD || attr->qp_type == IBV_QPT_DRIVER;
}

static bool wants_send_ops(const struct ibv_qp_init_attr_ex *attr, const struct mlx5dv_qp_init_attr *dv)
{
	return (attr->comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS) ||
	       (dv && (dv->comp_mask & MLX5DV_QP_INIT_ATTR_MASK_SEND_OPS_FLAGS));
}

static struct standin_qp *new_qp(struct ibv_context *context, const struct ibv_qp_init_attr_ex *attr, int dc_type)
{
	struct standin_qp *qp = calloc(1, sizeof(*qp));

	if (!qp)
		return NULL;
	qp->qp.context = context;
	qp->qp.qp_context = attr->qp_context;
	qp->qp.pd = attr->pd;
	qp->qp.send_cq = attr->send_cq;
	qp->qp.recv_cq = attr->recv_cq;
	qp->qp.srq = attr->srq;
	qp->qp.qp_type = attr->qp_type;
	qp->qp.state = IBV_QPS_RESET;
	qp->qp.handle = next_number;
	qp->qp.qp_num = next_number++;
	pthread_mutex_init(&qp->qp.mutex, NULL);
	pthread_cond_init(&qp->qp.cond, NULL);
	qp->comp_mask = VERBS_QP_EX_FLAG;
	qp->dc_type = dc_type;
	return qp;
}

/* verbs.c:3462-3474 (44: 3340, 65: 3677): EOPNOTSUPP without the dv ops, then create_qp. */
EXPORT struct ibv_qp *mlx5dv_create_qp(struct ibv_context *context, struct ibv_qp_init_attr_ex *attr,
				       struct mlx5dv_qp_init_attr *dv)
{
	struct standin_record *r = record_call(E_CREATE_QP, dv, dv ? sizeof(*dv) : 0, dv ? dv->comp_mask : 0);
	struct standin_qp *qp;
	int dc_type = 0, err;

	record_bytes(r->attr_bytes, &r->nattr_bytes, attr, sizeof(*attr));
	if (!is_standin_context(context))
		return fail_with(E_CREATE_QP, EOPNOTSUPP);
	err = check_create_qp(attr, dv, &dc_type);
	if (err == NO_ERRNO) {
		set_result(E_CREATE_QP, NO_ERRNO);
		return NULL;
	}
	if (err)
		return fail_with(E_CREATE_QP, err);
	if (!modelled_qp_type(attr))
		return fail_with(E_CREATE_QP, EOPNOTSUPP);
	qp = new_qp(context, attr, dc_type);
	if (!qp)
		return fail_with(E_CREATE_QP, ENOMEM);
	if (dc_type != MLX5DV_DCTYPE_DCT && wants_send_ops(attr, dv)) {  /* verbs.c:2571-2598 */
		err = fill_wr_pfns(qp, attr, dv);
		if (err) {
			free(qp);
			return fail_with(E_CREATE_QP, err);
		}
	}
	set_result(E_CREATE_QP, 0);
	return &qp->qp;
}

/* verbs.c:3476-3479 (44: 3354, 65: 3691): container_of, no check. */
EXPORT struct mlx5dv_qp_ex *mlx5dv_qp_ex_from_ibv_qp_ex(struct ibv_qp_ex *qp)
{
	record_call(E_QP_EX_FROM_IBV_QP_EX, NULL, 0, 0);
	set_result(E_QP_EX_FROM_IBV_QP_EX, 0);
	return &to_standin_qp(qp)->dv_qp;
}

/* ---- 54 and later: dmabuf MRs and the data-direct sysfs path ------------------------------------- */

#if VERBS4J_RDMA_CORE_MAJOR >= 54
static struct ibv_mr last_dmabuf_mr;

/* The arguments of the last mlx5dv_reg_dmabuf_mr, recorded as its vendor bytes (Java: DmabufBindingTest). */
struct verbs4j_mlx5_dmabuf_args {
	uint64_t offset;
	uint64_t length;
	uint64_t iova;
	int32_t fd;
	int32_t access;
	int32_t mlx5_access;
	uint32_t pad;
};

/* verbs.c:5044-5057 (65: 5267): EOPNOTSUPP without the dv ops; the kernel checks the rest. */
EXPORT struct ibv_mr *mlx5dv_reg_dmabuf_mr(struct ibv_pd *pd, uint64_t offset, size_t length, uint64_t iova,
					   int fd, int access, int mlx5_access)
{
	struct verbs4j_mlx5_dmabuf_args args = { .offset = offset, .length = length, .iova = iova, .fd = fd,
						 .access = access, .mlx5_access = mlx5_access };
	struct standin_record *r = record_call(E_REG_DMABUF_MR, &args, sizeof(args),
					       (uint64_t)(unsigned int)mlx5_access);

	r->length = length;
	if (!is_standin_context(pd->context))
		return fail_with(E_REG_DMABUF_MR, EOPNOTSUPP);
	last_dmabuf_mr = (struct ibv_mr){ .context = pd->context, .pd = pd, .addr = (void *)(uintptr_t)iova,
					  .length = length, .handle = next_number, .lkey = next_number,
					  .rkey = next_number + 0x100 };
	next_number++;
	set_result(E_REG_DMABUF_MR, 0);
	return &last_dmabuf_mr;
}

/*
 * verbs.c:5072-5081 (65: 5295): the kernel copies the path; a buffer too small for it is ENOSPC, as pyverbs'
 * test_data_direct_sysfs_path_bad_length expects (tests/test_mlx5_dmabuf.py:102-115).
 */
EXPORT int mlx5dv_get_data_direct_sysfs_path(struct ibv_context *context, char *buf, size_t buf_len)
{
	static const char path[] = "/sys/devices/standin/data_direct";

	record_call(E_GET_DATA_DIRECT_SYSFS_PATH, NULL, 0, 0)->length = buf_len;
	if (!is_standin_context(context))
		return set_result(E_GET_DATA_DIRECT_SYSFS_PATH, EOPNOTSUPP);
	if (buf_len < sizeof(path))
		return set_result(E_GET_DATA_DIRECT_SYSFS_PATH, ENOSPC);
	memcpy(buf, path, sizeof(path));
	return set_result(E_GET_DATA_DIRECT_SYSFS_PATH, 0);
}
#endif
