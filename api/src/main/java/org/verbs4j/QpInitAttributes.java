package org.verbs4j;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The requested attributes of an extended queue pair (C {@code struct ibv_qp_init_attr_ex}).
 *
 * <p>The C {@code comp_mask} is derived ({@link #compMask()}): {@link QpInitAttrMask#PD} always except for
 * an {@link QpType#XRC_RECV} queue pair (which has an XRC domain and no protection domain), and
 * {@code XRCD}, {@code CREATE_FLAGS}, {@code MAX_TSO_HEADER}, {@code IND_TABLE}, {@code RX_HASH} and
 * {@code SEND_OPS_FLAGS} when the corresponding attribute is set.
 *
 * <p>XRC queue pairs, as rdma-core's tests create them: an {@link QpType#XRC_SEND} queue pair has a
 * protection domain and a send completion queue but no receive side ({@link #xrcSend}); an
 * {@link QpType#XRC_RECV} queue pair has only an XRC domain ({@link #xrcRecv}): what it receives is
 * consumed from, and completes on the completion queue of, the XRC shared receive queue that the sender
 * addresses ({@link SendOps#setXrcSrqn}).
 *
 * @param qpContext the consumer context of the queue pair, or {@code null}
 * @param sendCq the completion queue of the send queue, or {@code null} for {@link QpType#XRC_RECV}
 * @param recvCq the completion queue of the receive queue, or {@code null} for the XRC types
 * @param srq the shared receive queue, or {@code null} (always for the XRC types)
 * @param cap the requested queue sizes
 * @param qpType the transport service type
 * @param sqSigAll whether every send request generates a completion, signaled or not
 * @param pd the protection domain (or parent domain), or {@code null} for {@link QpType#XRC_RECV}
 * @param xrcDomain the XRC domain of an XRC receive queue pair, or {@code null}
 * @param createFlags the creation flags
 * @param maxTsoHeader the largest TSO header, in bytes, or 0
 * @param indirectionTable the receive work queue indirection table of an RSS queue pair, or {@code null}
 * @param rxHashConf the RX hash configuration, or {@code null}
 * @param sourceQpn the wire QP number to use with {@link QpCreateFlag#SOURCE_QPN} (UD only), or 0
 * @param sendOpsFlags the send operations of the send-ops API ({@link QueuePair#sendOps()}); empty means
 *     the send-ops API is not used
 * @param unsolicitedWriteRecv whether an incoming RDMA_WRITE_WITH_IMM consumes no receive request; its
 *     receive completion is then unsolicited ({@link CompletionQueue#readIsUnsolicited()}). EFA's
 *     {@code EFADV_QP_FLAGS_UNSOLICITED_WRITE_RECV}; needs {@link Capability#QP_UNSOLICITED_WRITE_RECV}
 */
public record QpInitAttributes(Object qpContext, CompletionQueue sendCq, CompletionQueue recvCq,
                               SharedReceiveQueue srq, QpCapabilities cap, QpType qpType, boolean sqSigAll,
                               ProtectionDomain pd, XrcDomain xrcDomain, Set<QpCreateFlag> createFlags,
                               int maxTsoHeader, RwqIndirectionTable indirectionTable, RxHashConf rxHashConf,
                               int sourceQpn, Set<SendOpsFlag> sendOpsFlags, boolean unsolicitedWriteRecv) {

    /** Copies the sets. */
    public QpInitAttributes {
        createFlags = Set.copyOf(createFlags);
        sendOpsFlags = Set.copyOf(sendOpsFlags);
    }

    /**
     * @param qpType the transport service type
     * @param pd the protection domain
     * @param cq the completion queue of both the send and the receive queue
     * @param cap the requested queue sizes
     * @return a builder with nothing else set
     */
    public static Builder builder(QpType qpType, ProtectionDomain pd, CompletionQueue cq, QpCapabilities cap) {
        return new Builder(qpType, pd, cq, cap);
    }

    /**
     * @param pd the protection domain
     * @param sendCq the completion queue of the send queue
     * @param cap the requested send queue sizes (the receive sizes must be 0)
     * @return a builder of an {@link QpType#XRC_SEND} queue pair: no receive completion queue
     */
    public static Builder xrcSend(ProtectionDomain pd, CompletionQueue sendCq, QpCapabilities cap) {
        return new Builder(QpType.XRC_SEND, pd, sendCq, cap).recvCq(null);
    }

    /**
     * @param xrcDomain the XRC domain whose shared receive queues the queue pair delivers to
     * @return a builder of an {@link QpType#XRC_RECV} queue pair: no protection domain, no completion
     *     queues, no queue sizes (C {@code comp_mask} {@code IBV_QP_INIT_ATTR_XRCD} only)
     */
    public static Builder xrcRecv(XrcDomain xrcDomain) {
        return new Builder(QpType.XRC_RECV, null, null, new QpCapabilities(0, 0, 0, 0, 0)).xrcDomain(xrcDomain);
    }

    /**
     * @param pd the protection domain
     * @param indirectionTable the work queues the queue pair receives into
     * @param rxHashConf how a packet's hash is computed, which picks the work queue
     * @return a builder of an RX hash (RSS) {@link QpType#RAW_PACKET} queue pair, as rdma-core's RSS tests
     *     create it: no completion queues and no queue sizes (its receives are the work queues'); C
     *     {@code comp_mask} {@code PD | IND_TABLE | RX_HASH}
     * @throws NullPointerException if {@code indirectionTable} or {@code rxHashConf} is {@code null}
     */
    public static Builder rss(ProtectionDomain pd, RwqIndirectionTable indirectionTable, RxHashConf rxHashConf) {
        return new Builder(QpType.RAW_PACKET, pd, null, new QpCapabilities(0, 0, 0, 0, 0))
                .indirectionTable(Objects.requireNonNull(indirectionTable,
                        "indirectionTable: an RSS queue pair receives through an indirection table (IND_TABLE)"))
                .rxHashConf(Objects.requireNonNull(rxHashConf,
                        "rxHashConf: an RSS queue pair needs an RX hash configuration (RX_HASH)"));
    }

    /** @return the C {@code comp_mask} these attributes imply */
    public Set<QpInitAttrMask> compMask() {
        EnumSet<QpInitAttrMask> mask = EnumSet.noneOf(QpInitAttrMask.class);
        addIf(mask, qpType != QpType.XRC_RECV, QpInitAttrMask.PD);
        addIf(mask, xrcDomain != null, QpInitAttrMask.XRCD);
        addIf(mask, !createFlags.isEmpty(), QpInitAttrMask.CREATE_FLAGS);
        addIf(mask, maxTsoHeader != 0, QpInitAttrMask.MAX_TSO_HEADER);
        addIf(mask, indirectionTable != null, QpInitAttrMask.IND_TABLE);
        addIf(mask, rxHashConf != null, QpInitAttrMask.RX_HASH);
        addIf(mask, !sendOpsFlags.isEmpty(), QpInitAttrMask.SEND_OPS_FLAGS);
        return mask;
    }

    private static void addIf(Set<QpInitAttrMask> mask, boolean condition, QpInitAttrMask bit) {
        if (condition) {
            mask.add(bit);
        }
    }

    /** A builder of {@link QpInitAttributes}. */
    public static final class Builder {
        private final QpType qpType;
        private final ProtectionDomain pd;
        private final QpCapabilities cap;
        private CompletionQueue sendCq;
        private CompletionQueue recvCq;
        private Object qpContext;
        private SharedReceiveQueue srq;
        private boolean sqSigAll;
        private XrcDomain xrcDomain;
        private Set<QpCreateFlag> createFlags = Set.of();
        private int maxTsoHeader;
        private RwqIndirectionTable indirectionTable;
        private RxHashConf rxHashConf;
        private int sourceQpn;
        private Set<SendOpsFlag> sendOpsFlags = Set.of();
        private boolean unsolicitedWriteRecv;

        private Builder(QpType qpType, ProtectionDomain pd, CompletionQueue cq, QpCapabilities cap) {
            this.qpType = qpType;
            this.pd = pd;
            this.sendCq = cq;
            this.recvCq = cq;
            this.cap = cap;
        }

        /**
         * @param value the send completion queue
         * @return this builder
         */
        public Builder sendCq(CompletionQueue value) {
            this.sendCq = value;
            return this;
        }

        /**
         * @param value the receive completion queue
         * @return this builder
         */
        public Builder recvCq(CompletionQueue value) {
            this.recvCq = value;
            return this;
        }

        /**
         * @param value the consumer context
         * @return this builder
         */
        public Builder qpContext(Object value) {
            this.qpContext = value;
            return this;
        }

        /**
         * @param value the shared receive queue
         * @return this builder
         */
        public Builder srq(SharedReceiveQueue value) {
            this.srq = value;
            return this;
        }

        /**
         * @param value whether every send request is signaled
         * @return this builder
         */
        public Builder sqSigAll(boolean value) {
            this.sqSigAll = value;
            return this;
        }

        /**
         * @param value the XRC domain
         * @return this builder
         */
        public Builder xrcDomain(XrcDomain value) {
            this.xrcDomain = value;
            return this;
        }

        /**
         * @param value the creation flags
         * @return this builder
         */
        public Builder createFlags(Set<QpCreateFlag> value) {
            this.createFlags = value;
            return this;
        }

        /**
         * @param value the largest TSO header
         * @return this builder
         */
        public Builder maxTsoHeader(int value) {
            this.maxTsoHeader = value;
            return this;
        }

        /**
         * @param value the indirection table
         * @return this builder
         */
        public Builder indirectionTable(RwqIndirectionTable value) {
            this.indirectionTable = value;
            return this;
        }

        /**
         * @param value the RX hash configuration
         * @return this builder
         */
        public Builder rxHashConf(RxHashConf value) {
            this.rxHashConf = value;
            return this;
        }

        /**
         * @param value the source QP number
         * @return this builder
         */
        public Builder sourceQpn(int value) {
            this.sourceQpn = value;
            return this;
        }

        /**
         * @param value the send operations of the send-ops API
         * @return this builder
         */
        public Builder sendOpsFlags(Set<SendOpsFlag> value) {
            this.sendOpsFlags = value;
            return this;
        }

        /**
         * @param value whether an incoming RDMA_WRITE_WITH_IMM consumes no receive request
         * @return this builder
         */
        public Builder unsolicitedWriteRecv(boolean value) {
            this.unsolicitedWriteRecv = value;
            return this;
        }

        /** @return the attributes */
        public QpInitAttributes build() {
            return new QpInitAttributes(qpContext, sendCq, recvCq, srq, cap, qpType, sqSigAll, pd, xrcDomain,
                    createFlags, maxTsoHeader, indirectionTable, rxHashConf, sourceQpn, sendOpsFlags,
                    unsolicitedWriteRecv);
        }
    }
}
