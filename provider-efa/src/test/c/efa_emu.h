/*
 * efa_emu.h - TEST CODE: an emulated EFA device under the real libibverbs + libefa.
 *
 * Not part of the product. It lets the real providers/efa code of rdma-core run without
 * hardware: efa_emu_shim.c answers libibverbs' private kernel commands (ibv_cmd_*), the
 * device model (efa_emu_device.c) executes the descriptors libefa writes into its rings.
 * See provider-efa/README.md ("Emulated EFA device") for the boundary.
 *
 * Layouts below are written from the kernel uapi header include/uapi/rdma/efa-abi.h and from
 * rdma-core providers/efa/efa_io_defs.h (the device's descriptor format, not installed by any
 * package). Sizes are asserted here and, where the system has <rdma/efa-abi.h>, against it.
 */
#ifndef EFA_EMU_H
#define EFA_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <infiniband/verbs.h>

/* ---- driver payloads of the uverbs commands (include/uapi/rdma/efa-abi.h) ---- */

struct emu_alloc_ucontext_resp {	/* efa_ibv_alloc_ucontext_resp */
	uint32_t comp_mask;
	uint32_t cmds_supp_udata_mask;
	uint16_t sub_cqs_per_cq;
	uint16_t inline_buf_size;
	uint32_t max_llq_size;
	uint16_t max_tx_batch;		/* units of 64 bytes */
	uint16_t min_sq_wr;
	uint16_t inline_buf_size_ex;	/* reserved_a0 before kernel 6.15 / rdma-core 63 */
	uint8_t reserved[2];
};

struct emu_alloc_pd_resp {		/* efa_ibv_alloc_pd_resp */
	uint32_t comp_mask;
	uint16_t pdn;
	uint8_t reserved[2];
};

struct emu_create_cq_cmd {		/* efa_ibv_create_cq */
	uint32_t comp_mask;
	uint32_t cq_entry_size;
	uint16_t num_sub_cqs;
	uint8_t flags;
	uint8_t reserved[5];
};

struct emu_create_cq_resp {		/* efa_ibv_create_cq_resp */
	uint32_t comp_mask;
	uint8_t reserved[4];
	uint64_t q_mmap_key;
	uint64_t q_mmap_size;
	uint16_t cq_idx;
	uint8_t reserved2[2];
	uint32_t db_off;
	uint64_t db_mmap_key;
};

struct emu_create_qp_cmd {		/* efa_ibv_create_qp */
	uint32_t comp_mask;
	uint32_t rq_ring_size;
	uint32_t sq_ring_size;
	uint32_t driver_qp_type;
	uint16_t flags;
	uint8_t sl;
	uint8_t reserved[5];
};

struct emu_create_qp_resp {		/* efa_ibv_create_qp_resp */
	uint32_t comp_mask;
	uint32_t rq_db_offset;
	uint32_t sq_db_offset;
	uint32_t llq_desc_offset;
	uint64_t rq_mmap_key;
	uint64_t rq_mmap_size;
	uint64_t rq_db_mmap_key;
	uint64_t sq_db_mmap_key;
	uint64_t llq_desc_mmap_key;
	uint16_t send_sub_cq_idx;
	uint16_t recv_sub_cq_idx;
	uint8_t reserved[4];
};

struct emu_create_ah_resp {		/* efa_ibv_create_ah_resp */
	uint32_t comp_mask;
	uint16_t efa_address_handle;
	uint8_t reserved[2];
};

struct emu_query_device_resp {		/* efa_ibv_ex_query_device_resp */
	uint32_t comp_mask;
	uint32_t max_sq_wr;
	uint32_t max_rq_wr;
	uint16_t max_sq_sge;
	uint16_t max_rq_sge;
	uint32_t max_rdma_size;
	uint32_t device_caps;
};

enum {	/* efa-abi.h */
	EMU_USER_CMDS_SUPP_UDATA_QUERY_DEVICE = 1 << 0,
	EMU_USER_CMDS_SUPP_UDATA_CREATE_AH = 1 << 1,
	EMU_CREATE_CQ_WITH_SGID = 1 << 1,
	EMU_CREATE_CQ_RESP_DB_OFF = 1 << 0,
	EMU_QP_DRIVER_TYPE_SRD = 0,
	EMU_CREATE_QP_WITH_UNSOLICITED_WRITE_RECV = 1 << 0,
	EMU_QUERY_MR_VALIDITY_RECV_IC_ID = 1 << 0,
	EMU_QUERY_MR_VALIDITY_RDMA_READ_IC_ID = 1 << 1,
	EMU_QUERY_MR_VALIDITY_RDMA_RECV_IC_ID = 1 << 2,
	EMU_CAPS_RDMA_READ = 1 << 0,
	EMU_CAPS_RNR_RETRY = 1 << 1,
	EMU_CAPS_CQ_WITH_SGID = 1 << 3,
	EMU_CAPS_RDMA_WRITE = 1 << 5,
	EMU_CAPS_UNSOLICITED_WRITE_RECV = 1 << 6,
};

/* ---- device descriptors (providers/efa/efa_io_defs.h) ---- */

struct emu_tx_meta {			/* efa_io_tx_meta_desc */
	uint16_t req_id;
	uint8_t ctrl1;			/* 3:0 op_type, 4 has_imm, 5 inline_msg, 7 meta_desc */
	uint8_t ctrl2;			/* 0 phase, 2 first, 3 last, 4 comp_req */
	uint16_t dest_qp_num;
	uint16_t length;		/* inline bytes, or number of buffers */
	uint32_t immediate_data;
	uint16_t ah;
	uint8_t ctrl3;			/* processing hints (65); reserved before */
	uint8_t reserved;
	uint32_t qkey;
	uint8_t reserved2[12];		/* 6 reserved + req_id_ex[3] in 65 */
};

struct emu_tx_buf {			/* efa_io_tx_buf_desc and efa_io_remote_mem_addr */
	uint32_t length;
	uint32_t key;			/* lkey (23:0) or rkey */
	uint32_t addr_lo;
	uint32_t addr_hi;
};

struct emu_tx_wqe {			/* efa_io_tx_wqe, 64 bytes */
	struct emu_tx_meta meta;
	union {
		struct emu_tx_buf sgl[2];
		uint8_t inline_data[32];
		struct {
			struct emu_tx_buf remote_mem;
			struct emu_tx_buf local_mem[1];
		} rdma;
	} data;
};

struct emu_rx_desc {			/* efa_io_rx_desc */
	uint32_t addr_lo;
	uint32_t addr_hi;
	uint16_t req_id;
	uint16_t length;
	uint32_t lkey_ctrl;		/* 23:0 lkey, 30 first, 31 last */
};

struct emu_cdesc_common {		/* efa_io_cdesc_common */
	uint16_t req_id;
	uint8_t status;
	uint8_t flags;			/* 0 phase, 2:1 q_type, 3 has_imm, 6:4 op_type, 7 unsolicited */
	uint16_t qp_num;
};

struct emu_rx_cdesc_ex {		/* efa_io_rx_cdesc_ex */
	struct emu_cdesc_common common;
	uint16_t length;
	uint16_t ah;
	uint16_t src_qp_num;
	uint32_t imm;
	union {
		uint16_t length_hi;	/* RDMA write with immediate */
		uint8_t src_addr[16];	/* unknown AH (0xFFFF) and a CQ created with SGID */
	} u;
} __attribute__((packed, aligned(4)));

enum {
	EMU_IO_SEND_QUEUE = 1, EMU_IO_RECV_QUEUE = 2,
	EMU_OP_SEND = 0, EMU_OP_RDMA_READ = 1, EMU_OP_RDMA_WRITE = 2,
	EMU_TX_HAS_IMM = 1 << 4, EMU_TX_INLINE = 1 << 5,
	EMU_TX_COMP_REQ = 1 << 4,
	EMU_RX_DESC_LAST = 1u << 31,
	EMU_CQE_HAS_IMM = 1 << 3, EMU_CQE_UNSOLICITED = 1 << 7,
	EMU_AH_UNKNOWN = 0xFFFF,
	/* enum efa_io_comp_status */
	EMU_STATUS_OK = 0,
	EMU_STATUS_LOCAL_UNSUPPORTED_OP = 3,
	EMU_STATUS_LOCAL_INVALID_AH = 4,
	EMU_STATUS_LOCAL_INVALID_LKEY = 5,
	EMU_STATUS_LOCAL_BAD_LENGTH = 6,
	EMU_STATUS_REMOTE_BAD_ADDRESS = 7,
	EMU_STATUS_REMOTE_BAD_DEST_QPN = 9,
	EMU_STATUS_REMOTE_BAD_LENGTH = 11,
	EMU_STATUS_LOCAL_UNREACH_REMOTE = 15,
};

_Static_assert(sizeof(struct emu_alloc_ucontext_resp) == 24, "efa_ibv_alloc_ucontext_resp");
_Static_assert(sizeof(struct emu_create_cq_cmd) == 16, "efa_ibv_create_cq");
_Static_assert(sizeof(struct emu_create_cq_resp) == 40, "efa_ibv_create_cq_resp");
_Static_assert(sizeof(struct emu_create_qp_cmd) == 24, "efa_ibv_create_qp");
_Static_assert(sizeof(struct emu_create_qp_resp) == 64, "efa_ibv_create_qp_resp");
_Static_assert(sizeof(struct emu_query_device_resp) == 24, "efa_ibv_ex_query_device_resp");
_Static_assert(sizeof(struct emu_tx_meta) == 32, "efa_io_tx_meta_desc");
_Static_assert(sizeof(struct emu_tx_wqe) == 64, "efa_io_tx_wqe");
_Static_assert(sizeof(struct emu_rx_desc) == 16, "efa_io_rx_desc");
_Static_assert(sizeof(struct emu_rx_cdesc_ex) == 32, "efa_io_rx_cdesc_ex");
_Static_assert(offsetof(struct emu_rx_cdesc_ex, u) == 16, "efa_io_rx_cdesc_ex.u");

/* ---- the device model (efa_emu_device.c) ---- */

#define EMU_MAX_DEVICES 4
#define EMU_KEY_BASE (1ull << 40)	/* mmap offsets ("keys") handed out for the uverbs fd */
#define EMU_MAX_QP 64		/* also the announced max_qp: qpn < max_qp keeps libefa's table collision-free */
#define EMU_SUB_CQS 2		/* sub-CQs per CQ: send completions go to 0, receive completions to 1 */

/* announced limits (what ibv_query_device / efadv_query_device report) */
#define EMU_MAX_SQ_WR 512
#define EMU_MAX_RQ_WR 512
#define EMU_MAX_SQ_SGE 2
#define EMU_MAX_RQ_SGE 3
#define EMU_INLINE_BUF 32
#define EMU_MAX_RDMA_SIZE (1u << 20)
#define EMU_MAX_CQE 4096
/* the interconnects through which the device reaches a registered region, per kind of access (the answer to
 * EFA_IB_METHOD_MR_QUERY, all valid), distinct so that a field read in the place of another shows */
#define EMU_MR_RECV_IC_ID 1
#define EMU_MR_RDMA_READ_IC_ID 2
#define EMU_MR_RDMA_RECV_IC_ID 3
#define EMU_DEVICE_CAPS (EMU_CAPS_RDMA_READ | EMU_CAPS_RNR_RETRY | EMU_CAPS_CQ_WITH_SGID | \
			 EMU_CAPS_RDMA_WRITE | EMU_CAPS_UNSOLICITED_WRITE_RECV)

struct emu_qp_init {
	int dev;
	uint32_t pdn;
	bool srd;
	bool unsolicited_write_recv;
	uint32_t send_cq, recv_cq;	/* cq handles */
	uint32_t sq_wqes;		/* SQ ring entries (power of two) */
	uint32_t rq_descs;		/* RQ ring descriptors (power of two) */
	struct ibv_qp_cap cap;		/* as created, for query_qp */
};

struct emu_qp_rings {			/* filled by emu_qp_create for the create_qp response */
	uint32_t qpn, handle;
	struct emu_create_qp_resp resp;
};

int emu_device_index(const char *ibdev_name);	/* -1 when the sysfs tree has no such device */
int emu_device_gid(int dev, uint8_t gid[16]);
void emu_register_cmd_fd(int fd);
bool emu_is_cmd_fd(int fd);
void *emu_map_region(int fd, uint64_t key, size_t len, int prot, int flags, void *addr, bool *handled);

int emu_pd_alloc(int dev, uint32_t *pdn);
int emu_pd_free(uint32_t pdn);
int emu_mr_reg(int dev, uint32_t pdn, uint64_t addr, uint64_t len, uint64_t iova, int access,
	       uint32_t *handle, uint32_t *lkey);
int emu_mr_dereg(uint32_t handle);
int emu_mr_query(uint32_t handle, uint16_t *validity, uint16_t ic_ids[3]);
int emu_ah_create(int dev, uint32_t pdn, const uint8_t gid[16], uint32_t *handle, uint16_t *ahn);
int emu_ah_destroy(uint32_t handle);
int emu_cq_create(int dev, uint32_t depth, uint16_t entry_size, uint16_t num_sub, bool with_sgid,
		  uint32_t *handle, struct emu_create_cq_resp *resp);
int emu_cq_destroy(uint32_t handle);
int emu_qp_create(const struct emu_qp_init *init, struct emu_qp_rings *out);
int emu_qp_modify(uint32_t handle, const struct ibv_qp_attr *attr, int mask);
int emu_qp_query(uint32_t handle, struct ibv_qp_attr *attr);
int emu_qp_destroy(uint32_t handle);

#endif
