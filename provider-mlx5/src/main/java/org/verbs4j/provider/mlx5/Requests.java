package org.verbs4j.provider.mlx5;

import java.util.Set;
import java.util.function.Supplier;
import org.verbs4j.InvalidArgumentException;

/**
 * The mlx5 options of the opening or creation under way on this thread: {@link Mlx5Context} binds them around the
 * generic {@code Device.open}, {@code createCompletionQueue}, {@code createQueuePair} or a vendor registration, and the hooks of {@link Mlx5DirectVerbs}
 * read them. Without a binding the hooks take the generic path.
 */
final class Requests {

    /** A completion queue's options and the caps they are checked against. */
    record Cq(Mlx5CqOptions options, Mlx5DeviceAttributes caps) {
    }

    /** A queue pair's options, the caps they are checked against and the loaded release. */
    record Qp(Mlx5QpOptions options, Mlx5DeviceAttributes caps) {
    }

    /** A dmabuf registration's region and mlx5 access flags. */
    record Mr(Mlx5DmabufRegion region, Set<Mlx5DmabufAccess> mlx5Access) {
    }

    static final ScopedValue<Mlx5OpenOptions> OPEN = ScopedValue.newInstance();
    static final ScopedValue<Cq> CQ = ScopedValue.newInstance();
    static final ScopedValue<Qp> QP = ScopedValue.newInstance();
    static final ScopedValue<Mr> MR = ScopedValue.newInstance();

    private Requests() {
    }

    /** @throws InvalidArgumentException if {@code options} is missing */
    static void require(Object options, String verb) {
        if (options == null) {
            throw new InvalidArgumentException(verb, "the mlx5 options are missing");
        }
    }

    static <T> T withOpen(Mlx5OpenOptions options, Supplier<T> opening) {
        return ScopedValue.where(OPEN, options).call(opening::get);
    }

    static <T> T withCq(Cq request, Supplier<T> creation) {
        return ScopedValue.where(CQ, request).call(creation::get);
    }

    static <T> T withQp(Qp request, Supplier<T> creation) {
        return ScopedValue.where(QP, request).call(creation::get);
    }

    static <T> T withMr(Mr request, Supplier<T> registration) {
        return ScopedValue.where(MR, request).call(registration::get);
    }
}
