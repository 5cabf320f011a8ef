package org.verbs4j;

/**
 * The numeric limits of a device (the {@code max_*} fields of C {@code struct ibv_device_attr}).
 * C's unsigned 64-bit limits (such as {@code max_mr_size}) that exceed {@link Long#MAX_VALUE} are
 * reported as {@link Long#MAX_VALUE}, so every limit reads as a non-negative number.
 *
 * @param maxMrSize the largest memory region, in bytes (C {@code max_mr_size})
 * @param maxQp the most queue pairs (C {@code max_qp})
 * @param maxQpWr the most outstanding work requests on a queue (C {@code max_qp_wr})
 * @param maxSge the most scatter/gather entries of a send or receive request (C {@code max_sge})
 * @param maxSgeRd the most scatter/gather entries of an RDMA read (C {@code max_sge_rd})
 * @param maxCq the most completion queues (C {@code max_cq})
 * @param maxCqe the most entries of a completion queue (C {@code max_cqe})
 * @param maxMr the most memory regions (C {@code max_mr})
 * @param maxPd the most protection domains (C {@code max_pd})
 * @param maxQpRdAtom the most outstanding RDMA reads and atomics a queue pair receives (C {@code max_qp_rd_atom})
 * @param maxEeRdAtom the same for an EE context (C {@code max_ee_rd_atom})
 * @param maxResRdAtom the device-wide resources for incoming reads and atomics (C {@code max_res_rd_atom})
 * @param maxQpInitRdAtom the most outstanding RDMA reads and atomics a queue pair initiates (C {@code max_qp_init_rd_atom})
 * @param maxEeInitRdAtom the same for an EE context (C {@code max_ee_init_rd_atom})
 * @param maxEe the most EE contexts (C {@code max_ee})
 * @param maxRdd the most RD domains (C {@code max_rdd})
 * @param maxMw the most memory windows (C {@code max_mw})
 * @param maxRawIpv6Qp the most raw IPv6 datagram queue pairs (C {@code max_raw_ipv6_qp})
 * @param maxRawEthyQp the most raw Ethertype datagram queue pairs (C {@code max_raw_ethy_qp})
 * @param maxMcastGrp the most multicast groups (C {@code max_mcast_grp})
 * @param maxMcastQpAttach the most queue pairs per multicast group (C {@code max_mcast_qp_attach})
 * @param maxTotalMcastQpAttach the most multicast attachments in all (C {@code max_total_mcast_qp_attach})
 * @param maxAh the most address handles (C {@code max_ah})
 * @param maxFmr the most fast memory regions (C {@code max_fmr})
 * @param maxMapPerFmr the most remaps per fast memory region (C {@code max_map_per_fmr})
 * @param maxSrq the most shared receive queues (C {@code max_srq})
 * @param maxSrqWr the most outstanding work requests of a shared receive queue (C {@code max_srq_wr})
 * @param maxSrqSge the most scatter/gather entries of a shared receive queue request (C {@code max_srq_sge})
 * @param maxPkeys the size of the partition key table (C {@code max_pkeys})
 * @param maxInlineData the most inline data of a send request, in bytes, as far as the provider knows it; 0 when the device does not report it (rdma-core has no query for it: the real value of a queue pair is in {@link QueuePair#capabilities()})
 */
public record DeviceLimits(
        long maxMrSize,
        int maxQp,
        int maxQpWr,
        int maxSge,
        int maxSgeRd,
        int maxCq,
        int maxCqe,
        int maxMr,
        int maxPd,
        int maxQpRdAtom,
        int maxEeRdAtom,
        int maxResRdAtom,
        int maxQpInitRdAtom,
        int maxEeInitRdAtom,
        int maxEe,
        int maxRdd,
        int maxMw,
        int maxRawIpv6Qp,
        int maxRawEthyQp,
        int maxMcastGrp,
        int maxMcastQpAttach,
        int maxTotalMcastQpAttach,
        int maxAh,
        int maxFmr,
        int maxMapPerFmr,
        int maxSrq,
        int maxSrqWr,
        int maxSrqSge,
        int maxPkeys,
        int maxInlineData) {

    /** @return a builder with every limit 0 */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder, for providers. */
    public static final class Builder {
        private long maxMrSize;
        private int maxQp;
        private int maxQpWr;
        private int maxSge;
        private int maxSgeRd;
        private int maxCq;
        private int maxCqe;
        private int maxMr;
        private int maxPd;
        private int maxQpRdAtom;
        private int maxEeRdAtom;
        private int maxResRdAtom;
        private int maxQpInitRdAtom;
        private int maxEeInitRdAtom;
        private int maxEe;
        private int maxRdd;
        private int maxMw;
        private int maxRawIpv6Qp;
        private int maxRawEthyQp;
        private int maxMcastGrp;
        private int maxMcastQpAttach;
        private int maxTotalMcastQpAttach;
        private int maxAh;
        private int maxFmr;
        private int maxMapPerFmr;
        private int maxSrq;
        private int maxSrqWr;
        private int maxSrqSge;
        private int maxPkeys;
        private int maxInlineData;

        private Builder() {
        }

        /**
         * @param value the largest memory region, in bytes (C {@code max_mr_size})
         * @return this builder
         */
        public Builder maxMrSize(long value) {
            this.maxMrSize = value;
            return this;
        }

        /**
         * @param value the most queue pairs (C {@code max_qp})
         * @return this builder
         */
        public Builder maxQp(int value) {
            this.maxQp = value;
            return this;
        }

        /**
         * @param value the most outstanding work requests on a queue (C {@code max_qp_wr})
         * @return this builder
         */
        public Builder maxQpWr(int value) {
            this.maxQpWr = value;
            return this;
        }

        /**
         * @param value the most scatter/gather entries of a send or receive request (C {@code max_sge})
         * @return this builder
         */
        public Builder maxSge(int value) {
            this.maxSge = value;
            return this;
        }

        /**
         * @param value the most scatter/gather entries of an RDMA read (C {@code max_sge_rd})
         * @return this builder
         */
        public Builder maxSgeRd(int value) {
            this.maxSgeRd = value;
            return this;
        }

        /**
         * @param value the most completion queues (C {@code max_cq})
         * @return this builder
         */
        public Builder maxCq(int value) {
            this.maxCq = value;
            return this;
        }

        /**
         * @param value the most entries of a completion queue (C {@code max_cqe})
         * @return this builder
         */
        public Builder maxCqe(int value) {
            this.maxCqe = value;
            return this;
        }

        /**
         * @param value the most memory regions (C {@code max_mr})
         * @return this builder
         */
        public Builder maxMr(int value) {
            this.maxMr = value;
            return this;
        }

        /**
         * @param value the most protection domains (C {@code max_pd})
         * @return this builder
         */
        public Builder maxPd(int value) {
            this.maxPd = value;
            return this;
        }

        /**
         * @param value the most outstanding RDMA reads and atomics a queue pair receives (C {@code max_qp_rd_atom})
         * @return this builder
         */
        public Builder maxQpRdAtom(int value) {
            this.maxQpRdAtom = value;
            return this;
        }

        /**
         * @param value the same for an EE context (C {@code max_ee_rd_atom})
         * @return this builder
         */
        public Builder maxEeRdAtom(int value) {
            this.maxEeRdAtom = value;
            return this;
        }

        /**
         * @param value the device-wide resources for incoming reads and atomics (C {@code max_res_rd_atom})
         * @return this builder
         */
        public Builder maxResRdAtom(int value) {
            this.maxResRdAtom = value;
            return this;
        }

        /**
         * @param value the most outstanding RDMA reads and atomics a queue pair initiates (C {@code max_qp_init_rd_atom})
         * @return this builder
         */
        public Builder maxQpInitRdAtom(int value) {
            this.maxQpInitRdAtom = value;
            return this;
        }

        /**
         * @param value the same for an EE context (C {@code max_ee_init_rd_atom})
         * @return this builder
         */
        public Builder maxEeInitRdAtom(int value) {
            this.maxEeInitRdAtom = value;
            return this;
        }

        /**
         * @param value the most EE contexts (C {@code max_ee})
         * @return this builder
         */
        public Builder maxEe(int value) {
            this.maxEe = value;
            return this;
        }

        /**
         * @param value the most RD domains (C {@code max_rdd})
         * @return this builder
         */
        public Builder maxRdd(int value) {
            this.maxRdd = value;
            return this;
        }

        /**
         * @param value the most memory windows (C {@code max_mw})
         * @return this builder
         */
        public Builder maxMw(int value) {
            this.maxMw = value;
            return this;
        }

        /**
         * @param value the most raw IPv6 datagram queue pairs (C {@code max_raw_ipv6_qp})
         * @return this builder
         */
        public Builder maxRawIpv6Qp(int value) {
            this.maxRawIpv6Qp = value;
            return this;
        }

        /**
         * @param value the most raw Ethertype datagram queue pairs (C {@code max_raw_ethy_qp})
         * @return this builder
         */
        public Builder maxRawEthyQp(int value) {
            this.maxRawEthyQp = value;
            return this;
        }

        /**
         * @param value the most multicast groups (C {@code max_mcast_grp})
         * @return this builder
         */
        public Builder maxMcastGrp(int value) {
            this.maxMcastGrp = value;
            return this;
        }

        /**
         * @param value the most queue pairs per multicast group (C {@code max_mcast_qp_attach})
         * @return this builder
         */
        public Builder maxMcastQpAttach(int value) {
            this.maxMcastQpAttach = value;
            return this;
        }

        /**
         * @param value the most multicast attachments in all (C {@code max_total_mcast_qp_attach})
         * @return this builder
         */
        public Builder maxTotalMcastQpAttach(int value) {
            this.maxTotalMcastQpAttach = value;
            return this;
        }

        /**
         * @param value the most address handles (C {@code max_ah})
         * @return this builder
         */
        public Builder maxAh(int value) {
            this.maxAh = value;
            return this;
        }

        /**
         * @param value the most fast memory regions (C {@code max_fmr})
         * @return this builder
         */
        public Builder maxFmr(int value) {
            this.maxFmr = value;
            return this;
        }

        /**
         * @param value the most remaps per fast memory region (C {@code max_map_per_fmr})
         * @return this builder
         */
        public Builder maxMapPerFmr(int value) {
            this.maxMapPerFmr = value;
            return this;
        }

        /**
         * @param value the most shared receive queues (C {@code max_srq})
         * @return this builder
         */
        public Builder maxSrq(int value) {
            this.maxSrq = value;
            return this;
        }

        /**
         * @param value the most outstanding work requests of a shared receive queue (C {@code max_srq_wr})
         * @return this builder
         */
        public Builder maxSrqWr(int value) {
            this.maxSrqWr = value;
            return this;
        }

        /**
         * @param value the most scatter/gather entries of a shared receive queue request (C {@code max_srq_sge})
         * @return this builder
         */
        public Builder maxSrqSge(int value) {
            this.maxSrqSge = value;
            return this;
        }

        /**
         * @param value the size of the partition key table (C {@code max_pkeys})
         * @return this builder
         */
        public Builder maxPkeys(int value) {
            this.maxPkeys = value;
            return this;
        }

        /**
         * @param value the most inline data of a send request, in bytes, as far as the provider knows it; 0 when the device does not report it (rdma-core has no query for it: the real value of a queue pair is in {@link QueuePair#capabilities()})
         * @return this builder
         */
        public Builder maxInlineData(int value) {
            this.maxInlineData = value;
            return this;
        }

        /** @return the limits */
        public DeviceLimits build() {
            return new DeviceLimits(maxMrSize, maxQp, maxQpWr, maxSge, maxSgeRd, maxCq, maxCqe, maxMr, maxPd, maxQpRdAtom, maxEeRdAtom, maxResRdAtom, maxQpInitRdAtom, maxEeInitRdAtom, maxEe, maxRdd, maxMw, maxRawIpv6Qp, maxRawEthyQp, maxMcastGrp, maxMcastQpAttach, maxTotalMcastQpAttach, maxAh, maxFmr, maxMapPerFmr, maxSrq, maxSrqWr, maxSrqSge, maxPkeys, maxInlineData);
        }
    }
}
