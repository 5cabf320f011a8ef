package org.verbs4j.provider.efa;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.verbs4j.Capability;
import org.verbs4j.Context;
import org.verbs4j.ExtraCompletionField;
import org.verbs4j.QpType;
import org.verbs4j.QueuePair;
import org.verbs4j.provider.efa.raw.EfaAbi;
import org.verbs4j.provider.efa.raw.EfaConstant;
import org.verbs4j.provider.efa.raw.Efadv;
import org.verbs4j.provider.efa.raw.Libefa;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.Native;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ExtraReader;
import org.verbs4j.provider.generic.vendor.NativeHandle;
import org.verbs4j.provider.generic.vendor.PostSendOps;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.generic.vendor.VendorDevice;

/**
 * libefa's direct verbs on the generic objects: the device's EFA attributes and view, completion queues through
 * {@code efadv_create_cq} when an EFA field is requested (else the generic {@code ibv_create_cq_ex}, which
 * initialises the queue as libibverbs does), and SRD queue pairs ({@link QpType#DRIVER}) through
 * {@code efadv_create_qp_ex}.
 */
final class EfaDirectVerbs implements DirectVerbs {

    /** The options of the SRD queue pair being created by {@link EfaContext#createSrdQueuePair}. */
    static final ScopedValue<SrdOptions> SRD_OPTIONS = ScopedValue.newInstance();

    /** Bound while {@link EfaContext#createDriverQueuePair} creates through {@code efadv_create_driver_qp}. */
    static final ScopedValue<Boolean> DRIVER_QP = ScopedValue.newInstance();

    /** The release whose {@code create_cq} takes {@code IBV_CQ_INIT_ATTR_MASK_FLAGS} (comp_mask 0 before). */
    static final int CQ_FLAGS_SINCE = 60;

    private final Supplier<Libefa> libefa;

    /** @param libefa the library, loaded when a device is first opened */
    EfaDirectVerbs(Supplier<Libefa> libefa) {
        this.libefa = libefa;
    }

    private Efadv efadv() {
        return new Efadv(libefa.get());
    }

    @Override
    public VendorDevice queryDevice(Context context, MemorySegment pointer) {
        Efadv efadv = efadv();
        try (Arena call = Arena.ofConfined()) {
            MemorySegment attr = Efadv.allocate(call, EfaAbi.DEVICE_ATTR);
            efadv.queryDevice(pointer, attr, call);
            EfaDeviceAttributes attributes = EfaDeviceAttributes.read(attr);
            return new VendorDevice(capabilities(attributes.caps()), new EfaContext(context, efadv, attributes),
                    EfaVendorAttributes.read(attr, efadv.libefa().release()))
                    .withdrawing(withdrawn(CqNotificationProbe.supported(efadv, pointer), efadv.libefa().release()));
        }
    }

    /**
     * @param cqNotifications whether the device's completion queues take a completion channel
     * @param release the release of the loaded libefa
     * @return the generic capabilities libefa refuses with EOPNOTSUPP: queue pairs other than UD and SRD
     *     ({@code efa_create_qp_ex}), solicited-only notification ({@code efa_arm_cq}), completion channels
     *     without CQ notifications and, before rdma-core 60, CQ creation flags ({@code create_cq})
     */
    static Set<Capability> withdrawn(boolean cqNotifications, int release) {
        Set<Capability> refused = EnumSet.of(Capability.QP_RC, Capability.QP_UC, Capability.XRC,
                Capability.QP_RAW_PACKET, Capability.RX_HASH, Capability.TAG_MATCHING,
                Capability.SOLICITED_NOTIFICATION);
        if (!cqNotifications) {
            refused.add(Capability.COMPLETION_CHANNEL);
        }
        if (release < CQ_FLAGS_SINCE) {
            refused.add(Capability.CQ_SINGLE_THREADED);
        }
        return refused;
    }

    /** @return what the api offers from these EFA capabilities */
    static Set<Capability> capabilities(Set<EfaDeviceCap> caps) {
        Set<Capability> offered = EnumSet.of(Capability.QP_DRIVER);
        if (caps.contains(EfaDeviceCap.CQ_WITH_SGID)) {
            offered.add(Capability.CQ_SOURCE_GID);
        }
        if (caps.contains(EfaDeviceCap.UNSOLICITED_WRITE_RECV)) {
            offered.add(Capability.CQ_UNSOLICITED);
            offered.add(Capability.QP_UNSOLICITED_WRITE_RECV);
        }
        return offered;
    }

    @Override
    public CreatedCq createCq(CqCreation creation) {
        Set<ExtraCompletionField> fields = creation.attributes().extraFields();
        if (fields.isEmpty()) {
            return creation.generic();
        }
        Efadv efadv = efadv();
        MemorySegment efaAttr = EfaCqRequest.write(creation.call(), fields, efadv.libefa());
        MemorySegment cq = efadv.createCq(creation.context(), creation.initAttr(), efaAttr, creation.call());
        return Native.orDestroy(Ibverbs.get().destroyCq, cq, "ibv_destroy_cq",
                () -> withReaders(CreatedCq.of(cq), fields, efadv.cqFromCqEx(cq, creation.call())));
    }

    static CreatedCq withReaders(CreatedCq created, Set<ExtraCompletionField> fields, MemorySegment dvCq) {
        CreatedCq result = created;
        if (fields.contains(ExtraCompletionField.SOURCE_GID)) {
            result = result.withReader(ExtraCompletionField.SOURCE_GID, reader(dvCq, "wc_read_sgid"));
        }
        if (fields.contains(ExtraCompletionField.UNSOLICITED)) {
            result = result.withReader(ExtraCompletionField.UNSOLICITED, reader(dvCq, "wc_is_unsolicited"));
        }
        return result;
    }

    /** The pointer is read only for a requested field: libefa sets only those, and 44's struct ends before 16. */
    private static ExtraReader reader(MemorySegment dvCq, String member) {
        return new ExtraReader(dvCq.get(ADDRESS, EfaAbi.CQ.offset(member)), dvCq, "efadv_" + member);
    }

    @Override
    public CreatedQp createQp(QpCreation creation) {
        if (creation.attributes().qpType() != QpType.DRIVER) {
            EfaQpRequest.refuseUnsolicitedOutsideSrd(creation.attributes());
            return creation.generic();
        }
        Efadv efadv = efadv();
        if (DRIVER_QP.isBound()) {
            return createDriverQp(creation, efadv);
        }
        SrdOptions options = SRD_OPTIONS.orElse(SrdOptions.DEFAULT);
        MemorySegment efaAttr = EfaQpRequest.write(creation.call(), creation.attributes(), options, efadv.libefa());
        MemorySegment qp = efadv.createQpEx(creation.context(), creation.initAttr(), efaAttr, creation.call());
        return Native.orDestroy(Ibverbs.get().destroyQp, qp, "ibv_destroy_qp",
                () -> CreatedQp.of(qp).withView(view(efadv, qp, options)));
    }

    /** {@code efadv_create_driver_qp}: the {@code ibv_qp_init_attr} prefix of the extended attributes, an SRD type. */
    private static CreatedQp createDriverQp(QpCreation creation, Efadv efadv) {
        MemorySegment pd = NativeHandle.of(creation.attributes().pd(), "efadv_create_driver_qp");
        MemorySegment qp = efadv.createDriverQp(pd, creation.initAttr(), EfaConstant.EFADV_QP_DRIVER_TYPE_SRD.intValue(),
                creation.call());
        return Native.orDestroy(Ibverbs.get().destroyQp, qp, "ibv_destroy_qp",
                () -> CreatedQp.of(qp).withView(pair -> new EfaQueuePair(pair, SrdOptions.DEFAULT, null, 0,
                        PostSendOps.of(pair, qp))));
    }

    private static Function<QueuePair, EfaQueuePair> view(Efadv efadv, MemorySegment qp, SrdOptions options) {
        if (!options.processingHints()) {
            return pair -> new EfaQueuePair(pair, options, null, 0, null);
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment dvQp = efadv.qpFromQpEx(qp, call);
            MemorySegment function = dvQp.get(ADDRESS, EfaAbi.QP.offset("wr_set_processing_hints"));
            return pair -> new EfaQueuePair(pair, options, function, dvQp.address(), null);
        }
    }
}
