package org.verbs4j.spi;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.UnsupportedVerbException;
import org.verbs4j.cm.ConnectionManager;

/**
 * The contract a Verbs4J provider implements: it says whether it can work on this machine and
 * which devices it offers, and it opens them.
 *
 * <p>Providers are found with {@link java.util.ServiceLoader}: a provider module declares
 * {@code provides org.verbs4j.spi.VerbsProvider with ...} and its jar also ships
 * {@code META-INF/services/org.verbs4j.spi.VerbsProvider} for class-path users.
 *
 * <p>Construction must be cheap and must not fail when the provider's native library or
 * device is missing: such a provider reports itself {@linkplain #availability() unavailable}
 * with the cause. A constructor or method that throws anyway does not break discovery; the
 * provider is then reported as failed to load.
 */
public interface VerbsProvider {

    /**
     * @return the unique provider id: lower case letters, digits and hyphens, for example
     *     {@code "generic"}, {@code "efa"}, {@code "mlx5"} or {@code "soft"}
     */
    String id();

    /** @return the kind of provider, which orders the default selection */
    ProviderKind kind();

    /**
     * @return whether the provider can open devices on this machine and, if not, why not (library
     *     missing, no device, other driver)
     */
    Availability availability();

    /**
     * @return the devices this provider offers (claims) on this machine: for a vendor provider its
     *     own devices only, for the generic provider every rdma-core device, for the soft provider its
     *     in-JVM devices; empty when unavailable
     */
    List<Device> devices();

    /**
     * The provider's connection manager (librdmacm), which resolves the addresses of the provider's devices.
     * A provider that offers one also returns it from its devices' {@link Device#connectionManager()}.
     *
     * @return the connection manager
     * @throws UnsupportedVerbException naming the provider if it offers no connection management; the default
     */
    default ConnectionManager connectionManager() {
        throw new UnsupportedVerbException("rdma_create_event_channel",
                "provider '" + id() + "' offers no connection manager");
    }

    /**
     * The known bugs of a device's driver (and release) that break rules of the conformance kit, so that the
     * kit gives the same verdict wherever it runs. The default is none.
     *
     * @param device one of this provider's devices
     * @return the known bugs of its driver
     */
    default List<KnownDeviceBug> knownBugs(Device device) {
        return List.of();
    }
}
