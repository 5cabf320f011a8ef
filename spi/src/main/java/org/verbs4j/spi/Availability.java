package org.verbs4j.spi;

import java.util.Objects;

/**
 * Whether a provider can work on this machine and, if not, why.
 *
 * @param available whether the provider can open devices
 * @param reason why it cannot, for example {@code "libibverbs.so.1 not found"}; empty when available
 */
public record Availability(boolean available, String reason) {

    /** The provider is available. */
    public static final Availability AVAILABLE = new Availability(true, "");

    /** Checks that an unavailable provider gives a reason. */
    public Availability {
        Objects.requireNonNull(reason, "reason");
        if (!available && reason.isBlank()) {
            throw new IllegalArgumentException("an unavailable provider must say why");
        }
    }

    /**
     * @param reason why the provider cannot work here
     * @return the provider is unavailable for {@code reason}
     */
    public static Availability unavailable(String reason) {
        return new Availability(false, reason);
    }

    /**
     * The provider is unavailable because of a failure, described by its message and, for the causes
     * users meet most, what it means: ENOSYS from {@code ibv_get_device_list} (the kernel has no RDMA
     * devices: load a driver, or {@code rdma_rxe}), or an {@link IllegalCallerException} anywhere in the
     * cause chain (the JVM denied native access: the flag or manifest attribute that allows it).
     *
     * @param failure what the provider caught while probing, for example the {@link org.verbs4j.VerbsException}
     *     of a failed {@code ibv_get_device_list}
     * @return the provider is unavailable for that failure
     */
    public static Availability unavailable(Throwable failure) {
        return new Availability(false, UnavailabilityCause.describe(failure));
    }
}
