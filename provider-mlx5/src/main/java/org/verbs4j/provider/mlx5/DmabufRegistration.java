package org.verbs4j.provider.mlx5;

import java.util.Set;
import org.verbs4j.provider.generic.vendor.CreatedMr;
import org.verbs4j.provider.generic.vendor.MrRegistration;
import org.verbs4j.provider.mlx5.raw.Mlx5Calls;

/** {@code mlx5dv_reg_dmabuf_mr}, the registration hook's mlx5 path ({@link Mlx5DirectVerbs#registerMr}). */
final class DmabufRegistration {

    static final String VERB = "mlx5dv_reg_dmabuf_mr";

    private DmabufRegistration() {
    }

    /**
     * @param calls the loaded libmlx5
     * @param registration the protection domain, {@code iova} (its address), length and access bits
     * @param request the dmabuf and the mlx5 access flags
     * @return the registered region
     */
    static CreatedMr register(Mlx5Calls calls, MrRegistration registration, Requests.Mr request) {
        Mlx5DmabufRegion region = request.region();
        return CreatedMr.of(calls.regDmabufMr(registration.pd(), region.offset(), region.length(), region.iova(),
                region.fd(), registration.access(), bits(request.mlx5Access()), registration.call()));
    }

    static int bits(Set<Mlx5DmabufAccess> access) {
        int bits = 0;
        for (Mlx5DmabufAccess flag : access) {
            bits |= flag.value();
        }
        return bits;
    }
}
