package org.verbs4j.provider.mlx5;

import java.lang.foreign.MemorySegment;
import java.util.Set;
import java.util.function.Supplier;
import org.verbs4j.Context;
import org.verbs4j.provider.generic.vendor.CqCreation;
import org.verbs4j.provider.generic.vendor.CreatedCq;
import org.verbs4j.provider.generic.vendor.CreatedMr;
import org.verbs4j.provider.generic.vendor.CreatedQp;
import org.verbs4j.provider.generic.vendor.DeviceOpening;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.provider.generic.vendor.QpCreation;
import org.verbs4j.provider.generic.vendor.VendorDevice;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/**
 * libmlx5 on the generic binding's seam: the device is opened by libibverbs (by {@code mlx5dv_open_device}
 * when opened through {@link Mlx5Context#open}), its mlx5 caps are queried once
 * and offered as {@link Mlx5Context} and as the context's vendor attributes ({@link ContextReport}); a completion queue or queue pair created through {@link Mlx5Context}
 * with mlx5 options goes to {@code mlx5dv_create_cq} or {@code mlx5dv_create_qp}, and a dmabuf registered
 * through {@link Mlx5Context#registerDmabuf} to {@code mlx5dv_reg_dmabuf_mr}; any other to libibverbs.
 */
final class Mlx5DirectVerbs implements DirectVerbs {

    private final Supplier<Mlx5Calls> calls;

    /** @param calls the loaded libmlx5, asked for on first use */
    Mlx5DirectVerbs(Supplier<Mlx5Calls> calls) {
        this.calls = calls;
    }

    @Override
    public MemorySegment openDevice(DeviceOpening opening) {
        return Requests.OPEN.isBound() ? DeviceOpener.open(calls.get(), opening, Requests.OPEN.get())
                : opening.generic();
    }

    @Override
    public VendorDevice queryDevice(Context context, MemorySegment pointer) {
        Mlx5Calls loaded = calls.get();
        return DeviceQuery.query(loaded, pointer, attrs -> new VendorDevice(Set.of(),
                new Mlx5Context(context, loaded, DeviceQuery.read(attrs)), ContextReport.of(attrs)));
    }

    @Override
    public CreatedCq createCq(CqCreation creation) {
        return Requests.CQ.isBound() ? CqCreator.create(calls.get(), creation, Requests.CQ.get())
                : creation.generic();
    }

    @Override
    public CreatedQp createQp(QpCreation creation) {
        return Requests.QP.isBound() ? QpCreator.create(calls.get(), creation, Requests.QP.get())
                : creation.generic();
    }

    @Override
    public CreatedMr registerMr(MrRegistration registration) {
        return Requests.MR.isBound() ? DmabufRegistration.register(calls.get(), registration, Requests.MR.get())
                : registration.generic();
    }

    @Override
    public String toString() {
        return "libmlx5";
    }
}
