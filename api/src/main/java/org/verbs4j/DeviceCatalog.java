package org.verbs4j;

import java.util.List;
import java.util.Optional;

/**
 * The devices offered by a set of providers, with one provider chosen for each device
 * (the C {@code ibv_get_device_list} across providers).
 *
 * <p>The {@code verbs4j-spi} module implements this interface as a service; applications get
 * it from {@link Verbs#catalog()}.
 */
public interface DeviceCatalog {

    /** @return every device offered by the chosen providers, hardware providers first */
    List<Device> devices();

    /**
     * @param name a device name
     * @return the device of that name, if one is offered
     */
    default Optional<Device> device(String name) {
        return devices().stream().filter(device -> device.name().equals(name)).findFirst();
    }

    /**
     * Opens a device by name (the C {@code ibv_open_device}).
     *
     * @param name a device name
     * @return a new context
     * @throws InvalidArgumentException if no device has that name
     */
    default Context open(String name) {
        return device(name)
                .orElseThrow(() -> new InvalidArgumentException("ibv_open_device", "no device named '" + name
                        + "'; devices: " + devices().stream().map(Device::name).toList()))
                .open();
    }

    /**
     * @return the connection manager of the provider of the first device that has one, in the order of
     *     {@link #devices()} (hardware providers first)
     * @throws UnsupportedVerbException if no provider of the catalog offers connection management
     */
    default org.verbs4j.cm.ConnectionManager connectionManager() {
        for (Device device : devices()) {
            try {
                return device.connectionManager();
            } catch (UnsupportedVerbException e) {
                // the next device's provider may have one
            }
        }
        throw new UnsupportedVerbException("rdma_create_event_channel",
                "no provider of the devices " + devices().stream().map(Device::name).toList()
                        + " offers a connection manager");
    }

    /** @return which providers were found, which were chosen, and why each other one was not */
    SelectionReport report();
}
