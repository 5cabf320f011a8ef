/*
 * efa_emu_device.c - TEST CODE: the device model of the emulated EFA device.
 *
 * It owns what the EFA kernel driver and the hardware own: protection domains, memory regions,
 * address handles, CQ and QP rings (shared memory that libefa maps through the uverbs fd), and a
 * device thread that executes what libefa writes into its rings:
 *   - it watches every QP's SQ doorbell (libefa writes the producer counter there,
 *     providers/efa/verbs.c efa_sq_ring_doorbell) and executes the 64-byte TX WQEs below it
 *     (efa_io_tx_wqe: SEND, RDMA READ, RDMA WRITE, with or without immediate, inline or SGL);
 *   - a SEND or a solicited write-with-immediate consumes the receiver's next RX WQE, i.e. the
 *     efa_io_rx_desc entries below its RQ doorbell up to the one flagged "last";
 *   - completions (efa_io_tx_cdesc / efa_io_rx_cdesc_ex) are written into the sub-CQ with the
 *     phase bit libefa expects, echoing the req_id libefa put into the WQE (65 checks the QP
 *     generation inside it), the flags byte last.
 * Progress: the device thread wakes every EMU_POLL_US microseconds (50) when idle; libefa's polls
 * see completions once the thread has run. Completions of one QP are produced in posting order;
 * an SRD send to a QP without a posted receive waits (as SRD's RNR retry does); UD drops it.
 * Fault injection for the self-check of the conformance driver: EFA_EMU_FAULT=payload flips the
 * first byte of every delivered SEND payload; EFA_EMU_FAULT=sgid reports a zero source GID;
 * EFA_EMU_FAULT=unsolicited clears the unsolicited flag of completions; EFA_EMU_FAULT=phase never
 * flips the phase bit (completions after a sub-CQ wraps stay invisible).
 */
#define _GNU_SOURCE
#include "efa_emu.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define EMU_MAX_REGIONS 512
#define EMU_MAX_OBJS 256
#define EMU_MAX_FDS 64
#define EMU_POLL_US 50
#define EMU_RETRY 1			/* exec_tx: the WQE waits for a receive (SRD) */

struct region { bool used; int memfd; uint8_t *view; size_t size; };
struct device { bool used; char name[64]; uint8_t gid[16]; };
struct pd { bool used; int dev; };
struct mr { bool used; int dev; uint32_t pdn; uint64_t addr, len; int access; };
struct ah { bool used; int dev; uint16_t ahn; uint8_t gid[16]; };
struct cq {
	bool used; int dev; uint32_t depth; uint16_t entry_size, num_sub; bool with_sgid;
	int ring, db; uint32_t pi[EMU_SUB_CQS];
};
struct qp {
	bool used; int dev; uint32_t pdn, qpn; bool srd, unsolicited;
	uint32_t send_cq, recv_cq; int state; uint32_t qkey, sq_psn;
	int rq_ring, llq, db; uint32_t llq_off, sq_db_off, rq_db_off;
	uint32_t sq_wqes, rq_descs, sq_ci, rq_ci;
	struct ibv_qp_cap cap;
};

static struct {
	pthread_mutex_t lock;
	pthread_once_t thread_once;
	struct device devs[EMU_MAX_DEVICES];
	struct region regions[EMU_MAX_REGIONS];
	struct pd pds[EMU_MAX_OBJS];
	struct mr mrs[EMU_MAX_OBJS];
	struct ah ahs[EMU_MAX_OBJS];
	struct cq cqs[EMU_MAX_OBJS];
	struct qp qps[EMU_MAX_QP];
	int fds[EMU_MAX_FDS];
	int nfds;
	const char *fault;
} S = { .lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, .thread_once = PTHREAD_ONCE_INIT };

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }
static size_t page_align(size_t n) { return (n + page_size() - 1) & ~(page_size() - 1); }
static bool fault(const char *what) { return S.fault && strcmp(S.fault, what) == 0; }

/* ---- devices: the GID comes from the same sysfs tree libibverbs reads ---- */

static int parse_gid(const char *text, uint8_t gid[16])
{
	unsigned int w[8];

	if (sscanf(text, "%x:%x:%x:%x:%x:%x:%x:%x", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5],
		   &w[6], &w[7]) != 8)
		return -1;
	for (int i = 0; i < 8; i++) {
		gid[2 * i] = w[i] >> 8;
		gid[2 * i + 1] = w[i] & 0xff;
	}
	return 0;
}

static int read_sysfs_gid(const char *ibdev, uint8_t gid[16])
{
	const char *root = getenv("SYSFS_PATH");
	char path[512], text[64] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/class/infiniband/%s/ports/1/gids/0", root ? root : "/sys", ibdev);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(text, sizeof(text), f))
		text[0] = 0;
	fclose(f);
	return parse_gid(text, gid);
}

int emu_device_index(const char *ibdev_name)
{
	int free_slot = -1, ret = -1;

	pthread_mutex_lock(&S.lock);
	for (int i = 0; i < EMU_MAX_DEVICES && ret < 0; i++) {
		if (S.devs[i].used && strcmp(S.devs[i].name, ibdev_name) == 0)
			ret = i;
		else if (!S.devs[i].used && free_slot < 0)
			free_slot = i;
	}
	if (ret < 0 && free_slot >= 0 && read_sysfs_gid(ibdev_name, S.devs[free_slot].gid) == 0) {
		S.devs[free_slot].used = true;
		snprintf(S.devs[free_slot].name, sizeof(S.devs[free_slot].name), "%s", ibdev_name);
		ret = free_slot;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

int emu_device_gid(int dev, uint8_t gid[16])
{
	if (dev < 0 || dev >= EMU_MAX_DEVICES || !S.devs[dev].used)
		return -1;
	memcpy(gid, S.devs[dev].gid, 16);
	return 0;
}

static int device_by_gid(const uint8_t gid[16])
{
	for (int i = 0; i < EMU_MAX_DEVICES; i++)
		if (S.devs[i].used && memcmp(S.devs[i].gid, gid, 16) == 0)
			return i;
	return -1;
}

/* ---- shared memory regions, mapped by libefa with mmap(cmd_fd, key) ---- */

static int region_new(size_t size)
{
	for (int i = 0; i < EMU_MAX_REGIONS; i++) {
		struct region *r = &S.regions[i];

		if (r->used)
			continue;
		r->size = page_align(size ? size : 1);
		r->memfd = memfd_create("efa-emu-ring", MFD_CLOEXEC);
		if (r->memfd < 0)
			return -1;
		if (ftruncate(r->memfd, (off_t)r->size) != 0) {
			close(r->memfd);
			return -1;
		}
		r->view = mmap(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED, r->memfd, 0);
		if (r->view == MAP_FAILED) {
			close(r->memfd);
			return -1;
		}
		r->used = true;
		return i;
	}
	return -1;
}

static void region_free(int i)
{
	if (i < 0 || !S.regions[i].used)
		return;
	munmap(S.regions[i].view, S.regions[i].size);
	close(S.regions[i].memfd);
	S.regions[i].used = false;
}

static uint64_t region_key(int i) { return EMU_KEY_BASE + (uint64_t)i * page_size(); }

static bool is_cmd_fd(int fd);

/* The fds of contexts on emulated devices. A closed context's fd stays listed (no command tells the
 * device that a context is gone); fd numbers are reused by the next open, so the list stays short. */
void emu_register_cmd_fd(int fd)
{
	pthread_mutex_lock(&S.lock);
	if (!is_cmd_fd(fd) && S.nfds < EMU_MAX_FDS)
		S.fds[S.nfds++] = fd;
	pthread_mutex_unlock(&S.lock);
}

static bool is_cmd_fd(int fd)
{
	for (int i = 0; i < S.nfds; i++)
		if (S.fds[i] == fd)
			return true;
	return false;
}

bool emu_is_cmd_fd(int fd)
{
	bool listed;

	pthread_mutex_lock(&S.lock);
	listed = is_cmd_fd(fd);
	pthread_mutex_unlock(&S.lock);
	return listed;
}

void *emu_map_region(int fd, uint64_t key, size_t len, int prot, int flags, void *addr, bool *handled)
{
	void *ret = MAP_FAILED;
	uint64_t index;

	*handled = false;
	pthread_mutex_lock(&S.lock);
	if (is_cmd_fd(fd) && key >= EMU_KEY_BASE) {
		*handled = true;
		index = (key - EMU_KEY_BASE) / page_size();
		if (index < EMU_MAX_REGIONS && S.regions[index].used && len <= S.regions[index].size)
			ret = mmap(addr, len, prot, flags, S.regions[index].memfd, 0);
		else
			errno = EINVAL;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

/* ---- PD, MR, AH ---- */

/* index of the first unused slot of array from first on, -1 when full */
#define ALLOC_SLOT(array, first) ({					\
	int _s = -1;							\
	for (int _i = (first); _i < (int)(sizeof(array) / sizeof(array[0])); _i++) { \
		if (!array[_i].used) {					\
			_s = _i;					\
			break;						\
		}							\
	}								\
	_s; })

int emu_pd_alloc(int dev, uint32_t *pdn)
{
	int s;

	pthread_mutex_lock(&S.lock);
	s = ALLOC_SLOT(S.pds, 1);
	if (s > 0)
		S.pds[s] = (struct pd){ .used = true, .dev = dev };
	pthread_mutex_unlock(&S.lock);
	if (s < 0)
		return ENOMEM;
	*pdn = s;
	return 0;
}

int emu_pd_free(uint32_t pdn)
{
	int ret = EINVAL;

	pthread_mutex_lock(&S.lock);
	if (pdn < EMU_MAX_OBJS && S.pds[pdn].used) {
		S.pds[pdn].used = false;
		ret = 0;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

/* lkey = rkey = slot + 0x100: distinct from handles, fits the 24-bit lkey field */
int emu_mr_reg(int dev, uint32_t pdn, uint64_t addr, uint64_t len, uint64_t iova, int access,
	       uint32_t *handle, uint32_t *lkey)
{
	int s;

	if (iova != addr)
		return EOPNOTSUPP;	/* the model addresses memory by virtual address */
	pthread_mutex_lock(&S.lock);
	s = ALLOC_SLOT(S.mrs, 1);
	if (s > 0)
		S.mrs[s] = (struct mr){ .used = true, .dev = dev, .pdn = pdn, .addr = addr, .len = len,
					.access = access };
	pthread_mutex_unlock(&S.lock);
	if (s < 0)
		return ENOMEM;
	*handle = s;
	*lkey = s + 0x100;
	return 0;
}

int emu_mr_dereg(uint32_t handle)
{
	int ret = EINVAL;

	pthread_mutex_lock(&S.lock);
	if (handle < EMU_MAX_OBJS && S.mrs[handle].used) {
		S.mrs[handle].used = false;
		ret = 0;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

/* What the device reports of a region (the kernel's efa_query_mr passes the device's interconnect ids through
 * with their validity bits); ENOENT for a handle the uverbs core would not find. */
int emu_mr_query(uint32_t handle, uint16_t *validity, uint16_t ic_ids[3])
{
	int ret = ENOENT;

	pthread_mutex_lock(&S.lock);
	if (handle < EMU_MAX_OBJS && S.mrs[handle].used) {
		*validity = EMU_QUERY_MR_VALIDITY_RECV_IC_ID | EMU_QUERY_MR_VALIDITY_RDMA_READ_IC_ID |
			    EMU_QUERY_MR_VALIDITY_RDMA_RECV_IC_ID;
		ic_ids[0] = EMU_MR_RECV_IC_ID;
		ic_ids[1] = EMU_MR_RDMA_READ_IC_ID;
		ic_ids[2] = EMU_MR_RDMA_RECV_IC_ID;
		ret = 0;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

/* The MR for key covering [addr, addr + len) with the access bits, or NULL. */
static struct mr *mr_lookup(int dev, uint32_t pdn, uint32_t key, uint64_t addr, uint64_t len, int access)
{
	uint32_t s = (key & 0xffffff) - 0x100;
	struct mr *m;

	if (s >= EMU_MAX_OBJS)
		return NULL;
	m = &S.mrs[s];
	if (!m->used || m->dev != dev || m->pdn != pdn || (m->access & access) != access)
		return NULL;
	if (addr < m->addr || addr + len > m->addr + m->len || addr + len < addr)
		return NULL;
	return m;
}

/* AH numbers are per device (the EFA address table); 0xFFFF means "unknown". */
int emu_ah_create(int dev, uint32_t pdn, const uint8_t gid[16], uint32_t *handle, uint16_t *ahn)
{
	int s;

	(void)pdn;
	pthread_mutex_lock(&S.lock);
	s = ALLOC_SLOT(S.ahs, 1);
	if (s > 0) {
		S.ahs[s] = (struct ah){ .used = true, .dev = dev, .ahn = (uint16_t)(s + 4) };
		memcpy(S.ahs[s].gid, gid, 16);
	}
	pthread_mutex_unlock(&S.lock);
	if (s < 0)
		return ENOMEM;
	*handle = s;
	*ahn = S.ahs[s].ahn;
	return 0;
}

int emu_ah_destroy(uint32_t handle)
{
	int ret = EINVAL;

	pthread_mutex_lock(&S.lock);
	if (handle < EMU_MAX_OBJS && S.ahs[handle].used) {
		S.ahs[handle].used = false;
		ret = 0;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

static struct ah *ah_by_ahn(int dev, uint16_t ahn)
{
	for (int i = 1; i < EMU_MAX_OBJS; i++)
		if (S.ahs[i].used && S.ahs[i].dev == dev && S.ahs[i].ahn == ahn)
			return &S.ahs[i];
	return NULL;
}

static uint16_t ahn_by_gid(int dev, const uint8_t gid[16])
{
	for (int i = 1; i < EMU_MAX_OBJS; i++)
		if (S.ahs[i].used && S.ahs[i].dev == dev && memcmp(S.ahs[i].gid, gid, 16) == 0)
			return S.ahs[i].ahn;
	return EMU_AH_UNKNOWN;
}

/* ---- CQ: num_sub sub-CQs of depth entries each, back to back in one ring ---- */

int emu_cq_create(int dev, uint32_t depth, uint16_t entry_size, uint16_t num_sub, bool with_sgid,
		  uint32_t *handle, struct emu_create_cq_resp *resp)
{
	int s, ring, db;

	if (!depth || depth > EMU_MAX_CQE || (depth & (depth - 1)) || num_sub != EMU_SUB_CQS ||
	    entry_size < sizeof(struct emu_rx_cdesc_ex))
		return EINVAL;
	pthread_mutex_lock(&S.lock);
	s = ALLOC_SLOT(S.cqs, 1);
	ring = s > 0 ? region_new((size_t)depth * entry_size * num_sub) : -1;
	db = ring >= 0 ? region_new(page_size()) : -1;
	if (db < 0) {
		region_free(ring);
		pthread_mutex_unlock(&S.lock);
		return ENOMEM;
	}
	/* the CQ doorbell (consumer index, arm) is written by libefa and not read: no interrupts */
	S.cqs[s] = (struct cq){ .used = true, .dev = dev, .depth = depth, .entry_size = entry_size,
				.num_sub = num_sub, .with_sgid = with_sgid, .ring = ring, .db = db };
	*resp = (struct emu_create_cq_resp){
		.comp_mask = EMU_CREATE_CQ_RESP_DB_OFF, .q_mmap_key = region_key(ring),
		.q_mmap_size = S.regions[ring].size, .cq_idx = (uint16_t)s, .db_off = 0x10,
		.db_mmap_key = region_key(db) };
	pthread_mutex_unlock(&S.lock);
	*handle = s;
	return 0;
}

static bool cq_in_use(uint32_t handle)
{
	for (int i = 0; i < EMU_MAX_QP; i++)
		if (S.qps[i].used && (S.qps[i].send_cq == handle || S.qps[i].recv_cq == handle))
			return true;
	return false;
}

int emu_cq_destroy(uint32_t handle)
{
	int ret = EINVAL;

	pthread_mutex_lock(&S.lock);
	if (handle < EMU_MAX_OBJS && S.cqs[handle].used) {
		ret = cq_in_use(handle) ? EBUSY : 0;
		if (!ret) {
			region_free(S.cqs[handle].ring);
			region_free(S.cqs[handle].db);
			S.cqs[handle].used = false;
		}
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

/*
 * Writes one completion into sub-CQ sub: the flags byte with the phase of the previous pass
 * first (the entry stays invalid while libefa polls), then the body around it, then the flags
 * byte with the phase libefa expects for this pass over the ring (1 on the first pass,
 * providers/efa/verbs.c efa_sub_cq_initialize, flipped at every wrap, cq_next_sub_cqe_get).
 * Zeroing the whole entry first would show libefa a valid entry of zeros on a pass that expects
 * phase 0.
 */
static void cq_push(uint32_t handle, uint16_t sub, const void *cqe, size_t len)
{
	struct cq *cq = &S.cqs[handle];
	uint32_t pi = cq->pi[sub]++;
	uint8_t expected = ((pi / cq->depth) & 1) ? 0 : 1;
	uint8_t phase = fault("phase") ? 1 : expected;
	uint8_t *slot = S.regions[cq->ring].view +
			((size_t)sub * cq->depth + (pi & (cq->depth - 1))) * cq->entry_size;
	struct emu_cdesc_common *common = (struct emu_cdesc_common *)slot;
	uint8_t flags = ((const struct emu_cdesc_common *)cqe)->flags;
	size_t at = offsetof(struct emu_cdesc_common, flags);

	__atomic_store_n(&common->flags, (uint8_t)((flags & ~1u) | (expected ^ 1)), __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	memcpy(slot, cqe, at);
	memcpy(slot + at + 1, (const uint8_t *)cqe + at + 1, len - at - 1);
	memset(slot + len, 0, cq->entry_size - len);
	__atomic_store_n(&common->flags, (uint8_t)((flags & ~1u) | phase), __ATOMIC_RELEASE);
}

/* ---- QP ---- */

static struct qp *qp_by_handle(uint32_t handle)
{
	return handle < EMU_MAX_QP && S.qps[handle].used ? &S.qps[handle] : NULL;
}

static struct qp *qp_by_qpn(int dev, uint32_t qpn)
{
	struct qp *qp = qp_by_handle(qpn);	/* the handle is the QP number */

	return qp && qp->dev == dev ? qp : NULL;
}

static void device_thread_start(void);

/* Rings as the EFA kernel driver hands them out (drivers/infiniband/hw/efa/efa_verbs.c
 * efa_create_qp): an RQ ring, the LLQ for TX WQEs at an offset inside its page, one doorbell page. */
int emu_qp_create(const struct emu_qp_init *init, struct emu_qp_rings *out)
{
	const uint32_t llq_off = 0x100, rq_db_off = 0x40, sq_db_off = 0x80;
	struct qp *qp;
	int s, rq_ring, llq, db;

	pthread_once(&S.thread_once, device_thread_start);
	pthread_mutex_lock(&S.lock);
	s = ALLOC_SLOT(S.qps, 1);
	rq_ring = s > 0 ? region_new((size_t)init->rq_descs * sizeof(struct emu_rx_desc)) : -1;
	llq = rq_ring >= 0 ? region_new(llq_off + (size_t)init->sq_wqes * sizeof(struct emu_tx_wqe)) : -1;
	db = llq >= 0 ? region_new(page_size()) : -1;
	if (db < 0) {
		region_free(rq_ring);
		region_free(llq);
		pthread_mutex_unlock(&S.lock);
		return ENOMEM;
	}
	qp = &S.qps[s];
	*qp = (struct qp){ .used = true, .dev = init->dev, .pdn = init->pdn, .qpn = (uint32_t)s,
			   .srd = init->srd, .unsolicited = init->unsolicited_write_recv,
			   .send_cq = init->send_cq, .recv_cq = init->recv_cq, .state = IBV_QPS_RESET,
			   .rq_ring = rq_ring, .llq = llq, .db = db, .llq_off = llq_off,
			   .sq_db_off = sq_db_off, .rq_db_off = rq_db_off, .sq_wqes = init->sq_wqes,
			   .rq_descs = init->rq_descs, .cap = init->cap };
	out->qpn = out->handle = (uint32_t)s;
	out->resp = (struct emu_create_qp_resp){
		.rq_db_offset = rq_db_off, .sq_db_offset = sq_db_off, .llq_desc_offset = llq_off,
		.rq_mmap_key = region_key(rq_ring), .rq_mmap_size = S.regions[rq_ring].size,
		.rq_db_mmap_key = region_key(db), .sq_db_mmap_key = region_key(db),
		.llq_desc_mmap_key = region_key(llq), .send_sub_cq_idx = 0,
		.recv_sub_cq_idx = EMU_SUB_CQS - 1 };
	pthread_mutex_unlock(&S.lock);
	return 0;
}

/*
 * The kernel's checks of ib_modify_qp for EFA (drivers/infiniband/hw/efa/efa_verbs.c
 * efa_modify_qp_validate and, for SRD, srd_qp_state_table; UD follows the same transitions in
 * ib_modify_qp_is_ok for the attributes EFA uses): port 1, pkey index 0, and the required masks.
 */
static int modify_check(const struct qp *qp, const struct ibv_qp_attr *attr, int mask, int cur, int next)
{
	const int allowed = IBV_QP_STATE | IBV_QP_CUR_STATE | IBV_QP_EN_SQD_ASYNC_NOTIFY |
			    IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY | IBV_QP_SQ_PSN | IBV_QP_RNR_RETRY;
	int required = 0;

	if (mask & ~allowed)
		return EOPNOTSUPP;
	if (((mask & IBV_QP_PORT) && attr->port_num != 1) ||
	    ((mask & IBV_QP_PKEY_INDEX) && attr->pkey_index != 0))
		return EOPNOTSUPP;
	if ((mask & IBV_QP_CUR_STATE) && attr->cur_qp_state != (enum ibv_qp_state)qp->state)
		return EINVAL;
	if (next == IBV_QPS_RESET || next == IBV_QPS_ERR)
		return 0;
	if (cur == IBV_QPS_RESET && next == IBV_QPS_INIT)
		required = IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY;
	else if (cur == IBV_QPS_INIT && (next == IBV_QPS_INIT || next == IBV_QPS_RTR))
		required = 0;
	else if (cur == IBV_QPS_RTR && next == IBV_QPS_RTS)
		required = IBV_QP_SQ_PSN;
	else if (cur == IBV_QPS_RTS && next == IBV_QPS_RTS)
		required = 0;
	else
		return EINVAL;
	return (mask & required) == required ? 0 : EINVAL;
}

int emu_qp_modify(uint32_t handle, const struct ibv_qp_attr *attr, int mask)
{
	struct qp *qp;
	int next, ret = EINVAL;

	pthread_mutex_lock(&S.lock);
	qp = qp_by_handle(handle);
	if (qp) {
		next = (mask & IBV_QP_STATE) ? (int)attr->qp_state : qp->state;
		ret = modify_check(qp, attr, mask, qp->state, next);
	}
	if (qp && !ret) {
		if (mask & IBV_QP_QKEY)
			qp->qkey = attr->qkey;
		if (mask & IBV_QP_SQ_PSN)
			qp->sq_psn = attr->sq_psn;
		if (next == IBV_QPS_RESET)	/* libefa restarts its producer counters at 0 */
			qp->sq_ci = qp->rq_ci = 0;
		qp->state = next;
	}
	pthread_mutex_unlock(&S.lock);
	return ret;
}

int emu_qp_query(uint32_t handle, struct ibv_qp_attr *attr)
{
	struct qp *qp;

	pthread_mutex_lock(&S.lock);
	qp = qp_by_handle(handle);
	if (qp) {
		attr->qp_state = attr->cur_qp_state = (enum ibv_qp_state)qp->state;
		attr->qkey = qp->qkey;
		attr->sq_psn = qp->sq_psn;
		attr->port_num = 1;
		attr->pkey_index = 0;
		attr->cap = qp->cap;
	}
	pthread_mutex_unlock(&S.lock);
	return qp ? 0 : EINVAL;
}

int emu_qp_destroy(uint32_t handle)
{
	struct qp *qp;

	pthread_mutex_lock(&S.lock);
	qp = qp_by_handle(handle);
	if (qp) {
		region_free(qp->rq_ring);
		region_free(qp->llq);
		region_free(qp->db);
		qp->used = false;
	}
	pthread_mutex_unlock(&S.lock);
	return qp ? 0 : EINVAL;
}

/* ---- data path ---- */

static uint32_t doorbell(const struct qp *qp, uint32_t off)
{
	return __atomic_load_n((uint32_t *)(S.regions[qp->db].view + off), __ATOMIC_ACQUIRE);
}

static uint64_t addr64(uint32_t lo, uint32_t hi) { return (uint64_t)hi << 32 | lo; }

struct rx_wqe {				/* one receive request: its descriptors */
	uint16_t req_id;
	int nsge;
	struct emu_rx_desc sge[EMU_MAX_RQ_SGE];
};

/* Takes the next receive request below the RQ doorbell (providers/efa/verbs.c efa_post_recv:
 * one efa_io_rx_desc per SGE, req_id in the first, "last" on the final one). */
static bool rq_take(struct qp *qp, struct rx_wqe *out)
{
	const struct emu_rx_desc *ring = (const struct emu_rx_desc *)S.regions[qp->rq_ring].view;
	uint32_t pc = doorbell(qp, qp->rq_db_off), n = 0;

	while (qp->rq_ci + n != pc && n < EMU_MAX_RQ_SGE) {
		out->sge[n] = ring[(qp->rq_ci + n) & (qp->rq_descs - 1)];
		if (out->sge[n++].lkey_ctrl & EMU_RX_DESC_LAST) {
			out->req_id = out->sge[0].req_id;
			out->nsge = (int)n;
			qp->rq_ci += n;
			return true;
		}
	}
	return false;
}

/* Copies the sender's data (inline or SGL, looked up by lkey in the sender's PD) into buf. */
static int gather(const struct qp *qp, const struct emu_tx_wqe *w, const struct emu_tx_buf *sgl,
		  int nsge, uint8_t *buf, uint32_t cap, uint32_t *len)
{
	*len = 0;
	if (w->meta.ctrl1 & EMU_TX_INLINE) {
		if (w->meta.length > sizeof(w->data.inline_data))
			return EMU_STATUS_LOCAL_BAD_LENGTH;
		memcpy(buf, w->data.inline_data, w->meta.length);
		*len = w->meta.length;
		return EMU_STATUS_OK;
	}
	for (int i = 0; i < nsge; i++) {
		uint64_t a = addr64(sgl[i].addr_lo, sgl[i].addr_hi);

		if (!mr_lookup(qp->dev, qp->pdn, sgl[i].key, a, sgl[i].length, 0))
			return EMU_STATUS_LOCAL_INVALID_LKEY;
		if (*len + sgl[i].length > cap)
			return EMU_STATUS_LOCAL_BAD_LENGTH;
		memcpy(buf + *len, (const void *)(uintptr_t)a, sgl[i].length);
		*len += sgl[i].length;
	}
	return EMU_STATUS_OK;
}

/* Scatters len bytes into a receive request of qp (lkeys of the receiver's PD, LOCAL_WRITE). */
static int scatter(const struct qp *qp, const struct rx_wqe *rx, const uint8_t *buf, uint32_t len)
{
	uint32_t done = 0;

	for (int i = 0; i < rx->nsge && done < len; i++) {
		uint64_t a = addr64(rx->sge[i].addr_lo, rx->sge[i].addr_hi);
		uint32_t n = len - done < rx->sge[i].length ? len - done : rx->sge[i].length;

		if (!mr_lookup(qp->dev, qp->pdn, rx->sge[i].lkey_ctrl, a, n, IBV_ACCESS_LOCAL_WRITE))
			return EMU_STATUS_LOCAL_INVALID_LKEY;
		memcpy((void *)(uintptr_t)a, buf + done, n);
		done += n;
	}
	return done == len ? EMU_STATUS_OK : EMU_STATUS_LOCAL_BAD_LENGTH;
}

struct delivery {			/* what the receiver's completion says */
	uint8_t op, status;
	bool has_imm, unsolicited;
	uint32_t imm, len;
	uint16_t req_id;
};

static void push_rx_completion(const struct qp *src, const struct qp *dst, const struct delivery *d)
{
	struct cq *cq = &S.cqs[dst->recv_cq];
	struct emu_rx_cdesc_ex c = {
		.common = { .req_id = d->req_id, .status = d->status, .qp_num = (uint16_t)dst->qpn,
			    .flags = (uint8_t)(EMU_IO_RECV_QUEUE << 1 | d->op << 4) },
		.length = (uint16_t)d->len, .src_qp_num = (uint16_t)src->qpn, .imm = d->imm,
	};

	if (d->has_imm)
		c.common.flags |= EMU_CQE_HAS_IMM;
	if (d->unsolicited && !fault("unsolicited"))
		c.common.flags |= EMU_CQE_UNSOLICITED;
	c.ah = ahn_by_gid(dst->dev, S.devs[src->dev].gid);
	if (d->op == EMU_OP_RDMA_WRITE)
		c.u.length_hi = (uint16_t)(d->len >> 16);
	else if (c.ah == EMU_AH_UNKNOWN && cq->with_sgid && !fault("sgid"))
		memcpy(c.u.src_addr, S.devs[src->dev].gid, 16);
	cq_push(dst->recv_cq, cq->num_sub - 1, &c, sizeof(c));
}

static void push_tx_completion(const struct qp *qp, const struct emu_tx_wqe *w, uint8_t status)
{
	struct emu_cdesc_common c = {
		.req_id = w->meta.req_id, .status = status, .qp_num = (uint16_t)qp->qpn,
		.flags = (uint8_t)(EMU_IO_SEND_QUEUE << 1 | (w->meta.ctrl1 & 0x7) << 4),
	};

	if (w->meta.ctrl2 & EMU_TX_COMP_REQ)
		cq_push(qp->send_cq, 0, &c, sizeof(c));
}

/* SEND and SEND_WITH_IMM: consume a receive of dst. */
static int exec_send(const struct qp *qp, struct qp *dst, const struct emu_tx_wqe *w, uint8_t *status)
{
	static uint8_t buf[EMU_MAX_SQ_SGE * 65536];
	struct delivery d = { .op = EMU_OP_SEND, .has_imm = w->meta.ctrl1 & EMU_TX_HAS_IMM,
			      .imm = w->meta.immediate_data };
	struct rx_wqe rx;

	*status = gather(qp, w, w->data.sgl, w->meta.length, buf, sizeof(buf), &d.len);
	if (*status != EMU_STATUS_OK)
		return 0;
	if (!rq_take(dst, &rx))
		return qp->srd ? EMU_RETRY : 0;		/* UD: dropped */
	if (fault("payload") && d.len)
		buf[0] ^= 0xff;
	d.req_id = rx.req_id;
	d.status = (uint8_t)scatter(dst, &rx, buf, d.len);
	if (d.status != EMU_STATUS_OK)
		*status = EMU_STATUS_REMOTE_BAD_LENGTH;
	push_rx_completion(qp, dst, &d);
	return 0;
}

/* RDMA READ / WRITE (SRD only): one remote buffer, one local buffer (efa_io_rdma_req). */
static int exec_rdma(const struct qp *qp, struct qp *dst, const struct emu_tx_wqe *w, uint8_t op,
		     uint8_t *status)
{
	const struct emu_tx_buf *rem = &w->data.rdma.remote_mem, *loc = &w->data.rdma.local_mem[0];
	uint64_t raddr = addr64(rem->addr_lo, rem->addr_hi), laddr = addr64(loc->addr_lo, loc->addr_hi);
	int raccess = op == EMU_OP_RDMA_READ ? IBV_ACCESS_REMOTE_READ : IBV_ACCESS_REMOTE_WRITE;
	int laccess = op == EMU_OP_RDMA_READ ? IBV_ACCESS_LOCAL_WRITE : 0;
	bool has_imm = w->meta.ctrl1 & EMU_TX_HAS_IMM;
	struct delivery d = { .op = op, .has_imm = true, .imm = w->meta.immediate_data, .len = rem->length };
	struct rx_wqe rx = { 0 };

	if (!qp->srd || (w->meta.ctrl1 & EMU_TX_INLINE) || w->meta.length > 1) {
		*status = EMU_STATUS_LOCAL_UNSUPPORTED_OP;
		return 0;
	}
	if (w->meta.length == 1 && (loc->length != rem->length ||
	    !mr_lookup(qp->dev, qp->pdn, loc->key, laddr, loc->length, laccess))) {
		*status = EMU_STATUS_LOCAL_INVALID_LKEY;
		return 0;
	}
	if (!mr_lookup(dst->dev, dst->pdn, rem->key, raddr, rem->length, raccess)) {
		*status = EMU_STATUS_REMOTE_BAD_ADDRESS;
		return 0;
	}
	if (op == EMU_OP_RDMA_WRITE && has_imm && !dst->unsolicited && !rq_take(dst, &rx))
		return EMU_RETRY;
	if (op == EMU_OP_RDMA_READ)
		memcpy((void *)(uintptr_t)laddr, (const void *)(uintptr_t)raddr, rem->length);
	else
		memcpy((void *)(uintptr_t)raddr, (const void *)(uintptr_t)laddr, rem->length);
	*status = EMU_STATUS_OK;
	if (op == EMU_OP_RDMA_WRITE && has_imm) {
		d.unsolicited = dst->unsolicited;
		d.req_id = d.unsolicited ? 0 : rx.req_id;
		push_rx_completion(qp, dst, &d);
	}
	return 0;
}

/* Executes one TX WQE of qp; EMU_RETRY leaves it at the head of the SQ. */
static int exec_tx(struct qp *qp, const struct emu_tx_wqe *w)
{
	uint8_t op = w->meta.ctrl1 & 0xf, status = EMU_STATUS_OK;
	const struct ah *ah = ah_by_ahn(qp->dev, w->meta.ah);
	int ddev = ah ? device_by_gid(ah->gid) : -1;
	struct qp *dst = ddev >= 0 ? qp_by_qpn(ddev, w->meta.dest_qp_num) : NULL;
	int ret = 0;

	if (!ah)
		status = EMU_STATUS_LOCAL_INVALID_AH;
	else if (ddev < 0)
		status = EMU_STATUS_LOCAL_UNREACH_REMOTE;
	else if (!dst || dst->srd != qp->srd)
		status = EMU_STATUS_REMOTE_BAD_DEST_QPN;
	else if (dst->state != IBV_QPS_RTR && dst->state != IBV_QPS_RTS)
		ret = qp->srd ? EMU_RETRY : 0;		/* SRD retries; UD drops */
	else if (w->meta.qkey != dst->qkey)
		status = qp->srd ? EMU_STATUS_REMOTE_BAD_DEST_QPN : EMU_STATUS_OK;	/* UD drops */
	else if (op == EMU_OP_SEND)
		ret = exec_send(qp, dst, w, &status);
	else if (op == EMU_OP_RDMA_READ || op == EMU_OP_RDMA_WRITE)
		ret = exec_rdma(qp, dst, w, op, &status);
	else
		status = EMU_STATUS_LOCAL_UNSUPPORTED_OP;
	if (ret != EMU_RETRY)
		push_tx_completion(qp, w, status);
	return ret;
}

/* Executes the WQEs between the SQ consumer index and the SQ doorbell (efa_sq_ring_doorbell). */
static bool sq_progress(struct qp *qp)
{
	const uint8_t *llq = S.regions[qp->llq].view + qp->llq_off;
	bool worked = false;
	uint32_t pc;

	if (qp->state != IBV_QPS_RTS || !qp->sq_wqes)
		return false;
	pc = doorbell(qp, qp->sq_db_off);
	while (qp->sq_ci != pc) {
		struct emu_tx_wqe w;

		memcpy(&w, llq + (size_t)(qp->sq_ci & (qp->sq_wqes - 1)) * sizeof(w), sizeof(w));
		if (exec_tx(qp, &w) == EMU_RETRY)
			break;
		qp->sq_ci++;
		worked = true;
	}
	return worked;
}

static void *device_thread(void *unused)
{
	(void)unused;
	for (;;) {
		bool worked = false;

		pthread_mutex_lock(&S.lock);
		for (int i = 1; i < EMU_MAX_QP; i++)
			if (S.qps[i].used)
				worked |= sq_progress(&S.qps[i]);
		pthread_mutex_unlock(&S.lock);
		if (!worked)
			nanosleep(&(struct timespec){ .tv_nsec = EMU_POLL_US * 1000 }, NULL);
	}
	return NULL;
}

static void device_thread_start(void)
{
	pthread_t t;

	S.fault = getenv("EFA_EMU_FAULT");
	if (pthread_create(&t, NULL, device_thread, NULL) == 0)
		pthread_detach(t);
	else
		fprintf(stderr, "efa-emu: cannot start the device thread\n");
}
