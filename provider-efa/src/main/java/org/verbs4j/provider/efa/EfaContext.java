package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.verbs4j.AddressHandle;
import org.verbs4j.CompletionQueue;
import org.verbs4j.Context;
import org.verbs4j.InvalidArgumentException;
import org.verbs4j.MemoryRegion;
import org.verbs4j.QpInitAttributes;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaConstant;
import org.verbs4j.provider.efa.raw.EfaStruct;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.generic.vendor.NativeHandle;

/**
 * The EFA view of an open device, from {@code context.unwrap(EfaContext.class)}: its EFA attributes, SRD queue
 * pairs with their options, and the efadv queries of address handles, memory regions, raw rings and queue depths. Each
 * verb of a release that lacks it throws {@link org.verbs4j.UnsupportedVerbException}.
 */
public final class EfaContext {

    private final Context context;
    private final Efadv efadv;
    private final EfaDeviceAttributes attributes;

    EfaContext(Context context, Efadv efadv, EfaDeviceAttributes attributes) {
        this.context = context;
        this.efadv = efadv;
        this.attributes = attributes;
    }

    /** @return what {@code efadv_query_device} told when the device was opened */
    public EfaDeviceAttributes attributes() {
        return attributes;
    }

    /** @return the rdma-core release of the loaded libefa (0 if unknown) */
    public int release() {
        return efadv.libefa().release();
    }

    /**
     * Creates an SRD queue pair ({@code efadv_create_qp_ex} with {@code EFADV_QP_DRIVER_TYPE_SRD}); it works with
     * the ordinary {@link QueuePair} verbs. {@link Context#createQueuePair} with {@link QpType#DRIVER} does the
     * same with {@link SrdOptions#DEFAULT}.
     *
     * @param attributes the portable attributes, of type {@link QpType#DRIVER}
     * @param options the SRD options
     * @return the queue pair
     */
    public QueuePair createSrdQueuePair(QpInitAttributes attributes, SrdOptions options) {
        if (attributes.qpType() != QpType.DRIVER) {
            throw new InvalidArgumentException("efadv_create_qp_ex", "an SRD queue pair has qp_type DRIVER, not "
                    + attributes.qpType());
        }
        return ScopedValue.where(EfaDirectVerbs.SRD_OPTIONS, options).call(() -> context.createQueuePair(attributes));
    }

    /**
     * Creates an SRD queue pair through the first efadv creator, {@code efadv_create_driver_qp}
     * ({@code EFADV_QP_DRIVER_TYPE_SRD}), which takes the plain {@code ibv_qp_init_attr}: the queue pair has no
     * {@code ibv_qp_ex} ({@link QueuePair#sendOps()} is unsupported) and no SRD option. It sends through
     * {@code qp.unwrap(EfaQueuePair.class).sendOps()}, the legacy {@code ibv_post_send}, and receives as any other.
     *
     * @param attributes the portable attributes, of type {@link QpType#DRIVER}, without send-ops flags or
     *     unsolicited write-receive
     * @return the queue pair
     * @throws InvalidArgumentException if the attributes ask for what the verb cannot take
     */
    public QueuePair createDriverQueuePair(QpInitAttributes attributes) {
        String verb = "efadv_create_driver_qp";
        if (attributes.qpType() != QpType.DRIVER) {
            throw new InvalidArgumentException(verb, "qp_type must be DRIVER, not " + attributes.qpType());
        }
        if (!attributes.sendOpsFlags().isEmpty() || attributes.unsolicitedWriteRecv()) {
            throw new InvalidArgumentException(verb, "it takes ibv_qp_init_attr: no send-ops flags, no EFA flags"
                    + " (createSrdQueuePair has them)");
        }
        return ScopedValue.where(EfaDirectVerbs.DRIVER_QP, Boolean.TRUE).call(() -> context.createQueuePair(attributes));
    }

    /**
     * {@code efadv_query_ah}.
     *
     * @param ah an address handle of this device
     * @return its device number ({@code ahn}), the value a receive completion's {@code slid} gives for a
     *     sender whose address handle the receiver knows
     */
    public int queryAh(AddressHandle ah) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.AH_ATTR);
            efadv.queryAh(NativeHandle.of(ah, "efadv_query_ah"), attr, call);
            return Short.toUnsignedInt(attr.get(JAVA_SHORT, EfaAbi.AH_ATTR.offset("ahn")));
        }
    }

    /**
     * {@code efadv_query_mr}, rdma-core 50 and later.
     *
     * @param mr a memory region of this device
     * @return the interconnects that reach it
     */
    public EfaMrAttributes queryMr(MemoryRegion mr) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.MR_ATTR);
            efadv.queryMr(NativeHandle.of(mr, "efadv_query_mr"), attr, call);
            int validity = Short.toUnsignedInt(attr.get(JAVA_SHORT, EfaAbi.MR_ATTR.offset("ic_id_validity")));
            return new EfaMrAttributes(icId(attr, validity, EfaConstant.EFADV_MR_ATTR_VALIDITY_RECV_IC_ID, "recv_ic_id"),
                    icId(attr, validity, EfaConstant.EFADV_MR_ATTR_VALIDITY_RDMA_READ_IC_ID, "rdma_read_ic_id"),
                    icId(attr, validity, EfaConstant.EFADV_MR_ATTR_VALIDITY_RDMA_RECV_IC_ID, "rdma_recv_ic_id"));
        }
    }

    /**
     * {@code efadv_query_cq}, rdma-core 59 and later: the raw ring of a completion queue.
     *
     * @param cq a completion queue of this device
     * @return its ring; the doorbell only from rdma-core 60 ({@code efadv_cq_attr.doorbell})
     */
    public EfaCqRing queryCq(CompletionQueue cq) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.CQ_ATTR);
            efadv.queryCq(NativeHandle.of(cq, "efadv_query_cq"), attr, call);
            EfaStruct s = EfaAbi.CQ_ATTR;
            OptionalLong doorbell = release() >= 60 ? OptionalLong.of(attr.get(JAVA_LONG, s.offset("doorbell")))
                    : OptionalLong.empty();
            return new EfaCqRing(attr.get(JAVA_LONG, s.offset("buffer")), attr.get(JAVA_INT, s.offset("entry_size")),
                    attr.get(JAVA_INT, s.offset("num_entries")), doorbell);
        }
    }

    /**
     * {@code efadv_query_qp_wqs}, rdma-core 59 and later: the raw rings of a queue pair.
     *
     * @param qp a queue pair of this device, created through libefa (SRD or UD)
     * @return its send and receive rings
     */
    public EfaQpRings queryQpWqs(QueuePair qp) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment sq = Efadv.allocate(call, EfaAbi.WQ_ATTR);
            MemorySegment rq = Efadv.allocate(call, EfaAbi.WQ_ATTR);
            efadv.queryQpWqs(NativeHandle.of(qp, "efadv_query_qp_wqs"), sq, rq, call);
            return new EfaQpRings(wqRing(sq), wqRing(rq));
        }
    }

    private static EfaWqRing wqRing(MemorySegment attr) {
        EfaStruct s = EfaAbi.WQ_ATTR;
        return new EfaWqRing(attr.get(JAVA_LONG, s.offset("buffer")), attr.get(JAVA_INT, s.offset("entry_size")),
                attr.get(JAVA_INT, s.offset("num_entries")), attr.get(JAVA_LONG, s.offset("doorbell")),
                attr.get(JAVA_INT, s.offset("max_batch")));
    }

    /**
     * {@code efadv_get_max_sq_depth}, rdma-core 63 and later.
     *
     * @param request the send queue's shape
     * @return the most send work requests a queue pair of that shape can have
     */
    public int maxSqDepth(SqDepthRequest request) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.SQ_DEPTH_ATTR);
            request.write(attr);
            return efadv.maxSqDepth(NativeHandle.of(context, "efadv_get_max_sq_depth"), attr, call);
        }
    }

    /**
     * {@code efadv_get_max_rq_depth}, rdma-core 63 and later.
     *
     * @param maxRecvSge the scatter/gather entries of each receive, at least 1 (libefa divides by it)
     * @return the most receive work requests a queue pair with that many entries can have
     */
    public int maxRqDepth(int maxRecvSge) {
        if (maxRecvSge <= 0) {
            throw new InvalidArgumentException("efadv_get_max_rq_depth", "max_recv_sge must be at least 1, not "
                    + maxRecvSge + " (libefa divides by it)");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.RQ_DEPTH_ATTR);
            attr.set(JAVA_INT, EfaAbi.RQ_DEPTH_ATTR.offset("max_recv_sge"), maxRecvSge);
            return efadv.maxRqDepth(NativeHandle.of(context, "efadv_get_max_rq_depth"), attr, call);
        }
    }

    private static OptionalInt icId(MemorySegment attr, int validity, EfaConstant bit, String member) {
        return bit.in(validity) ? OptionalInt.of(Short.toUnsignedInt(attr.get(JAVA_SHORT, EfaAbi.MR_ATTR.offset(member))))
                : OptionalInt.empty();
    }
}
