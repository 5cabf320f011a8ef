package org.verbs4j.provider.generic;

import java.util.List;
import org.verbs4j.Device;
import org.verbs4j.VerbsException;
import org.verbs4j.provider.generic.raw.Ibverbs;
import org.verbs4j.provider.generic.vendor.DirectVerbs;
import org.verbs4j.provider.generic.vendor.ListedDevice;
import org.verbs4j.spi.Availability;
import org.verbs4j.spi.KnownDeviceBug;
import org.verbs4j.spi.ProviderKind;
import org.verbs4j.spi.VerbsProvider;

/**
 * The generic provider: libibverbs through the FFM API, for any device rdma-core supports.
 */
public final class GenericProvider implements VerbsProvider {

    /** The provider id. */
    public static final String ID = "generic";

    /** Creates the provider; nothing native is touched until it is asked for its availability. */
    public GenericProvider() {
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ProviderKind kind() {
        return ProviderKind.GENERIC;
    }

    @Override
    public Availability availability() {
        try {
            return Ibverbs.get().deviceList().devices().isEmpty()
                    ? Availability.unavailable("no RDMA device: ibv_get_device_list returned no devices")
                    : Availability.AVAILABLE;
        } catch (VerbsException e) {
            return Availability.unavailable(e);
        }
    }

    /**
     * @return the devices of one {@code ibv_get_device_list} call, none if libibverbs or the list is not
     *     available (then {@link #availability()} says why)
     */
    @Override
    public List<Device> devices() {
        try {
            return Ibverbs.get().deviceList().devices().stream()
                    .<Device>map(device -> new ListedDevice(device, ID, DirectVerbs.GENERIC)).toList();
        } catch (VerbsException e) {
            return List.of();
        }
    }

    /** @return the known bugs of the rxe driver for an rxe device, none for the others */
    @Override
    public List<KnownDeviceBug> knownBugs(Device device) {
        return RxeKnownBugs.of(device);
    }

    /** @return librdmacm ({@code librdmacm.so.1}) through the Foreign Function and Memory API */
    @Override
    public org.verbs4j.cm.ConnectionManager connectionManager() {
        return ListedDevice.librdmacm();
    }
}
