package org.verbs4j.provider.soft;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * The soft provider: RDMA devices emulated in pure Java inside the JVM, always available. It offers
 * {@code soft0} to {@code soft<N-1>}, where N is the system property {@code verbs4j.soft.devices}
 * (default 1); the queue pairs of every soft device of the JVM reach each other.
 */
public final class SoftProvider implements VerbsProvider {

    /** The provider id. */
    public static final String ID = "soft";

    /** Creates the provider; the devices are created on first use. */
    public SoftProvider() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ProviderKind kind() {
        return ProviderKind.SOFTWARE;
    }

    @Override
    public Availability availability() {
        return Availability.AVAILABLE;
    }

    @Override
    public List<Device> devices() {
        return List.copyOf(SoftFabric.instance().devices());
    }

    /** @return the soft connection manager: rdma_cm's semantics for the soft devices' addresses */
    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return SoftConnectionManager.instance();
    }
}
