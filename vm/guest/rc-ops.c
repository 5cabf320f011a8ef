/*
 * rc-ops.c - the rxe side of run-roce-wire.sh's RDMA WRITE, READ and atomic exchange with a Java RC peer.
 *
 * Usage: rc-ops DEVICE GID_INDEX PEER_IP TCP_PORT MTU
 *
 * Both sides register 64 KiB laid out alike: [0, 8192) a pattern to be read, [8192, 16384) where the peer writes,
 * at 16384 an 8-byte counter (here 1000, little-endian as the host's). Over TCP each side sends one line
 * "QPN PSN GID ADDRESS RKEY" (hex). This side then writes 8192 bytes into the peer, reads the peer's 8192-byte
 * pattern back, runs FETCH_ADD 7 and CMP_SWP (5007 -> 9999) on the peer's counter (5000), and checks every
 * completion, byte and original value; it says "C-done", waits for the peer's "J-done" (the peer did the same
 * here with its own pattern, FETCH_ADD 3 and CMP_SWP 1003 -> 42) and checks its memory. Exit status 0 when all
 * is right.
 */
#include <arpa/inet.h>
#include <infiniband/verbs.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define REGION 65536
#define LEN 8192
#define WRITE_AT 8192
#define COUNTER_AT 16384
#define LOCAL_READ_AT 20480
#define LOCAL_SOURCE_AT 32768
#define RESULTS_AT 49152

static int fail(const char *what) { fprintf(stderr, "FAIL: %s\n", what); return 1; }

static uint8_t read_pattern_c(int i) { return (uint8_t) (i * 3 + 1); }
static uint8_t read_pattern_java(int i) { return (uint8_t) (i * 5 + 3); }
static uint8_t write_pattern_c(int i) { return (uint8_t) (i * 7 + 2); }
static uint8_t write_pattern_java(int i) { return (uint8_t) (i * 11 + 5); }

static enum ibv_mtu mtu_of(int bytes) {
    switch (bytes) {
    case 256: return IBV_MTU_256;
    case 512: return IBV_MTU_512;
    case 2048: return IBV_MTU_2048;
    case 4096: return IBV_MTU_4096;
    default: return IBV_MTU_1024;
    }
}

static int read_line(int fd, char *line, size_t size) {
    size_t n = 0;
    while (n + 1 < size) {
        if (read(fd, line + n, 1) != 1) return -1;
        if (line[n++] == '\n') break;
    }
    line[n] = 0;
    return 0;
}

static int post(struct ibv_qp *qp, struct ibv_mr *mr, enum ibv_wr_opcode op, uint64_t wr_id, int local_at,
                uint32_t length, uint64_t remote, uint32_t rkey, uint64_t compare_add, uint64_t swap) {
    struct ibv_sge sge = { .addr = (uintptr_t) mr->addr + local_at, .length = length, .lkey = mr->lkey };
    struct ibv_send_wr wr = { .wr_id = wr_id, .sg_list = &sge, .num_sge = 1, .opcode = op,
                              .send_flags = IBV_SEND_SIGNALED }, *bad;
    if (op == IBV_WR_ATOMIC_FETCH_AND_ADD || op == IBV_WR_ATOMIC_CMP_AND_SWP) {
        wr.wr.atomic.remote_addr = remote;
        wr.wr.atomic.rkey = rkey;
        wr.wr.atomic.compare_add = compare_add;
        wr.wr.atomic.swap = swap;
    } else {
        wr.wr.rdma.remote_addr = remote;
        wr.wr.rdma.rkey = rkey;
    }
    return ibv_post_send(qp, &wr, &bad);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines reach the log even if a timeout ends the program */
    if (argc != 6) return fail("usage: rc-ops DEVICE GID_INDEX PEER_IP TCP_PORT MTU");
    int gid_index = atoi(argv[2]);
    struct ibv_device **list = ibv_get_device_list(NULL);
    struct ibv_context *ctx = NULL;
    for (int i = 0; list && list[i]; i++)
        if (!strcmp(ibv_get_device_name(list[i]), argv[1])) ctx = ibv_open_device(list[i]);
    if (!ctx) return fail("no such device");
    struct ibv_pd *pd = ibv_alloc_pd(ctx);
    uint8_t *buf = aligned_alloc(4096, REGION);
    memset(buf, 0, REGION);
    for (int i = 0; i < LEN; i++) buf[i] = read_pattern_c(i);
    for (int i = 0; i < LEN; i++) buf[LOCAL_SOURCE_AT + i] = write_pattern_c(i);
    *(uint64_t *) (buf + COUNTER_AT) = 1000;
    struct ibv_mr *mr = ibv_reg_mr(pd, buf, REGION, IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE
                                   | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC);
    struct ibv_cq *cq = ibv_create_cq(ctx, 16, NULL, NULL, 0);
    struct ibv_qp_init_attr init = { .send_cq = cq, .recv_cq = cq, .qp_type = IBV_QPT_RC,
                                     .cap = { .max_send_wr = 8, .max_recv_wr = 1, .max_send_sge = 1,
                                              .max_recv_sge = 1 } };
    struct ibv_qp *qp = pd && mr && cq ? ibv_create_qp(pd, &init) : NULL;
    if (!qp) return fail("pd, mr, cq or qp");
    struct ibv_qp_attr attr = { .qp_state = IBV_QPS_INIT, .port_num = 1, .qp_access_flags =
                                IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC };
    if (ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
        return fail("INIT");
    union ibv_gid gid;
    if (ibv_query_gid(ctx, 1, gid_index, &gid)) return fail("query gid");
    srand48(getpid());
    uint32_t psn = lrand48() & 0xffffff;

    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in peer = { .sin_family = AF_INET, .sin_port = htons(atoi(argv[4])) };
    inet_pton(AF_INET, argv[3], &peer.sin_addr);
    if (connect(fd, (struct sockaddr *) &peer, sizeof peer)) return fail("connect");
    char line[256], gid_hex[33];
    for (int i = 0; i < 16; i++) sprintf(gid_hex + 2 * i, "%02x", gid.raw[i]);
    int n = snprintf(line, sizeof line, "%06x %06x %s %016" PRIx64 " %08x\n", qp->qp_num, psn, gid_hex,
                     (uint64_t) (uintptr_t) buf, mr->rkey);
    if (write(fd, line, n) != n || read_line(fd, line, sizeof line)) return fail("exchange");
    unsigned rqpn, rpsn, rkey;
    uint64_t raddr;
    char rgid[33];
    if (sscanf(line, "%x %x %32s %" SCNx64 " %x", &rqpn, &rpsn, rgid, &raddr, &rkey) != 5) return fail(line);
    union ibv_gid dgid;
    for (int i = 0; i < 16; i++) sscanf(rgid + 2 * i, "%2hhx", &dgid.raw[i]);
    printf("local QPN 0x%06x PSN 0x%06x, remote QPN 0x%06x PSN 0x%06x address 0x%" PRIx64 " rkey 0x%x\n",
           qp->qp_num, psn, rqpn, rpsn, raddr, rkey);

    memset(&attr, 0, sizeof attr);
    attr.qp_state = IBV_QPS_RTR;
    attr.path_mtu = mtu_of(atoi(argv[5]));
    attr.dest_qp_num = rqpn;
    attr.rq_psn = rpsn;
    attr.max_dest_rd_atomic = 4;
    attr.min_rnr_timer = 12;
    attr.ah_attr.is_global = 1;
    attr.ah_attr.grh.dgid = dgid;
    attr.ah_attr.grh.sgid_index = gid_index;
    attr.ah_attr.grh.hop_limit = 1;
    attr.ah_attr.port_num = 1;
    if (ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN
                      | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER)) return fail("RTR");
    attr.qp_state = IBV_QPS_RTS;
    attr.timeout = 14;
    attr.retry_cnt = 7;
    attr.rnr_retry = 7;
    attr.sq_psn = psn;
    attr.max_rd_atomic = 4;
    if (ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY
                      | IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC)) return fail("RTS");

    if (post(qp, mr, IBV_WR_RDMA_WRITE, 1, LOCAL_SOURCE_AT, LEN, raddr + WRITE_AT, rkey, 0, 0)
        || post(qp, mr, IBV_WR_RDMA_READ, 2, LOCAL_READ_AT, LEN, raddr, rkey, 0, 0)
        || post(qp, mr, IBV_WR_ATOMIC_FETCH_AND_ADD, 3, RESULTS_AT, 8, raddr + COUNTER_AT, rkey, 7, 0)
        || post(qp, mr, IBV_WR_ATOMIC_CMP_AND_SWP, 4, RESULTS_AT + 8, 8, raddr + COUNTER_AT, rkey, 5007, 9999))
        return fail("post");
    for (int done = 0; done < 4;) {
        struct ibv_wc wc;
        int got = ibv_poll_cq(cq, 1, &wc);
        if (got < 0) return fail("poll");
        if (got == 0) { usleep(1000); continue; }
        printf("completion wr_id %" PRIu64 " status %s opcode %d\n", wc.wr_id, ibv_wc_status_str(wc.status),
               wc.opcode);
        if (wc.status != IBV_WC_SUCCESS || wc.wr_id != (uint64_t) ++done) return fail("completion");
    }
    for (int i = 0; i < LEN; i++)
        if (buf[LOCAL_READ_AT + i] != read_pattern_java(i)) return fail("RDMA READ data from the Java peer");
    uint64_t *results = (uint64_t *) (buf + RESULTS_AT);
    printf("FETCH_ADD original %" PRIu64 ", CMP_SWP original %" PRIu64 "\n", results[0], results[1]);
    if (results[0] != 5000 || results[1] != 5007) return fail("atomic originals from the Java peer");

    if (write(fd, "C-done\n", 7) != 7 || read_line(fd, line, sizeof line) || strcmp(line, "J-done\n"))
        return fail("the Java peer did not finish");
    for (int i = 0; i < LEN; i++)
        if (buf[WRITE_AT + i] != write_pattern_java(i)) return fail("RDMA WRITE data from the Java peer");
    printf("counter after the Java peer's atomics: %" PRIu64 "\n", *(uint64_t *) (buf + COUNTER_AT));
    if (*(uint64_t *) (buf + COUNTER_AT) != 42) return fail("counter");
    printf("PASS\n");
    ibv_destroy_qp(qp);
    ibv_destroy_cq(cq);
    ibv_dereg_mr(mr);
    ibv_dealloc_pd(pd);
    ibv_close_device(ctx);
    return 0;
}
