package org.verbs4j.provider.generic.vendor;

import java.util.Objects;
import java.util.ServiceLoader;
import org.verbs4j.Context;
import org.verbs4j.Device;
import org.verbs4j.NodeType;
import org.verbs4j.TransportType;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.raw.NativeDevice;

/**
 * A device of libibverbs' device list as a provider offers it; {@link #open()} opens it through the
 * provider's direct verbs ({@link DirectVerbs#openDevice}, {@code ibv_open_device} by default).
 *
 * @param info the device list entry
 * @param providerId the provider that offers it
 * @param directVerbs the provider's direct verbs, {@link DirectVerbs#GENERIC} for the generic provider
 */
public record ListedDevice(NativeDevice info, String providerId, DirectVerbs directVerbs) implements Device {

    /** Checks that nothing is missing. */
    public ListedDevice {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(providerId, "providerId");
        Objects.requireNonNull(directVerbs, "directVerbs");
    }

    @Override
    public String name() {
        return info.name();
    }

    @Override
    public long nodeGuid() {
        return info.nodeGuid();
    }

    @Override
    public NodeType nodeType() {
        return info.nodeType();
    }

    @Override
    public TransportType transportType() {
        return info.transportType();
    }

    @Override
    public Context open() {
        return Ibverbs.get().deviceList().withDevice(name(), device -> Opener.INSTANCE.open(this, device));
    }

    /** @return librdmacm, which serves every device of rdma-core */
    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return librdmacm();
    }

    /**
     * @return librdmacm as the api's connection manager
     * @throws org.verbs4j.UnsupportedVerbException if librdmacm.so.1 cannot be loaded
     */
    public static org.verbs4j.cm.ConnectionManager librdmacm() {
        return Opener.INSTANCE.connectionManager();
    }

    /** The verbs objects' opener, found once. */
    private static final class Opener {
        static final ContextOpener INSTANCE = ServiceLoader.load(ContextOpener.class,
                ContextOpener.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + ContextOpener.class.getName()));
    }
}
